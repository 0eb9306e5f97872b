import { COMPETITION_RULES_ID, type CompetitionRules, type Prize } from '../../shared/competition';
import { pageSetting } from './page-setting';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isTime = (value: unknown): value is string => typeof value === 'string' && /^\d\d:\d\d$/.test(value);
const isPrize = (value: unknown): value is Prize =>
  typeof value === 'object' && value !== null && isCount((value as Prize).cents) && typeof (value as Prize).text === 'string';
const isList = <T>(value: unknown, isItem: (item: unknown) => item is T): value is T[] =>
  Array.isArray(value) && value.length > 0 && value.every(isItem);

/** Rules as the server wrote them (checked in full by their schema when saved): only their shape is checked here. */
function isRules(value: unknown): value is CompetitionRules {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { [K in keyof CompetitionRules]?: unknown };
  const fees = v.entryFeesCents as Partial<CompetitionRules['entryFeesCents']> | null | undefined;
  const times = v.times as Partial<CompetitionRules['times']> | null | undefined;
  return (
    typeof fees === 'object' &&
    fees !== null &&
    isCount(fees.member) &&
    isCount(fees.nonMember) &&
    (fees.junior === null || isCount(fees.junior)) &&
    typeof times === 'object' &&
    times !== null &&
    isCount(times.signOnHours) &&
    isTime(times.fishingStart) &&
    isTime(times.fishingEnd) &&
    isTime(times.presentation) &&
    isList(v.placePrizes, isPrize) &&
    isList(v.championPoints, isCount) &&
    isPrize(v.mysteryFishPrize) &&
    isPrize(v.pictureOfMonthPrize) &&
    typeof v.offshoreAllowed === 'boolean'
  );
}

/**
 * Until the rules are known (only ever briefly, on a page served without them): nothing priced, no prize, no points,
 * and a morning's fishing.
 */
const UNKNOWN_RULES: CompetitionRules = {
  entryFeesCents: { member: 0, nonMember: 0, junior: null },
  times: { signOnHours: 2, fishingStart: '07:00', fishingEnd: '14:00', presentation: '16:00' },
  placePrizes: [{ cents: 0, text: '' }],
  championPoints: [0],
  mysteryFishPrize: { cents: 0, text: '' },
  pictureOfMonthPrize: { cents: 0, text: '' },
  offshoreAllowed: false,
};

const rules = pageSetting<CompetitionRules>({
  id: COMPETITION_RULES_ID,
  path: 'club.competition',
  isValid: isRules,
  unknown: UNKNOWN_RULES,
});

/** Takes the club's competition rules (the page's, the device's copy, or the ones just saved in Admin → Club settings). */
export const setCompetitionRules = rules.set;
/** At start: the rules the page came with, else the device's copy, else asks the API. */
export const keepCompetitionRules = rules.keep;
/** The club's entry fees, the day's times, prizes and champion points, outside a component. */
export const competitionRules = rules.get;
/** The club's entry fees, the day's times, prizes and champion points in a component: it redraws when they are saved anew. */
export const useCompetitionRules = rules.use;
