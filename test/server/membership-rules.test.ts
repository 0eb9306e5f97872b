import { describe, expect, it } from 'vitest';
import { isJuniorOn, membershipEnd, membershipLabels, membershipYearText } from '../../src/shared/membership';
import { membershipRulesSchema } from '../../src/shared/membership-rules';

const fixedJuly = { year: { kind: 'fixed', startsOn: '07-01' } } as const;
const fromJoining = { year: { kind: 'fromJoining' } } as const;

describe("a club's membership rules", () => {
  it('end a membership at the end of the membership year, or a year after joining', () => {
    expect(membershipEnd(fixedJuly, '2026-12-06')).toBe('2027-06-30');
    expect(membershipEnd(fixedJuly, '2026-07-01')).toBe('2027-06-30');
    // Bought on the year's last day, or renewed from it: the next year.
    expect(membershipEnd(fixedJuly, '2027-06-30')).toBe('2028-06-30');
    expect(membershipEnd({ year: { kind: 'fixed', startsOn: '01-01' } }, '2026-12-31')).toBe('2027-12-31');
    expect(membershipEnd({ year: { kind: 'fixed', startsOn: '01-01' } }, '2026-03-01')).toBe('2026-12-31');
    expect(membershipEnd(fromJoining, '2026-12-06')).toBe('2027-12-06');
    expect(membershipEnd(fromJoining, '2028-02-29')).toBe('2029-02-28');
  });

  it('say who is a junior, and name the types and the year as people read them', () => {
    expect(isJuniorOn({ juniorUnder: 16 }, '2010-12-07', '2026-12-06')).toBe(true);
    expect(isJuniorOn({ juniorUnder: 16 }, '2010-12-06', '2026-12-06')).toBe(false);
    expect(isJuniorOn({ juniorUnder: 18 }, '2010-12-06', '2026-12-06')).toBe(true);
    expect(membershipLabels({ juniorUnder: 18, familyLimits: { adults: 1, juniors: 4 } })).toEqual({
      adult: 'Adult',
      junior: 'Junior (under 18)',
      family: 'Family (1 adult + 4 juniors)',
    });
    expect(membershipYearText(fixedJuly)).toBe('1 July to 30 June');
    expect(membershipYearText(fromJoining)).toBe('a year from the day you join');
  });

  it('refuse a fee below zero, a family limit below 1 and a day not in every year, naming the field', () => {
    const good = {
      feesCents: { adult: 4000, junior: 3000, family: 12000 },
      familyLimits: { adults: 2, juniors: 3 },
      juniorUnder: 16,
      year: { kind: 'fixed', startsOn: '07-01' },
    };
    expect(membershipRulesSchema.parse(good)).toEqual(good);
    const messages = (input: unknown) => membershipRulesSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ ...good, feesCents: { ...good.feesCents, junior: -100 } })).toEqual([
      ['feesCents.junior', 'Junior fee cannot be below zero.'],
    ]);
    expect(messages({ ...good, familyLimits: { adults: 0, juniors: 3 } })).toEqual([
      ['familyLimits.adults', 'Adults in a family must be at least 1.'],
    ]);
    expect(messages({ ...good, year: { kind: 'fixed', startsOn: '02-29' } })).toEqual([
      ['year.startsOn', 'That day is not in every year.'],
    ]);
  });
});
