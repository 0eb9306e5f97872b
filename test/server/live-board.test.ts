import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveBoard } from '../../src/shared/catches.schema';
import { addDays, addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { LiveBoards, type BoardSink } from '../../src/server/competition/live-boards';
import { Catch, Event } from '../../src/server/db/entities';
import { AppError } from '../../src/shared/errors';
import { followBoard } from '../support/board-stream';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  today = clubToday(t.clock.now());
});
afterAll(() => t?.close());

/** Today's competition, fished all day so that catches are logged whenever the tests run. */
const competition = (name: string, extra: { divisions?: boolean } = {}) =>
  admin.trpc.admin.events.create.mutate({
    name,
    location: 'Jack Evans Boat Harbour',
    eventDate: `${today}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
    ...extra,
  });

/** Logs a catch from the angler's phone (entering them first, as registering would have). */
const log = (client: TestClient, eventId: string, memberId: string, fishType: string, size: string) =>
  logCatch(t, client, { eventId, memberId, fishType, size, gps: '-28.174512, 153.543218' });

const approve = (id: string) => admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });

const follow = followBoard;

const placings = (board: { categories: LiveBoard['categories'] }) =>
  board.categories.map((c) => [c.division, c.species, c.placings.map((p) => [p.place, p.anglerName, p.size, p.points, p.prize])]);

describe('divisions', () => {
  it('places juniors (under 16 on the day) and Open apart, with prizes, and keeps the season ladder per division', async () => {
    const event = await competition('Bream Bonanza');
    const sixteenToday = addYears(today, -16);
    const [jay, fifteen, ada, sixteen] = await Promise.all([
      createMember(t, { membershipType: 'junior', firstName: 'Jay', lastName: 'Junior' }),
      // Turns 16 tomorrow: still a junior today.
      createMember(t, { dateOfBirth: addDays(sixteenToday, 1), firstName: 'Fifi', lastName: 'Fifteen' }),
      createMember(t, { firstName: 'Ada', lastName: 'Adult' }),
      // Turns 16 today: Open.
      createMember(t, { dateOfBirth: sixteenToday, firstName: 'Sixto', lastName: 'Sixteen' }),
    ]);
    for (const id of [
      await log(jay.client, event.id, jay.memberId, 'Bream', '30'),
      await log(fifteen.client, event.id, fifteen.memberId, 'Bream', '32'),
      await log(ada.client, event.id, ada.memberId, 'Bream', '35'),
      await log(sixteen.client, event.id, sixteen.memberId, 'Bream', '28'),
    ])
      await approve(id);

    const results = await t.client().trpc.catches.results.query({ id: event.id });
    expect(results.divisions).toBe(true);
    expect(placings(results)).toEqual([
      [
        'junior',
        'Bream',
        [
          [1, 'Fifi Fifteen', 32, 3, '$100 tackle voucher'],
          [2, 'Jay Junior', 30, 2, '$50 tackle voucher'],
        ],
      ],
      [
        'open',
        'Bream',
        [
          [1, 'Ada Adult', 35, 3, '$100 tackle voucher'],
          [2, 'Sixto Sixteen', 28, 2, '$50 tackle voucher'],
        ],
      ],
    ]);

    const ladder = await t.client().trpc.catches.ladder.query({ year: Number(today.slice(0, 4)) });
    const rowsOf = (name: string) => ladder.filter((r) => r.anglerName === name).map((r) => [r.division, r.points]);
    expect(rowsOf('Fifi Fifteen')).toEqual([['junior', 3]]);
    expect(rowsOf('Jay Junior')).toEqual([['junior', 2]]);
    expect(rowsOf('Ada Adult')).toEqual([['open', 3]]);
    // Juniors first, then Open, each highest first.
    const divisions = ladder.map((r) => r.division);
    expect(divisions).toEqual(divisions.toSorted((a, b) => (a === b ? 0 : a === 'junior' ? -1 : 1)));

    // The committee's results export names the division and the prize.
    const csv = await (await admin.fetch(`/api/admin/reports/events/${event.id}/results.csv`)).text();
    expect(csv).toContain('Bream Bonanza,Juniors,Bream,1,Fifi Fifteen,32,3,$100 tackle voucher');
  });

  it('puts everyone in one Open division at an event without divisions, and an edit that leaves them out keeps it', async () => {
    const event = await competition('Open Flathead Day', { divisions: false });
    expect(event.divisions).toBe(false);
    const [kid, grown] = await Promise.all([
      createMember(t, { membershipType: 'junior', firstName: 'Kit', lastName: 'Kid' }),
      createMember(t, { firstName: 'Gus', lastName: 'Grown' }),
    ]);
    for (const id of [
      await log(kid.client, event.id, kid.memberId, 'Flathead', '48'),
      await log(grown.client, event.id, grown.memberId, 'Flathead', '45'),
    ])
      await approve(id);
    const updated = await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: { name: 'Open Flathead Day', location: 'Jack Evans Boat Harbour', eventDate: `${today}T00:05` },
    });
    expect(updated.divisions).toBe(false);
    const results = await t.client().trpc.catches.results.query({ id: event.id });
    expect(results.divisions).toBe(false);
    expect(placings(results)).toEqual([
      [
        'open',
        'Flathead',
        [
          [1, 'Kit Kid', 48, 3, '$100 tackle voucher'],
          [2, 'Gus Grown', 45, 2, '$50 tackle voucher'],
        ],
      ],
    ]);
    const turnedOn = await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: { name: 'Open Flathead Day', location: 'Jack Evans Boat Harbour', eventDate: `${today}T00:05`, divisions: true },
    });
    expect(turnedOn.divisions).toBe(true);
    expect(placings(await t.client().trpc.catches.results.query({ id: event.id })).map(([division]) => division)).toEqual([
      'junior',
      'open',
    ]);
  });
});

describe('the live board stream', () => {
  it('sends the board at once, then after a catch is logged, judged and reopened; never a position, no photo while fishing is open', async () => {
    const event = await competition('Harbour Live');
    const angler = await createMember(t, { firstName: 'Lola', lastName: 'Live' });
    const stream = await follow(t.baseUrl, event.id);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.next();
      expect(first).toMatchObject({ eventId: event.id, eventName: 'Harbour Live', status: 'provisional', pending: 0, categories: [] });
      expect(first.fishingClosed).toBe(false);

      const id = await log(angler.client, event.id, angler.memberId, 'Tailor', '41.5');
      expect(await stream.next()).toMatchObject({ pending: 1, categories: [], status: 'provisional' });

      await approve(id);
      const judged = await stream.next();
      expect(judged).toMatchObject({ pending: 0, status: 'provisional' });
      expect(judged.categories).toEqual([
        {
          species: 'Tailor',
          division: 'open',
          placings: [expect.objectContaining({ place: 1, anglerName: 'Lola Live', size: 41.5, thumbnailUrl: null, photoUrl: null })],
        },
      ]);
      // The same board for a page that polls.
      expect(await t.client().trpc.catches.liveBoard.query({ id: event.id })).toEqual(judged);

      await admin.trpc.admin.catches.reopen.mutate({ id, reason: 'The club code is hard to read; looking again.' });
      expect(await stream.next()).toMatchObject({ pending: 1, categories: [] });

      expect(stream.raw()).not.toMatch(/latitude|longitude|gps|-28\.17|153\.54|\.webp|\.jpg/i);
    } finally {
      stream.close();
    }
  });

  it('shows a change taken by another instance sharing the database, and ends its streams when that instance closes', async () => {
    const event = await competition('Two Ramps');
    const angler = await createMember(t, { firstName: 'Mo', lastName: 'Mirror' });
    const second = await startTestApp({ databaseUrl: t.databaseUrl });
    const stream = await follow(second.baseUrl, event.id);
    try {
      expect((await stream.next()).pending).toBe(0);
      // Logged and judged through the first instance.
      const id = await log(angler.client, event.id, angler.memberId, 'Whiting', '31');
      expect((await stream.next()).pending).toBe(1);
      await approve(id);
      expect((await stream.next()).categories[0].placings[0]).toMatchObject({ anglerName: 'Mo Mirror', size: 31 });
      await admin.trpc.admin.events.disqualify.mutate({
        eventId: event.id,
        memberId: angler.memberId,
        reason: 'Photo tampering: the same fish as last month.',
      });
      expect((await stream.next()).categories).toEqual([]);
    } finally {
      await second.close();
    }
    await expect(stream.next()).rejects.toThrow('The stream ended.');
  });

  it('follows any write to what a board shows, whoever makes it: a catch taken away and an event renamed in the database', async () => {
    const event = await competition('Quiet Edits');
    const angler = await createMember(t, { firstName: 'Eddie', lastName: 'Edit' });
    const id = await log(angler.client, event.id, angler.memberId, 'Flathead', '52');
    await approve(id);
    const stream = await follow(t.baseUrl, event.id);
    try {
      expect((await stream.next()).categories[0].placings[0]).toMatchObject({ anglerName: 'Eddie Edit', size: 52 });
      // Written straight through the ORM, as no service does: the board changes all the same, before any heartbeat.
      const em = t.em();
      em.remove(await em.findOneOrFail(Catch, { id }));
      await em.flush();
      expect((await stream.next()).categories).toEqual([]);
      await em.transactional(async (tem) => {
        (await tem.findOneOrFail(Event, { id: event.id })).name = 'Quiet Edits Renamed';
      });
      expect(await stream.next()).toMatchObject({ eventName: 'Quiet Edits Renamed' });
    } finally {
      stream.close();
    }
  });

  it('answers 404 for an unknown event and 400 for a malformed id, as JSON', async () => {
    const unknown = await t.client().json('GET', `/api/events/${crypto.randomUUID()}/live`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(unknown.body).toEqual({ message: 'That event does not exist.' });
    const malformed = await t.client().json('GET', '/api/events/not-an-id/live');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'That is not a valid event id.' });
  });

  it('is Final once fishing has closed and every catch is judged, with the photos then', async () => {
    const event = await competition('Closing Time');
    const angler = await createMember(t, { firstName: 'Cal', lastName: 'Closer' });
    const id = await log(angler.client, event.id, angler.memberId, 'Flathead', '52');
    const stream = await follow(t.baseUrl, event.id);
    try {
      expect(await stream.next()).toMatchObject({ status: 'provisional', pending: 1 });
      // Past the end of the day's fishing (23:59), then the judge's last decision.
      t.clock.advance(clubLocalToInstant(`${addDays(today, 1)}T00:30`).getTime() - t.clock.now().getTime());
      await approve(id);
      const final = await stream.next();
      expect(final).toMatchObject({ status: 'final', pending: 0, fishingClosed: true, photosFrom: null });
      expect(final.categories[0].placings[0].thumbnailUrl).toMatch(/\.webp$/);
    } finally {
      stream.close();
    }
  });
});

describe('one board per change for every follower', () => {
  /** A follower's end of a stream, keeping what it was sent. */
  const sink = () => {
    const sent: string[] = [];
    let ended = false;
    const s: BoardSink & { sent: string[]; ended: () => boolean } = {
      sent,
      ended: () => ended,
      write: (text) => void sent.push(text),
      end: () => void (ended = true),
      backlog: 0,
    };
    return s;
  };

  it('works a board out once per change (changes during a run fold into one more) and sends the same bytes to each follower', async () => {
    let version = 0;
    let computed = 0;
    let release: () => void = () => {};
    let gate: Promise<void> | null = null;
    const boards = new LiveBoards(
      undefined,
      async (eventId) => {
        computed += 1;
        if (gate) await gate;
        if (eventId !== 'e1') throw new AppError('NOT_FOUND', 'That event does not exist.');
        return { eventId, eventName: `v${version}` } as unknown as LiveBoard;
      },
      { warn: () => {} },
    );
    try {
      await expect(boards.open('nope')).rejects.toThrow('That event does not exist.');
      const feed = await boards.open('e1');
      const [a, b] = [sink(), sink()];
      boards.follow(feed, a);
      boards.follow(await boards.open('e1'), b);
      // Without a database listener nothing says when a board changes: each new follower's is worked out afresh.
      expect(computed).toBe(3);
      expect(a.sent[0]).toMatch(/^retry: \d+\n\nevent: board\ndata: \{"eventId":"e1","eventName":"v0"\}\n\n$/);

      // Three changes while the board is being worked out: one run under way, then one more for all of them.
      gate = new Promise((resolve) => (release = resolve));
      version = 1;
      boards.changed('e1');
      boards.changed('e1');
      boards.changed('e1');
      gate = null;
      release();
      await expect.poll(() => a.sent.length).toBe(2);
      await feed.running;
      expect(computed).toBe(5);
      expect(a.sent[1]).toBe('event: board\ndata: {"eventId":"e1","eventName":"v1"}\n\n');
      expect(b.sent.slice(1)).toEqual(a.sent.slice(1));
      // A change that leaves the board as it was sends nothing.
      boards.changed('e1');
      await feed.running;
      expect(a.sent).toHaveLength(2);
    } finally {
      await boards.close();
    }
  });

  it('sends a heartbeat comment on a quiet stream, and ends every stream when it closes', async () => {
    const boards = new LiveBoards(
      undefined,
      async (eventId) => ({ eventId }) as unknown as LiveBoard,
      { warn: () => {} },
      { heartbeatMs: 20 },
    );
    const follower = sink();
    boards.follow(await boards.open('e2'), follower);
    await expect.poll(() => follower.sent.includes(': heartbeat\n\n')).toBe(true);
    await boards.close();
    expect(follower.ended()).toBe(true);
  });
});
