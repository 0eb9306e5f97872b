import type { ClubProfile } from '../../src/shared/club-profile';
import type { MembershipRules } from '../../src/shared/membership';

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

/** Its memberships: dearer, a bigger family, juniors under 18, and a year from 1 July to 30 June. */
export const BAY_MEMBERSHIP: MembershipRules = {
  feesCents: { adult: 5500, junior: 2000, family: 11000 },
  familyLimits: { adults: 2, juniors: 4 },
  juniorUnder: 18,
  year: { kind: 'fixed', startsOn: '07-01' },
};
