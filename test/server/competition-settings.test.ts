import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Event } from '../../src/server/db/entities';
import type { EventResults } from '../../src/shared/catches.schema';
import { EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { clubToday } from '../../src/shared/dates';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { BAY_COMPETITION } from '../support/second-club';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;
let year: number;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'sec@club.test' } });
  admin = (await createAdmin(t, { email: 'sec@club.test', firstName: 'Sue', lastName: 'Secretary' })).client;
  today = clubToday(t.clock.now());
  year = Number(today.slice(0, 4));
});
afterAll(() => t?.close());

/**
 * A new event made without fees or fishing hours: the club's rules fill in the non-member and junior fees and the
 * hours; the member fee left out is free, as the published API has always had it (the admin form sends the club's).
 */
const plainEvent = (name: string, eventDate = '2099-03-07T07:00') =>
  admin.trpc.admin.events.create.mutate({ name, location: 'Redcliffe Jetty', eventDate });

const stored = (id: string) => t.em().findOneOrFail(Event, { id });

const placed = (results: Pick<EventResults, 'categories'>, species: string) =>
  results.categories
    .find((c) => c.species === species && c.division === 'open')
    ?.placings.map((p) => [p.place, p.anglerName, p.points, p.prize]);

describe("the club's competition rules, saved in Admin → Club settings", () => {
  let before: string;

  it('read as the example club until the club saves its own, and a new event gets its fees and hours', async () => {
    expect(await t.client().trpc.club.competition.query()).toEqual(EXAMPLE_COMPETITION_RULES);
    before = (await plainEvent('Example Cup')).id;
    expect(await stored(before)).toMatchObject({
      registrationFeeCents: 0,
      nonMemberFeeCents: 1500,
      juniorFeeCents: null,
      fishingStart: '07:00',
      fishingEnd: '14:00',
    });
  });

  it('give a new event the saved fees and fishing hours; an event made before keeps its own', async () => {
    expect(await admin.trpc.admin.club.saveCompetition.mutate(BAY_COMPETITION)).toEqual(BAY_COMPETITION);
    expect(await t.client().trpc.club.competition.query()).toEqual(BAY_COMPETITION);

    const made = await plainEvent('Bay Cup');
    expect(made).toMatchObject({
      memberFee: '0.00',
      nonMemberFee: '20.00',
      juniorFee: '5.00',
      fishingStart: '06:00',
      fishingEnd: '13:00',
    });
    expect(await stored(made.id)).toMatchObject({ registrationFeeCents: 0, nonMemberFeeCents: 2000, juniorFeeCents: 500 });
    // Fees the committee gives are the event's own.
    const priced = await admin.trpc.admin.events.create.mutate({
      name: 'Priced Cup',
      location: 'Redcliffe Jetty',
      eventDate: '2099-03-14T07:00',
      memberFee: '8',
      nonMemberFee: '9',
    });
    expect(priced).toMatchObject({ memberFee: '8.00', nonMemberFee: '9.00', juniorFee: '5.00' });

    expect(await stored(before)).toMatchObject({ registrationFeeCents: 0, nonMemberFeeCents: 1500, juniorFeeCents: null });
    // Entries close at the end of the club's sign-on: an hour after the start.
    const open = await t.client().trpc.events.byId.query({ id: made.id });
    expect(open.entriesCloseAt).toBe(new Date(new Date(open.eventDate).getTime() + 3600_000).toISOString());
  });

  it('give four prize places with their texts, and the ladder scores 5, 3, 2 and 1', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Bay Flathead Frenzy',
      location: 'Redcliffe Jetty',
      eventDate: `${today}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const anglers = await Promise.all(
      ['Ada', 'Bo', 'Cy', 'Di', 'Ed'].map((firstName) => createMember(t, { firstName, lastName: 'Bayside' })),
    );
    const sizes = ['61', '55', '50', '45', '40'];
    for (const [i, angler] of anglers.entries()) {
      const id = await logCatch(t, angler.client, { eventId: event.id, memberId: angler.memberId, fishType: 'Flathead', size: sizes[i] });
      await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
    }
    const results = await t.client().trpc.catches.results.query({ id: event.id });
    expect(placed(results, 'Flathead')).toEqual([
      [1, 'Ada Bayside', 5, '$150 Tackle World voucher'],
      [2, 'Bo Bayside', 3, '$75 Tackle World voucher'],
      [3, 'Cy Bayside', 2, '$40 Tackle World voucher'],
      [4, 'Di Bayside', 1, '$20 Tackle World voucher'],
    ]);
    const ladder = await t.client().trpc.catches.ladder.query({ year });
    expect(ladder.filter((r) => r.anglerName.endsWith('Bayside')).map((r) => [r.anglerName, r.points])).toEqual([
      ['Ada Bayside', 5],
      ['Bo Bayside', 3],
      ['Cy Bayside', 2],
      ['Di Bayside', 1],
    ]);

    // Fewer points than prize places: the places beyond the points win their prize and score nothing.
    await admin.trpc.admin.club.saveCompetition.mutate({ ...BAY_COMPETITION, championPoints: [10, 5] });
    const fewer = await t.client().trpc.catches.results.query({ id: event.id });
    expect(placed(fewer, 'Flathead')?.map(([place, , points]) => [place, points])).toEqual([
      [1, 10],
      [2, 5],
      [3, 0],
      [4, 0],
    ]);
    await admin.trpc.admin.club.saveCompetition.mutate(BAY_COMPETITION);
  });

  it('give the mystery fish and the picture of the month their prizes', async () => {
    const event = await plainEvent('Mystery Round');
    expect(await t.client().trpc.events.mysteryFish.query({ id: event.id })).toMatchObject({ state: 'none', prize: '$200 cash' });
    const member = await createMember(t, { firstName: 'Pip', lastName: 'Picture' });
    expect(await member.client.trpc.pictureOfMonth.month.query()).toMatchObject({ prize: '$50 voucher' });
  });

  it('are audited before and after; bad input is refused naming the field and changes nothing', async () => {
    const audit = await t.em().find(AuditLog, { action: 'club.competition.save' }, { populate: ['actor'], orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.actor?.email, a.before, a.after])).toEqual([
      ['sec@club.test', null, BAY_COMPETITION],
      ['sec@club.test', BAY_COMPETITION, { ...BAY_COMPETITION, championPoints: [10, 5] }],
      ['sec@club.test', { ...BAY_COMPETITION, championPoints: [10, 5] }, BAY_COMPETITION],
    ]);

    const bad = [
      [
        { ...BAY_COMPETITION, times: { ...BAY_COMPETITION.times, fishingEnd: '05:00' } },
        'times.fishingEnd',
        'Fishing end must be after fishing start.',
      ],
      [
        { ...BAY_COMPETITION, entryFeesCents: { ...BAY_COMPETITION.entryFeesCents, member: -1 } },
        'entryFeesCents.member',
        'Member entry fee cannot be below zero.',
      ],
      [
        { ...BAY_COMPETITION, placePrizes: [{ cents: 100, text: ' ' }] },
        'placePrizes.0.text',
        "Place prize must say what it is, like '$100 voucher'.",
      ],
    ] as const;
    for (const [input, field, message] of bad) {
      const res = await admin.mutation('admin.club.saveCompetition', input);
      expect(res.status).toBe(400);
      expect(res.fieldErrors).toMatchObject({ [field]: message });
    }
    expect(await t.client().trpc.club.competition.query()).toEqual(BAY_COMPETITION);
    expect(await t.em().count(AuditLog, { action: 'club.competition.save' })).toBe(3);

    // Back to the example club's rules, for whatever runs next against this database.
    expect(await admin.trpc.admin.club.saveCompetition.mutate(EXAMPLE_COMPETITION_RULES)).toEqual(EXAMPLE_COMPETITION_RULES);
    expect(await t.client().trpc.club.competition.query()).toEqual(EXAMPLE_COMPETITION_RULES);
  });
});
