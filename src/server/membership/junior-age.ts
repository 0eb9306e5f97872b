import { clubTimeZone } from '../../shared/dates';
import { JUNIOR_MAX_AGE } from '../../shared/membership';

// 'Is this person a junior?', once for a loaded row and once for raw SQL, side by side so the two cannot drift
// apart: under 16 on the day that matters (the event's day for entries, divisions and who may enter; today for a
// household's juniors; the day of joining for the fee), whatever the household's membership type says.

export { isJuniorOn } from '../../shared/membership';

/**
 * `isJuniorOn` as a SQL condition: `birthDate` a date column, `day` a SQL date (a `?::date` placeholder or an
 * expression). Someone without a birth date is not a junior.
 */
export function juniorOnSql(birthDate: string, day: string): string {
  return `(${birthDate} is not null and extract(year from age(${day}, ${birthDate})) <= ${JUNIOR_MAX_AGE})`;
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
