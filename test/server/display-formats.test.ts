import { describe, expect, it } from 'vitest';
import {
  clubLocalToInstant,
  clubToday,
  formatClubDateTime,
  formatClubLongDate,
  formatClubStamp,
  formatClubTime,
  keepZoneOffsets,
} from '../../src/shared/dates';
import { formatAud, formatAudPrice } from '../../src/shared/membership';
import { intlOffsetMs, keptOffsetMs, zoneOffsetsFor } from '../../src/shared/club-clock';

describe('amounts and times as people read them', () => {
  it('writes dollars with cents, thousands separated, a minus in front of a refund', () => {
    expect([formatAud(123456), formatAud(4000), formatAud(-1500), formatAud(0)]).toEqual(['$1,234.56', '$40.00', '-$15.00', '$0.00']);
    expect([formatAud(5), formatAud(123456789), formatAud(99999)]).toEqual(['$0.05', '$1,234,567.89', '$999.99']);
    expect([formatAudPrice(100000), formatAudPrice(4000), formatAudPrice(1250), formatAudPrice(1_000_000_00)]).toEqual([
      '$1,000',
      '$40',
      '$12.50',
      '$1,000,000',
    ]);
  });

  it('writes amounts as Intl does in en-AU', () => {
    const intl = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let cents = -250_000; cents <= 2_500_000; cents += 997) {
      expect(formatAud(cents)).toBe(`${cents < 0 ? '-' : ''}$${intl.format(Math.abs(cents) / 100)}`);
    }
  });

  it("writes an instant on the club's clocks, daylight saving or not", () => {
    expect(formatClubDateTime('2026-12-05T20:00:00Z')).toBe('Sun, 6 Dec 2026, 7:00 am');
    expect(formatClubDateTime(new Date('2026-07-01T00:30:00Z'))).toBe('Wed, 1 July 2026, 10:30 am');
  });

  it("keeps a zone's offsets from the platform's time-zone data exactly, to the minute either side of each change", () => {
    const from = Date.UTC(2024, 0, 1);
    const until = Date.UTC(2031, 0, 1);
    // Sydney and Lord Howe Island change (by an hour and by half an hour), Brisbane never does, New York changes in
    // the other half of the year.
    for (const zone of ['Australia/Sydney', 'Australia/Lord_Howe', 'Australia/Brisbane', 'America/New_York']) {
      const kept = zoneOffsetsFor(zone, from, until);
      const wrong: string[] = [];
      for (let at = from; at < until; at += 1_800_000) if (keptOffsetMs(kept, at) !== intlOffsetMs(at, zone)) wrong.push(`${zone} ${at}`);
      for (const [change] of kept.changes.slice(1)) {
        for (const at of [change - 60_000, change, change + 60_000]) {
          if (keptOffsetMs(kept, at) !== intlOffsetMs(at, zone)) wrong.push(`${zone} ${new Date(at).toISOString()}`);
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(kept.changes.length).toBe(zone === 'Australia/Brisbane' ? 1 : 15);
    }
    // Outside the kept years nothing is kept: Intl answers.
    const sydney = zoneOffsetsFor('Australia/Sydney', from, until);
    expect(keptOffsetMs(sydney, Date.UTC(2007, 0, 1))).toBeUndefined();
    expect(formatClubDateTime('2007-01-01T00:00:00Z')).toBe('Mon, 1 Jan 2007, 11:00 am');
  });

  it('writes the same dates with the offsets kept as with Intl alone', () => {
    const instants = [Date.UTC(2026, 9, 3, 15, 59), Date.UTC(2026, 9, 3, 16, 0), Date.UTC(2027, 3, 3, 16, 0), Date.UTC(2026, 11, 5, 20)];
    const withIntl = instants.map((at) => formatClubDateTime(new Date(at)));
    keepZoneOffsets(zoneOffsetsFor('Australia/Sydney', Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1)));
    expect(instants.map((at) => formatClubDateTime(new Date(at)))).toEqual(withIntl);
    expect(withIntl[0]).toBe('Sun, 4 Oct 2026, 1:59 am');
    expect(withIntl[1]).toBe('Sun, 4 Oct 2026, 3:00 am');
  });

  it('writes dates and times on the club clocks as Intl does in en-AU', () => {
    const at = (zone: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', ...zone });
    const display = at({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    const time = at({ hour: 'numeric', minute: '2-digit' });
    const long = at({ day: 'numeric', month: 'long', year: 'numeric' });
    const stamp = at({ dateStyle: 'medium', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' });
    // Every 7 h 13 min over two years: every month, weekday and hour of the day.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 26_000_000) {
      const instant = new Date(t);
      expect(formatClubDateTime(instant)).toBe(display.format(instant));
      expect(formatClubTime(instant)).toBe(time.format(instant));
      expect(formatClubLongDate(instant)).toBe(long.format(instant));
      expect(formatClubStamp(instant.toISOString())).toBe(stamp.format(instant));
      expect(clubToday(instant)).toBe(day.format(instant));
    }
    // A wall time in the hour that daylight saving skips, and one in the hour it repeats (the later one, in AEST).
    expect(clubLocalToInstant('2026-10-04T02:30').toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(clubLocalToInstant('2026-04-05T02:30').toISOString()).toBe('2026-04-04T16:30:00.000Z');
  });
});
