import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { JudgeCard } from './judge-card';

/** The judging queue: pending catches, oldest first, with everything needed to approve or reject them. */
export function AdminJudgingTab() {
  const trpc = useTRPC();
  const queue = useQuery(trpc.admin.catches.queue.queryOptions());
  const items = queue.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl">
          Judging
        </Title>
        {queue.data && items.length > 0 && (
          <Text size="sm" c="dimmed">
            {items.length === 1 ? '1 catch waiting' : `${items.length} catches waiting`}
          </Text>
        )}
      </Group>
      <QueryState
        query={queue}
        loading="Loading catches..."
        failure="Could not load the catches waiting for review. Please try again later."
        isEmpty={items.length === 0}
        empty="No catches waiting for review."
      >
        {items.map((item) => (
          <JudgeCard key={item.id} item={item} />
        ))}
      </QueryState>
    </Stack>
  );
}
