import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubLocalToInstant } from '../../src/shared/dates';
import { AuditLog, Catch, EventRegistration } from '../../src/server/db/entities';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
});
afterAll(() => t?.close());

/** Logs a catch for an angler entered in the event (entered here, as registering would have). */
const log = (client: TestClient, eventId: string, memberId: string, fishType: string, size: string) =>
  logCatch(t, client, { eventId, memberId, fishType, size });

describe('judging and results', () => {
  it('approves, corrects and rejects with an audit entry, and the angler sees the outcome', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Flathead Frenzy',
      location: 'Terranora Broadwater',
      eventDate: `${today}T00:05`,
      clubCode: 'TIDE42',
      // Fishing all day, so the catches are logged whenever the tests run.
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const angler = await createMember(t, { email: 'flatty@example.com', firstName: 'Flo', lastName: 'Head' });
    const a = await log(angler.client, event.id, angler.memberId, 'Flathead', '45');
    const b = await log(angler.client, event.id, angler.memberId, 'Bream', '28');

    const queue = await admin.trpc.admin.catches.queue.query();
    const item = queue.find((c) => c.id === a)!;
    expect(item).toMatchObject({
      fishType: 'Flathead',
      size: 45,
      gpsText: '-28.264512, 153.563218',
      latitude: -28.264512,
      clubCode: 'TIDE42',
      flags: ['no_photo_location', 'no_camera_metadata'],
      anglerEntered: true,
      submittedByName: null,
    });

    await admin.trpc.admin.catches.judge.mutate({ id: a, action: 'approve', size: 44.5 });
    await admin.trpc.admin.catches.judge.mutate({ id: b, action: 'reject', reason: 'Club code not visible in the photo.' });
    await expect(admin.trpc.admin.catches.judge.mutate({ id: b, action: 'reject', reason: '' } as never)).rejects.toThrow(
      'Please give the angler a reason (at least 3 characters).',
    );

    // The angler hears of the correction and of the rejection, with the judge's reason, by e-mail; a double tap says nothing twice.
    await admin.trpc.admin.catches.judge.mutate({ id: b, action: 'reject', reason: 'Club code not visible in the photo.' });
    const mail = t.mail.to('flatty@example.com');
    expect(mail.map((m) => m.subject)).toEqual([
      'Your catch was approved with a correction: Flathead at Flathead Frenzy',
      'Your catch was not accepted: Bream at Flathead Frenzy',
    ]);
    expect(mail[0].text).toContain('Size: 45 cm → 44.5 cm');
    expect(mail[1].text).toContain('The judges did not accept your Bream (28 cm) at Flathead Frenzy.');
    expect(mail[1].text).toContain('Their reason: Club code not visible in the photo.');
    expect(mail[1].text).toContain('/member?tab=catches');

    const mine = await angler.client.trpc.catches.mine.query();
    expect(mine.find((c) => c.id === a)).toMatchObject({ verified: true, status: 'verified', size: 44.5 });
    expect(mine.find((c) => c.id === b)).toMatchObject({ verified: false, status: 'rejected' });
    // Newest first, a page at a time: the second page of one is the earlier catch.
    expect((await angler.client.trpc.catches.mine.query({ limit: 1, cursor: 1 })).map((c) => c.id)).toEqual([a]);
    const audit = await t.em().find(AuditLog, { entityId: { $in: [a, b] } }, { orderBy: { id: 'asc' } });
    expect(audit.map((e) => e.action)).toEqual(['catch.approve', 'catch.reject']);
    expect(audit[0].before).toMatchObject({ sizeCm: 45 });
    expect(audit[0].after).toMatchObject({ sizeCm: 44.5, status: 'verified' });
    expect((await admin.trpc.admin.catches.queue.query()).map((c) => c.id)).not.toContain(a);
  });

  it('tells the judge who logged a catch for someone else, and when the angler is no longer entered', async () => {
    const event = await admin.trpc.admin.events.create.mutate({ name: 'Tailor Trot', location: 'Kingscliff', eventDate: `${today}T00:07` });
    const angler = await createMember(t, { firstName: 'Tia', lastName: 'Lor' });
    const id = await log(admin, event.id, angler.memberId, 'Tailor', '33');
    const item = async () => (await admin.trpc.admin.catches.queue.query()).find((c) => c.id === id)!;
    expect(await item()).toMatchObject({ anglerName: 'Tia Lor', anglerEntered: true, submittedByName: 'Ada Min' });
    // An entry withdrawn after the catch was logged (or a catch from before only entrants could log).
    await t.em().nativeDelete(EventRegistration, { event: event.id, member: angler.memberId });
    expect(await item()).toMatchObject({ anglerEntered: false });
  });

  it('places the three longest verified catches per species, a tie going to the earlier catch, and adds up the season', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Whiting Wars',
      location: 'Cudgen Creek',
      eventDate: `${today}T00:10`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const [p, q, r] = await Promise.all(
      ['Pia', 'Quin', 'Rex'].map((name, i) => createMember(t, { email: `w${i}@example.com`, firstName: name, lastName: 'Whiting' })),
    );
    const ids = [
      await log(p.client, event.id, p.memberId, 'Whiting', '30.5'),
      await log(q.client, event.id, q.memberId, 'Whiting', '30.5'),
      await log(r.client, event.id, r.memberId, 'Whiting', '29'),
      await log(p.client, event.id, p.memberId, 'Whiting', '28'),
      await log(r.client, event.id, r.memberId, 'Tailor', '33'),
      await log(q.client, event.id, q.memberId, 'Whiting', '40'),
    ];
    for (const id of ids.slice(0, 5)) await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
    // The 40 cm whiting is never verified, so it does not place. Each approval reaches its angler (no push here: by e-mail).
    await t.mail.waitFor('w0@example.com', 2);
    expect(t.mail.to('w0@example.com').map((m) => m.subject)).toEqual([
      'Your catch was approved: Whiting at Whiting Wars',
      'Your catch was approved: Whiting at Whiting Wars',
    ]);

    const results = await t.client().trpc.catches.results.query({ id: event.id });
    const whiting = results.categories.find((c) => c.species === 'Whiting')!;
    expect(whiting.placings.map((pl) => [pl.place, pl.anglerName, pl.size, pl.points])).toEqual([
      [1, 'Pia Whiting', 30.5, 3],
      [2, 'Quin Whiting', 30.5, 2],
      [3, 'Rex Whiting', 29, 1],
    ]);
    expect(results.categories.find((c) => c.species === 'Tailor')!.placings).toHaveLength(1);
    expect(JSON.stringify(results)).not.toMatch(/latitude|longitude|gps|-28\./i);

    const ladder = await t.client().trpc.catches.ladder.query({ year: Number(today.slice(0, 4)) });
    const points = Object.fromEntries(ladder.map((row) => [row.anglerName, row.points]));
    expect(points).toMatchObject({ 'Pia Whiting': 3, 'Quin Whiting': 2, 'Rex Whiting': 4 });
    expect(ladder.findIndex((row) => row.anglerName === 'Rex Whiting')).toBeLessThan(
      ladder.findIndex((row) => row.anglerName === 'Pia Whiting'),
    );
    expect((await r.client.trpc.members.dashboard.query()).memberLevel).toBe('Silver');
    expect((await q.client.trpc.members.dashboard.query()).memberLevel).toBe('Bronze');
  });

  it('keeps positions to the angler and the judges', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Privacy Cup',
      location: 'Pottsville',
      eventDate: `${today}T00:15`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const angler = await createMember(t);
    const id = await log(angler.client, event.id, angler.memberId, 'Tailor', '31');
    const other = await createMember(t);
    expect(JSON.stringify(await other.client.trpc.catches.mine.query())).not.toContain(id);
    expect((await other.client.json('GET', `/trpc/admin.catches.queue`)).status).toBe(403);
    const stored = await t.em().findOneOrFail(Catch, { id });
    expect(stored.latitude).toBeCloseTo(-28.264512, 6);
  });

  it('shows the club code to registered members only once fishing opens on the day', async () => {
    // Move the clock to 6 am tomorrow (club time) so the day's timeline is known.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
      new Date(t.clock.now().getTime() + 86400_000),
    );
    t.clock.advance(clubLocalToInstant(`${tomorrow}T06:00`).getTime() - t.clock.now().getTime());
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Code Day',
      location: 'Hastings Point',
      eventDate: `${tomorrow}T07:00`,
      clubCode: 'MULLET',
    });
    const member = await createMember(t);
    await expect(member.client.trpc.events.clubCode.query({ id: event.id })).rejects.toThrow(
      'Register for this event to see its club code.',
    );
    // An edit that does not mention the code keeps it.
    await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: { name: 'Code Day', location: 'Hastings Point', eventDate: `${tomorrow}T07:00` },
    });
    await member.client.trpc.events.register.mutate({ id: event.id });
    await expect(member.client.trpc.events.clubCode.query({ id: event.id })).rejects.toThrow(
      'The club code is shown on the day of the event, once fishing opens.',
    );
    t.clock.advance(3600_000 + 1000);
    expect(await member.client.trpc.events.clubCode.query({ id: event.id })).toEqual({ code: 'MULLET' });
    t.clock.advance(86400_000);
    await expect(member.client.trpc.events.clubCode.query({ id: event.id })).rejects.toThrow('once fishing opens');
  });

  it("shows results without photos while fishing is open (they show the day's code), and with them once it closes", async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
    t.clock.advance(clubLocalToInstant(`${day}T09:00`).getTime() - t.clock.now().getTime());
    const event = await admin.trpc.admin.events.create.mutate({ name: 'Open Water', location: 'Cabarita', eventDate: `${day}T07:00` });
    const angler = await createMember(t, { firstName: 'Opal', lastName: 'Waters' });
    await admin.trpc.admin.catches.judge.mutate({
      id: await log(angler.client, event.id, angler.memberId, 'Bream', '31'),
      action: 'approve',
    });
    const during = await t.client().trpc.catches.results.query({ id: event.id });
    expect(during.photosFrom).toBe(clubLocalToInstant(`${day}T14:00`).toISOString());
    expect(during.categories[0].placings[0]).toMatchObject({ anglerName: 'Opal Waters', size: 31, thumbnailUrl: null, photoUrl: null });
    t.clock.advance(5 * 3600_000);
    const after = await t.client().trpc.catches.results.query({ id: event.id });
    expect(after.photosFrom).toBeNull();
    expect(after.categories[0].placings[0].thumbnailUrl).toMatch(/\.webp$/);
    expect(after.categories[0].placings[0].photoUrl).toMatch(/\.webp$/);
  });
});
