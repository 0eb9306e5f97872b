import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Event, EventRegistration, Member, User } from '../../src/server/db/entities';
import { addYears, clubToday } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedGuestVersions, guestDocumentsMessage } from '../../src/shared/documents';
import { rowCounts } from '../support/endpoints';
import { createAdmin, createMember } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const paypal = new FakePayPal();

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      ADMIN_EMAILS: 'desk@club.test',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
    },
  });
  admin = (await createAdmin(t, { email: 'desk@club.test' })).client;
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());
let n = 0;
/** An event today that fishes all day (so catches are taken whenever the test runs), made by the committee. */
async function todaysEvent(fields: Record<string, unknown> = {}) {
  n += 1;
  return admin.trpc.admin.events.create.mutate({
    name: `Guest Day ${n}`,
    location: 'Kingscliff beach',
    eventDate: `${today()}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
    registrationFee: '10',
    // Open to entries all day.
    entriesCloseAt: `${today()}T23:59`,
    ...fields,
  });
}

const guestForm = (eventId: string, overrides: Record<string, unknown> = {}) => ({
  eventId,
  firstName: 'Gus',
  lastName: 'Guest',
  email: 'gus@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1985-03-04',
  documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
  ...overrides,
});

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 90, b: 140 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Pixel', Model: '8' } })
    .toBuffer();

/** Sends a catch as the browser's phone does: multipart to POST /api/catches. */
async function logCatch(client: TestClient, eventId: string, memberId: string) {
  const form = new FormData();
  const fields = {
    fishType: 'Whiting',
    size: '32',
    fishKeptOrReleased: 'released',
    eventId,
    memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.257500, 153.580000',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await client.fetch('/api/catches', { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

/** A guest who enters and pays from their browser; returns that browser, the e-mailed link's token and the guest's ids. */
async function paidGuest(eventId: string, overrides: Record<string, unknown> = {}) {
  const browser = t.client();
  const entered = await browser.trpc.guests.enter.mutate(guestForm(eventId, overrides));
  const order = await browser.trpc.guests.createOrder.mutate();
  const email = (overrides.email as string) ?? 'gus@example.com';
  const receipt = await t.mailAfter(email, () => browser.trpc.guests.capture.mutate({ orderId: order.id }));
  const token = linkIn(receipt).searchParams.get('token')!;
  const entry = await t.em().findOneOrFail(EventRegistration, { id: entered.registrationId }, { populate: ['member'] });
  return { browser, token, receipt, order, memberId: entry.member.id, registrationId: entered.registrationId };
}

describe('guests (non-members)', () => {
  it('enter with the waiver and rules accepted, pay the non-member fee through PayPal, and get a single-use link', async () => {
    const event = await todaysEvent();
    const browser = t.client();
    const entered = await browser.trpc.guests.enter.mutate(guestForm(event.id));
    expect(entered).toMatchObject({ amount: '15.00', name: 'Gus Guest', eventName: event.name });
    // Entering again from the same browser (a double click) answers with the same entry.
    expect((await browser.trpc.guests.enter.mutate(guestForm(event.id))).registrationId).toBe(entered.registrationId);
    // Another browser has nothing to pay.
    expect((await t.client().mutation('guests.createOrder', {})).status).toBe(404);

    const order = await browser.trpc.guests.createOrder.mutate();
    expect(paypal.orders.get(order.id)!.amount).toEqual({ value: '15.00', currency_code: 'AUD' });
    const receipt = await t.mailAfter('gus@example.com', () => browser.trpc.guests.capture.mutate({ orderId: order.id }));
    expect(receipt.subject).toBe(`Receipt: ${event.name} entry $15.00`);
    const link = linkIn(receipt);
    expect(link.pathname).toBe('/guest');
    expect(link.origin).toBe('http://club.test');

    // Paying is not signing in: only the link proves the address.
    expect(await browser.trpc.guests.me.query()).toBeNull();
    const stored = await t.em().findOneOrFail(EventRegistration, { id: entered.registrationId }, { populate: ['member'] });
    expect(stored.member).toMatchObject({ isGuest: true, isPrimary: false, status: 'pending', expiryDate: null, user: null });
    expect(stored.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.guestTokenHash).not.toContain(link.searchParams.get('token'));

    const phone = t.client();
    const guest = await phone.trpc.guests.signIn.mutate({ token: link.searchParams.get('token')! });
    expect(guest).toMatchObject({ eventId: event.id, name: 'Gus Guest', division: 'open', memberId: stored.member.id });
    expect(await phone.trpc.guests.me.query()).toMatchObject({ eventId: event.id });
    // Opening it again in the same phone is fine; anywhere else it is used up.
    expect((await phone.trpc.guests.signIn.mutate({ token: link.searchParams.get('token')! })).eventId).toBe(event.id);
    const again = await t.client().mutation('guests.signIn', { token: link.searchParams.get('token')! });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link has already been used. Ask for a new link on the event, with the same e-mail address.');
    expect(await t.em().count(AuditLog, { action: 'guest.signIn', entityId: entered.registrationId })).toBe(1);
  });

  it('lets the signed-in guest log their own catches in that event, and refuses other events and anglers with a sentence', async () => {
    const event = await todaysEvent();
    const other = await todaysEvent();
    const { token, memberId, browser } = await paidGuest(event.id, { email: 'gwen@example.com', firstName: 'Gwen' });
    // Before the link: the browser that paid is not signed in.
    expect((await logCatch(browser, event.id, memberId)).status).toBe(401);
    const phone = t.client();
    await phone.trpc.guests.signIn.mutate({ token });

    const logged = await logCatch(phone, event.id, memberId);
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    expect(logged.body.catch).toMatchObject({ eventId: event.id, anglerName: 'Gwen Guest', fishType: 'Whiting' });
    expect(await phone.trpc.guests.myCatches.query()).toHaveLength(1);

    const member = await createMember(t);
    await admin.trpc.admin.events.addEntrant.mutate({ id: other.id, memberId: member.memberId });
    const elsewhere = await logCatch(phone, other.id, memberId);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(
      'You are signed in as a guest for one competition only, so you can log catches for that event only.',
    );
    const forSomeoneElse = await logCatch(phone, event.id, member.memberId);
    expect(forSomeoneElse.status).toBe(403);
    expect(forSomeoneElse.body.message).toBe('As a guest you can log your own catches only.');
    // A guest is no member: member procedures stay closed.
    expect((await phone.mutation('events.register', { id: event.id })).status).toBe(401);
    expect((await phone.json('GET', '/api/members/catches')).status).toBe(401);
    // Signing out ends it.
    await phone.trpc.guests.signOut.mutate();
    expect((await logCatch(phone, event.id, memberId)).status).toBe(401);
  });

  it('keeps a guest apart from the member who owns the same address, and off the members list', async () => {
    const event = await todaysEvent();
    const owner = await createMember(t, { email: 'shared@example.com', firstName: 'Olive', lastName: 'Owner' });
    const { memberId } = await paidGuest(event.id, { email: 'shared@example.com', firstName: 'Mal', lastName: 'Lory' });
    const guest = await t.em().findOneOrFail(Member, { id: memberId }, { populate: ['user'] });
    expect(guest.user).toBeNull();
    expect(guest.id).not.toBe(owner.memberId);
    expect(await owner.client.trpc.members.profile.query()).toMatchObject({ id: owner.memberId, firstName: 'Olive' });
    const listed = await admin.trpc.admin.members.search.query({ search: 'Lory', page: 1, pageSize: 25 });
    expect(listed.total).toBe(0);
    expect((await owner.client.trpc.members.list.query()).some((m) => m.id === memberId)).toBe(false);
    expect(await t.em().count(User, { email: 'shared@example.com' })).toBe(1);
  });

  it('lets an unpaid guest entry hold its place for ten minutes only', async () => {
    const event = await todaysEvent({ maxParticipants: 1 });
    await t.client().trpc.guests.enter.mutate(guestForm(event.id, { email: 'slow@example.com' }));
    const member = await createMember(t);
    t.clock.advance(9 * 60_000);
    try {
      expect((await member.client.mutation('events.register', { id: event.id })).body.message).toBe('Sorry, this event is full.');
      t.clock.advance(2 * 60_000);
      expect(await member.client.trpc.events.register.mutate({ id: event.id })).toMatchObject({ eventId: event.id });
      expect(await t.em().count(EventRegistration, { event: event.id })).toBe(1);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
  });

  it('lets one address hold two unpaid guest places in an event, refuses a third with a sentence, and shows the holds', async () => {
    const event = await todaysEvent({ maxParticipants: 10 });
    const ip = '203.0.113.77';
    const first = t.client(ip);
    const entered = await first.trpc.guests.enter.mutate(guestForm(event.id, { email: 'hold1@example.com' }));
    // The same browser sending the same entry again (a lost reply) gets the same entry, not a second hold.
    expect((await first.trpc.guests.enter.mutate(guestForm(event.id, { email: 'hold1@example.com' }))).registrationId).toBe(
      entered.registrationId,
    );
    await t.client(ip).trpc.guests.enter.mutate(guestForm(event.id, { email: 'hold2@example.com' }));
    const before = await rowCounts(t);
    const third = await t.client(ip).mutation('guests.enter', guestForm(event.id, { email: 'hold3@example.com' }));
    expect([third.status, third.body.message]).toEqual([
      409,
      '2 guest entries made from this connection are still waiting for payment in this event. Pay for them, or wait until their 10-minute hold ends, before entering another guest.',
    ]);
    expect(await rowCounts(t)).toEqual(before);
    // Another address, or another event, is not held back.
    await t.client('203.0.113.78').trpc.guests.enter.mutate(guestForm(event.id, { email: 'other@example.com' }));
    const next = await todaysEvent();
    await t.client(ip).trpc.guests.enter.mutate(guestForm(next.id, { email: 'hold3@example.com' }));

    // The desk sees the held places as held, and the public count agrees with it.
    const desk = await admin.trpc.admin.signOn.list.query({ id: event.id });
    const held = desk.entrants.filter((e) => e.heldUntil);
    expect(held).toHaveLength(3);
    expect(new Date(held[0].heldUntil!).getTime() - new Date(held[0].enteredAt).getTime()).toBe(10 * 60_000);
    expect(desk.counts).toMatchObject({ entered: 3, held: 3 });
    expect((await t.client().trpc.events.byId.query({ id: event.id })).registeredCount).toBe(3);

    // When the holds end, the places come free without anyone else entering.
    t.clock.advance(11 * 60_000);
    try {
      expect(await t.app.jobs.guestHolds()).toMatchObject({ released: expect.any(Number) });
      expect((await admin.trpc.admin.signOn.list.query({ id: event.id })).counts).toMatchObject({ entered: 0, held: 0 });
      expect((await t.em().findOneOrFail(Event, { id: event.id })).registeredCount).toBe(0);
      // And the address may enter guests again.
      await t.client(ip).trpc.guests.enter.mutate(guestForm(event.id, { email: 'hold4@example.com' }));
    } finally {
      t.clock.advance(-11 * 60_000);
    }
  });

  it('refuses a bad guest form with a sentence and writes nothing', async () => {
    const event = await todaysEvent();
    const before = await rowCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ documentsAccepted: [] }, guestDocumentsMessage(EXAMPLE_CLUB_DOCUMENTS)],
      [{ email: 'not an address' }, 'Please enter a valid email address.'],
      [{ dateOfBirth: '2031-01-01' }, 'Date of birth cannot be in the future.'],
      [{ firstName: '' }, 'First name is required.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.client().mutation('guests.enter', guestForm(event.id, overrides));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const counts = await rowCounts(t);
    delete counts.rate_limit_buckets;
    delete before.rate_limit_buckets;
    expect(counts).toEqual(before);
  });

  it('prices a junior guest at the non-member fee in the junior division, and sends a new link on request', async () => {
    const event = await todaysEvent();
    const email = 'junior.guest@example.com';
    const { token, registrationId } = await paidGuest(event.id, { email, dateOfBirth: addYears(today(), -11) });
    const phone = t.client();
    expect((await phone.trpc.guests.signIn.mutate({ token })).division).toBe('junior');
    const mail = await t.mailAfter(email, () => t.client().trpc.guests.sendLink.mutate({ eventId: event.id, email }));
    expect(mail.subject).toBe(`Your sign-in link for ${event.name}`);
    const fresh = linkIn(mail).searchParams.get('token')!;
    expect((await t.client().trpc.guests.signIn.mutate({ token: fresh })).eventId).toBe(event.id);
    // Nobody learns whether an address entered.
    expect((await t.client().trpc.guests.sendLink.mutate({ eventId: event.id, email: 'nobody@example.com' })).message).toMatch(
      /^If a paid guest entry with that address exists/,
    );
    expect(await t.em().count(EventRegistration, { id: registrationId })).toBe(1);
  });
});
