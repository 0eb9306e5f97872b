import { createHash, createHmac } from 'node:crypto';

/**
 * The secrets in a member's card (`/verify/<code>`) and calendar address (`/api/calendar/<token>.ics`). Each is an
 * HMAC of the site's secret over what it is for, the record's random id and its serial number, so the portal can
 * show it again without it being stored; the database keeps only its SHA-256, which is what a presented code is
 * looked up by (an index lookup of a hash, not a comparison of the secret). Reissuing raises the serial.
 */
export type PrivateCodePurpose = 'member-card' | 'calendar-feed' | 'first-run-setup';

/**
 * Characters of base64url per purpose: 24 (144 bits) for a card's QR, 32 (192 bits) for a calendar address. The
 * first-run setup code is typed by a person from a log line: 10 characters of an alphabet without look-alikes
 * (no 0, O, 1 or I), 50 bits, grouped in fives ('K7QM4-XH2RP'); guessing it is held back by its rate limit.
 */
const LENGTH: Record<PrivateCodePurpose, number> = { 'member-card': 24, 'calendar-feed': 32, 'first-run-setup': 10 };

/** The alphabet of codes people type: 32 characters, none mistaken for another. */
const TYPED_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const TYPED: ReadonlySet<PrivateCodePurpose> = new Set(['first-run-setup']);

/** The code for record `id` at `serial`. */
export function deriveCode(secret: string, purpose: PrivateCodePurpose, id: string, serial: number): string {
  const digest = createHmac('sha256', secret).update(`${purpose}\n${id}\n${serial}`).digest();
  if (!TYPED.has(purpose)) return digest.toString('base64url').slice(0, LENGTH[purpose]);
  const chars = Array.from(digest.subarray(0, LENGTH[purpose]), (byte) => TYPED_ALPHABET[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A typed code as it is compared: upper case, without spaces or dashes (people copy it either way). */
export const normaliseTypedCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** What is stored and looked up: SHA-256 of a code, in hex. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Whether a string can be a code of this purpose at all (anything else is answered as an unknown code, unhashed). */
export const looksLikeCode = (purpose: PrivateCodePurpose, code: string) => new RegExp(`^[A-Za-z0-9_-]{${LENGTH[purpose]}}$`).test(code);
