/** The id of the `<script type="application/json">` in a page's HTML that tells the app the club's own address. */
export const CLUB_ADDRESS_ID = 'club-address';

/** What a page's HTML tells the app about the club's address (the app needs no request of its own to learn it). */
export interface ClubAddress {
  /** PUBLIC_URL: where e-mailed links and payments return. */
  url: string;
  /** The session cookie is `Secure` (production): signing in works only on a page a browser counts as secure. */
  secureSession: boolean;
}

/** IPv4 and bracketed IPv6 addresses, and localhost (any of its names), with or without a port. */
const FIXED_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]|(?:[a-z0-9-]+\.)*localhost)(?::\d{1,5})?$/i;

/**
 * Whether the site takes sign-ups, sign-ins and forms from its own pages at an address other than PUBLIC_URL
 * (`host` as in the Host header: '127.0.0.1:3000'). Only at an IP address or localhost: no other site can point
 * those at this server, whereas a name another site controls can be (DNS rebinding) and then look like our own.
 */
export function takesChangesAt(host: string): boolean {
  return FIXED_HOST.test(host);
}
