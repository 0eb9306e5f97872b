import { Container, Stack, Text, Title } from '@mantine/core';
import { CLUB } from '../../shared/club';

/** SPEC §2.1 (placeholder): the public home page. */
export function PublicHomePage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {CLUB.name}
        </Title>
        <Text c="dimmed">A recreational fishing club in the {CLUB.region}.</Text>
        <Text>Upcoming events, club news and competition results will appear here soon.</Text>
      </Stack>
    </Container>
  );
}
