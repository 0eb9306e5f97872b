import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MY_CATCHES_PAGE, RECENT_CATCHES } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';
import { QueryState } from '../../components/query-state';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { useTRPC } from '../../trpc';

/** 'Your Recent Catches': the first five, kept or released, with a tick once verified; then all of them, paged. */
export function RecentCatches() {
  const trpc = useTRPC();
  const catches = useQuery(trpc.catches.mine.queryOptions({ limit: RECENT_CATCHES }));
  const list = (catches.data ?? []).slice(0, RECENT_CATCHES);
  const [showAll, setShowAll] = useState(false);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} mb="sm">
        Your Recent Catches
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">No catches logged yet.</Text>
      ) : showAll ? (
        <MyCatches />
      ) : (
        <Stack gap="xs">
          {list.map((c) => (
            <CatchLine key={c.id} item={c} />
          ))}
          {list.length === RECENT_CATCHES && (
            <Button variant="light" mih={44} onClick={() => setShowAll(true)}>
              Show all my catches
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** Every catch of the member, newest first, a page at a time, each with the judge's verdict. */
function MyCatches() {
  const trpc = useTRPC();
  const pages = useInfiniteQuery(
    trpc.catches.mine.infiniteQueryOptions(
      { limit: MY_CATCHES_PAGE },
      { getNextPageParam: (last, all) => (last.length < MY_CATCHES_PAGE ? undefined : all.length * MY_CATCHES_PAGE) },
    ),
  );
  return (
    <QueryState query={pages} loading="Loading your catches..." failure="Could not load your catches. Please try again later.">
      {(data) => (
        <Stack gap="xs">
          {data.pages.flat().map((c) => (
            <CatchLine key={c.id} item={c} />
          ))}
          {pages.hasNextPage && (
            <Button variant="light" mih={44} loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              Show more
            </Button>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** One catch: species and size (a tick once verified), kept or released (words, not a badge that looks tappable), day and event, the judge's reason if it was not accepted. */
function CatchLine({ item: c }: { item: CatchView }) {
  return (
    <Group justify="space-between" wrap="nowrap">
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
          {c.fishKeptOrReleased === 'released' ? 'Released' : 'Kept'} · {formatAuDate(clubToday(new Date(c.catchTime)))} · {c.eventName}
        </Text>
        {c.status === 'pending' && (
          <Text size="sm" c="dimmed">
            Waiting for the judges
          </Text>
        )}
        {c.status === 'rejected' && (
          <Text size="sm" c="red.9">
            Not accepted by the judge{c.rejectReason ? `: ${c.rejectReason}` : ''}
          </Text>
        )}
      </div>
    </Group>
  );
}
