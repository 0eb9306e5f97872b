import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, clubLocalToInstant, clubToday, formatAuDate } from '../../src/shared/dates';
import { AuditLog } from '../../src/server/db/entities';
import { createAdmin, createMember, enterEvent } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// Looking back on the judges' decisions (the Judged list, reopening one) and the club's sanctions for breaking
// the rules: disqualification from an event and suspension for up to 12 months.

let t: TestApp;
let admin: TestClient;
let today: string;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  // 9 am on the club's clocks: an event of today at 7 am is open for fishing.
  const day = clubToday(t.clock.now());
  t.clock.advance(clubLocalToInstant(`${day}T09:00`).getTime() - t.clock.now().getTime());
  today = clubToday(t.clock.now());
});
afterAll(() => t?.close());

async function photo() {
  n += 1;
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: n, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

/** Sends a catch as the phone does; `gps: false` leaves the position out (the judge sees 'No GPS'). */
async function send(client: TestClient, eventId: string, memberId: string, fishType: string, size: string, gps = true) {
  const form = new FormData();
  const fields: Record<string, string> = {
    fishType,
    size,
    fishKeptOrReleased: 'released',
    eventId,
    memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
  };
  if (gps) fields.gpsCoordinates = '-28.264512, 153.563218';
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'c.jpg');
  const res = await client.fetch('/api/catches', { method: 'POST', body: form });
  t.clock.advance(60_000);
  return { status: res.status, body: await res.json() };
}

/** Logs a catch for an angler entered in the event; its id. */
async function log(client: TestClient, eventId: string, memberId: string, fishType: string, size: string, gps = true) {
  await enterEvent(t, eventId, memberId);
  const res = await send(client, eventId, memberId, fishType, size, gps);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.catch.id as string;
}

async function event(name: string) {
  return admin.trpc.admin.events.create.mutate({ name, location: 'Tweed River', eventDate: `${today}T07:00` });
}

const judge = async (id: string, verdict: { action: 'approve'; size?: number } | { action: 'reject'; reason: string }) => {
  await admin.trpc.admin.catches.judge.mutate({ id, ...verdict });
  t.clock.advance(60_000);
};

const placings = async (eventId: string, species: string) =>
  ((await t.client().trpc.catches.results.query({ id: eventId })).categories.find((c) => c.species === species)?.placings ?? []).map(
    (p) => [p.place, p.anglerName, p.size],
  );

const auditOf = (entityId: string, action: string) => t.em().find(AuditLog, { entityId, action }, { orderBy: { id: 'asc' } });

describe('the Judged list', () => {
  it('lists decided catches newest decision first, with who decided, corrections and reasons, filtered and paged', async () => {
    const river = await event('Judged River Round');
    const creek = await event('Judged Creek Round');
    const angler = await createMember(t, { firstName: 'Jude', lastName: 'Ged' });
    const a = await log(angler.client, river.id, angler.memberId, 'Flathead', '45');
    const b = await log(angler.client, river.id, angler.memberId, 'Bream', '28', false);
    const c = await log(angler.client, creek.id, angler.memberId, 'Whiting', '31');
    const waiting = await log(angler.client, creek.id, angler.memberId, 'Tailor', '35');
    await judge(a, { action: 'approve', size: 44.5 });
    await judge(b, { action: 'reject', reason: 'Club code not visible.' });
    await judge(c, { action: 'approve' });

    const all = await admin.trpc.admin.catches.judged.query({ pageSize: 100 });
    const mine = all.rows.filter((r) => r.anglerId === angler.memberId);
    expect(mine.map((r) => r.id)).toEqual([c, b, a]);
    expect(mine.map((r) => r.id)).not.toContain(waiting);
    expect(mine.find((r) => r.id === a)).toMatchObject({
      status: 'verified',
      size: 44.5,
      correctedFrom: { fishType: 'Flathead', size: 45 },
      verifiedByName: 'Ada Min',
      eventName: 'Judged River Round',
      anglerName: 'Jude Ged',
      disqualified: null,
      anglerSuspendedUntil: null,
    });
    expect(mine.find((r) => r.id === a)!.verifiedAt).toBeTruthy();
    expect(mine.find((r) => r.id === b)).toMatchObject({ status: 'rejected', rejectReason: 'Club code not visible.', correctedFrom: null });
    expect(mine.find((r) => r.id === b)!.flags).toContain('no_gps');
    expect(mine.find((r) => r.id === c)).toMatchObject({ status: 'verified', correctedFrom: null });

    const ids = async (input: Parameters<typeof admin.trpc.admin.catches.judged.query>[0]) =>
      (await admin.trpc.admin.catches.judged.query(input)).rows.map((r) => r.id);
    expect(await ids({ eventId: river.id })).toEqual([b, a]);
    expect(await ids({ eventId: river.id, status: 'verified' })).toEqual([a]);
    expect(await ids({ eventId: river.id, status: 'rejected' })).toEqual([b]);
    expect(await ids({ eventId: river.id, flag: 'no_gps' })).toEqual([b]);
    expect(await ids({ eventId: creek.id, flag: 'no_gps' })).toEqual([]);
    const second = await admin.trpc.admin.catches.judged.query({ eventId: river.id, page: 2, pageSize: 1 });
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.rows.map((r) => r.id)).toEqual([a]);
    expect((await admin.trpc.admin.catches.judged.query({ eventId: river.id, page: 5, pageSize: 1 })).total).toBe(2);

    await expect(admin.trpc.admin.catches.judged.query({ flag: 'shiny' as never })).rejects.toThrow('That is not a flag the judges see.');
    expect((await angler.client.json('GET', '/trpc/admin.catches.judged?input=%7B%7D')).status).toBe(403);
  });
});

