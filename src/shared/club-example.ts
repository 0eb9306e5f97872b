import type { ClubProfile } from './club-profile';
import type { CompetitionRules } from './competition';
import type { ClubDocuments } from './documents';
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

/** The example club's code of conduct: eleven rules in the order its committee adopted them. */
const EXAMPLE_CONDUCT_RULES: [string, string][] = [
  [
    'Uphold the interests of the club',
    'Members act in the best interests of the club and its members, and support its objects and its committee.',
  ],
  [
    'Authority to speak',
    'Only the President, or a member the committee authorises, speaks to the media, councils or other bodies on behalf of the club.',
  ],
  [
    'Our primary activity and {state} fishery laws',
    'Recreational fishing is the primary activity of the club. Members comply with {state} fishery laws at all times, including bag and size limits and closures, and {licence}.',
  ],
  [
    'Prizes and judging',
    "Judges' and weigh-masters' decisions on catches, points and prizes are final. Disputes go to the committee in writing, never to the judges on the day.",
  ],
  [
    'Risk awareness',
    'Fishing near water, rocks and boats carries risk. Members take part at their own risk and are responsible for their own equipment, boats and safety gear.',
  ],
  [
    'Supervision of juniors',
    'Junior members (under 16) are supervised at all times by a parent, guardian or a responsible adult they have nominated.',
  ],
  [
    'Catch, click and return on competition days',
    'On competition days fish are photographed on the club brag mat with the club code and released quickly and carefully unless the rules of the day say otherwise.',
  ],
  [
    'Respect',
    'Treat fellow members, other waterway users, landholders and the environment with courtesy and respect. Take your rubbish and used line home.',
  ],
  [
    'Alcohol and behaviour',
    'No alcohol is consumed while fishing in a club competition or while in charge of a boat. Abusive, threatening or unsafe behaviour is not tolerated.',
  ],
  [
    'Representing the club',
    'Members wearing club shirts or fishing in club events represent the club and behave in a way that reflects well on it.',
  ],
  [
    'Safety first',
    'Wear a lifejacket where required, check the weather and tides, tell someone where you are fishing, and never fish alone from the rocks.',
  ],
];

/**
 * The example club's four documents, adopted on 1 July 2026: the waiver, the code of conduct, the competition rules
 * (whose fees, times, prizes, points and categories are tokens filled from the club's competition settings) and its
 * mission and values.
 */
export const EXAMPLE_CLUB_DOCUMENTS: ClubDocuments = {
  waiver: {
    version: '2026-07-01',
    title: 'Competition Rules & Waiver',
    required: true,
    description: 'The acknowledgement of risk every member accepts before logging catches in a club competition.',
    content: [
      'By taking part in a {club} competition or club day I acknowledge that fishing from shore, rocks, jetties and boats carries risks, including slipping, drowning, hooks, weather and tides.',
      'I take part at my own risk, I am responsible for my own safety equipment, and I will follow the directions of the organisers and the competition rules.',
      'I release {club}, its committee and volunteers from liability for injury, loss or damage arising from my participation, except where the law does not allow this.',
      'I confirm that every catch I log is my own, was caught on the day within the competition area and hours, and that the photo is genuine and unaltered.',
    ].join('\n\n'),
  },
  code_of_conduct: {
    version: '2026-07-01',
    title: 'Code of Conduct',
    required: true,
    description: 'The eleven rules every member agrees to. {association}',
    content: EXAMPLE_CONDUCT_RULES.map(([title, text], i) => `${i + 1}. ${title}. ${text}`).join('\n'),
  },
  competition_rules: {
    version: '2026-07-01',
    title: 'Club Competition Rules',
    required: true,
    description: 'Entry fees, times, the fishing area, categories, prizes and how catches are judged.',
    content: [
      'Entry fee: {entryFees}.',
      '{times}',
      'Fishing only within {area}. {offshore}',
      'Categories: {categories}.',
      'Prizes per category: {prizes}. Mystery fish: {mysteryFish}. Fish picture of the month: {pictureOfMonth}.',
      'Champion points: {points} in each category.',
      'Every fish is photographed on a brag mat showing the club code of the day, and logged on the club website on the day of the event.',
      'Photo tampering means disqualification and up to 12 months suspension.',
    ].join('\n'),
  },
  mission_values: {
    version: '2026-07-01',
    title: 'Mission & Values',
    required: false,
    description: 'Why the club exists and what we stand for.',
    content: [
      '{club} brings together anglers of all ages to enjoy the rivers, estuaries and beaches of {area}.',
      '- Fishing for fun and friendship, with a fair go for everyone.',
      '- Looking after our waterways: catch and release, no litter, respect for closures and limits.',
      '- Passing skills on to juniors and newcomers.',
      '- Supporting local business and our sponsors, who support us.',
    ].join('\n'),
  },
};
