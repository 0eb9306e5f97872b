import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while authentication (or a lazy screen) is loading. */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A smaller spinner for a section of a page. */
export function SectionLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
