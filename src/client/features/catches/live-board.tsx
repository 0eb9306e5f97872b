import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { LiveBoard } from '../../../shared/catches.schema';
import { clubToday, formatAuDate, formatClubTime } from '../../../shared/dates';
import { eventPresentationPath } from '../../../shared/screens';
import { SectionLoader } from '../../components/full-screen-loader';
import { serverMessage } from '../../lib/errors';
import { ResultCategories } from './results-board';
import { useLiveBoard, type LiveMode } from './use-live-board';

/** 'Provisional' (yellow) until fishing has closed and every catch is judged, then 'Final' (green). */
export function BoardStatusBadge({ board, size = 'lg' }: { board: Pick<LiveBoard, 'status'>; size?: 'lg' | 'xl' }) {
  return (
    <Badge size={size} color={board.status === 'final' ? 'teal' : 'yellow'} style={{ flexShrink: 0 }}>
      {board.status === 'final' ? 'Final' : 'Provisional'}
    </Badge>
  );
}

/** What the status means today: what the results still wait for, or that they are settled. */
export function boardStatusText(board: LiveBoard): string {
  if (board.status === 'final') return 'Final: fishing has closed and every catch is judged.';
  const waiting =
    board.pending === 0
      ? 'No catch is waiting for the judges.'
      : `${board.pending} ${board.pending === 1 ? 'catch is' : 'catches are'} waiting for the judges.`;
  if (board.fishingClosed) return `Provisional: fishing has closed. ${waiting}`;
  return `Provisional: fishing runs ${formatClubTime(board.fishingOpens)} to ${formatClubTime(board.fishingCloses)}. ${waiting}`;
}

const MODE_TEXT: Record<LiveMode, string> = {
  live: 'Live: updates by itself as catches are logged and judged.',
  polling: 'Updates every few seconds.',
  connecting: 'Connecting to the live updates...',
};

/**
 * An event's live board for the riverbank and the ramp: its leaderboard per division and species, updating without
 * a reload, 'Provisional' or 'Final', never a position, and photos only once fishing has closed.
 */
export function LiveBoardView({ eventId }: { eventId: string }) {
  const { board, mode } = useLiveBoard(eventId);
  if (!board.data) {
    if (board.isError)
      return (
        <Alert color="red" variant="light" title="Live board">
          {serverMessage(board.error) ?? 'Could not load the live board. Please try again later.'}
        </Alert>
      );
    return <SectionLoader label="Loading the live board..." />;
  }
  const data = board.data;
  const placed = data.categories.some((c) => c.placings.length > 0);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {data.eventName}
            </Title>
            <BoardStatusBadge board={data} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {data.location} · {formatAuDate(clubToday(new Date(data.eventDate)))}
          </Text>
          <Text size="sm" fw={500} aria-live="polite" data-testid="board-status">
            {boardStatusText(data)}
          </Text>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {MODE_TEXT[mode]}
              {board.isError && mode === 'polling' ? ' The last update failed; trying again.' : ''}
            </Text>
            <Button component={Link} to={eventPresentationPath(eventId)} variant="light" size="sm" h={44}>
              Presentation
            </Button>
          </Group>
        </Stack>
      </Card>
      {placed ? (
        <ResultCategories results={data} />
      ) : (
        <Text c="dimmed">No catch has been judged yet. The leaderboard fills in as the judges approve catches.</Text>
      )}
    </Stack>
  );
}
