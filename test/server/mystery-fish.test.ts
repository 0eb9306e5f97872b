import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_CLUB_PROFILE, EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { mysteryFishWinner, type MysteryFish } from '../../src/shared/competition';
import { withClubFacts } from '../../src/shared/documents';
import { EXAMPLE_CLUB_SPECIES as CLUB_SPECIES } from '../../src/shared/club-example';
import { categoriesOf } from '../../src/shared/species';
import { addDays, clubToday } from '../../src/shared/dates';
import { fishingCloses } from '../../src/shared/events';
import { AuditLog, Event } from '../../src/server/db/entities';
import { allProcedures, callOverHttp, fillPath, restRoutes } from '../support/endpoints';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// The mystery fish: sealed by the committee before the day, unreadable by anyone until it is revealed at
// the presentation, which names the winner by the club's rule.

let t: TestApp;
let admin: TestClient;
let otherAdmin: TestClient;
let member: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createAdmin(t, { firstName: 'Ada', lastName: 'Min' })).client;
  otherAdmin = (await createAdmin(t, { firstName: 'Otto', lastName: 'Hers' })).client;
  member = (await createMember(t)).client;
  visitor = t.client();
});
afterAll(() => t?.close());

/** An event tomorrow (club time), fishing 7am to 2pm. */
async function eventTomorrow(name: string) {
  const tomorrow = addDays(clubToday(t.clock.now()), 1);
  return admin.trpc.admin.events.create.mutate({ name, location: 'Tweed River', eventDate: `${tomorrow}T07:00` });
}

/** Moves the test clock to a minute after the event's fishing closes. */
async function afterFishing(eventId: string) {
  const event = await t.em().findOneOrFail(Event, { id: eventId });
  const target = fishingCloses(event).getTime() + 60_000;
  if (t.clock.now().getTime() < target) t.clock.advance(target - t.clock.now().getTime());
}

/** A catch logged by the committee for an entrant (the committee logs at any time) and approved; a minute passes after each. */
async function verifiedCatch(
  eventId: string,
  memberId: string,
  fishType: string,
  size: string,
  verdict: 'approve' | 'pending' = 'approve',
) {
  const id = await logCatch(t, admin, { eventId, memberId, fishType, size });
  if (verdict === 'approve') await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
  return id;
}

/** What a GET answers; a stream (the live board's events) is read for a second and a half, then let go. */
async function bodyOf(client: TestClient, url: string): Promise<string> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), 1500);
  let text = '';
  try {
    const res = await client.fetch(url, { signal: stop.signal });
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read())
      text += decoder.decode(chunk.value, { stream: true });
  } catch {
    // Aborted: what came so far is what it said.
  } finally {
    clearTimeout(timer);
  }
  return text;
}

const audit = (entityId: string) => t.em().find(AuditLog, { entityType: 'MysteryFish', entityId }, { orderBy: { id: 'asc' } });

