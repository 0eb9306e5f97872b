import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLUB } from '../../shared/club';
import { useLoginModal } from '../features/auth/login-modal';
import { UpcomingEventsCard } from '../features/events/upcoming-events';
import { useJoinDialog } from '../features/membership/join-dialog';

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Community',
    text: 'Meet fellow anglers from across the Tweed, share local knowledge and fish together.',
    icon: <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />,
  },
  {
    title: 'Events',
    text: 'Club days, working bees and social outings on the river, estuary and beaches.',
    icon: <path d="M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />,
  },
  {
    title: 'Competitions',
    text: 'Monthly competitions across seven species categories, with prizes and champion points.',
    icon: <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />,
  },
  {
    title: 'Experience',
    text: 'Learn from experienced members, from rigging and bait to reading the tides.',
    icon: <path d="M12 2 15 8.5 22 9.3l-5 4.8 1.3 7-6.3-3.5L5.7 21 7 14.1 2 9.3l7-.8L12 2z" />,
  },
];

function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </ThemeIcon>
  );
}

/** SPEC §2.5 (placeholder): the landing page for visitors. */
export function LandingPage() {
  const { openLogin } = useLoginModal();
  const { openJoin } = useJoinDialog();
  const learnMore = () => document.getElementById('features')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <Box
        component="section"
        py={{ base: 56, sm: 96 }}
        style={{ background: `linear-gradient(160deg, ${CLUB.colours.primaryDark} 0%, ${CLUB.colours.primary} 60%, ${CLUB.colours.accent} 130%)`, color: 'white' }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
              {CLUB.name}
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} maw={620} opacity={0.92}>
              Fishing the rivers, estuaries and beaches of the {CLUB.region}. Join a friendly club of local anglers.
            </Text>
            <Group justify="center" gap="sm">
              <Button size="lg" color="teal" onClick={() => openJoin()}>
                Join Our Club Today
              </Button>
              <Button size="lg" variant="white" onClick={learnMore}>
                Learn More
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, sm: 72 }} id="features" component="section" style={{ scrollMarginTop: 72 }}>
        <Title order={2} ta="center" mb="xl">
          Why join?
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card key={f.title} withBorder padding="lg" radius="md">
              <Stack gap="sm">
                <FeatureIcon>{f.icon}</FeatureIcon>
                <Title order={3} fz="lg">
                  {f.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {f.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={{ base: 48, sm: 72 }}>
        <UpcomingEventsCard action="join" />
      </Container>

      <Box component="section" py={{ base: 48, sm: 72 }} bg={CLUB.colours.sand}>
        <Container size="sm">
          <Stack align="center" ta="center" gap="md">
            <Title order={2}>Ready to Cast Your Line?</Title>
            <Text c="dimmed">Create your account or log in to register for events and log your catches.</Text>
            <Button size="lg" onClick={() => openLogin('login')}>
              Login / Get Started
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
