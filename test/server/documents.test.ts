import { describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_SPECIES as CLUB_SPECIES } from '../../src/shared/club-example';
import { categoriesOf } from '../../src/shared/species';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_CLUB_PROFILE, EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { numberedRules, versionedDocuments, documentsEdit, withClubFacts } from '../../src/shared/documents';
import { stateFishing } from '../../src/shared/state-fishing';

const facts = { club: EXAMPLE_CLUB_PROFILE, competition: EXAMPLE_COMPETITION_RULES, categories: categoriesOf(CLUB_SPECIES) };

describe('club documents', () => {
  it("carry the club's competition rules and the eleven rules of conduct", () => {
    const rules = withClubFacts(EXAMPLE_CLUB_DOCUMENTS.competition_rules.content, facts);
    for (const fact of [
      '$10 per entrant, $15 for non-members',
      'Registration: 7am to 9am',
      '7am to 2pm',
      '4pm',
      'No offshore',
      '1st $100 tackle voucher, 2nd $50 tackle voucher, 3rd $25 tackle voucher',
      'Mystery fish: $100 cash',
      '$100 voucher',
      '3 for first, 2 for second, 1 for third',
      `Categories: ${categoriesOf(CLUB_SPECIES).join(', ')}.`,
      'Fishing only within the Tweed Shire.',
      'up to 12 months suspension',
    ]) {
      expect(rules).toContain(fact);
    }
    expect(rules).not.toMatch(/\{\w+\}/);
    const conduct = numberedRules(withClubFacts(EXAMPLE_CLUB_DOCUMENTS.code_of_conduct.content, facts));
    expect(conduct).toHaveLength(11);
    expect(conduct[2]).toEqual({
      title: 'Our primary activity and NSW fishery laws',
      text: expect.stringContaining('comply with NSW fishery laws at all times') as unknown as string,
    });
    expect(conduct[2].text).toContain('hold a current NSW recreational fishing licence where one is required.');
  });

  it('follow the competition rules as they change', () => {
    const competition = { ...EXAMPLE_COMPETITION_RULES, entryFeesCents: { member: 1250, nonMember: 2000, junior: 500 } };
    expect(withClubFacts('Entry fee: {entryFees}.', { ...facts, competition })).toBe(
      'Entry fee: $12.50 per entrant, $20 for non-members, $5 for juniors.',
    );
  });

  it('give a document whose words changed a new version of the day, and keep the others', () => {
    const edit = documentsEdit(EXAMPLE_CLUB_DOCUMENTS);
    const changed = {
      ...edit,
      waiver: { ...edit.waiver, content: 'New words.' },
      mission_values: { ...edit.mission_values, required: true },
    };
    const once = versionedDocuments(EXAMPLE_CLUB_DOCUMENTS, changed, '2026-08-03');
    expect(Object.fromEntries(Object.entries(once).map(([id, d]) => [id, d.version]))).toEqual({
      waiver: '2026-08-03',
      code_of_conduct: '2026-07-01',
      competition_rules: '2026-07-01',
      // A document newly required keeps its words' version.
      mission_values: '2026-07-01',
    });
    const twice = versionedDocuments(once, { ...changed, waiver: { ...changed.waiver, title: 'Waiver' } }, '2026-08-03');
    expect(twice.waiver.version).toBe('2026-08-03.2');
    expect(versionedDocuments(twice, { ...changed, waiver: { ...changed.waiver, content: 'Third.' } }, '2026-08-03').waiver.version).toBe(
      '2026-08-03.3',
    );
    expect(versionedDocuments(twice, documentsEdit(twice), '2026-08-04')).toEqual(twice);
  });

  it("name the club's state's licence and authority: NSW DPI for NSW, a permit for Queensland's stocked dams", () => {
    const nsw = stateFishing('NSW');
    expect(nsw.resources.filter((r) => r.required).map((r) => r.title)).toEqual(['NSW Recreational Fishing Licence']);
    expect(nsw.resources.every((r) => r.url.startsWith('https://www.dpi.nsw.gov.au/'))).toBe(true);
    const qld = stateFishing('QLD');
    expect(qld.licenceNotice).toContain('no general recreational fishing licence');
    expect(qld.licenceNotice).toContain('SIPS');
    expect(qld.resources.every((r) => r.url.startsWith('https://www.daf.qld.gov.au/'))).toBe(true);
    for (const state of ['QLD', 'VIC', 'WA', 'TAS', 'SA', 'NT', 'ACT'] as const) {
      const words = JSON.stringify({ ...stateFishing(state), bring: stateFishing(state).bringLicence(30, 'your') });
      expect(words).not.toContain('NSW');
    }
  });
});
