import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import type { SponsorshipType } from '../../shared/sponsors';
import { SectionLoader } from '../components/full-screen-loader';
import { LoadBoundary, onDemandPart, useNearView } from '../components/on-demand';
import { CurrentSponsors } from '../features/sponsors/current-sponsors';
import type { SponsorFormHandle } from '../features/sponsors/sponsor-form';
import { SponsorPackages } from '../features/sponsors/sponsor-packages';
import { useClub } from '../lib/club-profile';

/** The application form (with its schemas) loads as the visitor comes near it, or chooses a package: the packages come first. */
const SponsorForm = onDemandPart(async () => (await import('../features/sponsors/sponsor-form')).SponsorForm);

/** The sponsor page: packages, the application form and the current sponsors. */
export function SponsorPage() {
  const club = useClub();
  const form = useRef<SponsorFormHandle>(null);
  // A package chosen before the form has loaded is chosen in it as soon as it has.
  const [waiting, setWaiting] = useState<SponsorshipType>();
  const card = useRef<HTMLDivElement>(null);
  // Once its top edge comes on screen (most who apply press a package's button first, which loads it at once).
  const formReady = useNearView(card, '0px') || waiting !== undefined;
  const attach = (handle: SponsorFormHandle | null) => {
    form.current = handle;
    if (handle && waiting) {
      handle.choose(waiting);
      setWaiting(undefined);
    }
  };
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Become a Sponsor
          </Title>
          <Text c="dimmed">Support local anglers and put your business in front of the {club.name} community.</Text>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="packages-title">
          <Title order={2} id="packages-title">
            Sponsorship Packages
          </Title>
          <SponsorPackages onChoose={(type) => (form.current ? form.current.choose(type) : setWaiting(type))} />
        </Stack>
        <Card ref={card} withBorder radius="md" padding="lg" component="section" aria-labelledby="sponsor-form-title">
          <Title order={2} mb={4} id="sponsor-form-title">
            Sponsor Registration
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Tell us about your business and we will be in touch within 2 business days.
          </Text>
          {formReady ? (
            <LoadBoundary onError={() => undefined} fallback={<Text c="dimmed">Could not load the form. Please reload the page.</Text>}>
              <Suspense fallback={<SectionLoader label="Loading the form..." />}>
                <SponsorForm ref={attach} />
              </Suspense>
            </LoadBoundary>
          ) : (
            <SectionLoader label="Loading the form..." />
          )}
        </Card>
        <CurrentSponsors />
      </Stack>
    </Container>
  );
}
