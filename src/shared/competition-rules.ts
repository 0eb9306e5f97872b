import { z } from 'zod';
import type { CompetitionRules } from './competition';

const MAX_CENTS = 1_000_000;

const amount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be below zero.`)
    .max(MAX_CENTS, `${label} must be at most $10,000.`);

const time = (label: string) =>
  z.string({ error: `${label} must be a time like 07:00.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 07:00.`);

const prize = (label: string) =>
  z.object({
    cents: amount(label),
    text: z
      .string({ error: `${label} must say what it is, like '$100 voucher'.` })
      .trim()
      .min(1, `${label} must say what it is, like '$100 voucher'.`)
      .max(60, `${label} must be at most 60 characters.`),
  });

/**
 * The club's competition rules: what entering costs, the day's times, what each place wins and scores, and the
 * mystery fish and picture of the month. Chosen on the setup page, changed in Admin → Club settings; a change applies
 * to events made and entries paid from then on.
 */
export const competitionRulesSchema = z
  .object({
    entryFeesCents: z.object({
      member: amount('Member entry fee'),
      nonMember: amount('Non-member entry fee'),
      /** Null: juniors pay the member fee. */
      junior: amount('Junior entry fee').nullable(),
    }),
    times: z.object({
      signOnHours: z
        .number({ error: 'Sign-on hours must be a number.' })
        .int('Sign-on hours must be a whole number.')
        .min(1, 'Sign-on must run for at least 1 hour.')
        .max(6, 'Sign-on must run for at most 6 hours.'),
      fishingStart: time('Fishing start'),
      fishingEnd: time('Fishing end'),
      presentation: time('Presentation'),
    }),
    placePrizes: z.array(prize('Place prize')).min(1, 'Give at least a first place prize.').max(10, 'At most 10 places win prizes.'),
    championPoints: z
      .array(z.number().int('Points must be whole numbers.').min(0, 'Points cannot be below zero.').max(100, 'Points must be at most 100.'))
      .min(1, 'Give at least first place its points.')
      .max(10, 'At most 10 places score points.'),
    mysteryFishPrize: prize('Mystery fish prize'),
    pictureOfMonthPrize: prize('Picture of the month prize'),
    offshoreAllowed: z.boolean({ error: 'Say whether offshore fishing is allowed.' }),
  })
  .refine((r) => r.times.fishingEnd > r.times.fishingStart, {
    message: 'Fishing end must be after fishing start.',
    path: ['times', 'fishingEnd'],
  });
export type { CompetitionRules };
