import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../features/auth/use-auth';

/** SPEC §2.9 (placeholder): the member portal. */
export function MemberPortalPage() {
  const { user } = useAuth();
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Welcome, {user?.firstName?.trim() || 'Member'}
        </Title>
        <Text c="dimmed">This is your member portal.</Text>
        <Alert variant="light" color="blue" title="Coming soon">
          Membership registration, club events and catch logging are on their way to this page.
        </Alert>
        {user && !user.hasPassword && (
          <Text size="sm" c="dimmed">
            Tip: you sign in with links sent by e-mail. You can set a password under Settings in the menu.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