describe('sealing the mystery fish', () => {
  it('lets nobody read it before the reveal: members, visitors and other admins, through any procedure or REST path', async () => {
    const event = await eventTomorrow('Sealed Flathead Classic');
    // What every read said before the fish was set: a species name already there (the size limits list) proves nothing.
    const reads = allProcedures().filter((p) => p.type === 'query');
    const inputs = (p: (typeof reads)[number]) => (p.input ? [{ id: event.id }, { eventId: event.id }, {}] : [undefined]);
    const readAll = async (client: TestClient) => {
      const bodies = new Map<string, string>();
      for (const p of reads)
        for (const input of inputs(p)) {
          const res = await callOverHttp(client, p, input);
          bodies.set(`${p.path} ${JSON.stringify(input)}`, JSON.stringify(res.body));
        }
      for (const route of restRoutes(t.app).filter((r) => r.method === 'GET' && r.path !== '/trpc/:path' && r.path !== '/api/logout'))
        bodies.set(
          route.key,
          await bodyOf(
            client,
            fillPath(route.path, () => event.id),
          ),
        );
      return bodies;
    };
    const callers = { member, visitor, otherAdmin };
    const before = new Map<string, Map<string, string>>();
    for (const [who, client] of Object.entries(callers)) before.set(who, await readAll(client));

    const sealed = await admin.trpc.admin.mysteryFish.set.mutate({
      eventId: event.id,
      species: 'Trevally',
      length: { kind: 'exact', lengthCm: 63.7 },
    });
    expect(sealed).toMatchObject({ state: 'sealed', sealedByName: 'Ada Min', prize: '$100 cash' });
    expect(sealed.species).toBeUndefined();
    expect(sealed.lengthText).toBeUndefined();
    expect(JSON.stringify(sealed)).not.toMatch(/Trevally|63\.7/);

    for (const [who, client] of Object.entries(callers)) {
      const read = await client.trpc.events.mysteryFish.query({ id: event.id });
      expect(read, who).toEqual({
        eventId: event.id,
        eventName: 'Sealed Flathead Classic',
        state: 'sealed',
        prize: EXAMPLE_COMPETITION_RULES.mysteryFishPrize.text,
      });
      const after = await readAll(client);
      for (const [call, body] of after) {
        // The length as a number of its own (63.7, or 637 tenths), not digits inside an id or a hash.
        expect(body, `${who}: ${call}`).not.toMatch(/(?<![\w.-])(63\.70*|637)(?![\w.-])/);
        if (!before.get(who)!.get(call)?.includes('Trevally')) expect(body, `${who}: ${call}`).not.toContain('Trevally');
      }
    }
    // The second admin sees that it is sealed, by whom and when; never what.
    const list = await otherAdmin.trpc.admin.mysteryFish.list.query();
    expect(list.find((f) => f.eventId === event.id)).toMatchObject({ state: 'sealed', sealedByName: 'Ada Min', revealedAt: null });
    expect(JSON.stringify(list)).not.toMatch(/Trevally|63\.7/);

    // Neither the audit log (as the committee reads it) nor the stored row holds it in readable form: a commitment only.
    const entries = await otherAdmin.trpc.admin.audit.query({ entityId: event.id, page: 1, pageSize: 50 });
    const sealing = entries.rows.find((r) => r.action === 'mysteryFish.seal')!;
    expect(sealing.after).toMatchObject({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(entries)).not.toMatch(/Trevally|63\.7/);
    const [row] = await t.em().execute(`select row_to_json(m)::text as json from mystery_fish m where event_id = ?`, [event.id]);
    expect(row.json).not.toMatch(/Trevally|63\.7/);
    expect((await audit(event.id)).map((a) => JSON.stringify(a))).not.toContainEqual(expect.stringMatching(/Trevally|63\.7/));
  }, 60_000);

  it('can be replaced while sealed (audited, commitment only); the same fish again is a retry that changes nothing', async () => {
    const event = await eventTomorrow('Resealed Bream Round');
    await admin.trpc.admin.mysteryFish.set.mutate({ eventId: event.id, species: 'Whiting', length: { kind: 'exact', lengthCm: 30 } });
    await otherAdmin.trpc.admin.mysteryFish.set.mutate({
      eventId: event.id,
      species: 'Bream',
      length: { kind: 'range', minCm: 30, maxCm: 35 },
    });
    const again = await otherAdmin.trpc.admin.mysteryFish.set.mutate({
      eventId: event.id,
      species: 'Bream',
      length: { kind: 'range', minCm: 30, maxCm: 35 },
    });
    expect(again).toMatchObject({ state: 'sealed', sealedByName: 'Otto Hers' });
    const entries = await audit(event.id);
    expect(entries.map((e) => e.action)).toEqual(['mysteryFish.seal', 'mysteryFish.replace']);
    expect(entries[1].before!.commitment).toBe(entries[0].after!.commitment);
    expect(entries[1].after!.commitment).not.toBe(entries[0].after!.commitment);
    expect(JSON.stringify(entries)).not.toMatch(/Bream|Whiting/);

    // Bad input is refused with a sentence, and nothing changes.
    const bad = await admin.mutation('admin.mysteryFish.set', {
      eventId: event.id,
      species: 'Bream',
      length: { kind: 'range', minCm: 35, maxCm: 30 },
    });
    expect(bad).toMatchObject({ status: 400, fieldErrors: { 'length.maxCm': 'The longest length must be more than the shortest.' } });
    const shark = await admin.mutation('admin.mysteryFish.set', {
      eventId: event.id,
      species: 'Shark',
      length: { kind: 'exact', lengthCm: 50 },
    });
    expect(shark).toMatchObject({ status: 400, body: { message: 'Please choose a species from the list.' } });
    expect(await audit(event.id)).toHaveLength(2);

    // The replacement is what the presentation reveals.
    const angler = await createMember(t, { firstName: 'Bree', lastName: 'Mer' });
    await verifiedCatch(event.id, angler.memberId, 'Bream', '33');
    await afterFishing(event.id);
    const revealed = await admin.trpc.admin.mysteryFish.reveal.mutate({ eventId: event.id });
    expect(revealed).toMatchObject({
      state: 'revealed',
      species: 'Bream',
      lengthText: '30–35 cm',
      winner: { anglerName: 'Bree Mer', sizeCm: 33 },
    });
  });

  it('refuses members and visitors the committee procedures, and an event that does not exist', async () => {
    const event = await eventTomorrow('Guarded Round');
    const input = { eventId: event.id, species: 'Tailor', length: { kind: 'exact', lengthCm: 40 } };
    expect((await member.mutation('admin.mysteryFish.set', input)).status).toBe(403);
    expect((await visitor.mutation('admin.mysteryFish.set', input)).status).toBe(401);
    expect((await member.mutation('admin.mysteryFish.reveal', { eventId: event.id })).status).toBe(403);
    expect(await admin.mutation('admin.mysteryFish.set', { ...input, eventId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 404,
      body: { message: 'That event does not exist.' },
    });
    expect(await visitor.trpc.events.mysteryFish.query({ id: event.id })).toMatchObject({ state: 'none', prize: '$100 cash' });
  });
});

describe('revealing the mystery fish', () => {
  it('is refused before fishing closes and while catches wait for the judges; then names the winner, audited once', async () => {
    const event = await eventTomorrow('Reveal Flathead Frenzy');
    const sealed = await admin.trpc.admin.mysteryFish.set.mutate({
      eventId: event.id,
      species: 'Flathead',
      length: { kind: 'exact', lengthCm: 45 },
    });
    const early = await otherAdmin.mutation('admin.mysteryFish.reveal', { eventId: event.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(
      /^The mystery fish is revealed at the presentation, once fishing has closed: fishing for Reveal Flathead Frenzy closes at .*2:00 pm\.$/,
    );

    const flo = await createMember(t, { firstName: 'Flo', lastName: 'Head' });
    const sam = await createMember(t, { firstName: 'Sam', lastName: 'Sand' });
    const kim = await createMember(t, { firstName: 'Kim', lastName: 'Closer' });
    // 46 cm first, 44 cm a minute later: both 1 cm from 45, so the earlier catch wins the tie.
    await verifiedCatch(event.id, sam.memberId, 'Flathead', '46');
    await verifiedCatch(event.id, flo.memberId, 'Flathead', '44');
    // Closer, but another species; and a closer flathead the judges have not decided yet.
    await verifiedCatch(event.id, kim.memberId, 'Bream', '45');
    const waiting = await verifiedCatch(event.id, kim.memberId, 'Flathead', '45.2', 'pending');

    await afterFishing(event.id);
    const pending = await admin.mutation('admin.mysteryFish.reveal', { eventId: event.id });
    expect(pending).toMatchObject({
      status: 409,
      body: {
        message:
          '1 catch of Reveal Flathead Frenzy still waits for the judges. Judge it first, so every catch has its chance at the mystery fish.',
      },
    });
    // Sealing is over once fishing has closed: the catches are in.
    const late = await admin.mutation('admin.mysteryFish.set', {
      eventId: event.id,
      species: 'Bream',
      length: { kind: 'exact', lengthCm: 45 },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/once the catches are in it can no longer be set or replaced\.$/);
    await admin.trpc.admin.catches.judge.mutate({ id: waiting, action: 'reject', reason: 'Club code not visible.' });

    const revealed = await otherAdmin.trpc.admin.mysteryFish.reveal.mutate({ eventId: event.id });
    expect(revealed).toMatchObject({
      state: 'revealed',
      species: 'Flathead',
      lengthText: '45 cm',
      revealedByName: 'Otto Hers',
      winner: { anglerName: 'Sam Sand', sizeCm: 46, thumbnailUrl: expect.stringMatching(/^\/api\/objects\/images\/.+-thumb\.webp$/) },
    });
    const read = await visitor.trpc.events.mysteryFish.query({ id: event.id });
    expect(read).toMatchObject({
      state: 'revealed',
      species: 'Flathead',
      lengthText: '45 cm',
      winner: { anglerName: 'Sam Sand', sizeCm: 46 },
    });
    expect(JSON.stringify(read)).not.toMatch(/latitude|longitude|-28\.26/);

    // Revealing again (a double tap) answers the same and records nothing more; it can no longer be replaced.
    expect(await admin.trpc.admin.mysteryFish.reveal.mutate({ eventId: event.id })).toMatchObject({ winner: { anglerName: 'Sam Sand' } });
    const entries = await audit(event.id);
    expect(entries.map((e) => e.action)).toEqual(['mysteryFish.seal', 'mysteryFish.reveal']);
    // What was revealed is what was sealed: the sealed text's SHA-256 is the commitment recorded at sealing.
    const reveal = entries[1].after as { sealedText: string; commitment: string; species: string; winner: { anglerName: string } };
    expect(reveal).toMatchObject({ species: 'Flathead', length: '45 cm', winner: { anglerName: 'Sam Sand' } });
    expect(createHash('sha256').update(reveal.sealedText).digest('hex')).toBe(entries[0].after!.commitment);
    expect(entries[0].after!.commitment).toBe(
      (await t.em().execute('select commitment from mystery_fish where event_id = ?', [sealed.eventId]))[0].commitment,
    );
    expect(
      (await admin.mutation('admin.mysteryFish.set', { eventId: event.id, species: 'Bream', length: { kind: 'exact', lengthCm: 30 } })).body
        .message,
    ).toBe('The mystery fish for Reveal Flathead Frenzy has been revealed: it can no longer be replaced.');
  });

  it("names no winner when no catch qualifies ('No winner'), and refuses an event without a mystery fish", async () => {
    const event = await eventTomorrow('Empty Range Round');
    await admin.trpc.admin.mysteryFish.set.mutate({
      eventId: event.id,
      species: 'Whiting',
      length: { kind: 'range', minCm: 30, maxCm: 32 },
    });
    const angler = await createMember(t);
    await verifiedCatch(event.id, angler.memberId, 'Whiting', '29.9');
    await verifiedCatch(event.id, angler.memberId, 'Whiting', '32.1');
    await verifiedCatch(event.id, angler.memberId, 'Bream', '31');
    const none = await eventTomorrow('No Fish Set Round');
    await afterFishing(event.id);
    expect(await admin.trpc.admin.mysteryFish.reveal.mutate({ eventId: event.id })).toMatchObject({
      state: 'revealed',
      species: 'Whiting',
      lengthText: '30–32 cm',
      winner: null,
    });
    expect(await admin.mutation('admin.mysteryFish.reveal', { eventId: none.id })).toMatchObject({
      status: 409,
      body: { message: 'No mystery fish was set for No Fish Set Round, so there is nothing to reveal.' },
    });
  });
});

describe("the club's rule for the winner", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 21, minute));
  const c = (id: string, species: string, sizeCm: number, minute: number) => ({ id, species, sizeCm, caughtAt: at(minute) });
  const exact: MysteryFish = { species: 'Flathead', length: { kind: 'exact', lengthCm: 45 } };
  const range: MysteryFish = { species: 'Bream', length: { kind: 'range', minCm: 30, maxCm: 40 } };

  it('takes the closest length of the species for an exact length, the earlier catch on a tie', () => {
    expect(mysteryFishWinner(exact, [c('a', 'Flathead', 50, 1), c('b', 'Flathead', 43.5, 2), c('c', 'Bream', 45, 0)])?.id).toBe('b');
    expect(mysteryFishWinner(exact, [c('late', 'Flathead', 44.9, 9), c('early', 'Flathead', 45.1, 3)])?.id).toBe('early');
    // Any distance counts for an exact length, as long as the species is right.
    expect(mysteryFishWinner(exact, [c('far', 'Flathead', 90, 1)])?.id).toBe('far');
    expect(mysteryFishWinner(exact, [c('x', 'Bream', 45, 1)])).toBeNull();
  });

  it('takes a catch within the range (ends included) closest to its middle, the earlier on a tie', () => {
    expect(mysteryFishWinner(range, [c('a', 'Bream', 31, 1), c('b', 'Bream', 35.4, 5), c('c', 'Bream', 34.5, 2)])?.id).toBe('b');
    expect(mysteryFishWinner(range, [c('later', 'Bream', 34, 9), c('earlier', 'Bream', 36, 4)])?.id).toBe('earlier');
    expect(mysteryFishWinner(range, [c('edge', 'Bream', 40, 1), c('out', 'Bream', 40.1, 0), c('other', 'Whiting', 35, 0)])?.id).toBe(
      'edge',
    );
    expect(mysteryFishWinner(range, [c('out', 'Bream', 29.9, 0), c('out2', 'Bream', 41, 0)])).toBeNull();
  });

  it("is the prize the example club's competition rules give, as its rules document says", () => {
    const rules = withClubFacts(EXAMPLE_CLUB_DOCUMENTS.competition_rules.content, {
      club: EXAMPLE_CLUB_PROFILE,
      competition: EXAMPLE_COMPETITION_RULES,
      categories: categoriesOf(CLUB_SPECIES),
    });
    expect(rules).toContain(`Mystery fish: ${EXAMPLE_COMPETITION_RULES.mysteryFishPrize.text}.`);
  });
});
