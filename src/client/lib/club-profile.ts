import { useSyncExternalStore } from 'react';
import { CLUB_PROFILE_ID, clubProfileSchema, type ClubProfile } from '../../shared/club-profile';
import { setClubZone } from '../../shared/dates';

/** Where the last profile a page brought is kept, for the app opened offline from the service worker's copy. */
const KEPT_KEY = 'club-profile';

let current: ClubProfile | null = null;
const listeners = new Set<() => void>();

function parse(text: string | null | undefined): ClubProfile | null {
  if (!text) return null;
  try {
    const parsed = clubProfileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Takes a profile as the club's (the page's, the device's copy, or the one just saved in Admin → Club settings). */
export function setClubProfile(profile: ClubProfile): void {
  current = profile;
  setClubZone(profile.timeZone);
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(profile));
  } catch {
    // A private window may refuse storage: the page's own copy still serves this visit.
  }
  for (const listener of listeners) listener();
}

/**
 * At start: the profile the page came with, else the device's copy (the app opened offline), else asks the API for
 * it (a page served without its data, as the development server does). True when one was found without asking.
 */
export function keepClubProfile(): boolean {
  const found = parse(document.getElementById(CLUB_PROFILE_ID)?.textContent) ?? parse(safeKept());
  if (found) {
    setClubProfile(found);
    return true;
  }
  void fetch('/trpc/club.profile', { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? parse(JSON.stringify(((await response.json()) as { result?: { data?: unknown } }).result?.data)) : null))
    .then((profile) => profile && setClubProfile(profile))
    .catch(() => undefined);
  return false;
}

function safeKept(): string | null {
  try {
    return localStorage.getItem(KEPT_KEY);
  } catch {
    return null;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The club as it named itself; a blank name until it is known (only ever briefly, on a page served without it). */
export const clubProfile = (): ClubProfile => current ?? UNKNOWN;

/** The club's profile in a component: it redraws when the committee saves a new one. */
export function useClub(): ClubProfile {
  return useSyncExternalStore(subscribe, clubProfile, clubProfile);
}

const UNKNOWN: ClubProfile = {
  name: '',
  shortName: '',
  town: '',
  area: '',
  localName: '',
  state: 'NSW',
  timeZone: 'Australia/Sydney',
  contactEmail: '',
  abn: '',
  gstRegistered: false,
  associationNumber: '',
  colours: { primary: '#1971c2', primaryDark: '#0b3d6b', accent: '#12b886', sand: '#f8f4ec' },
};
