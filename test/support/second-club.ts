import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import type { ClubProfile } from '../../src/shared/club-profile';
import type { CompetitionRules } from '../../src/shared/competition';
import { documentsEdit, type ClubDocumentsEdit } from '../../src/shared/documents';
import type { MembershipRules } from '../../src/shared/membership';
import { QLD_SPECIES, type ClubSpecies } from '../../src/shared/species';

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
  logoUrl: '',
  colours: { primary: '#0c8599', primaryDark: '#0b3a44', accent: '#f08c00', sand: '#f4f8f8' },
};

/** Its memberships: dearer, a bigger family, juniors under 18, and a year from 1 July to 30 June. */
export const BAY_MEMBERSHIP: MembershipRules = {
  feesCents: { adult: 5500, junior: 2000, family: 11000 },
  familyLimits: { adults: 2, juniors: 4 },
  juniorUnder: 18,
  year: { kind: 'fixed', startsOn: '07-01' },
};

/**
 * Its competitions: dearer entries with a junior price, an hour's sign-on, an earlier day, four prize places in
 * another shop's vouchers, points 5/3/2/1, prizes of its own for the mystery fish and the picture of the month, and the bay's open water allowed.
 */
export const BAY_COMPETITION: CompetitionRules = {
  entryFeesCents: { member: 1200, nonMember: 2000, junior: 500 },
  times: { signOnHours: 1, fishingStart: '06:00', fishingEnd: '13:00', presentation: '14:00' },
  placePrizes: [
    { cents: 15_000, text: '$150 Tackle World voucher' },
    { cents: 7_500, text: '$75 Tackle World voucher' },
    { cents: 4_000, text: '$40 Tackle World voucher' },
    { cents: 2_000, text: '$20 Tackle World voucher' },
  ],
  championPoints: [5, 3, 2, 1],
  mysteryFishPrize: { cents: 20_000, text: '$200 cash' },
  pictureOfMonthPrize: { cents: 5_000, text: '$50 voucher' },
  offshoreAllowed: true,
};

/**
 * Its fishing area, open water included: the western bay from Deception Bay to the Brisbane River mouth, Redcliffe and
 * Bribie's southern tip inside. As a Feature, as a mapping tool saves it.
 */
export const BAY_AREA = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [152.98, -27.05],
      [153.22, -27.05],
      [153.26, -27.25],
      [153.2, -27.42],
      [153.02, -27.4],
      [152.98, -27.05],
    ] as [number, number][],
  ],
};
export const BAY_AREA_GEOJSON = JSON.stringify({ type: 'Feature', properties: { name: 'Moreton Bay' }, geometry: BAY_AREA });
/** The Redcliffe jetty, inside the Bay's area; the Tweed's river mouth, far outside it. */
export const REDCLIFFE_JETTY = { lat: -27.2277, lng: 153.1148 };
export const TWEED_RIVER_MOUTH = { lat: -28.1717, lng: 153.5597 };
/** Its species: Queensland's list, with Snapper not counting for points and a species of its own without a minimum. */
export const BAY_SPECIES: ClubSpecies = {
  state: 'QLD',
  species: [
    ...QLD_SPECIES.map((s) => (s.name === 'Snapper' ? { ...s, countsForPoints: false } : { ...s })),
    { name: 'Dart', minimumCm: null, countsForPoints: true },
  ],
};

/** The Bay club's documents: the example club's, with a waiver of its own words. */
export const BAY_DOCUMENTS: ClubDocumentsEdit = {
  ...documentsEdit(EXAMPLE_CLUB_DOCUMENTS),
  waiver: {
    title: 'Bay Waiver',
    description: 'What every angler accepts before fishing with the Bay club.',
    content: 'I fish with {club} at my own risk.\n\nI wear a lifejacket on every boat.',
    required: true,
  },
};
