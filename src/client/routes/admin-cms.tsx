import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** SPEC §2.14 (placeholder): content management. Lazy-loaded. */
export default function AdminCmsPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Anchor component={Link} to="/admin" size="sm">
          ← Back to administration
        </Anchor>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Content Management System
        </Title>
        <Text c="dimmed">Pages, sections, settings and news articles will be edited here.</Text>
      </Stack>
    </Container>
  );
}