describe('reopening a decision', () => {
  it('puts the catch back in the queue as logged, with the reason audited, and the results follow', async () => {
    const ev = await event('Reopen Classic');
    const [first, second] = await Promise.all([
      createMember(t, { firstName: 'Rhea', lastName: 'Open' }),
      createMember(t, { firstName: 'Otto', lastName: 'Second' }),
    ]);
    const big = await log(first.client, ev.id, first.memberId, 'Bream', '36');
    const small = await log(second.client, ev.id, second.memberId, 'Bream', '30');
    await judge(big, { action: 'approve', size: 35 });
    await judge(small, { action: 'approve' });
    expect(await placings(ev.id, 'Bream')).toEqual([
      [1, 'Rhea Open', 35],
      [2, 'Otto Second', 30],
    ]);

    await expect(admin.trpc.admin.catches.reopen.mutate({ id: big, reason: ' ' })).rejects.toThrow(
      'Please say why the decision is reopened (at least 3 characters).',
    );
    const other = await createMember(t);
    expect((await other.client.mutation('admin.catches.reopen', { id: big, reason: 'Looks odd' })).status).toBe(403);

    const reopened = await admin.trpc.admin.catches.reopen.mutate({ id: big, reason: 'The angler sent the uncropped photo.' });
    // As the angler logged it: the judge's correction is undone, and the judges decide again.
    expect(reopened).toMatchObject({ id: big, status: 'pending', size: 36, fishType: 'Bream', rejectReason: null });
    expect((await admin.trpc.admin.catches.queue.query()).map((c) => c.id)).toContain(big);
    expect((await admin.trpc.admin.catches.judged.query({ eventId: ev.id })).rows.map((r) => r.id)).toEqual([small]);
    expect(await placings(ev.id, 'Bream')).toEqual([[1, 'Otto Second', 30]]);
    expect((await first.client.trpc.catches.mine.query()).find((c) => c.id === big)).toMatchObject({ status: 'pending', verified: false });

    const [entry] = await auditOf(big, 'catch.reopen');
    expect(entry.before).toMatchObject({ status: 'verified', verifiedBy: 'judge@club.test', rejectReason: null, sizeCm: 35 });
    expect(entry.before!.verifiedAt).toBeTruthy();
    expect(entry.after).toEqual({
      status: 'pending',
      verifiedBy: null,
      verifiedAt: null,
      rejectReason: null,
      species: 'Bream',
      sizeCm: 36,
      reason: 'The angler sent the uncropped photo.',
    });

    // A retry of the reopen (or a reopen of a catch still waiting) is refused and changes nothing.
    const again = await admin.mutation('admin.catches.reopen', { id: big, reason: 'The angler sent the uncropped photo.' });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This catch is already waiting for the judges: there is no decision to reopen.' },
    });
    expect(await auditOf(big, 'catch.reopen')).toHaveLength(1);
    expect((await admin.mutation('admin.catches.reopen', { id: crypto.randomUUID(), reason: 'No such catch' })).status).toBe(404);

    // Judged again, it places again; a rejection reopened loses its reason.
    await judge(big, { action: 'approve' });
    expect(await placings(ev.id, 'Bream')).toEqual([
      [1, 'Rhea Open', 36],
      [2, 'Otto Second', 30],
    ]);
    await judge(small, { action: 'reject', reason: 'Fish not on the brag mat.' });
    expect(await admin.trpc.admin.catches.reopen.mutate({ id: small, reason: 'Brag mat was there after all.' })).toMatchObject({
      status: 'pending',
      rejectReason: null,
    });
    expect((await auditOf(small, 'catch.reopen'))[0].before).toMatchObject({
      status: 'rejected',
      rejectReason: 'Fish not on the brag mat.',
    });
  });
});

