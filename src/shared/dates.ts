import { intlOffsetMs, keptOffsetMs, MONTHS_LONG, MONTHS_SHORT, wallTime, WEEKDAYS_SHORT, type ZoneOffsets } from './club-clock';

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

/**
 * The club's time zone: one club per site, so one per process (and per page). The server sets it from the club's
 * profile when it starts and whenever the profile is read afresh; the app from the offsets its page came with.
 * Until then, the example club's (club-example.ts; written here, as the profile's schema imports this module).
 */
let clubZone = 'Australia/Sydney';
export function setClubZone(zone: string): void {
  clubZone = zone;
}
/** The club's IANA time zone ('Australia/Sydney'). */
export const clubTimeZone = (): string => clubZone;

const keptOffsets = new Map<string, ZoneOffsets>();
/** Keeps a zone's offsets (`club-clock.ts`): the club's dates are then read without Intl. */
export function keepZoneOffsets(offsets: ZoneOffsets): void {
  keptOffsets.set(offsets.timeZone, offsets);
}

/** Offset of a time zone from UTC at an instant, in milliseconds: from the kept offsets, or else from Intl. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const kept = keptOffsets.get(timeZone);
  return (kept && keptOffsetMs(kept, instant)) ?? intlOffsetMs(instant, timeZone);
}

/** The wall clock of a zone at an instant, as a Date whose UTC fields read it. */
function wallClock(instant: number, timeZone: string): Date {
  return new Date(instant + zoneOffsetMs(instant, timeZone));
}

/** Today's date in the club's time zone, whatever the server's zone. */
export function clubToday(now: Date, timeZone: string = clubZone): IsoDate {
  // Every zone's offset is whole minutes, so the date is the same all minute: work it out once a minute, not per
  // call (a kept answer's key asks for it on every request).
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = wallClock(now.getTime(), timeZone).toISOString().slice(0, 10) as IsoDate;
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

/** 'YYYY-MM-DDTHH:mm' on the club's clocks → the instant it names (daylight saving included). */
export function clubLocalToInstant(local: string, timeZone: string = clubZone): Date {
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
export function instantToClubLocal(instant: Date, timeZone: string = clubZone): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}

/** 'Sat, 5 Dec 2026, 7:00 am' in the club's time zone. */
export function formatClubDateTime(instant: Date | string, timeZone: string = clubZone): string {
  const wall = wallClock(new Date(instant).getTime(), timeZone);
  return `${WEEKDAYS_SHORT[wall.getUTCDay()]}, ${formatWallDate(wall, MONTHS_SHORT)}, ${wallTime(wall)}`;
}

/** '5 December 2026' (or with short months '5 Dec 2026') from a wall clock. */
function formatWallDate(wall: Date, months: readonly string[]): string {
  return `${wall.getUTCDate()} ${months[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** '5 December 2026': the day of an instant on the club's clocks, as a news article is dated. */
export function formatClubLongDate(instant: Date | string): string {
  return formatWallDate(wallClock(new Date(instant).getTime(), clubZone), MONTHS_LONG);
}

/** '21 Nov 2026, 4:52 pm' on the club's clocks: when a message was sent, without the weekday. */
export function formatClubStamp(instant: Date | string): string {
  const wall = wallClock(new Date(instant).getTime(), clubZone);
  return `${formatWallDate(wall, MONTHS_SHORT)}, ${wallTime(wall)}`;
}

/** '2:31 pm' in the club's time zone. */
export function formatClubTime(instant: Date | string, timeZone: string = clubZone): string {
  return wallTime(wallClock(new Date(instant).getTime(), timeZone));
}

const OFFSET_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * An ISO 8601 date-time with an offset, as a script sends it ('2026-12-05T06:00:00+10:00', '2026-12-04T20:00:00Z'),
 * as 'YYYY-MM-DDTHH:mm' on the club's clocks; undefined for anything else (the club's local form, a bad date), which
 * the caller leaves for the schema to judge.
 */
export function offsetDateTimeToClubLocal(value: string, timeZone: string = clubZone): string | undefined {
  const match = OFFSET_DATE_TIME.exec(value.trim());
  if (!match || !isIsoDate(match[1])) return undefined;
  const instant = Date.parse(value.trim());
  return Number.isNaN(instant) ? undefined : instantToClubLocal(new Date(instant), timeZone);
}
