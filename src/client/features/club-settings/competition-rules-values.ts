import type { CompetitionRules, Prize } from '../../../shared/competition';
import { typedCents } from './membership-rules-values';

/** A prize as a form holds it: its amount in dollars ('100.00') and what it is. */
export interface PrizeValues {
  amount: string;
  text: string;
}

/** The club's competition rules as a form holds them: amounts in dollars, counts and points as typed, times 'HH:mm'. */
export interface CompetitionRulesValues {
  memberFee: string;
  nonMemberFee: string;
  /** Blank: juniors pay the member fee. */
  juniorFee: string;
  signOnHours: string;
  fishingStart: string;
  fishingEnd: string;
  presentation: string;
  placePrizes: PrizeValues[];
  championPoints: string[];
  mysteryFishPrize: PrizeValues;
  pictureOfMonthPrize: PrizeValues;
  offshoreAllowed: boolean;
}

/**
 * Where a message shows: the rules' own path ('entryFeesCents.member', 'times.fishingEnd', 'placePrizes.1.text',
 * 'championPoints.0'), or a list's ('placePrizes') for one about the list as a whole.
 */
export type CompetitionField = string;

/** The most places a prize or champion points go to (as the rules' schema allows). */
export const MAX_PLACES = 10;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const prizeValues = (p: Prize): PrizeValues => ({ amount: dollars(p.cents), text: p.text });

export const competitionValues = (r: CompetitionRules): CompetitionRulesValues => ({
  memberFee: dollars(r.entryFeesCents.member),
  nonMemberFee: dollars(r.entryFeesCents.nonMember),
  juniorFee: r.entryFeesCents.junior === null ? '' : dollars(r.entryFeesCents.junior),
  signOnHours: String(r.times.signOnHours),
  fishingStart: r.times.fishingStart,
  fishingEnd: r.times.fishingEnd,
  presentation: r.times.presentation,
  placePrizes: r.placePrizes.map(prizeValues),
  championPoints: r.championPoints.map(String),
  mysteryFishPrize: prizeValues(r.mysteryFishPrize),
  pictureOfMonthPrize: prizeValues(r.pictureOfMonthPrize),
  offshoreAllowed: r.offshoreAllowed,
});

/** A count as typed; blank is no number at all (the schema says it must be one), never 0. */
const typedCount = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.trim()));
const prizeInput = (p: PrizeValues): Prize => ({ cents: typedCents(p.amount), text: p.text });

/** What the rules' schema parses: cents from dollars, numbers from what was typed; a blank junior fee is null. */
export const competitionInput = (v: CompetitionRulesValues): CompetitionRules => ({
  entryFeesCents: {
    member: typedCents(v.memberFee),
    nonMember: typedCents(v.nonMemberFee),
    junior: v.juniorFee.trim() === '' ? null : typedCents(v.juniorFee),
  },
  times: { signOnHours: typedCount(v.signOnHours), fishingStart: v.fishingStart, fishingEnd: v.fishingEnd, presentation: v.presentation },
  placePrizes: v.placePrizes.map(prizeInput),
  championPoints: v.championPoints.map(typedCount),
  mysteryFishPrize: prizeInput(v.mysteryFishPrize),
  pictureOfMonthPrize: prizeInput(v.pictureOfMonthPrize),
  offshoreAllowed: v.offshoreAllowed,
});

const FIELD_PATHS = [
  /^entryFeesCents\.(member|nonMember|junior)$/,
  /^times\.(signOnHours|fishingStart|fishingEnd|presentation)$/,
  /^placePrizes(\.\d+\.(cents|text))?$/,
  /^championPoints(\.\d+)?$/,
  /^(mysteryFishPrize|pictureOfMonthPrize)\.(cents|text)$/,
];

/** The field that shows a message about a rules path: the path itself (under `prefix` if any, which it keeps). */
export function competitionFieldOf(prefix = ''): (path: string) => CompetitionField | undefined {
  return (path) => (path.startsWith(prefix) && FIELD_PATHS.some((p) => p.test(path.slice(prefix.length))) ? path : undefined);
}

/**
 * The message under each amount or number typed that is none at all (blank, words, three decimals): the schema
 * would speak of cents, which nobody typed, or of a number it was not given. Keys are under `prefix`.
 */
export function notNumberMessages(v: CompetitionRulesValues, prefix = ''): Partial<Record<CompetitionField, string>> {
  const messages: Record<string, string> = {};
  const amount = (typed: string, field: string, label: string) => {
    if (Number.isNaN(typedCents(typed))) messages[prefix + field] = `${label} must be a number of dollars, such as 10.00.`;
  };
  amount(v.memberFee, 'entryFeesCents.member', 'Member entry fee');
  amount(v.nonMemberFee, 'entryFeesCents.nonMember', 'Non-member entry fee');
  if (v.juniorFee.trim() !== '') amount(v.juniorFee, 'entryFeesCents.junior', 'Junior entry fee');
  v.placePrizes.forEach((p, i) => amount(p.amount, `placePrizes.${i}.cents`, 'A place prize'));
  amount(v.mysteryFishPrize.amount, 'mysteryFishPrize.cents', 'Mystery fish prize');
  amount(v.pictureOfMonthPrize.amount, 'pictureOfMonthPrize.cents', 'Picture of the month prize');
  v.championPoints.forEach((p, i) => {
    if (Number.isNaN(typedCount(p))) messages[`${prefix}championPoints.${i}`] = 'Points must be a number, such as 3.';
  });
  return messages;
}

/** The messages left once a field changes: its own and, for a list, every one of its places' (they move up on a removal). */
export function withoutMessages<E extends Partial<Record<string, string>>>(errors: E, field: string): E {
  const kept = Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
  return kept.length === Object.keys(errors).length ? errors : (Object.fromEntries(kept) as E);
}
