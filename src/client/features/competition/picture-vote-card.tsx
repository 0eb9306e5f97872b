import { Alert, Badge, Button, Card, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PictureCandidate, PictureMonthView } from '../../../shared/competition.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** A close button a wet finger can hit (44 px), still named as the site's other dialogs name theirs. */
const BIG_CLOSE = { 'aria-label': 'Close dialog', size: 'xl' } as const;

const captionOf = (c: PictureCandidate) => `${c.species}, ${c.sizeCm} cm, by ${c.anglerName}`;

/** One candidate: the photo (tap to enlarge), whose it is, and 'Vote', 'Yours' or 'Your vote'. */
function CandidateTile({
  candidate,
  view,
  onEnlarge,
  onVote,
}: {
  candidate: PictureCandidate;
  view: PictureMonthView;
  onEnlarge: () => void;
  onVote: () => void;
}) {
  const chosen = view.myVoteCatchId === candidate.catchId;
  const caption = captionOf(candidate);
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      data-testid="picture-candidate"
      aria-current={chosen ? 'true' : undefined}
      style={chosen ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 3 } : undefined}
    >
      <Stack gap={6}>
        <UnstyledButton
          aria-label={`Enlarge the photo: ${caption}`}
          onClick={onEnlarge}
          style={{ display: 'block', borderRadius: 4, overflow: 'hidden', aspectRatio: '4 / 3' }}
        >
          <img
            src={candidate.thumbnailUrl}
            alt=""
            width={320}
            height={240}
            loading="lazy"
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </UnstyledButton>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {candidate.anglerName}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {candidate.species}, {candidate.sizeCm} cm · {candidate.eventName}
        </Text>
        {chosen ? (
          <Badge color="teal" size="lg" variant="filled" fullWidth h={44}>
            Your vote
          </Badge>
        ) : candidate.mine ? (
          <Badge color="gray" size="lg" variant="light" fullWidth h={44}>
            Yours
          </Badge>
        ) : (
          !view.cannotVote && (
            <Button mih={44} fullWidth onClick={onVote} aria-label={`Vote for ${caption}`}>
              Vote
            </Button>
          )
        )}
      </Stack>
    </Card>
  );
}

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
          {(d) => (
            <Stack gap="sm">
              {d.closed ? (
                <Alert color="teal" variant="light" title={`Voting for ${d.monthLabel} has closed`}>
                  {d.winner
                    ? `The winner: ${d.winner.anglerName}'s ${d.winner.species} (${d.winner.sizeCm} cm) with ${d.winner.votes} ${d.winner.votes === 1 ? 'vote' : 'votes'}.`
                    : 'No votes were cast, so there is no winner.'}
                </Alert>
              ) : (
                <Text size="sm">Vote once a month for the best photo of an approved catch; not your own. Your vote cannot be changed.</Text>
              )}
              {d.cannotVote && !d.closed && (
                <Text size="sm" c="dimmed" data-testid="cannot-vote">
                  {d.cannotVote}
                </Text>
              )}
              {d.candidates.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No approved catch photos for {d.monthLabel} yet.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
                  {d.candidates.map((c) => (
                    <CandidateTile
                      key={c.catchId}
                      candidate={c}
                      view={d}
                      onEnlarge={() => setEnlarged(c)}
                      onVote={() => setConfirming(c)}
                    />
                  ))}
                </SimpleGrid>
              )}
              {d.waitingForFishingToClose > 0 && (
                <Text size="xs" c="dimmed">
                  {d.waitingForFishingToClose === 1 ? '1 more photo appears' : `${d.waitingForFishingToClose} more photos appear`} once
                  fishing closes at its event.
                </Text>
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
      <Modal
        closeButtonProps={BIG_CLOSE}
        opened={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? captionOf(enlarged) : ''}
        size="lg"
        centered
      >
        {enlarged && (
          <img
            src={enlarged.photoUrl}
            alt={captionOf(enlarged)}
            style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 4 }}
          />
        )}
      </Modal>
      <Modal
        closeButtonProps={BIG_CLOSE}
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Vote for this photo?"
        centered
      >
        {confirming && data && (
          <Stack gap="md">
            <Text size="sm">
              {captionOf(confirming)} at {confirming.eventName}. You have one vote for {data.monthLabel}, and it cannot be changed.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" mih={44} onClick={() => setConfirming(null)} disabled={vote.isPending}>
                Cancel
              </Button>
              <Button mih={44} loading={vote.isPending} onClick={() => vote.mutate({ catchId: confirming.catchId })}>
                Vote
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
