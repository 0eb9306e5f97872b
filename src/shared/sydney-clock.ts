/**
 * The club's clocks (Australia/Sydney) and their en-AU names, worked out by hand. The first Intl formatter a page
 * makes costs a phone 50–100 ms of its CPU while ICU loads its data and the zone's rules, on every first screen that
 * shows a date or a price; this costs nothing. `dates.ts` uses it for Sydney and keeps Intl for any other zone.
 *
 * New South Wales' rule since 2008: daylight saving (AEDT, UTC+11) from 2:00 AEST on the first Sunday in October to
 * 3:00 AEDT on the first Sunday in April; AEST (UTC+10) the rest of the year. Both changes fall at 16:00 UTC on the
 * Saturday before. `test/server/display-formats.test.ts` checks every half hour of 2008–2040 against Intl.
 */
export const SYDNEY = 'Australia/Sydney';

const HOUR = 3_600_000;
/** The rule's first change: daylight saving ended at 3:00 AEDT on 6 April 2008. Earlier instants go to Intl. */
const RULE_SINCE = Date.UTC(2008, 3, 5, 16);

export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** en-AU's short month names ('June', 'July' and 'Sept' are not cut to three letters). */
export const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
export const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Midnight UTC of the first Sunday of a month. */
function firstSunday(year: number, month: number): number {
  const first = Date.UTC(year, month, 1);
  return first + ((7 - new Date(first).getUTCDay()) % 7) * 24 * HOUR;
}

/** Sydney's offset from UTC at an instant in ms, or undefined before the 2008 rule (and for an invalid instant). */
export function sydneyOffsetMs(instant: number): number | undefined {
  if (!(instant >= RULE_SINCE)) return undefined;
  const year = new Date(instant + 10 * HOUR).getUTCFullYear();
  const summerEnds = firstSunday(year, 3) - 8 * HOUR;
  const summerStarts = firstSunday(year, 9) - 8 * HOUR;
  return instant < summerEnds || instant >= summerStarts ? 11 * HOUR : 10 * HOUR;
}

/** The Sydney wall clock at an instant as a Date whose UTC fields read it, or undefined where the rule does not reach. */
export function sydneyWallClock(instant: number): Date | undefined {
  const offset = sydneyOffsetMs(instant);
  return offset === undefined ? undefined : new Date(instant + offset);
}

/** '7:00 am', '12:31 pm' from a wall clock. */
export function wallTime(wall: Date): string {
  const hours = wall.getUTCHours();
  return `${hours % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}
