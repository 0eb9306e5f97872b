import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Catch, Event, EventRegistration, Payment, WaitlistEntry } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
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
/** Today's competition; entries open all day unless `fields` say otherwise. */
async function todaysEvent(fields: Record<string, unknown> = {}) {
  n += 1;
  return admin.trpc.admin.events.create.mutate({
    name: `Ramp Day ${n}`,
    location: 'Fingal Head boat ramp',
    eventDate: `${today()}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
    registrationFee: '10',
    entriesCloseAt: `${today()}T23:59`,
    ...fields,
  });
}

const registered = async (eventId: string) => (await t.em().findOneOrFail(Event, { id: eventId })).registeredCount;
const audit = (action: string, entityId: string) => t.em().find(AuditLog, { action, entityId });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const entryOf = (eventId: string, memberId: string) => t.em().findOne(EventRegistration, { event: eventId, member: memberId });

describe('the desk takes an entrant off', () => {
  it('refunds a fee paid through PayPal once, frees the place, tells the payer, and says so again to a retry', async () => {
    const event = await todaysEvent({ payAtSignOn: false });
    const member = await createMember(t, { firstName: 'Reid', lastName: 'Removed' });
    await member.client.trpc.entries.enter.mutate({ id: event.id });
    const order = await member.client.trpc.entries.createOrder.mutate({ id: event.id });
    await member.client.trpc.entries.capture.mutate({ orderId: order.id });
    const captureId = (await t.em().findOneOrFail(Payment, { providerOrderId: order.id })).providerCaptureId;
    const entry = (await entryOf(event.id, member.memberId))!;
    expect(await registered(event.id)).toBe(1);

    const mail = await t.mailAfter(member.email, async () => {
      const removed = await admin.trpc.admin.signOn.remove.mutate({ registrationId: entry.id });
      expect(removed.message).toBe(`Reid Removed is no longer entered in ${event.name}. $10.00 is refunded to their PayPal.`);
    });
    expect(mail.subject).toBe(`Refund: ${event.name} entry $10.00`);
    expect(mail.text).toContain(`The committee has taken Reid Removed off the entrants of ${event.name}`);
    expect(mail.text).toContain('refunded the entry fee of $10.00 to the account you paid from');
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amount)).toEqual(['10.00']);
    expect(await entryOf(event.id, member.memberId)).toBeNull();
    expect(await registered(event.id)).toBe(0);
    const [removal] = await audit('entry.remove', entry.id);
    expect(removal.after).toMatchObject({ name: 'Reid Removed', feeCents: 1000, refundedCents: 1000 });

    // A retry (a lost answer, a second desk) changes nothing and says it is done.
    const again = await admin.trpc.admin.signOn.remove.mutate({ registrationId: entry.id });
    expect(again.message).toBe('Reid Removed was already removed.');
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect(await audit('entry.remove', entry.id)).toHaveLength(1);
    expect(await registered(event.id)).toBe(0);
  });

  it('records cash taken at the desk as handed back; an unpaid entry goes without money; members cannot remove', async () => {
    const event = await todaysEvent();
    const member = await createMember(t, { firstName: 'Cara', lastName: 'Cash' });
    await member.client.trpc.events.register.mutate({ id: event.id });
    const entry = (await entryOf(event.id, member.memberId))!;
    await admin.trpc.admin.signOn.recordPayment.mutate({
      registrationId: entry.id,
      method: 'cash',
      reference: null,
      requestKey: randomUUID(),
    });
    await t.mail.waitFor(member.email, 2);

    expect((await member.client.mutation('admin.signOn.remove', { registrationId: entry.id })).status).toBe(403);
    const mail = await t.mailAfter(member.email, async () => {
      const removed = await admin.trpc.admin.signOn.remove.mutate({ registrationId: entry.id });
      expect(removed.message).toBe(`Cara Cash is no longer entered in ${event.name}. Hand back $10.00: it is recorded as refunded.`);
    });
    expect(mail.text).toContain('The entry fee of $10.00 was handed back to you by the committee');
    const payment = await t.em().findOneOrFail(Payment, { event: event.id, purpose: 'entry' });
    expect(payment.refundedCents).toBe(1000);
    expect(await t.em().count(Payment, { refundOf: payment })).toBe(1);

    const unpaid = await createMember(t, { firstName: 'Una', lastName: 'Unpaid' });
    await unpaid.client.trpc.events.register.mutate({ id: event.id });
    const unpaidEntry = (await entryOf(event.id, unpaid.memberId))!;
    const removed = await admin.trpc.admin.signOn.remove.mutate({ registrationId: unpaidEntry.id });
    expect(removed.message).toBe(`Una Unpaid is no longer entered in ${event.name}.`);
    // Bad input is refused with a sentence.
    expect((await admin.mutation('admin.signOn.remove', { registrationId: 'not-an-id' })).status).toBe(400);
    expect((await admin.mutation('admin.signOn.remove', { registrationId: randomUUID() })).status).toBe(404);
  });
});

describe('the desk is told before adding someone already entered', () => {
  it('refuses the same walk-up guest twice (same name and birthday, any case) and a guest with an entrant’s e-mail', async () => {
    const event = await todaysEvent();
    const guest = { eventId: event.id, firstName: 'Gus', lastName: 'Guest', email: '', phone: '', dateOfBirth: '1975-05-05' };
    await admin.trpc.admin.signOn.addGuest.mutate(guest);
    const twice = await admin.mutation('admin.signOn.addGuest', { ...guest, firstName: ' gus', lastName: 'GUEST' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(
      new RegExp(`^Gus Guest is already entered in ${event.name} \\(as a guest, since \\d{1,2}:\\d{2} [ap]m\\)\\. Nothing was added\\.$`),
    );

    const member = await createMember(t, { firstName: 'Mae', lastName: 'Member' });
    await member.client.trpc.events.register.mutate({ id: event.id });
    const asGuest = await admin.mutation('admin.signOn.addGuest', {
      ...guest,
      firstName: 'May',
      lastName: 'Other',
      email: member.email.toUpperCase(),
    });
    expect(asGuest.status).toBe(409);
    expect(asGuest.body.message).toContain('Mae Member is already entered');
    const desk = await admin.trpc.admin.signOn.list.query({ id: event.id });
    expect(desk.counts.entered).toBe(2);
    expect(await registered(event.id)).toBe(2);
    // What the desk checks the same rule by without signal: each entrant's name and birthday, and the members it may add.
    expect(desk.entrants.find((e) => e.kind === 'guest')).toMatchObject({ firstName: 'Gus', lastName: 'Guest', dateOfBirth: '1975-05-05' });
    const members = await admin.trpc.admin.signOn.members.query();
    expect(members).toContainEqual({
      id: member.memberId,
      firstName: 'Mae',
      lastName: 'Member',
      email: member.email,
      dateOfBirth: '1980-05-05',
    });
    expect(members.some((m) => m.firstName === 'Gus')).toBe(false);
    expect((await member.client.json('GET', '/trpc/admin.signOn.members')).status).toBe(403);
  });
});

describe('Add member is told the same', () => {
  it('refuses a member with the name and birthday (any case) of a guest already entered, adding nothing', async () => {
    const event = await todaysEvent();
    await admin.trpc.admin.signOn.addGuest.mutate({
      eventId: event.id,
      firstName: 'Mia',
      lastName: 'Fisher',
      email: '',
      phone: '',
      dateOfBirth: '1990-04-02',
    });
    const member = await createMember(t, { firstName: 'MIA', lastName: 'fisher', dateOfBirth: '1990-04-02' });
    const refused = await admin.mutation('admin.events.addEntrant', { id: event.id, memberId: member.memberId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`^Mia Fisher is already entered in ${event.name} \\(as a guest, since \\d{1,2}:\\d{2} [ap]m\\)\\. Nothing was added\\.$`),
    );
    expect(await entryOf(event.id, member.memberId)).toBeNull();
    expect(await registered(event.id)).toBe(1);
    // Another birthday is another person.
    const namesake = await createMember(t, { firstName: 'Mia', lastName: 'Fisher', dateOfBirth: '1991-04-02' });
    await admin.trpc.admin.events.addEntrant.mutate({ id: event.id, memberId: namesake.memberId });
    expect(await registered(event.id)).toBe(2);
  });
});

describe('two desks adding one person at the same moment', () => {
  const alreadyEntered = (name: string, event: { name: string }) =>
    new RegExp(`^${name} is already entered in ${event.name} \\(as a guest, since \\d{1,2}:\\d{2} [ap]m\\)\\. Nothing was added\\.$`);

  it('add them once: the other desk is told, as a guest twice or as a guest and a member', async () => {
    const event = await todaysEvent();
    const otherDesk = (await createAdmin(t, { email: 'desk2@club.test' })).client;
    const guest = { eventId: event.id, firstName: 'Tia', lastName: 'Twice', email: '', phone: '', dateOfBirth: '1983-08-08' };
    const both = await Promise.all([admin.mutation('admin.signOn.addGuest', guest), otherDesk.mutation('admin.signOn.addGuest', guest)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toMatch(alreadyEntered('Tia Twice', event));
    expect(await t.em().count(EventRegistration, { event: event.id })).toBe(1);
    expect(await registered(event.id)).toBe(1);

    const member = await createMember(t, { firstName: 'Sam', lastName: 'Same', dateOfBirth: '1977-07-07' });
    const [asGuest, asMember] = await Promise.all([
      admin.mutation('admin.signOn.addGuest', { ...guest, firstName: 'Sam', lastName: 'Same', dateOfBirth: '1977-07-07' }),
      otherDesk.mutation('admin.events.addEntrant', { id: event.id, memberId: member.memberId }),
    ]);
    expect([asGuest.status, asMember.status].sort()).toEqual([200, 409]);
    expect([asGuest, asMember].find((r) => r.status === 409)!.body.message).toMatch(/^Sam Same is already entered in /);
    expect(await t.em().count(EventRegistration, { event: event.id })).toBe(2);
    expect(await registered(event.id)).toBe(2);
  });
});

describe('a freed or extra place goes to the waiting list first', () => {
  it('names who is waiting when the desk adds someone else, adds them anyway when asked (audited), and takes the waiting member off the list', async () => {
    const event = await todaysEvent({ maxParticipants: '1' });
    const first = await createMember(t, { firstName: 'Fay', lastName: 'First' });
    await first.client.trpc.events.register.mutate({ id: event.id });
    const waiting = await createMember(t, { firstName: 'Rhys', lastName: 'Donovan' });
    await waiting.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    const walkUp = await createMember(t, { firstName: 'Wes', lastName: 'Walkup' });

    const member = await admin.mutation('admin.events.addEntrant', { id: event.id, memberId: walkUp.memberId });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe(
      `Rhys Donovan is waiting for a place in ${event.name}. Offer it to them first, or add Wes Walkup anyway.`,
    );
    const guest = { eventId: event.id, firstName: 'Gil', lastName: 'Guest', email: '', phone: '', dateOfBirth: '1980-01-01' };
    const refusedGuest = await admin.mutation('admin.signOn.addGuest', guest);
    expect(refusedGuest.status).toBe(409);
    expect(refusedGuest.body.message).toBe(
      `Rhys Donovan is waiting for a place in ${event.name}. Offer it to them first, or add Gil Guest anyway.`,
    );
    expect(await registered(event.id)).toBe(1);

    // The place offered to the one waiting: entered, off the list.
    await admin.trpc.admin.events.addEntrant.mutate({ id: event.id, memberId: waiting.memberId });
    expect(await t.em().count(WaitlistEntry, { event: event.id })).toBe(0);

    // With the list empty the walk-up is added at once; passing over someone is the committee's choice, audited.
    const late = await createMember(t, { firstName: 'Lou', lastName: 'Late' });
    await late.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    await admin.trpc.admin.signOn.addGuest.mutate({ ...guest, passOverWaiting: true });
    const [passed] = await audit('waitlist.passedOver', event.id);
    expect(passed.after).toEqual({ added: 'Gil Guest', passedOver: ['Lou Late'] });
    expect(await registered(event.id)).toBe(3);
    expect(await t.em().count(WaitlistEntry, { event: event.id })).toBe(1);
  });
});

describe('a new event made through the published API', () => {
  it('is free when its fee is blank, as the documented default has it', async () => {
    const free = await admin.json('POST', '/api/admin/events', {
      name: 'Free Day',
      location: 'Kingscliff',
      eventDate: `${today()}T09:00`,
      registrationFee: '',
    });
    expect(free.body.registrationFee).toBe('0.00');
  });
});

describe('a walk-up guest without e-mail gets a catch link at the desk', () => {
  it('once their fee is settled: a single-use link their phone scans, which signs them in to this event only', async () => {
    const event = await todaysEvent();
    const walkUp = await admin.trpc.admin.signOn.addGuest.mutate({
      eventId: event.id,
      firstName: 'Noel',
      lastName: 'Noemail',
      email: '',
      phone: '',
      dateOfBirth: '1966-06-06',
    });
    const early = await admin.mutation('admin.signOn.catchLink', { registrationId: walkUp.registrationId });
    expect([early.status, early.body.message]).toEqual([400, "Take Noel Noemail's $15.00 first: the catch link comes with a paid entry."]);
    await admin.trpc.admin.signOn.recordPayment.mutate({
      registrationId: walkUp.registrationId,
      method: 'cash',
      reference: null,
      requestKey: randomUUID(),
    });

    const shown = await admin.trpc.admin.signOn.catchLink.mutate({ registrationId: walkUp.registrationId });
    const again = await admin.trpc.admin.signOn.catchLink.mutate({ registrationId: walkUp.registrationId });
    // Showing it again (another desk, a second look) shows the same link: a code already shown keeps working.
    expect(again).toEqual(shown);
    const phone = t.client();
    expect(await phone.trpc.guests.signIn.mutate({ token: tokenOf(shown.url) })).toMatchObject({ eventId: event.id, name: 'Noel Noemail' });
    // The phone that scanned it logs Noel's catch in this event.
    const caught = await logCatch(t, phone, { eventId: event.id, memberId: walkUp.memberId, fishType: 'Flathead', size: '52' });
    expect((await t.em().findOneOrFail(Catch, { id: caught }, { populate: ['angler'] })).angler.id).toBe(walkUp.memberId);
    // Single use: nobody else signs in with it, and once used the desk makes a new one.
    expect(await t.client().mutation('guests.signIn', { token: tokenOf(shown.url) })).toMatchObject({
      status: 400,
      body: { message: 'This link has already been used. Ask the sign-on desk to show you a new one.' },
    });
    const next = await admin.trpc.admin.signOn.catchLink.mutate({ registrationId: walkUp.registrationId });
    expect(next.url).not.toBe(shown.url);
    expect(await t.client().trpc.guests.signIn.mutate({ token: tokenOf(next.url) })).toMatchObject({ name: 'Noel Noemail' });
    const audits = await audit('guest.catchLink', walkUp.registrationId);
    expect(audits.map((a) => (a.after as { newLink: boolean }).newLink).sort()).toEqual([false, true, true]);
    // Nothing of the link is kept readable: only its hash and its secret sealed under the site's key.
    const stored = await t.em().findOneOrFail(EventRegistration, { id: walkUp.registrationId });
    expect(stored.guestTokenSealed).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(next.url));

    const member = await createMember(t);
    await member.client.trpc.events.register.mutate({ id: event.id });
    const entry = (await entryOf(event.id, member.memberId))!;
    expect((await admin.mutation('admin.signOn.catchLink', { registrationId: entry.id })).status).toBe(400);
  });
});

/** The printed sheet: its text (lines joined by spaces) and its bytes. */
const sheets = new Map<string, Buffer>();
async function printedSheet(eventId: string): Promise<string> {
  const res = await admin.fetch(`/api/admin/events/${eventId}/entrants.pdf`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  sheets.set(eventId, bytes);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

/**
 * The dark modules of the QR code drawn on the last sheet printed (its small squares, `x y w h re` in the page's
 * content), as 'column,row' from its top-left corner: what a phone's camera reads.
 */
function qrModulesOn(eventId: string): Set<string> {
  const squares: number[][] = [];
  for (const [, stream] of sheets
    .get(eventId)!
    .toString('latin1')
    .matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = inflateSync(Buffer.from(stream, 'latin1')).toString('latin1');
    for (const [, x, y, w, h] of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g))
      if (w === h && Number(w) < 5) squares.push([Number(x), Number(y), Number(w)]);
  }
  const [left, top] = [Math.min(...squares.map((q) => q[0])), Math.min(...squares.map((q) => q[1]))];
  return new Set(squares.map(([x, y, size]) => `${Math.round((x - left) / size)},${Math.round((y - top) / size)}`));
}

/** The dark modules of `link`'s QR code, as the desk's screen draws it (the same library and error correction). */
function qrModulesOf(link: string): Set<string> {
  const dark = new Set<string>();
  encode(link, { ecc: 'M', border: 0 }).data.forEach((row, y) => row.forEach((on, x) => on && dark.add(`${x},${y}`)));
  return dark;
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+\/guest\?token=[\w-]+/g)].map((m) => m[0]);

describe('the printed sheet carries the catch link of each paid guest without e-mail', () => {
  it('as a QR code under their name, the same link the desk shows, still good after a reprint; after use a new one', async () => {
    const event = await todaysEvent();
    const add = (firstName: string, email: string) =>
      admin.trpc.admin.signOn.addGuest.mutate({
        eventId: event.id,
        firstName,
        lastName: 'Walkup',
        email,
        phone: '',
        dateOfBirth: '1970-03-03',
      });
    const pay = (registrationId: string) =>
      admin.trpc.admin.signOn.recordPayment.mutate({ registrationId, method: 'cash', reference: null, requestKey: randomUUID() });
    const paidNoEmail = await add('Polly', '');
    await pay(paidNoEmail.registrationId);
    await add('Ursula', ''); // not paid yet: no link
    const withEmail = await add('Eddie', 'eddie@example.com');
    await t.mailAfter('eddie@example.com', () => pay(withEmail.registrationId)); // gets hers by e-mail

    const first = await printedSheet(event.id);
    expect(first).toContain('Catch link');
    const section = first.slice(first.indexOf('Catch link'));
    expect(section).toContain('Polly Walkup');
    expect(section).not.toContain('Ursula Walkup');
    expect(section).not.toContain('Eddie Walkup');
    const [printed, ...others] = linksIn(section);
    expect(others).toEqual([]);
    // The code on the sheet is that link.
    expect(qrModulesOn(event.id)).toEqual(qrModulesOf(printed));

    // The desk's screen shows the very link on the sheet; reprinting keeps it; it still signs the guest in.
    expect((await admin.trpc.admin.signOn.catchLink.mutate({ registrationId: paidNoEmail.registrationId })).url).toBe(printed);
    expect(linksIn(await printedSheet(event.id))).toEqual([printed]);
    expect(await t.client().trpc.guests.signIn.mutate({ token: tokenOf(printed) })).toMatchObject({ name: 'Polly Walkup' });

    // Used: the next print carries a new link, and the audit says where each was shown.
    const [reprinted] = linksIn(await printedSheet(event.id));
    expect(reprinted).toBeDefined();
    expect(reprinted).not.toBe(printed);
    const shown = await audit('guest.catchLink', paidNoEmail.registrationId);
    expect(shown.map((a) => (a.after as { shownOn: string }).shownOn)).toEqual(
      expect.arrayContaining(['printed sheet', 'screen', 'printed sheet', 'printed sheet']),
    );
    expect(shown).toHaveLength(4);
  });
});
