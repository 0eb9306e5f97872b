import { describe, expect, it } from 'vitest';
import { CLUB_DOCUMENTS, CODE_OF_CONDUCT_RULES, NSW_RESOURCES } from '../../src/shared/documents';

describe('club documents', () => {
  it("carries the club's competition rules and the eleven rules of conduct", () => {
    const rules = CLUB_DOCUMENTS.find((d) => d.id === 'competition_rules')!.content;
    for (const fact of [
      '$10 per entrant, $15 for non-members',
      '7am to 9am',
      '7am to 2pm',
      '4pm',
      'No offshore',
      '1st $100, 2nd $50, 3rd $25',
      'Mystery fish: $100 cash',
      '$100 voucher',
      '3 for first, 2 for second, 1 for third',
      'up to 12 months suspension',
    ]) {
      expect(rules).toContain(fact);
    }
    expect(CODE_OF_CONDUCT_RULES).toHaveLength(11);
    expect(CLUB_DOCUMENTS.find((d) => d.id === 'code_of_conduct')!.content.split('\n')).toHaveLength(11);
  });

  it('marks only the licence link as required', () => {
    expect(NSW_RESOURCES.filter((r) => r.required).map((r) => r.title)).toEqual(['NSW Recreational Fishing Licence']);
    expect(NSW_RESOURCES.every((r) => r.url.startsWith('https://www.dpi.nsw.gov.au/'))).toBe(true);
  });
});
