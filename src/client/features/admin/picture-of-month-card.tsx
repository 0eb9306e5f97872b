import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PictureMonthAdminView } from '../../../shared/competition.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** A close button a wet finger can hit (44 px), still named as the site's other dialogs name theirs. */
const BIG_CLOSE = { 'aria-label': 'Close dialog', size: 'xl' } as const;

/** The leading photos of a month's vote, most votes first. */
const SHOWN = 5;

function MonthRow({ month, onClose }: { month: PictureMonthAdminView; onClose: () => void }) {
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="picture-month">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{month.monthLabel}</Text>
          <Badge color={month.closed ? 'gray' : 'teal'} variant="light">
            {month.closed ? 'Closed' : 'Voting open'}
          </Badge>
        </Group>
        <Text size="sm">
          {month.totalVotes} {month.totalVotes === 1 ? 'vote' : 'votes'}
          {month.closed && month.closedAt
            ? ` · closed by ${month.closedByName ?? 'a former committee member'} at ${formatClubDateTime(month.closedAt)}`
            : ''}
        </Text>
        {month.closed ? (
          <Text size="sm" fw={500}>
            {month.winner
              ? `Winner: ${month.winner.anglerName}'s ${month.winner.species} (${month.winner.sizeCm} cm, ${month.winner.eventName}), ${month.winner.votes} ${month.winner.votes === 1 ? 'vote' : 'votes'}`
              : 'No winner: no votes were cast.'}
          </Text>
        ) : (
          month.tally.slice(0, SHOWN).map((c) => (
            <Group key={c.catchId} gap="xs" wrap="nowrap">
              <img
                src={c.thumbnailUrl}
                alt=""
                width={44}
                height={44}
                loading="lazy"
                style={{ objectFit: 'cover', borderRadius: 4, flex: '0 0 auto' }}
              />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {c.anglerName}: {c.species}, {c.sizeCm} cm · {c.votes} {c.votes === 1 ? 'vote' : 'votes'}
              </Text>
            </Group>
          ))
        )}
        {!month.closed &&
          (month.cannotClose ? (
            <Text size="xs" c="dimmed">
              {month.cannotClose}
            </Text>
          ) : (
            <Button mih={44} variant="light" onClick={onClose} aria-label={`Close voting for ${month.monthLabel}`}>
              Close voting
            </Button>
          ))}
      </Stack>
    </Card>
  );
}

/**
 * The committee's 'Fish picture of the month' card: each open month's votes so far and, once the month has ended,
 * 'Close voting' (confirmed), which names the winner; the last few closed months and their winners.
 */
export function PictureOfMonthAdminCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.admin.pictureOfMonth.overview.queryOptions());
  const [closing, setClosing] = useState<PictureMonthAdminView | null>(null);
  const close = useMutation(
    trpc.admin.pictureOfMonth.close.mutationOptions({
      onSuccess: (answer) => {
        toast.success(`Voting for ${answer.monthLabel} closed`, answer.winner ? `Winner: ${answer.winner.anglerName}` : 'No winner');
        setClosing(null);
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.pictureOfMonth.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.pictureOfMonth.pathKey() }),
        ]);
      },
      onError: (error) => {
        toast.error('Voting was not closed', serverMessage(error));
        setClosing(null);
      },
    }),
  );
  const months = overview.data ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Fish picture of the month
        </Title>
        <Text size="sm" c="dimmed">
          Members vote once a month for the best approved catch photo. Close a month once it has ended to name its winner.
        </Text>
        <QueryState
          query={overview}
          loading="Loading the votes..."
          failure="Could not load the picture of the month. Please try again later."
          isEmpty={months.length === 0}
          empty="No votes yet."
        >
          {months.map((m) => (
            <MonthRow key={m.month} month={m} onClose={() => setClosing(m)} />
          ))}
        </QueryState>
      </Stack>
      <Modal
        closeButtonProps={BIG_CLOSE}
        opened={closing !== null}
        onClose={() => setClosing(null)}
        title={`Close voting for ${closing?.monthLabel ?? ''}?`}
        centered
      >
        {closing && (
          <Stack gap="md">
            <Text size="sm">
              The photo with the most votes wins (on a tie, the one that reached that number first). Members can no longer vote for{' '}
              {closing.monthLabel}.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" mih={44} onClick={() => setClosing(null)} disabled={close.isPending}>
                Cancel
              </Button>
              <Button mih={44} loading={close.isPending} onClick={() => close.mutate({ month: closing.month })}>
                Close voting
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
