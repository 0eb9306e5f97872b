import { Alert, Text } from '@mantine/core';
import { fishingHoursText, isWithinFishingHours, outsideFishingHoursMessage, type FishingHours } from '../../../shared/events';

/** An event as the catch form has it: its hours may be missing from an answer kept on the phone from before they existed. */
type EventWithHours = Partial<FishingHours> & { id: string; name: string; eventDate: string };

const hoursOf = (event: EventWithHours | undefined) =>
  event?.fishingStart && event.fishingEnd ? { ...event, fishingStart: event.fishingStart, fishingEnd: event.fishingEnd } : null;

/** Why a catch logged now may not be sent: the event's fishing hours do not include now. */
export interface FishingHoursRefusal {
  eventId: string;
  /** The server's own sentence. */
  message: string;
}

/**
 * The phone's side of the server's rule: a catch logged now for this event, outside its fishing hours, is refused
 * with the sentence the server would give. The committee may log at any time, as on the server; an event without
 * its hours (an old answer kept on the phone) is left to the server.
 */
export function fishingHoursRefusal(event: EventWithHours | undefined, isAdmin: boolean, now = new Date()): FishingHoursRefusal | null {
  const hours = hoursOf(event);
  if (!event || !hours || isAdmin || isWithinFishingHours(hours, now)) return null;
  return { eventId: event.id, message: outsideFishingHoursMessage(hours, now) };
}

/** The refusal, above the submit button while the same event is chosen. */
export function FishingHoursAlert({ refusal, eventId }: { refusal: FishingHoursRefusal | null; eventId: string }) {
  if (!refusal || refusal.eventId !== eventId) return null;
  return (
    <Alert color="orange" variant="light" title="Outside fishing hours">
      {refusal.message}
    </Alert>
  );
}

/** The chosen event's fishing hours, under the event picker. */
export function FishingHoursNote({ event }: { event: EventWithHours | undefined }) {
  const hours = hoursOf(event);
  if (!hours) return null;
  return (
    <Text size="xs" c="dimmed">
      Fishing hours: {fishingHoursText(hours)}
    </Text>
  );
}
