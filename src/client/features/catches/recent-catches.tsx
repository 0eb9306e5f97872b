import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RECENT_CATCHES } from '../../../shared/catches';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { useTRPC } from '../../trpc';

/** 'Your Recent Catches' (SPEC §2.10): the first five, kept or released, with a tick once verified. */
export function RecentCatches() {
  const trpc = useTRPC();
  const catches = useQuery(trpc.catches.mine.queryOptions({ limit: RECENT_CATCHES }));
  const list = (catches.data ?? []).slice(0, RECENT_CATCHES);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} mb="sm">
        Your Recent Catches
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">No catches logged yet.</Text>
      ) : (
        <Stack gap="xs">
          {list.map((c) => (
            <Group key={c.id} justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>
                  {c.fishType} · {c.size} cm{' '}
                  {c.verified && (
                    <span role="img" aria-label="Verified" title="Verified">
                      ✓
                    </span>
                  )}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatAuDate(clubToday(new Date(c.catchTime)))} · {c.eventName}
                </Text>
                {c.status === 'rejected' && (
                  <Text size="sm" c="red.9">
                    Not accepted by the judge{c.rejectReason ? `: ${c.rejectReason}` : ''}
                  </Text>
                )}
              </div>
              <Badge color={c.fishKeptOrReleased === 'released' ? 'teal' : 'blue'} variant="light">
                {c.fishKeptOrReleased === 'released' ? 'Released' : 'Kept'}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
