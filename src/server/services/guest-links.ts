import { createHash, randomBytes } from 'node:crypto';
import { addDays, clubLocalToInstant, clubToday } from '../../shared/dates';
import { LATE_CATCH_DAYS } from '../../shared/catches.schema';
import type { Event, EventRegistration } from '../db/entities';

/**
 * A guest's sign-in link: 32 random bytes of which only the SHA-256 is kept on the entry, single use, and good
 * until the catches of the event can no longer be sent (LATE_CATCH_DAYS after its day). A new link replaces the
 * last one. The link proves the address it was sent to, and signs in to that one event only.
 */
export const GUEST_LINK_PATH = '/guest';

export const hashGuestToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a guest's link (and so their session) stops working: the end of the last day a late catch is taken. */
export function guestLinkExpiry(event: Pick<Event, 'eventDate'>, now: Date): Date {
  const lastDay = addDays(clubToday(event.eventDate), LATE_CATCH_DAYS + 1);
  const end = clubLocalToInstant(`${lastDay}T00:00`);
  return end > now ? end : new Date(now.getTime() + 86_400_000);
}

/** Makes a new link for a guest's entry (the previous one stops working); flushed by the caller's unit of work. */
export function newGuestLink(
  registration: EventRegistration,
  event: Pick<Event, 'eventDate'>,
  now: Date,
  publicUrl: string,
): { url: string; expires: Date } {
  const token = randomBytes(32).toString('base64url');
  const expires = guestLinkExpiry(event, now);
  registration.guestTokenHash = hashGuestToken(token);
  registration.guestTokenExpiresAt = expires;
  registration.guestTokenUsedAt = null;
  return { url: `${publicUrl}${GUEST_LINK_PATH}?token=${token}`, expires };
}

/** What a guest's session cookie carries: the one entry it signs in to (checked again on every request). */
export type GuestClaims = { registrationId: string };
