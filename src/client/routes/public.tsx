import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UpcomingEventsCard } from '../features/events/upcoming-events';
import { useJoinDialog } from '../components/join-dialog';
import { onDemandPart, WhenNearView } from '../components/on-demand';
import { PriceCards } from '../features/membership/price-cards';
import { NewsList } from '../features/public-content/news-list';
import { PageSections } from '../features/public-content/page-sections';
import { SponsorsCard } from '../features/sponsors/sponsors-card';
import { useClub } from '../lib/club-profile';
import { useAuth } from '../lib/use-auth';
import { againstWhite } from '../theme';
import { useTRPC } from '../trpc';

// At the foot of the panel: loaded as the visitor scrolls towards them, not while the first screen is drawn.
const ResultsBoard = onDemandPart(async () => (await import('../features/catches/results-board')).ResultsBoard);
const PictureOfTheMonth = onDemandPart(async () => (await import('../features/competition/picture-of-the-month')).PictureOfTheMonth);

/**
 * The welcome card's button: 'Join the Club' for a visitor or a signed-in person with no membership, 'My Portal' for
 * a member (whose portal banner offers renewing or completing a payment), never asking a member to join.
 */
function WelcomeAction() {
  const { openJoin } = useJoinDialog();
  const { user } = useAuth();
  const profile = useQuery({ ...useTRPC().members.profile.queryOptions(), enabled: user !== null });
  if (user && !(profile.isSuccess && profile.data === null)) {
    return (
      <Button size="md" color="teal" component={Link} to="/member">
        My Portal
      </Button>
    );
  }
  return (
    <Button size="md" color="teal" onClick={() => openJoin()}>
      Join the Club
    </Button>
  );
}

/** The member home panel, open to everyone at /public. */
export function PublicHomePage() {
  const club = useClub();
  const { primary, primaryDark } = club.colours;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Card
          radius="md"
          padding="xl"
          style={{ background: `linear-gradient(135deg, ${againstWhite(primaryDark)}, ${againstWhite(primary)})`, color: 'white' }}
        >
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4}>
              <Title order={1} fz={{ base: 26, sm: 34 }}>
                Welcome to {club.name}
              </Title>
              <Text opacity={0.9}>Competitions, club days and good company on the rivers, estuaries and beaches of {club.localName}.</Text>
            </Stack>
            <WelcomeAction />
          </Group>
        </Card>
        <PageSections pageSlug="home" />
        <Stack gap="sm">
          <Title order={2}>Membership</Title>
          <PriceCards />
        </Stack>
        <UpcomingEventsCard action="learn-more" />
        <SponsorsCard />
        <NewsList />
        <WhenNearView>
          <PictureOfTheMonth hideWhenNone />
        </WhenNearView>
        <Stack gap="sm">
          <Title order={2}>Competition Results</Title>
          <WhenNearView>
            <ResultsBoard />
          </WhenNearView>
        </Stack>
      </Stack>
    </Container>
  );
}
