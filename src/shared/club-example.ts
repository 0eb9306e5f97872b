import type { ClubProfile } from './club-profile';
import type { MembershipRules } from './membership-rules';

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

/** The example club's memberships: $40 adult, $30 junior (under 16), $120 family (2 adults and 3 juniors), a year from joining. */
export const EXAMPLE_MEMBERSHIP_RULES: MembershipRules = {
  feesCents: { adult: 4000, junior: 3000, family: 12000 },
  familyLimits: { adults: 2, juniors: 3 },
  juniorUnder: 16,
  year: { kind: 'fromJoining' },
};
