import { createHash, createHmac } from 'node:crypto';

/**
 * The secrets in a member's card (`/verify/<code>`) and calendar address (`/api/calendar/<token>.ics`). Each is an
 * HMAC of the site's secret over what it is for, the record's random id and its serial number, so the portal can
 * show it again without it being stored; the database keeps only its SHA-256, which is what a presented code is
 * looked up by (an index lookup of a hash, not a comparison of the secret). Reissuing raises the serial.
 */
export type PrivateCodePurpose = 'member-card' | 'calendar-feed';

/** Characters of base64url per purpose: 24 (144 bits) for a card's QR, 32 (192 bits) for a calendar address. */
const LENGTH: Record<PrivateCodePurpose, number> = { 'member-card': 24, 'calendar-feed': 32 };

/** The code for record `id` at `serial`. */
export function deriveCode(secret: string, purpose: PrivateCodePurpose, id: string, serial: number): string {
  return createHmac('sha256', secret).update(`${purpose}\n${id}\n${serial}`).digest('base64url').slice(0, LENGTH[purpose]);
}

/** What is stored and looked up: SHA-256 of a code, in hex. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Whether a string can be a code of this purpose at all (anything else is answered as an unknown code, unhashed). */
export const looksLikeCode = (purpose: PrivateCodePurpose, code: string) => new RegExp(`^[A-Za-z0-9_-]{${LENGTH[purpose]}}$`).test(code);
