import { CLUB_ADDRESS_ID, takesChangesAt, type ClubAddress } from '../../shared/club-address';

/** This page seen from the club's address: where it is, and what works only there. */
export interface AwayFromClub {
  /** PUBLIC_URL, as the server gave it. */
  clubUrl: string;
  /** The address this page was opened at, as people read it ('127.0.0.1:3000'). */
  here: string;
  /** The club's host ('localhost:3000'). */
  clubHost: string;
  /** The same page at the club's address. */
  samePageThere: (href: string) => string;
  /** Signing in cannot work here: the site refuses forms at this name, or its session cookie needs a secure page. */
  signInOnlyThere: boolean;
}

/** The club's address the page's HTML carries (none in the app saved on the phone, which opens offline). */
function clubAddress(text: string | null | undefined): ClubAddress | null {
  try {
    const parsed = text ? (JSON.parse(text) as Partial<ClubAddress>) : null;
    return parsed && typeof parsed.url === 'string' ? { url: parsed.url, secureSession: parsed.secureSession === true } : null;
  } catch {
    return null;
  }
}

/** The last answer, with what it was read from: the same object while neither changes (a store's snapshot, React). */
let last: { from: string; away: AwayFromClub | null } | undefined;

/**
 * Where the club's site is when this page was opened at another address (127.0.0.1 rather than localhost, the
 * server's IP, a second name), or null at the club's own address. E-mailed links and payments always go to the
 * club's address.
 */
export function awayFromClub(): AwayFromClub | null {
  const text = document.getElementById(CLUB_ADDRESS_ID)?.textContent;
  const from = `${window.location.origin} ${text}`;
  if (last?.from !== from) last = { from, away: findAwayFromClub(clubAddress(text)) };
  return last.away;
}

function findAwayFromClub(address: ClubAddress | null): AwayFromClub | null {
  if (!address) return null;
  let club: URL;
  try {
    club = new URL(address.url);
  } catch {
    return null;
  }
  if (club.origin === window.location.origin) return null;
  return {
    clubUrl: address.url,
    here: window.location.host,
    clubHost: club.host,
    samePageThere: (href) => `${club.origin}${href}`,
    signInOnlyThere: !takesChangesAt(window.location.host) || (address.secureSession && !window.isSecureContext),
  };
}
