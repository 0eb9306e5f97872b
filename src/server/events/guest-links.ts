import { createHash, randomBytes } from 'node:crypto';
import { addDays, clubLocalToInstant, clubToday } from '../../shared/dates';
import { LATE_CATCH_DAYS } from '../../shared/catches.schema';
import type { Event, EventRegistration } from '../db/entities';
import { Sealer } from '../platform/sealing';

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

const linkUrl = (publicUrl: string, token: string) => `${publicUrl}${GUEST_LINK_PATH}?token=${token}`;

/**
 * Makes a new link for a guest's entry (the previous one stops working, and the desk's sealed copy of it goes);
 * flushed by the caller's unit of work.
 */
export function newGuestLink(
  registration: EventRegistration,
  event: Pick<Event, 'eventDate'>,
  now: Date,
  publicUrl: string,
): { url: string; expires: Date; token: string } {
  const token = randomBytes(32).toString('base64url');
  const expires = guestLinkExpiry(event, now);
  registration.guestTokenHash = hashGuestToken(token);
  registration.guestTokenExpiresAt = expires;
  registration.guestTokenUsedAt = null;
  registration.guestTokenSealed = null;
  return { url: linkUrl(publicUrl, token), expires, token };
}

/** The key that seals the links the desk shows or prints (derived from the site's secret, for this purpose only). */
export const guestLinkSealer = (secret: string) => new Sealer(secret, 'guest catch link v1');

/**
 * The link the desk shows (on its screen, or on the printed sheet): the same link as last time while it is unused and
 * good, so a sheet printed earlier or a code on another desk's screen keeps working; a new one (whose secret is kept
 * sealed for next time) when there is none, it was used, it lapsed, or the last one went by e-mail. `made` says which.
 * Without a sealer (no site secret) every showing makes a new link.
 */
export function deskGuestLink(
  registration: EventRegistration,
  event: Pick<Event, 'eventDate'>,
  now: Date,
  publicUrl: string,
  sealer: Sealer | null,
): { url: string; expires: Date; made: boolean } {
  const { guestTokenSealed: sealed, guestTokenHash: hash, guestTokenExpiresAt: expires } = registration;
  const usable = sealed && sealer && hash && expires && expires > now && !registration.guestTokenUsedAt;
  const token = usable ? sealer.open<string>(sealed, registration.id)?.value : undefined;
  if (token && hashGuestToken(token) === hash) return { url: linkUrl(publicUrl, token), expires: expires!, made: false };
  const link = newGuestLink(registration, event, now, publicUrl);
  registration.guestTokenSealed = sealer ? sealer.seal(link.token, registration.id).sealed : null;
  return { url: link.url, expires: link.expires, made: true };
}

/** What a guest's session cookie carries: the one entry it signs in to (checked again on every request). */
export type GuestClaims = { registrationId: string };
