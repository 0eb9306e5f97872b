import { useSyncExternalStore } from 'react';
import type { ClubProfile } from '../../shared/club-profile';
import { CLUB_PROFILE_ID, STATE_NAMES } from '../../shared/club-profile-plain';
import { setClubZone } from '../../shared/dates';

/** Where the last profile a page brought is kept, for the app opened offline from the service worker's copy. */
const KEPT_KEY = 'club-profile';

let current: ClubProfile | null = null;
const listeners = new Set<() => void>();

const TEXT_FIELDS = ['name', 'shortName', 'town', 'area', 'localName', 'timeZone', 'contactEmail', 'abn', 'associationNumber'] as const;
const COLOUR_FIELDS = ['primary', 'primaryDark', 'accent', 'sand'] as const;
const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A profile as the server wrote it (checked in full by its schema when saved), or null: only its shape is checked
 * here, so that the page bundle needs no zod.
 */
function isProfile(value: unknown): value is ClubProfile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const colours = v.colours as Record<string, unknown> | null | undefined;
  return (
    TEXT_FIELDS.every((field) => typeof v[field] === 'string') &&
    typeof v.state === 'string' &&
    Object.hasOwn(STATE_NAMES, v.state) &&
    typeof v.gstRegistered === 'boolean' &&
    typeof colours === 'object' &&
    colours !== null &&
    COLOUR_FIELDS.every((field) => {
      const colour = colours[field];
      return typeof colour === 'string' && COLOUR.test(colour);
    })
  );
}

function parse(text: string | null | undefined): ClubProfile | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isProfile(value) ? value : null;
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
    // A private window may refuse storage (and the server's drawing has none): the page's own copy serves this visit.
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
    .then(async (response) =>
      response.ok ? parse(JSON.stringify(((await response.json()) as { result?: { data?: unknown } }).result?.data)) : null,
    )
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
