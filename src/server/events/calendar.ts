import { clockYearsAround, zoneOffsetsFor } from '../../shared/club-clock';
import { fishingCloses, type FishingHours } from '../../shared/events';

export interface CalendarEvent {
  id: string;
  name: string;
  description?: string | null;
  location: string;
  start: Date;
  /** When fishing closes (the event's own hours); never before the start. */
  end: Date;
  url: string;
  /** The club's contact e-mail setting: where a reply from the calendar app goes. */
  organizer: string;
  /** The club's name: the maker of the file and the organiser's name. */
  clubName: string;
}

/**
 * A club event as calendar apps get it, the one mapping for the calendar file and every invitation: from the start to
 * the close of fishing, linking the portal's events tab, replies going to the club's contact address (`organizer`).
 */
export function calendarEntry(
  event: FishingHours & { id: string; name: string; description?: string | null; location: string; eventDate: Date },
  site: { publicUrl: string; organizer: string; clubName: string },
): CalendarEvent {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    location: event.location,
    start: event.eventDate,
    end: fishingCloses(event),
    url: `${site.publicUrl}/member?tab=events`,
    organizer: site.organizer,
    clubName: site.clubName,
  };
}

/** A TEXT value escaped as RFC 5545 §3.3.11 asks. */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** A UTC DATE-TIME value: '20261205T200000Z'. */
export const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** '+1100' from an offset in minutes. */
const utcOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/**
 * A time zone as RFC 5545 §3.6.5 writes one (VTIMEZONE), from the platform's time-zone data: each change of its
 * offset in the years around `now`, as an observance of its own (no rule restated by hand, whatever the zone).
 */
export function vtimezone(timeZone: string, now: Date): string[] {
  const { from, until } = clockYearsAround(now.getTime());
  const { changes } = zoneOffsetsFor(timeZone, from, until);
  const observance = ([at, to]: [number, number], before: number) => {
    const kind = to > before ? 'DAYLIGHT' : 'STANDARD';
    const onset = stamp(new Date(at + before * 60_000)).slice(0, -1);
    return [`BEGIN:${kind}`, `TZOFFSETFROM:${utcOffset(before)}`, `TZOFFSETTO:${utcOffset(to)}`, `DTSTART:${onset}`, `END:${kind}`];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...changes.flatMap((change, i) => observance(change, changes[Math.max(0, i - 1)][1])),
    'END:VTIMEZONE',
  ];
}

/** Folds a content line at 75 octets, as RFC 5545 §3.1 asks, without splitting a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** An iCalendar (.ics) file with one event, for calendar apps. */
export function eventIcs(event: CalendarEvent, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(event.clubName)}//Club website//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${new URL(event.url).hostname}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end > event.start ? event.end : event.start)}`,
    `SUMMARY:${escapeText(event.name)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `URL:${event.url}`,
    `ORGANIZER;CN=${escapeText(event.clubName)}:mailto:${event.organizer}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The invitation as an e-mail attachment ('bream-classic.ics'), as the registration confirmation and day-before reminder carry it. */
export function icsAttachment(event: CalendarEvent, now: Date): { filename: string; content: string; contentType: string } {
  const slug =
    event.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event';
  return { filename: `${slug}.ics`, content: eventIcs(event, now), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
