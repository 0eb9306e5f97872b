import { Container } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { LiveBoardView } from '../features/catches/live-board';

/** /events/<id>/live: the event's live board, public, for a phone on the riverbank or a TV at the ramp. */
export function EventLivePage() {
  const { eventId = '' } = useParams({ strict: false });
  return (
    <Container size="lg" px="sm" py="lg">
      <LiveBoardView eventId={eventId} />
    </Container>
  );
}