describe('disqualifying an angler from an event', () => {
  it("stops their catches counting, refuses new ones, tells them, and 'Reinstate' undoes it", async () => {
    const ev = await event('Disqualification Derby');
    const cheat = await createMember(t, { email: 'copycat@example.com', firstName: 'Cora', lastName: 'Copy' });
    const honest = await createMember(t, { firstName: 'Hal', lastName: 'Honest' });
    const copied = await log(cheat.client, ev.id, cheat.memberId, 'Flathead', '62');
    const fair = await log(honest.client, ev.id, honest.memberId, 'Flathead', '50');
    await judge(copied, { action: 'approve' });
    await judge(fair, { action: 'approve' });
    // Without a phone taking notifications, the verdict comes by e-mail.
    await t.mail.waitFor('copycat@example.com', 1);
    const year = { year: Number(today.slice(0, 4)) };
    const points = async () =>
      Object.fromEntries((await t.client().trpc.catches.ladder.query(year)).map((r) => [r.anglerName, r.points]))['Cora Copy'] ?? 0;
    expect(await points()).toBe(3);

    const input = { eventId: ev.id, memberId: cheat.memberId, reason: 'The photo is the same as one entered at an earlier competition.' };
    expect((await cheat.client.mutation('admin.events.disqualify', input)).status).toBe(403);
    await expect(admin.trpc.admin.events.disqualify.mutate({ ...input, reason: '' })).rejects.toThrow(
      'Please give the angler a reason (at least 3 characters).',
    );
    const outsider = await createMember(t, { firstName: 'Nan', lastName: 'Entered' });
    expect(await admin.mutation('admin.events.disqualify', { ...input, memberId: outsider.memberId })).toMatchObject({
      status: 400,
      body: { message: 'Nan Entered is not entered in Disqualification Derby.' },
    });

    const mail = await t.mailAfter('copycat@example.com', () => admin.trpc.admin.events.disqualify.mutate(input));
    expect(mail.subject).toBe('You have been disqualified from Disqualification Derby');
    expect(mail.text).toContain('Their reason: The photo is the same as one entered at an earlier competition.');
    expect(mail.text).toContain('no longer count');
    // Results and points follow; the catch itself stays as judged.
    expect(await placings(ev.id, 'Flathead')).toEqual([[1, 'Hal Honest', 50]]);
    expect(await points()).toBe(0);
    expect((await cheat.client.trpc.members.dashboard.query()).memberLevel).toBe('Bronze');
    const row = (await admin.trpc.admin.catches.judged.query({ eventId: ev.id })).rows.find((r) => r.id === copied)!;
    expect(row).toMatchObject({ status: 'verified', disqualified: { reason: input.reason } });

    // No more catches for them in this event, from them or the committee.
    for (const client of [cheat.client, admin]) {
      const res = await send(client, ev.id, cheat.memberId, 'Bream', '30');
      expect(res).toEqual({
        status: 400,
        body: { message: 'Cora Copy is disqualified from Disqualification Derby, so no more catches can be logged for them in it.' },
      });
    }

    // Twice changes nothing, audits nothing and sends nothing more.
    expect(await admin.trpc.admin.events.disqualify.mutate(input)).toEqual({
      message: 'Cora Copy is already disqualified from Disqualification Derby.',
    });
    expect(await auditOf(ev.id, 'event.disqualify')).toHaveLength(1);
    expect((await auditOf(ev.id, 'event.disqualify'))[0].after).toMatchObject({ memberId: cheat.memberId, reason: input.reason });

    const back = await t.mailAfter('copycat@example.com', () =>
      admin.trpc.admin.events.reinstate.mutate({ eventId: ev.id, memberId: cheat.memberId }),
    );
    expect(back.subject).toBe('You are back in Disqualification Derby');
    expect(t.mail.to('copycat@example.com')).toHaveLength(3);
    expect(await placings(ev.id, 'Flathead')).toEqual([
      [1, 'Cora Copy', 62],
      [2, 'Hal Honest', 50],
    ]);
    expect(await points()).toBe(3);
    expect((await auditOf(ev.id, 'event.reinstate'))[0].before).toMatchObject({ disqualified: true, reason: input.reason });
    expect((await send(cheat.client, ev.id, cheat.memberId, 'Bream', '30')).status).toBe(200);
    expect(await admin.trpc.admin.events.reinstate.mutate({ eventId: ev.id, memberId: cheat.memberId })).toEqual({
      message: 'Cora Copy is not disqualified from Disqualification Derby.',
    });
  });
});

