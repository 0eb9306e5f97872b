import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { landingDefaults, type LandingKey } from '../../shared/cms-defaults';
import { preloadLogin, useLoginModal } from '../features/auth/login-modal';
import { SetupNotice } from '../features/club-settings/setup-notice';
import { UpcomingEventsCard } from '../features/events/upcoming-events';
import { useJoinDialog } from '../components/join-dialog';
import { LineIcon } from '../components/line-icon';
import { SponsorLogoStrip } from '../features/sponsors/sponsor-logo-strip';
import { pageSectionsQuery } from '../features/public-content/page-sections';
import { useClub } from '../lib/club-profile';
import { againstWhite } from '../theme';
import { useTRPC } from '../trpc';

const FEATURES: { key: 'community' | 'events' | 'competitions' | 'experience'; icon: ReactNode }[] = [
  {
    key: 'community',
    icon: (
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    ),
  },
  {
    key: 'events',
    icon: <path d="M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />,
  },
  {
    key: 'competitions',
    icon: <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />,
  },
  {
    key: 'experience',
    icon: <path d="M12 2 15 8.5 22 9.3l-5 4.8 1.3 7-6.3-3.5L5.7 21 7 14.1 2 9.3l7-.8L12 2z" />,
  },
];

/** The plain text of an HTML snippet (landing texts are shown as text, never as markup). */
function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * The landing texts from the published 'landing' sections, each falling back to its
 * built-in default in the club's words (also while they load, so the page never waits or jumps to a spinner).
 */
function useLandingTexts(): (key: LandingKey) => string {
  const sections = useQuery(pageSectionsQuery(useTRPC(), 'landing'));
  const defaults = landingDefaults(useClub());
  const byKey = new Map<string, string>();
  for (const section of sections.data ?? []) {
    if (section.contentType === 'image' || byKey.has(section.sectionKey)) continue;
    const text = (section.contentType === 'html' ? htmlToText(section.content) : section.content).trim();
    if (text) byKey.set(section.sectionKey, text);
  }
  return (key) => byKey.get(key) ?? defaults[key];
}

function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
      <LineIcon size={24}>{children}</LineIcon>
    </ThemeIcon>
  );
}

/** The banner in the club's colours: its name, what it is, and joining. */
function LandingHero({ t }: { t: (key: LandingKey) => string }) {
  const { openJoin, preload: preloadJoin } = useJoinDialog();
  const { primary, primaryDark, accent } = useClub().colours;
  const learnMore = () => document.getElementById('features')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  return (
    <Box
      component="section"
      py={{ base: 56, sm: 96 }}
      style={{
        // The club's colours, darkened where they would not carry the banner's white text.
        background: `linear-gradient(160deg, ${againstWhite(primaryDark)} 0%, ${againstWhite(primary)} 60%, ${accent} 130%)`,
        color: 'white',
      }}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
            {t('hero_title')}
          </Title>
          <Text fz={{ base: 'md', sm: 'xl' }} maw={620} opacity={0.92} style={{ whiteSpace: 'pre-line' }}>
            {t('hero_subtitle')}
          </Text>
          <Group justify="center" gap="sm">
            <Button size="lg" color="teal" onClick={() => openJoin()} onPointerEnter={preloadJoin} onFocus={preloadJoin}>
              {t('cta_primary')}
            </Button>
            <Button size="lg" variant="white" onClick={learnMore}>
              {t('cta_secondary')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

/** The landing page for visitors. */
export function LandingPage() {
  const { openLogin } = useLoginModal();
  const t = useLandingTexts();
  const { sand } = useClub().colours;

  return (
    <>
      <SetupNotice />
      <LandingHero t={t} />

      <Container size="lg" py={{ base: 48, sm: 72 }} id="features" component="section">
        <Title order={2} ta="center" mb="xl">
          Why join?
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card key={f.key} withBorder padding="lg" radius="md">
              <Stack gap="sm">
                <FeatureIcon>{f.icon}</FeatureIcon>
                <Title order={3} fz="lg">
                  {t(`feature_${f.key}_title`)}
                </Title>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {t(`feature_${f.key}_desc`)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={{ base: 48, sm: 72 }}>
        <UpcomingEventsCard action="join" />
      </Container>

      <SponsorLogoStrip />

      <Box component="section" py={{ base: 48, sm: 72 }} bg={sand}>
        <Container size="sm">
          <Stack align="center" ta="center" gap="md">
            <Title order={2}>{t('final_cta_title')}</Title>
            <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {t('final_cta_desc')}
            </Text>
            <Button size="lg" onClick={() => openLogin('login')} onPointerEnter={preloadLogin} onFocus={preloadLogin}>
              {t('final_cta_button')}
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
