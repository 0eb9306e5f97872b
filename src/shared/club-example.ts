import type { ClubProfile } from './club-profile';

/**
 * The example club the setup page offers and the demo seeds: the Tweed Coast Anglers Club. A site uses it only as
 * the values a new club starts from, and for a database from before the club's own were stored.
 */
export const EXAMPLE_CLUB_PROFILE: ClubProfile = {
  name: 'Tweed Coast Anglers Club',
  shortName: 'Tweed Coast Anglers',
  town: 'Tweed Heads',
  area: 'the Tweed Shire',
  localName: 'the Tweed',
  state: 'NSW',
  timeZone: 'Australia/Sydney',
  contactEmail: 'committee@tweedcoastanglers.org.au',
  abn: '',
  gstRegistered: false,
  associationNumber: 'INC9887766',
  colours: {
    primary: '#1971c2',
    primaryDark: '#0b3d6b',
    accent: '#12b886',
    sand: '#f8f4ec',
  },
};
