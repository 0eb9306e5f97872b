/**
 * The club profile's plain parts, kept apart from its zod schema (club-profile.ts) so that the page bundle, which
 * names the club on every screen, needs no zod.
 */

/** The id of the `<script type="application/json">` in a page's HTML that carries the club's profile. */
export const CLUB_PROFILE_ID = 'club-profile';

/** Australia's states and territories, as an address writes them, with their names in full. */
export const STATE_NAMES = {
  NSW: 'New South Wales',
  QLD: 'Queensland',
  VIC: 'Victoria',
  TAS: 'Tasmania',
  SA: 'South Australia',
  WA: 'Western Australia',
  NT: 'Northern Territory',
  ACT: 'Australian Capital Territory',
} as const;
export type AustralianState = keyof typeof STATE_NAMES;

/** 'Moreton Bay, Queensland': the line under the club's name on e-mails and documents. */
export function regionLine(club: { area: string; state: AustralianState }): string {
  const area = club.area.replace(/^the\s+/i, '');
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}, ${STATE_NAMES[club.state]}`;
}

/** 'the Clarence Valley, New South Wales': the club's area and state as a sentence names them. */
export const areaAndState = (club: { area: string; state: AustralianState }): string => `${club.area}, ${STATE_NAMES[club.state]}`;
