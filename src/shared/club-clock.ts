/**
 * The club's clocks: the offsets of its time zone from UTC, taken from the platform's time-zone data (Intl), and
 * en-AU's names for days and months.
 *
 * The first Intl formatter with a time zone costs a slow phone 60–70 ms of its CPU while ICU loads the zone's data
 * (measured at 4× CPU throttling in Chromium). So the server, where that costs nothing, reads the club's zone's
 * offsets for the years around today once (`zoneOffsetsFor`) and sends them in each page's HTML (`CLUB_CLOCK_ID`);
 * the app keeps them (`keepZoneOffsets`) and reads its wall clock from them. An instant outside the kept years, or a
 * page without them (the offline app), asks Intl, which gives the same answer.
 */

/** The id of the `<script type="application/json">` in a page's HTML that carries the club's zone offsets. */
export const CLUB_CLOCK_ID = 'club-clock';

/** A time zone's offsets from UTC between two instants: each change as [instant in ms, offset in minutes]. */
export interface ZoneOffsets {
  timeZone: string;
  from: number;
  until: number;
  /** The first entry is the offset at `from`; each later one starts at its instant. */
  changes: Array<[at: number, offsetMinutes: number]>;
}

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset at an instant in ms, from Intl (one formatter per zone, made on first use). */
export function intlOffsetMs(instant: number, timeZone: string): number {
  let parts = partsFormatters.get(timeZone);
  if (!parts) {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, parts);
  }
  const get = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(get.year, get.month - 1, get.day, get.hour, get.minute, get.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * A zone's offsets from `from` until `until`, read from Intl a week apart (no zone changes twice in a week) and each
 * change found to the minute (every zone changes on a whole minute).
 */
export function zoneOffsetsFor(timeZone: string, from: number, until: number): ZoneOffsets {
  const changes: ZoneOffsets['changes'] = [[from, intlOffsetMs(from, timeZone) / MINUTE]];
  for (let start = from; start < until; start += WEEK) {
    const end = Math.min(start + WEEK, until);
    const before = changes[changes.length - 1][1];
    const after = intlOffsetMs(end, timeZone) / MINUTE;
    if (after === before) continue;
    let low = start; // offset `before` here
    let high = end; // offset `after` here
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
      if (intlOffsetMs(middle, timeZone) / MINUTE === before) low = middle;
      else high = middle;
    }
    changes.push([high, after]);
  }
  return { timeZone, from, until, changes };
}

/** The offset at an instant in ms from kept offsets, or undefined outside them. */
export function keptOffsetMs(kept: ZoneOffsets, instant: number): number | undefined {
  if (!(instant >= kept.from && instant < kept.until)) return undefined;
  let offset = kept.changes[0][1];
  for (const [at, minutes] of kept.changes) {
    if (at > instant) break;
    offset = minutes;
  }
  return offset * MINUTE;
}

/** The years around an instant that a page's kept offsets cover: two back, five ahead. */
export function clockYearsAround(now: number): { from: number; until: number } {
  const year = new Date(now).getUTCFullYear();
  return { from: Date.UTC(year - 2, 0, 1), until: Date.UTC(year + 5, 0, 1) };
}

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

/** '7:00 am', '12:31 pm' from a wall clock. */
export function wallTime(wall: Date): string {
  const hours = wall.getUTCHours();
  return `${hours % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}
