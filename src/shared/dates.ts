import { CLUB } from './club';
import { MONTHS_LONG, MONTHS_SHORT, SYDNEY, sydneyWallClock, wallTime, WEEKDAYS_SHORT } from './sydney-clock';

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

// Building an Intl.DateTimeFormat costs far more than using one: the public reads ask for "today" on every
// request, and a phone draws a date on every event card. One formatter per time zone and kind, made on first use;
// the club's own zone is worked out by hand (`sydney-clock.ts`), so a phone's first screen loads no ICU data.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'day' | 'parts' | 'display', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}:${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : kind === 'display'
          ? new Intl.DateTimeFormat('en-AU', {
              timeZone,
              weekday: 'short',
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
            })
          : new Intl.DateTimeFormat('en-US', {
              timeZone,
              hourCycle: 'h23',
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            });
    formatters.set(key, made);
  }
  return made;
}

/** The wall clock of the club's zone at an instant (UTC fields read it), when worked out without Intl. */
function wallClock(instant: number, timeZone: string): Date | undefined {
  return timeZone === SYDNEY ? sydneyWallClock(instant) : undefined;
}

/** Today's date in the club's time zone (Australia/Sydney), whatever the server's zone. */
export function clubToday(now: Date, timeZone: string = CLUB.timeZone): IsoDate {
  // Every zone's offset is whole minutes, so the date is the same all minute: format it once a minute, not per
  // call (a kept answer's key asks for it on every request, and formatting costs more than the rest of that).
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = (wallClock(now.getTime(), timeZone)?.toISOString().slice(0, 10) ?? formatter('day', timeZone).format(now)) as IsoDate;
  lastDay.set(timeZone, { minute, day });
  return day;
}
const lastDay = new Map<string, { minute: number; day: IsoDate }>();

/** Adds whole years; 29 February becomes 28 February in a common year. */
export function addYears(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number);
  const target = y + years;
  const lastDay = new Date(Date.UTC(target, m, 0)).getUTCDate();
  return `${target}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Adds (or with a negative number, takes away) whole days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` comes first). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Full years between a birth date and a day. */
export function ageOn(birthDate: IsoDate, day: IsoDate): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** 21/11/2026, as people here read dates. */
export function formatAuDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

export const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  if (wall) return wall.getTime() - instant;
  const parts = formatter('parts', timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

/** 'YYYY-MM-DDTHH:mm' on the club's clocks → the instant it names (daylight saving included). */
export function clubLocalToInstant(local: string, timeZone: string = CLUB.timeZone): Date {
  const [date, time = '00:00'] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles instants near a daylight-saving change.
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** The instant as 'YYYY-MM-DDTHH:mm' on the club's clocks (what a datetime-local input shows). */
export function instantToClubLocal(instant: Date, timeZone: string = CLUB.timeZone): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}

/** 'Sat, 5 Dec 2026, 7:00 am' in the club's time zone. */
export function formatClubDateTime(instant: Date | string, timeZone: string = CLUB.timeZone): string {
  const wall = wallClock(new Date(instant).getTime(), timeZone);
  if (!wall) return formatter('display', timeZone).format(new Date(instant));
  return `${WEEKDAYS_SHORT[wall.getUTCDay()]}, ${formatWallDate(wall, MONTHS_SHORT)}, ${wallTime(wall)}`;
}

/** '5 December 2026' (or with short months '5 Dec 2026') from a wall clock. */
function formatWallDate(wall: Date, months: readonly string[]): string {
  return `${wall.getUTCDate()} ${months[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** '5 December 2026': the day of an instant on the club's clocks, as a news article is dated. */
export function formatClubLongDate(instant: Date | string): string {
  const at = new Date(instant);
  const wall = wallClock(at.getTime(), CLUB.timeZone);
  return wall
    ? formatWallDate(wall, MONTHS_LONG)
    : new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB.timeZone }).format(at);
}

/** '21 Nov 2026, 4:52 pm' on the club's clocks: when a message was sent, without the weekday. */
export function formatClubStamp(instant: Date | string): string {
  const at = new Date(instant);
  const wall = wallClock(at.getTime(), CLUB.timeZone);
  return wall
    ? `${formatWallDate(wall, MONTHS_SHORT)}, ${wallTime(wall)}`
    : new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: CLUB.timeZone }).format(at);
}

// Kept apart from `formatter` above, one per time zone made on first use in the same way.
const timeFormatters = new Map<string, Intl.DateTimeFormat>();
/** '2:31 pm' in the club's time zone. */
export function formatClubTime(instant: Date | string, timeZone: string = CLUB.timeZone): string {
  const wall = wallClock(new Date(instant).getTime(), timeZone);
  if (wall) return wallTime(wall);
  let made = timeFormatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormatters.set(timeZone, made);
  }
  return made.format(new Date(instant));
}

const OFFSET_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * An ISO 8601 date-time with an offset, as a script sends it ('2026-12-05T06:00:00+10:00', '2026-12-04T20:00:00Z'),
 * as 'YYYY-MM-DDTHH:mm' on the club's clocks; undefined for anything else (the club's local form, a bad date), which
 * the caller leaves for the schema to judge.
 */
export function offsetDateTimeToClubLocal(value: string, timeZone: string = CLUB.timeZone): string | undefined {
  const match = OFFSET_DATE_TIME.exec(value.trim());
  if (!match || !isIsoDate(match[1])) return undefined;
  const instant = Date.parse(value.trim());
  return Number.isNaN(instant) ? undefined : instantToClubLocal(new Date(instant), timeZone);
}
