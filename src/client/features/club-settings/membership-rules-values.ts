import type { MembershipRules } from '../../../shared/membership';
import type { MembershipRulesInput } from '../../../shared/membership-rules';

/** The club's membership rules as a form holds them: fees in dollars ('40.00') and counts as typed, the year's first day in parts. */
export interface MembershipRulesValues {
  adultFee: string;
  juniorFee: string;
  familyFee: string;
  familyAdults: string;
  familyJuniors: string;
  juniorUnder: string;
  yearKind: 'fromJoining' | 'fixed';
  /** 'MM' and 'DD' of the fixed year's first day; kept (as 1 July) while the year runs from joining. */
  startMonth: string;
  startDay: string;
}

export type MembershipRulesField = keyof MembershipRulesValues;

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const rulesValues = (r: MembershipRules): MembershipRulesValues => ({
  adultFee: dollars(r.feesCents.adult),
  juniorFee: dollars(r.feesCents.junior),
  familyFee: dollars(r.feesCents.family),
  familyAdults: String(r.familyLimits.adults),
  familyJuniors: String(r.familyLimits.juniors),
  juniorUnder: String(r.juniorUnder),
  yearKind: r.year.kind,
  startMonth: r.year.kind === 'fixed' ? r.year.startsOn.slice(0, 2) : '07',
  startDay: r.year.kind === 'fixed' ? r.year.startsOn.slice(3, 5) : '01',
});

/**
 * Dollars as typed ('40', '40.5', '$40.00', '-5') in cents; NaN for anything else, which the schema refuses and the
 * form says is not an amount. A sign is kept, so that the schema's 'cannot be below zero' is what a negative fee hears.
 */
export function typedCents(typed: string): number {
  const match = /^(-?)\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim().replace(/^\$-/, '-'));
  if (!match) return Number.NaN;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** A count as typed; blank is no number at all (the schema says it must be one), never 0. */
const typedCount = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.trim()));

export const rulesInput = (v: MembershipRulesValues): MembershipRulesInput => ({
  feesCents: { adult: typedCents(v.adultFee), junior: typedCents(v.juniorFee), family: typedCents(v.familyFee) },
  familyLimits: { adults: typedCount(v.familyAdults), juniors: typedCount(v.familyJuniors) },
  juniorUnder: typedCount(v.juniorUnder),
  year: v.yearKind === 'fixed' ? { kind: 'fixed', startsOn: `${v.startMonth}-${v.startDay}` } : { kind: 'fromJoining' },
});

/** A form's values parted into the rules' own and the rest (the setup page asks them beside the club's and the administrator's). */
export function splitRulesValues<V extends MembershipRulesValues>(
  values: V,
): { rules: MembershipRulesValues; rest: Omit<V, MembershipRulesField> } {
  const { adultFee, juniorFee, familyFee, familyAdults, familyJuniors, juniorUnder, yearKind, startMonth, startDay, ...rest } = values;
  return { rules: { adultFee, juniorFee, familyFee, familyAdults, familyJuniors, juniorUnder, yearKind, startMonth, startDay }, rest };
}

const FIELD_OF_PATH: Record<string, MembershipRulesField> = {
  'feesCents.adult': 'adultFee',
  'feesCents.junior': 'juniorFee',
  'feesCents.family': 'familyFee',
  'familyLimits.adults': 'familyAdults',
  'familyLimits.juniors': 'familyJuniors',
  juniorUnder: 'juniorUnder',
  year: 'yearKind',
  'year.kind': 'yearKind',
  'year.startsOn': 'startDay',
};

/** The form field that shows a message about a rules path ('feesCents.adult' → 'adultFee'), under `prefix` if any. */
export function rulesFieldOf(prefix = ''): (path: string) => MembershipRulesField | undefined {
  return (path) => (path.startsWith(prefix) ? FIELD_OF_PATH[path.slice(prefix.length)] : undefined);
}

const FEE_LABELS = { adultFee: 'Adult fee', juniorFee: 'Junior fee', familyFee: 'Family fee' } as const;

/**
 * The message under each fee typed that is no amount of dollars at all (blank, words, three decimals): the schema
 * would speak of cents, which nobody typed.
 */
export function notAmountMessages(v: MembershipRulesValues): Partial<Record<MembershipRulesField, string>> {
  const fields = (Object.keys(FEE_LABELS) as (keyof typeof FEE_LABELS)[]).filter((field) => Number.isNaN(typedCents(v[field])));
  return Object.fromEntries(fields.map((field) => [field, `${FEE_LABELS[field]} must be a number of dollars, such as 40.00.`]));
}
