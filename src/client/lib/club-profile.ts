import type { ClubProfile } from '../../shared/club-profile';
import { CLUB_PROFILE_ID, STATE_NAMES } from '../../shared/club-profile-plain';
import { setClubZone } from '../../shared/dates';
import { pageSetting } from './page-setting';

const TEXT_FIELDS = [
  'name',
  'shortName',
  'town',
  'area',
  'localName',
  'timeZone',
  'contactEmail',
  'abn',
  'associationNumber',
  'logoUrl',
] as const;
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

const UNKNOWN_CLUB: ClubProfile = {
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
  logoUrl: '',
  colours: { primary: '#1971c2', primaryDark: '#0b3d6b', accent: '#12b886', sand: '#f8f4ec' },
};

const profile = pageSetting<ClubProfile>({
  id: CLUB_PROFILE_ID,
  path: 'club.profile',
  isValid: isProfile,
  unknown: UNKNOWN_CLUB,
  // The app's clock follows the club's zone.
  onSet: (p) => setClubZone(p.timeZone),
});

/** Takes a profile as the club's (the page's, the device's copy, or the one just saved in Admin → Club settings). */
export const setClubProfile = profile.set;
/** At start: the profile the page came with, else the device's copy, else asks the API; true when found without asking. */
export const keepClubProfile = profile.keep;
/** The club as it named itself; a blank name until it is known (only ever briefly, on a page served without it). */
export const clubProfile = profile.get;
/** The club's profile in a component: it redraws when the committee saves a new one. */
export const useClub = profile.use;
