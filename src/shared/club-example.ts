import type { ClubProfile } from './club-profile';
import type { CompetitionRules } from './competition';
import type { MembershipRules } from './membership';
import { NSW_SPECIES, type ClubSpecies } from './species';

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
  logoUrl: '',
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

/**
 * The example club's competition rules: $10 an entrant, $15 for non-members; sign-on 7–9 am, fishing 7 am to 2 pm,
 * presentation at 4 pm; $100/$50/$25 tackle vouchers and 3/2/1 champion points per category; a $100 cash mystery
 * fish and a $100 voucher for the picture of the month.
 */
export const EXAMPLE_COMPETITION_RULES: CompetitionRules = {
  entryFeesCents: { member: 1000, nonMember: 1500, junior: null },
  times: { signOnHours: 2, fishingStart: '07:00', fishingEnd: '14:00', presentation: '16:00' },
  placePrizes: [
    { cents: 10_000, text: '$100 tackle voucher' },
    { cents: 5_000, text: '$50 tackle voucher' },
    { cents: 2_500, text: '$25 tackle voucher' },
  ],
  championPoints: [3, 2, 1],
  mysteryFishPrize: { cents: 10_000, text: '$100 cash' },
  pictureOfMonthPrize: { cents: 10_000, text: '$100 voucher' },
  offshoreAllowed: false,
};

/** The example club's species: New South Wales' legal sizes, every species counting for points. */
export const EXAMPLE_CLUB_SPECIES: ClubSpecies = {
  state: 'NSW',
  species: NSW_SPECIES.map((s) => ({ ...s })),
};
