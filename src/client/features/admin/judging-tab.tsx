import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { JudgeCard } from './judge-card';
import { JudgedList } from './judged-list';

/**
 * The judging queue: pending catches, oldest first, with everything needed to approve or reject them; and 'Judged',
 * to look back on decisions, reopen one, disqualify or suspend.
 */
export function AdminJudgingTab() {
  const trpc = useTRPC();
  const [view, setView] = useState<'queue' | 'judged'>('queue');
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
      <SegmentedControl
        value={view}
        onChange={(value) => setView(value as typeof view)}
        data={[
          { value: 'queue', label: 'To judge' },
          { value: 'judged', label: 'Judged' },
        ]}
        aria-label="Catches to show"
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'judged' ? (
        <JudgedList />
      ) : (
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
      )}
    </Stack>
  );
}
