import { z } from 'zod';

const MAX_FEE_CENTS = 1_000_000;

const fee = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be below zero.`)
    .max(MAX_FEE_CENTS, `${label} must be at most $10,000.`);

/** The most people a family may cover (each of its limits at most 6), and so the most one join form takes. */
export const MAX_FAMILY_LIMIT = 6;
export const MAX_HOUSEHOLD = 2 * MAX_FAMILY_LIMIT;

const familyLimit = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(MAX_FAMILY_LIMIT, `${label} must be at most ${MAX_FAMILY_LIMIT}.`);

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
export type MembershipRulesInput = z.input<typeof membershipRulesSchema>;
// The type itself lives with the rules' functions (membership.ts), which pages import without zod.
export type { MembershipRules } from './membership';
