import { ageOn, type IsoDate } from './dates';

export const MEMBERSHIP_TYPES = ['adult', 'junior', 'family'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const MEMBER_STATUSES = ['pending', 'active', 'expired'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Annual fees in cents. */
export const MEMBERSHIP_PRICES_CENTS: Record<MembershipType, number> = { adult: 4000, junior: 3000, family: 12000 };
export const JUNIOR_MAX_AGE = 15;
export const FAMILY_LIMITS = { adults: 2, juniors: 3 } as const;
export const CURRENCY = 'AUD';

/** A membership type's name alone, as lists, reports and payment lines write it. */
export const MEMBERSHIP_TYPE_NAMES: Record<MembershipType, string> = { adult: 'Adult', junior: 'Junior', family: 'Family' };

export const MEMBERSHIP_LABELS: Record<MembershipType, string> = {
  adult: 'Adult',
  junior: 'Junior (under 16)',
  family: 'Family (2 adults + 3 juniors)',
};

/** '1,234' (whole numbers only). Written by hand: the first Intl formatter a page makes costs a phone 50–100 ms. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** '$40.00'; a refund or a net loss reads '-$15.00'. */
export function formatAud(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  return `${cents < 0 ? '-' : ''}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A price as a package card or price list writes it: '$1,000' for whole dollars, '$12.50' otherwise. */
export function formatAudPrice(cents: number): string {
  return cents % 100 === 0 ? `${cents < 0 ? '-' : ''}$${groupThousands(Math.abs(cents) / 100)}` : formatAud(cents);
}

/** '40.00', the form PayPal and the REST shims use. */
export const centsToAmount = (cents: number) => (cents / 100).toFixed(2);

/** '40', '40.0' and '40.00' are 4000 cents; anything else (a sign, a third decimal, words) is not an amount. */
export function parseAmountCents(amount: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

export const NOT_AN_AMOUNT = 'The amount must be a number of dollars, such as 40.00.';

/** A refund asked for more than is left of the payment (or nothing). */
export const refundCeilingMessage = (leftCents: number) => `At most ${formatAud(Math.max(0, leftCents))} of this payment can be refunded.`;

/** Whether a person born on `birthDate` is a junior (under 16) on `day`. */
export const isJuniorOn = (birthDate: IsoDate, day: IsoDate) => ageOn(birthDate, day) <= JUNIOR_MAX_AGE;

/**
 * What one payment covers: the family fee for a whole family household, otherwise the sum of each
 * person's own fee (an adult or junior who adds another member pays for both together).
 */
export function householdFeeCents(householdType: MembershipType, memberTypes: MembershipType[]): number {
  if (householdType === 'family') return MEMBERSHIP_PRICES_CENTS.family;
  return memberTypes.reduce((sum, t) => sum + MEMBERSHIP_PRICES_CENTS[t], 0);
}

/** Adding a junior to a current membership: what it costs and what the household becomes, or why it cannot. */
export type JuniorAddition =
  { ok: true; dueCents: number; householdType: MembershipType; becomesFamily: boolean } | { ok: false; message: string };

/**
 * The difference the club's prices give for one more junior in a household whose membership is current: nothing
 * while a family membership has room (it covers up to FAMILY_LIMITS juniors); a junior's fee beside one person; and
 * where a third person needs a family membership (only a family covers more than two), the family fee less what the
 * household's people already pay. No part-year pricing: the junior's membership ends with the household's.
 */
export function juniorAddition(
  householdType: MembershipType,
  people: { membershipType: MembershipType; junior: boolean }[],
): JuniorAddition {
  const juniors = people.filter((p) => p.junior).length + 1;
  const adults = people.length + 1 - juniors;
  const familyFits = juniors <= FAMILY_LIMITS.juniors && adults <= FAMILY_LIMITS.adults;
  const tooMany = `A family membership covers up to ${FAMILY_LIMITS.adults} adults and ${FAMILY_LIMITS.juniors} juniors; your household would have ${adults} adults and ${juniors} juniors. Please contact the committee.`;
  if (householdType === 'family') {
    return familyFits ? { ok: true, dueCents: 0, householdType: 'family', becomesFamily: false } : { ok: false, message: tooMany };
  }
  if (people.length < 2) {
    return { ok: true, dueCents: MEMBERSHIP_PRICES_CENTS.junior, householdType, becomesFamily: false };
  }
  if (!familyFits) return { ok: false, message: tooMany };
  const paid = householdFeeCents(
    householdType,
    people.map((p) => p.membershipType),
  );
  return { ok: true, dueCents: Math.max(0, MEMBERSHIP_PRICES_CENTS.family - paid), householdType: 'family', becomesFamily: true };
}
