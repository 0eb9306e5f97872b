import { MONTHS_LONG } from './club-clock';
import { addDays, addYears, ageOn, type IsoDate } from './dates';

export const MEMBERSHIP_TYPES = ['adult', 'junior', 'family'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const MEMBER_STATUSES = ['pending', 'active', 'expired'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * The club's memberships (checked by `membershipRulesSchema` in membership-rules.ts; read through the club's settings,
 * never written here): the annual fees, who a family covers, who is a junior, and the membership year.
 */
export interface MembershipRules {
  feesCents: Record<MembershipType, number>;
  familyLimits: { adults: number; juniors: number };
  /** A junior is under this age on the day that matters (joining, an event's day). */
  juniorUnder: number;
  /** A year from the day paid, or a fixed year starting on a day ('07-01': 1 July to 30 June). */
  year: { kind: 'fromJoining' } | { kind: 'fixed'; startsOn: string };
}

/** The id of the `<script type="application/json">` in a page's HTML that carries the club's membership rules. */
export const MEMBERSHIP_RULES_ID = 'club-membership';

export const CURRENCY = 'AUD';

/** A membership type's name alone, as lists, reports and payment lines write it. */
export const MEMBERSHIP_TYPE_NAMES: Record<MembershipType, string> = { adult: 'Adult', junior: 'Junior', family: 'Family' };

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

/** Whether a person born on `birthDate` is a junior on `day`: under the club's junior age. */
export const isJuniorOn = (rules: Pick<MembershipRules, 'juniorUnder'>, birthDate: IsoDate, day: IsoDate) =>
  ageOn(birthDate, day) < rules.juniorUnder;

/**
 * What one payment covers: the family fee for a whole family household, otherwise the sum of each
 * person's own fee (an adult or junior who adds another member pays for both together).
 */
export function householdFeeCents(
  rules: Pick<MembershipRules, 'feesCents'>,
  householdType: MembershipType,
  memberTypes: MembershipType[],
): number {
  if (householdType === 'family') return rules.feesCents.family;
  return memberTypes.reduce((sum, t) => sum + rules.feesCents[t], 0);
}

/** Adding a junior to a current membership: what it costs and what the household becomes, or why it cannot. */
export type JuniorAddition =
  { ok: true; dueCents: number; householdType: MembershipType; becomesFamily: boolean } | { ok: false; message: string };

/**
 * The difference the club's prices give for one more junior in a household whose membership is current: nothing
 * while a family membership has room (it covers up to the club's family limits); a junior's fee beside one person; and
 * where a third person needs a family membership (only a family covers more than two), the family fee less what the
 * household's people already pay. No part-year pricing: the junior's membership ends with the household's.
 */
export function juniorAddition(
  rules: Pick<MembershipRules, 'feesCents' | 'familyLimits'>,
  householdType: MembershipType,
  people: { membershipType: MembershipType; junior: boolean }[],
): JuniorAddition {
  const juniors = people.filter((p) => p.junior).length + 1;
  const adults = people.length + 1 - juniors;
  const limits = rules.familyLimits;
  const familyFits = juniors <= limits.juniors && adults <= limits.adults;
  const tooMany = `A family membership covers up to ${limits.adults} adults and ${limits.juniors} juniors; your household would have ${adults} adults and ${juniors} juniors. Please contact the committee.`;
  if (householdType === 'family') {
    return familyFits ? { ok: true, dueCents: 0, householdType: 'family', becomesFamily: false } : { ok: false, message: tooMany };
  }
  if (people.length < 2) {
    return { ok: true, dueCents: rules.feesCents.junior, householdType, becomesFamily: false };
  }
  if (!familyFits) return { ok: false, message: tooMany };
  const paid = householdFeeCents(
    rules,
    householdType,
    people.map((p) => p.membershipType),
  );
  return { ok: true, dueCents: Math.max(0, rules.feesCents.family - paid), householdType: 'family', becomesFamily: true };
}

/** 'Adult', 'Junior (under 16)', 'Family (2 adults + 3 juniors)': each type as the join form names it. */
export function membershipLabels(rules: Pick<MembershipRules, 'juniorUnder' | 'familyLimits'>): Record<MembershipType, string> {
  const { adults, juniors } = rules.familyLimits;
  return {
    adult: 'Adult',
    junior: `Junior (under ${rules.juniorUnder})`,
    family: `Family (${adults} adult${adults === 1 ? '' : 's'} + ${juniors} junior${juniors === 1 ? '' : 's'})`,
  };
}

/**
 * The last day a membership covers when it is bought on `after` (today) or renewed from `after` (the current expiry,
 * while it is still to come): a year from joining ends on the same date a year later; a fixed year ends on the first
 * of the year's last days after `after` (joining on 6 December with a 1 July year runs to 30 June; renewing a
 * membership that ends on 30 June runs to the next 30 June).
 */
export function membershipEnd(rules: Pick<MembershipRules, 'year'>, after: IsoDate): IsoDate {
  if (rules.year.kind === 'fromJoining') return addYears(after, 1);
  const year = Number(after.slice(0, 4));
  const lastDay = (y: number) => addDays(`${y}-${(rules.year as { startsOn: string }).startsOn}`, -1);
  return lastDay(year) > after ? lastDay(year) : lastDay(year + 1) > after ? lastDay(year + 1) : lastDay(year + 2);
}

/** '1 July to 30 June', or 'a year from the day you join'. */
export function membershipYearText(rules: Pick<MembershipRules, 'year'>): string {
  if (rules.year.kind === 'fromJoining') return 'a year from the day you join';
  const first = `2025-${rules.year.startsOn}`;
  return `${longDay(first)} to ${longDay(addDays(first, -1))}`;
}

const longDay = (date: IsoDate) => `${Number(date.slice(8, 10))} ${MONTHS_LONG[Number(date.slice(5, 7)) - 1]}`;
