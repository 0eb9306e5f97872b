import { Container, Stack, Text, Title } from '@mantine/core';
import { CLUB } from '../../shared/club';

/** SPEC §2.12 (placeholder): the sponsor page. */
export function SponsorPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Our Sponsors
        </Title>
        <Text c="dimmed">Local businesses that support the {CLUB.name}.</Text>
        <Text>Sponsorship packages and the sponsor application form are coming soon.</Text>
      </Stack>
    </Container>
  );
}
