import { formatClubDateTime } from '../../../shared/dates';
import { entriesCloseText, entryPricesText } from '../../../shared/entries';
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

/** The .ics download of an event (a plain link, not tRPC). */
export const calendarHref = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;

/** 'Members $10.00 · Non-members $15.00' for an event's card, or null from a server that does not say. */
export function entryPricesLine(event: Pick<EventView, 'memberFee' | 'juniorFee' | 'nonMemberFee'>): string | null {
  if (event.memberFee === undefined || event.nonMemberFee === undefined) return null;
  return `Entry: ${entryPricesText({ memberFee: event.memberFee, juniorFee: event.juniorFee ?? null, nonMemberFee: event.nonMemberFee })}`;
}

/** 'Entries close 9:00 am on 05/12/2026', or null from a server that does not say. */
export function entriesCloseLine(event: Pick<EventView, 'eventDate' | 'entriesCloseAt'>): string | null {
  return event.entriesCloseAt ? `Entries close ${entriesCloseText(event)}` : null;
}
