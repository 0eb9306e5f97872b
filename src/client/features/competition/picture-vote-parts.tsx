import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PictureCandidate, PictureMonthView } from '../../../shared/competition.schema';

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

/** The month: closed with its winner or open for votes, and its candidates. */
export function PictureMonth({
  view: d,
  onEnlarge,
  onVote,
}: {
  view: PictureMonthView;
  onEnlarge: (candidate: PictureCandidate) => void;
  onVote: (candidate: PictureCandidate) => void;
}) {
  return (
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
            <CandidateTile key={c.catchId} candidate={c} view={d} onEnlarge={() => onEnlarge(c)} onVote={() => onVote(c)} />
          ))}
        </SimpleGrid>
      )}
      {d.waitingForFishingToClose > 0 && (
        <Text size="xs" c="dimmed">
          {d.waitingForFishingToClose === 1 ? '1 more photo appears' : `${d.waitingForFishingToClose} more photos appear`} once fishing
          closes at its event.
        </Text>
      )}
    </Stack>
  );
}

/** The photo tapped, enlarged. */
export function EnlargedPhoto({ enlarged, onClose }: { enlarged: PictureCandidate | null; onClose: () => void }) {
  return (
    <Modal
      closeButtonProps={BIG_CLOSE}
      opened={enlarged !== null}
      onClose={onClose}
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
  );
}

/** 'Vote for this photo?': the one vote of the month, asked to confirm. */
export function ConfirmVote({
  confirming,
  data,
  pending,
  onClose,
  onVote,
}: {
  confirming: PictureCandidate | null;
  data: PictureMonthView | undefined;
  pending: boolean;
  onClose: () => void;
  onVote: (candidate: PictureCandidate) => void;
}) {
  return (
    <Modal closeButtonProps={BIG_CLOSE} opened={confirming !== null} onClose={onClose} title="Vote for this photo?" centered>
      {confirming && data && (
        <Stack gap="md">
          <Text size="sm">
            {captionOf(confirming)} at {confirming.eventName}. You have one vote for {data.monthLabel}, and it cannot be changed.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button mih={44} loading={pending} onClick={() => onVote(confirming)}>
              Vote
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
