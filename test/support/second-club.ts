import type { ClubProfile } from '../../src/shared/club-profile';

/** A made-up club in another state, set up through the same pages as any: nothing of the example club in it. */
export const BAY_CLUB: ClubProfile = {
  name: 'Moreton Bay Sportfishing Club',
  shortName: 'Bay Sportfishers',
  town: 'Redcliffe',
  area: 'Moreton Bay',
  localName: 'the Bay',
  state: 'QLD',
  timeZone: 'Australia/Brisbane',
  contactEmail: 'secretary@baysportfishers.example',
  abn: '51824753556',
  gstRegistered: true,
  associationNumber: 'IA51234',
  colours: { primary: '#0c8599', primaryDark: '#0b3a44', accent: '#f08c00', sand: '#f4f8f8' },
};
