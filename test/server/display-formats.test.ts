import { describe, expect, it } from 'vitest';
import { formatClubDateTime } from '../../src/shared/dates';
import { formatAud } from '../../src/shared/membership';

describe('amounts and times as people read them', () => {
  it('writes dollars with cents, thousands separated, a minus in front of a refund', () => {
    expect([formatAud(123456), formatAud(4000), formatAud(-1500), formatAud(0)]).toEqual(['$1,234.56', '$40.00', '-$15.00', '$0.00']);
  });

  it("writes an instant on the club's clocks, daylight saving or not", () => {
    expect(formatClubDateTime('2026-12-05T20:00:00Z')).toBe('Sun, 6 Dec 2026, 7:00 am');
    expect(formatClubDateTime(new Date('2026-07-01T00:30:00Z'))).toBe('Wed, 1 July 2026, 10:30 am');
  });
});
