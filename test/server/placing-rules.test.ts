import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, SiteSetting } from '../../src/server/db/entities';
import type { EventResults } from '../../src/shared/catches.schema';
import { clubToday } from '../../src/shared/dates';
import { followBoard } from '../support/board-stream';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;
let year: number;
/** The first test's event, whose results the second test reads again under the other rule. */
let frenzyId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  admin = (await createAdmin(t, { email: 'judge@club.test', firstName: 'Jude', lastName: 'Judge' })).client;
  today = clubToday(t.clock.now());
  year = Number(today.slice(0, 4));
});
afterAll(() => t?.close());

/** Today's competition, fished all day so that catches are logged whenever the tests run. */
const competition = (name: string) =>
  admin.trpc.admin.events.create.mutate({
    name,
    location: 'Jack Evans Boat Harbour',
    eventDate: `${today}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
  });

/** Catches logged from each angler's phone and approved by the judge. */
async function judgedCatches(eventId: string, catches: [{ client: TestClient; memberId: string }, string, string][]) {
  for (const [angler, fishType, size] of catches) {
    const id = await logCatch(t, angler.client, { eventId, memberId: angler.memberId, fishType, size });
    await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
  }
}

const placed = (results: Pick<EventResults, 'categories'>, species: string) =>
  results.categories
    .find((c) => c.species === species && c.division === 'open')
    ?.placings.map((p) => [p.place, p.anglerName, p.size, p.points]);

const pointsOf = async (name: string) =>
  (await t.client().trpc.catches.ladder.query({ year })).filter((r) => r.anglerName === name).map((r) => r.points);

const setRule = (onePlacingPerAngler: boolean) => admin.trpc.admin.placingRules.set.mutate({ onePlacingPerAngler });

describe("the club's rule: one placing per angler per category", () => {
  it('is on by default: an angler who caught the three longest flathead places once and the next anglers move up', async () => {
    const event = await competition('Flathead Frenzy');
    frenzyId = event.id;
    const [gus, ada, bo] = await Promise.all([
      createMember(t, { firstName: 'Gus', lastName: 'Greedy' }),
      createMember(t, { firstName: 'Ada', lastName: 'Angler' }),
      createMember(t, { firstName: 'Bo', lastName: 'Boater' }),
    ]);
    await judgedCatches(event.id, [
      [gus, 'Flathead', '61'],
      [gus, 'Flathead', '58'],
      [gus, 'Flathead', '55'],
      [ada, 'Flathead', '52'],
      [bo, 'Flathead', '47.5'],
      // Another category: Gus places there too, once.
      [gus, 'Bream', '30'],
      [gus, 'Bream', '29'],
    ]);
    expect(await admin.trpc.admin.placingRules.get.query()).toEqual({ onePlacingPerAngler: true, changedAt: null, changedBy: null });

    const visitor = t.client().trpc;
    const results = await visitor.catches.results.query({ id: event.id });
    expect(placed(results, 'Flathead')).toEqual([
      [1, 'Gus Greedy', 61, 3],
      [2, 'Ada Angler', 52, 2],
      [3, 'Bo Boater', 47.5, 1],
    ]);
    expect(placed(results, 'Bream')).toEqual([[1, 'Gus Greedy', 30, 3]]);
    // The live board, the presentation's champion points and the season ladder ask the same rule.
    const board = await visitor.catches.liveBoard.query({ id: event.id });
    expect(placed(board, 'Flathead')).toEqual(placed(results, 'Flathead'));
    expect(board.championPoints!.standings.filter((r) => r.anglerName !== 'Jude Judge').map((r) => [r.anglerName, r.points])).toEqual([
      ['Gus Greedy', 6],
      ['Ada Angler', 2],
      ['Bo Boater', 1],
    ]);
    expect(await pointsOf('Gus Greedy')).toEqual([6]);
    expect(await pointsOf('Bo Boater')).toEqual([1]);
    // The committee's export too.
    const csv = await (await admin.fetch(`/api/admin/reports/events/${event.id}/results.csv`)).text();
    expect(csv).toContain('Flathead Frenzy,Open,Flathead,2,Ada Angler,52,2,$50 tackle voucher');
    expect(csv).not.toContain('Flathead Frenzy,Open,Flathead,2,Gus Greedy');
  });

  it('switched off, lets one angler take several places; every board follows at once, and the switch is audited', async () => {
    const event = await competition('Tailor Takeover');
    const [tom, tess] = await Promise.all([
      createMember(t, { firstName: 'Tom', lastName: 'Tailor' }),
      createMember(t, { firstName: 'Tess', lastName: 'Tide' }),
    ]);
    await judgedCatches(event.id, [
      [tom, 'Tailor', '48'],
      [tom, 'Tailor', '46'],
      [tess, 'Tailor', '44'],
      [tom, 'Tailor', '40'],
    ]);
    const stream = await followBoard(t.baseUrl, event.id);
    try {
      expect(placed(await stream.next(), 'Tailor')).toEqual([
        [1, 'Tom Tailor', 48, 3],
        [2, 'Tess Tide', 44, 2],
      ]);
      const before = await pointsOf('Tom Tailor');

      const view = await setRule(false);
      expect(view).toMatchObject({ onePlacingPerAngler: false, changedBy: 'Jude Judge' });
      // The board a TV follows changes without anyone touching the event's catches.
      expect(placed(await stream.next(), 'Tailor')).toEqual([
        [1, 'Tom Tailor', 48, 3],
        [2, 'Tom Tailor', 46, 2],
        [3, 'Tess Tide', 44, 1],
      ]);
      expect(placed(await t.client().trpc.catches.results.query({ id: event.id }), 'Tailor')).toHaveLength(3);
      expect(await pointsOf('Tom Tailor')).toEqual([before[0] + 2]);
      // The other event's results follow the rule as it stands now.
      expect(placed(await t.client().trpc.catches.results.query({ id: frenzyId }), 'Flathead')?.map((p) => p[1])).toEqual([
        'Gus Greedy',
        'Gus Greedy',
        'Gus Greedy',
      ]);

      const audit = await t.em().find(AuditLog, { action: 'placingRules.set' }, { populate: ['actor'] });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        entityType: 'PlacingRules',
        before: { onePlacingPerAngler: true },
        after: { onePlacingPerAngler: false },
      });
      expect(audit[0].actor?.email).toBe('judge@club.test');

      // The same switch again (a double tap) changes and records nothing; switching back on is recorded.
      await setRule(false);
      expect(await t.em().count(AuditLog, { action: 'placingRules.set' })).toBe(1);
      await setRule(true);
      expect(await t.em().count(AuditLog, { action: 'placingRules.set' })).toBe(2);
      expect(placed(await stream.next(), 'Tailor')).toEqual([
        [1, 'Tom Tailor', 48, 3],
        [2, 'Tess Tide', 44, 2],
      ]);
    } finally {
      stream.close();
    }
  });

  it('refuses bad input with a 400 and changes nothing; members cannot switch it, nor can the CMS settings', async () => {
    const audited = await t.em().count(AuditLog, { action: 'placingRules.set' });
    for (const input of [{ onePlacingPerAngler: 'yes' }, {}, { onePlacingPerAngler: null }]) {
      const res = await admin.mutation('admin.placingRules.set', input);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please say whether 'One placing per angler per category' is on or off.");
    }
    const member = await createMember(t, { firstName: 'Mo', lastName: 'Member' });
    expect((await member.client.mutation('admin.placingRules.set', { onePlacingPerAngler: false })).status).toBe(403);

    const viaCms = await admin.json('POST', '/api/admin/settings', {
      settingKey: 'one_placing_per_angler',
      settingValue: 'false',
      settingType: 'boolean',
    });
    expect(viaCms.status).toBe(400);
    expect(viaCms.body.message).toBe('One placing per angler per category is switched on the Results tab.');
    const row = await t.em().findOneOrFail(SiteSetting, { settingKey: 'one_placing_per_angler' });
    expect(row.settingValue).toBe('true');
    expect(await t.em().count(AuditLog, { action: 'placingRules.set' })).toBe(audited);
    expect((await admin.trpc.admin.placingRules.get.query()).onePlacingPerAngler).toBe(true);
  });
});
