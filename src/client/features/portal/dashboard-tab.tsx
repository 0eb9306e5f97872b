import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

function Stat({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

/** SPEC §2.9 dashboard: four figures, recent catches and upcoming events. */
export function DashboardTab() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.members.dashboard.queryOptions());
  const d = dashboard.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Stat label="Events Attended" value={d?.eventsAttended ?? '–'} note="This year" />
        <Stat label="Fish Caught" value={d?.fishCaught ?? '–'} />
        <Stat label="Competitions" value={d?.competitions ?? '–'} />
        <Stat label="Member Level" value={d?.memberLevel ?? '–'} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md">
          <Title order={3} mb="sm">
            Recent Catches
          </Title>
          <Text c="dimmed">No catches logged yet</Text>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={3} mb="sm">
            Upcoming Events
          </Title>
          <Text c="dimmed">No upcoming events</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
