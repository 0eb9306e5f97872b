import { formatClubDateTime } from '../../../shared/dates';
import type { EventView } from '../../../shared/events.schema';

export { formatClubDateTime };

/** 'Registration fee: $10.00' or 'Registration fee: Free'. */
export function feeText(fee: string): string {
  const amount = Number(fee);
  return `Registration fee: ${!fee || !Number.isFinite(amount) || amount <= 0 ? 'Free' : `$${amount.toFixed(2)}`}`;
}

/** 'Maximum participants: 30' or 'No limit'. */
export function maxText(max: number | null): string {
  return max === null ? 'Maximum participants: No limit' : `Maximum participants: ${max}`;
}

/** '12 places left', '1 place left', or null without a limit. */
export function placesLeftText(event: Pick<EventView, 'maxParticipants' | 'registeredCount'>): string | null {
  if (event.maxParticipants === null) return null;
  const left = Math.max(0, event.maxParticipants - event.registeredCount);
  return `${left} ${left === 1 ? 'place' : 'places'} left`;
}

/** A full event whose entries are still open takes guests on its waiting list (where it takes guests at all). */
export function guestMayWait(
  event: Pick<EventView, 'status' | 'isFull' | 'membersOnly' | 'nonMemberFee' | 'entriesCloseAt'>,
  now: number,
): boolean {
  const open = !event.entriesCloseAt || Date.parse(event.entriesCloseAt) > now;
  return event.status === 'active' && event.isFull && open && !event.membersOnly && event.nonMemberFee !== undefined;
}

/** The .ics download of an event (a plain link, not tRPC). */
export const calendarHref = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;

export { entriesCloseLine, entryPricesLine } from '../../../shared/entries';
