import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDaySql, isJuniorOn, juniorOnSql, zoneSql } from '../../src/server/membership/junior-age';
import { EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { addDays, addYears, clubLocalToInstant } from '../../src/shared/dates';
import { startTestApp, type TestApp } from '../support/test-app';

/** The days around the 16th birthday that decide it, a leap-day birthday among them, and the club's calendar at midnight. */
const DAYS = ['2026-02-27', '2026-02-28', '2026-03-01', '2026-11-20', '2026-11-21', '2026-11-22', '2028-02-28', '2028-02-29', '2028-03-01'];
const BIRTHS = [
  '2010-11-21',
  '2010-11-22',
  '2010-11-20',
  '2012-02-29',
  '2010-03-01',
  '2012-02-28',
  '2011-01-01',
  '1980-05-05',
  '2026-01-01',
];

describe('who is a junior: the row rule and the SQL agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it.each([16, 18, 15])('is under the club’s junior age (%i) on the day, birthdays and leap days included', async (juniorUnder) => {
    const rules = { juniorUnder };
    if (juniorUnder === 16) {
      expect(isJuniorOn(rules, '2010-11-22', '2026-11-21')).toBe(true);
      expect(isJuniorOn(rules, '2010-11-21', '2026-11-21')).toBe(false);
    }
    const pairs = BIRTHS.flatMap((born) => DAYS.map((day) => ({ born, day })));
    const rows = await t
      .em()
      .getConnection()
      .execute<{ born: string; day: string; junior: boolean }[]>(
        `select p.born, p.day, ${juniorOnSql(rules, 'p.born::date', 'p.day::date')} as junior
         from jsonb_to_recordset(?::jsonb) as p(born text, day text)`,
        [JSON.stringify(pairs)],
      );
    expect(rows.map((r) => `${r.born} on ${r.day}: ${r.junior}`)).toEqual(
      pairs.map((p) => `${p.born} on ${p.day}: ${isJuniorOn(rules, p.born, p.day)}`),
    );
  });

  it('writes the junior age into SQL only as a whole number', () => {
    expect(juniorOnSql({ juniorUnder: 18 }, 'm.born', 'e.day')).toBe('(m.born is not null and extract(year from age(e.day, m.born)) < 18)');
    for (const bad of [16.5, Number.NaN, '16; drop table members' as unknown as number])
      expect(() => juniorOnSql({ juniorUnder: bad }, 'm.born', 'e.day')).toThrow('Not a junior age.');
  });

  it("reads an event's day on the club's calendar: a 6 am start is that day in Sydney, not the day before in UTC", async () => {
    const day = '2026-11-21';
    const start = clubLocalToInstant(`${day}T06:00`);
    const born = addDays(addYears(day, -16), 1); // 16 tomorrow: still a junior on the event's day
    const [row] = await t
      .em()
      .getConnection()
      .execute<{ junior: boolean }[]>(
        `select ${juniorOnSql(EXAMPLE_MEMBERSHIP_RULES, 'e.born', eventDaySql('e'))} as junior from (select ?::date as born, ?::timestamptz as event_date) e`,
        [born, start],
      );
    expect(row.junior).toBe(isJuniorOn(EXAMPLE_MEMBERSHIP_RULES, born, day));
    expect(row.junior).toBe(true);
  });

  it("writes the club's zone into SQL only as a zone name, so a stored value can never become SQL", () => {
    expect(eventDaySql('e', 'Australia/Brisbane')).toBe("(e.event_date at time zone 'Australia/Brisbane')::date");
    expect(zoneSql('America/Argentina/Buenos_Aires')).toBe("'America/Argentina/Buenos_Aires'");
    expect(zoneSql('Etc/GMT+10')).toBe("'Etc/GMT+10'");
    for (const bad of ["Australia/Sydney'; drop table members; --", "x' or '1'='1", 'Australia/Sydney ', ''])
      expect(() => eventDaySql('e', bad)).toThrow('Not a time zone name.');
  });
});
