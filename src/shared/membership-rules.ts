import { z } from 'zod';
import { MONTHS_LONG } from './club-clock';
import { addDays, addYears, ageOn, type IsoDate } from './dates';
import type { MembershipType } from './membership';

const MAX_FEE_CENTS = 1_000_000;

const fee = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be below zero.`)
    .max(MAX_FEE_CENTS, `${label} must be at most $10,000.`);

const familyLimit = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(10, `${label} must be at most 10.`);

/** 'MM-DD' of a day every year has (29 February never starts a year). */
const monthDay = z
  .string({ error: 'The membership year’s first day must be a date like 07-01.' })
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'The membership year’s first day must be a date like 07-01.')
  .refine((md) => !['02-29', '02-30', '02-31', '04-31', '06-31', '09-31', '11-31'].includes(md), 'That day is not in every year.');

/**
 * The club's memberships: the annual fees, who a family covers, who is a junior, and the membership year. Chosen on
 * the setup page, changed in Admin → Club settings; a change prices what is bought from then on, never what was paid.
 */
export const membershipRulesSchema = z.object({
  feesCents: z.object({ adult: fee('Adult fee'), junior: fee('Junior fee'), family: fee('Family fee') }),
  familyLimits: z.object({ adults: familyLimit('Adults in a family'), juniors: familyLimit('Juniors in a family') }),
  /** A junior is under this age on the day that matters (joining, an event's day). */
  juniorUnder: z
    .number({ error: 'Junior age must be a number.' })
    .int('Junior age must be a whole number.')
    .min(5, 'Junior age must be at least 5.')
    .max(21, 'Junior age must be at most 21.'),
  /** A year from the day paid, or a fixed year starting on a day ('07-01': 1 July to 30 June). */
  year: z.discriminatedUnion(
    'kind',
    [z.object({ kind: z.literal('fromJoining') }), z.object({ kind: z.literal('fixed'), startsOn: monthDay })],
    {
      error: 'Choose a membership year: a year from joining, or a fixed year.',
    },
  ),
});
export type MembershipRules = z.output<typeof membershipRulesSchema>;

/** Whether a person born on `birthDate` is a junior on `day`. */
export const isJuniorUnder = (rules: Pick<MembershipRules, 'juniorUnder'>, birthDate: IsoDate, day: IsoDate) =>
  ageOn(birthDate, day) < rules.juniorUnder;

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
