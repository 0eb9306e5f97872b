import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Any unknown path, and admin paths for anyone who is not an admin. */
export function NotFoundPage() {
  return (
    <Center px="md" py={64}>
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Text fz={56} fw={800} c="blue.8" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          404 Page Not Found
        </Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
