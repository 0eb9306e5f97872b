import { clubTimeZone } from '../../shared/dates';
import type { MembershipRules } from '../../shared/membership';

// 'Is this person a junior?', once for a loaded row and once for raw SQL, side by side so the two cannot drift
// apart: under the club's junior age on the day that matters (the event's day for entries, divisions and who may enter; today for a
// household's juniors; the day of joining for the fee), whatever the household's membership type says.

export { isJuniorOn } from '../../shared/membership';

/**
 * `isJuniorOn` as a SQL condition: `birthDate` a date column, `day` a SQL date (a `?::date` placeholder or an
 * expression); a junior's age on the day is under the club's junior age. Someone without a birth date is not a
 * junior. The age is written into the SQL only as a whole number, so a stored value can never become SQL.
 */
export function juniorOnSql(rules: Pick<MembershipRules, 'juniorUnder'>, birthDate: string, day: string): string {
  const under = rules.juniorUnder;
  if (!Number.isSafeInteger(under)) throw new Error('Not a junior age.');
  return `(${birthDate} is not null and extract(year from age(${day}, ${birthDate})) < ${under})`;
}

/** An IANA zone name ('Australia/Sydney', 'Etc/GMT+10') as a SQL string literal; anything else is refused. */
export function zoneSql(timeZone: string): string {
  if (!/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) throw new Error('Not a time zone name.');
  return `'${timeZone}'`;
}

/**
 * An event's day on the club's calendar (its zone as it stands when called), in SQL (`event` the events table's
 * alias): the day that makes a junior.
 */
export const eventDaySql = (event: string, timeZone: string = clubTimeZone()) =>
  `(${event}.event_date at time zone ${zoneSql(timeZone)})::date`;
