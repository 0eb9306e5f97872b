import { Badge, Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PictureCandidate } from '../../../shared/competition.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { ConfirmVote, EnlargedPhoto, PictureMonth } from './picture-vote-parts';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/**
 * The member portal's 'Picture of the month': the month's approved catch photos whose fishing has closed, as
 * thumbnails to tap and enlarge, a 'Vote' button on each (one vote a month, asked to confirm, never for one's own,
 * marked 'Yours'), the vote cast highlighted, and the winner once the committee has closed the month.
 */
export function PictureOfMonthVoting() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const view = useQuery(trpc.pictureOfMonth.month.queryOptions(month ? { month } : undefined));
  const [enlarged, setEnlarged] = useState<PictureCandidate | null>(null);
  const [confirming, setConfirming] = useState<PictureCandidate | null>(null);

  const vote = useMutation(
    trpc.pictureOfMonth.vote.mutationOptions({
      onSuccess: (answer) => {
        toast.success('Vote counted', `Your vote for the picture of ${answer.monthLabel} is in.`);
        setConfirming(null);
        queryClient.setQueryData(trpc.pictureOfMonth.month.queryKey(month ? { month } : undefined), answer);
      },
      onError: (error) => {
        toast.error('Your vote was not counted', serverMessage(error) ?? 'Please try again.');
        setConfirming(null);
        void queryClient.invalidateQueries({ queryKey: trpc.pictureOfMonth.month.queryKey() });
      },
    }),
  );

  const data = view.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid="picture-of-month-voting">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="lg">
            Picture of the month{data ? `: ${data.monthLabel}` : ''}
          </Title>
          {data && (
            <Badge color="teal" variant="light">
              Prize: {data.prize}
            </Badge>
          )}
        </Group>
        {data && data.openMonths.length > 1 && (
          <SegmentedControl
            aria-label="Month"
            fullWidth
            size="md"
            styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
            value={data.month}
            onChange={setMonth}
            // The month's name alone ('November'): this month and last fit a 360 px phone side by side.
            data={data.openMonths.map((m) => ({ value: m.month, label: m.monthLabel.split(' ')[0] }))}
          />
        )}
        <QueryState query={view} loading="Loading the photos..." failure="Could not load the picture of the month. Please try again later.">
          {(d) => <PictureMonth view={d} onEnlarge={setEnlarged} onVote={setConfirming} />}
        </QueryState>
      </Stack>
      <EnlargedPhoto enlarged={enlarged} onClose={() => setEnlarged(null)} />
      <ConfirmVote
        confirming={confirming}
        data={data}
        pending={vote.isPending}
        onClose={() => setConfirming(null)}
        onVote={(c) => vote.mutate({ catchId: c.catchId })}
      />
    </Card>
  );
}