describe('suspending a member', () => {
  it('blocks entering events and logging catches until the day, shows on the portal, and can be lifted', async () => {
    const ev = await event('Suspension Shootout');
    const later = await admin.trpc.admin.events.create.mutate({
      name: 'Later Round',
      location: 'Kingscliff',
      eventDate: `${addDays(today, 10)}T07:00`,
    });
    const member = await createMember(t, { email: 'suspended@example.com', firstName: 'Sus', lastName: 'Pended' });
    await enterEvent(t, ev.id, member.memberId);
    const until = addDays(today, 90);
    const input = { memberId: member.memberId, until, reason: 'Photo tampering at the Terranora round.' };

    expect((await member.client.mutation('admin.members.suspend', input)).status).toBe(403);
    const tooLong = await admin.mutation('admin.members.suspend', { ...input, until: addDays(addYears(today, 1), 1) });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { message: `A suspension is at most 12 months: choose a day on or before ${formatAuDate(addYears(today, 1))}.` },
      fieldErrors: { until: expect.any(String) },
    });
    expect((await admin.mutation('admin.members.suspend', { ...input, until: addDays(today, -1) })).body).toEqual({
      message: 'The suspension cannot end before today.',
    });
    expect((await admin.mutation('admin.members.suspend', { ...input, until: 'next week' })).status).toBe(400);

    const mail = await t.mailAfter('suspended@example.com', () => admin.trpc.admin.members.suspend.mutate(input));
    expect(mail.subject).toBe(`Your club membership is suspended until ${formatAuDate(until)}`);
    expect(mail.text).toContain('Their reason: Photo tampering at the Terranora round.');
    expect(mail.text).toContain('you cannot enter events or log catches');
    const [entry] = await auditOf(member.memberId, 'member.suspend');
    expect(entry.after).toMatchObject({ suspendedUntil: until, reason: input.reason });

    const date = formatAuDate(until);
    await expect(member.client.trpc.events.register.mutate({ id: later.id })).rejects.toThrow(
      `Your membership is suspended until ${date}, so you cannot enter events until then.`,
    );
    expect((await member.client.mutation('events.register', { id: later.id })).status).toBe(403);
    expect(await send(member.client, ev.id, member.memberId, 'Bream', '30')).toEqual({
      status: 403,
      body: { message: `Your membership is suspended until ${date}, so you cannot log catches until then.` },
    });
    // Nor can the committee or a mate log or enter for them.
    expect((await send(admin, ev.id, member.memberId, 'Bream', '30')).body).toEqual({
      message: `Sus Pended is suspended until ${date}, so they cannot log catches until then.`,
    });
    expect(await admin.mutation('admin.events.addEntrant', { id: later.id, memberId: member.memberId })).toMatchObject({
      status: 400,
      body: { message: `Sus Pended is suspended until ${date}, so they cannot enter events until then.` },
      fieldErrors: { memberId: expect.any(String) },
    });

    // The portal and the committee's list carry it.
    expect((await member.client.trpc.members.profile.query())!.suspension).toEqual({ until, reason: input.reason });
    const row = (await admin.trpc.admin.members.search.query({ search: 'Sus Pended' })).rows[0];
    expect(row.suspension).toEqual({ until, reason: input.reason });

    const lifted = await t.mailAfter('suspended@example.com', () =>
      admin.trpc.admin.members.liftSuspension.mutate({ memberId: member.memberId }),
    );
    expect(lifted.subject).toBe('Your club membership is no longer suspended');
    expect((await auditOf(member.memberId, 'member.liftSuspension'))[0].before).toMatchObject({ suspendedUntil: until });
    expect((await member.client.trpc.members.profile.query())!.suspension).toBeNull();
    expect(await member.client.trpc.events.register.mutate({ id: later.id })).toMatchObject({ eventId: later.id });
    expect((await send(member.client, ev.id, member.memberId, 'Bream', '30')).status).toBe(200);
    expect(await admin.trpc.admin.members.liftSuspension.mutate({ memberId: member.memberId })).toEqual({
      message: 'Sus Pended is not suspended.',
    });
  });

  it('ends after its last day, club time', async () => {
    const member = await createMember(t, { firstName: 'Tim', lastName: 'Served' });
    await admin.trpc.admin.members.suspend.mutate({ memberId: member.memberId, until: today, reason: 'One day off the water.' });
    const ev = await admin.trpc.admin.events.create.mutate({
      name: 'Next Day Cup',
      location: 'Fingal',
      eventDate: `${addDays(today, 3)}T07:00`,
    });
    await expect(member.client.trpc.events.register.mutate({ id: ev.id })).rejects.toThrow('suspended until');
    t.clock.advance(clubLocalToInstant(`${addDays(today, 1)}T00:01`).getTime() - t.clock.now().getTime());
    expect((await member.client.trpc.members.profile.query())!.suspension).toBeNull();
    expect(await member.client.trpc.events.register.mutate({ id: ev.id })).toMatchObject({ eventId: ev.id });
  });
});
