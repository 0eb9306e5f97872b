import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { CLUB } from '../../shared/club';
import { CurrentSponsors } from '../features/sponsors/current-sponsors';
import { SponsorForm, type SponsorFormHandle } from '../features/sponsors/sponsor-form';
import { SponsorPackages } from '../features/sponsors/sponsor-packages';

/** SPEC §2.12: the sponsor page: packages, the application form and the current sponsors. */
export function SponsorPage() {
  const form = useRef<SponsorFormHandle>(null);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Become a Sponsor
          </Title>
          <Text c="dimmed">Support local anglers and put your business in front of the {CLUB.name} community.</Text>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="packages-title">
          <Title order={2} id="packages-title">
            Sponsorship Packages
          </Title>
          <SponsorPackages onChoose={(type) => form.current?.choose(type)} />
        </Stack>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sponsor-form-title">
          <Title order={2} mb={4} id="sponsor-form-title">
            Sponsor Registration
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Tell us about your business and we will be in touch within 2 business days.
          </Text>
          <SponsorForm ref={form} />
        </Card>
        <CurrentSponsors />
      </Stack>
    </Container>
  );
}
