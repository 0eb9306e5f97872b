import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { isJuniorOn, type MembershipRules, type MembershipType } from '../../shared/membership';

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '2 adults and 3 juniors (under 16)': whom the club's family membership covers. */
export const familyCoverText = (rules: Pick<MembershipRules, 'familyLimits' | 'juniorUnder'>) =>
  `${counted(rules.familyLimits.adults, 'adult')} and ${counted(rules.familyLimits.juniors, 'junior')} (under ${rules.juniorUnder})`;

/**
 * The adults and juniors (under the club's junior age on `day`) among people born on `birthDates`, and whether the
 * club's family membership covers them all.
 */
export function familyCount(
  rules: Pick<MembershipRules, 'familyLimits' | 'juniorUnder'>,
  birthDates: IsoDate[],
  day: IsoDate,
): { adults: number; juniors: number; fits: boolean } {
  const juniors = birthDates.filter((d) => isJuniorOn(rules, d, day)).length;
  const adults = birthDates.length - juniors;
  return { adults, juniors, fits: adults <= rules.familyLimits.adults && juniors <= rules.familyLimits.juniors };
}

/** Outside a family household, everyone holds their own membership: junior while under the club's junior age, adult from it. */
export const ownType = (rules: Pick<MembershipRules, 'juniorUnder'>, birthDate: IsoDate, day: IsoDate): MembershipType =>
  isJuniorOn(rules, birthDate, day) ? 'junior' : 'adult';

/**
 * The committee's change to a family household: refused when its people would be more adults or juniors (under the
 * club's junior age today) than the club's family membership covers.
 */
export function checkFamily(
  rules: Pick<MembershipRules, 'familyLimits' | 'juniorUnder'>,
  people: { dateOfBirth: IsoDate }[],
  today: IsoDate,
): void {
  const { adults, juniors, fits } = familyCount(
    rules,
    people.map((p) => p.dateOfBirth),
    today,
  );
  if (!fits)
    throw new AppError(
      'BAD_REQUEST',
      `A family membership covers up to ${familyCoverText(rules)}; this household would have ${adults} adults and ${juniors} juniors.`,
      { field: 'membershipType' },
    );
}
