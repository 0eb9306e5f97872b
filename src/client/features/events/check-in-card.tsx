import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';

/** The 'Event Day - Mobile Check-in' card: its button brings the fish-logging section. */
export function CheckInCard({ onLogCatch }: { onLogCatch: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" bg="teal.0">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Title order={3}>Event Day - Mobile Check-in</Title>
          <Text size="sm" c="dimmed">
            At the water on an event day? Log your catch from your phone.
          </Text>
        </Stack>
        <Button mih={44} color="teal" onClick={onLogCatch}>
          Log a Catch
        </Button>
      </Group>
    </Card>
  );
}
