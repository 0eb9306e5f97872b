import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Event, EventRegistration, Household, Member, Payment, WaitlistEntry } from '../../src/server/db/entities';
import { addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { entriesClosedMessage } from '../../src/shared/entries';
import { rowCounts } from '../support/endpoints';
import { createAdmin, createMember } from '../support/factories';
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

/** 'YYYY-MM-DDTHH:mm' on the club's clocks, `days` from the test clock's now. */
function clubLocal(days: number, time = '07:00') {
  return `${clubToday(new Date(t.clock.now().getTime() + days * 86_400_000))}T${time}`;
}

let n = 0;
/** An event made by the committee through the documented REST path; `fields` are sent as given. */
async function newEvent(fields: Record<string, unknown> = {}) {
  n += 1;
  const res = await admin.json('POST', '/api/admin/events', {
    name: `Bream Bash ${n}`,
    location: 'Tweed River, Chinderah',
    eventDate: clubLocal(14),
    registrationFee: '10',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; name: string; eventDate: string } & Record<string, unknown>;
}

/** A junior (12 on the event's day) in the household of `parentMemberId`, paid up like the parent. */
async function addJunior(parentMemberId: string, firstName = 'Kit') {
  const em = t.em();
  const parent = await em.findOneOrFail(Member, { id: parentMemberId });
  const junior = em.create(Member, {
    household: em.getReference(Household, parent.household.id),
    isPrimary: false,
    firstName,
    lastName: parent.lastName,
    email: null,
    dateOfBirth: addYears(clubToday(t.clock.now()), -12),
    membershipType: 'junior',
    status: 'active',
    memberSince: parent.memberSince,
    expiryDate: parent.expiryDate,
  });
  await em.flush();
  return junior.id;
}

/** Runs `fn` with the test clock at `local` (club time), then puts the clock back. */
async function at(local: string, fn: () => Promise<void>) {
  const shift = clubLocalToInstant(local).getTime() - t.clock.now().getTime();
  t.clock.advance(shift);
  try {
    await fn();
  } finally {
    t.clock.advance(-shift);
  }
}

const entryOf = (eventId: string, memberId: string) => t.em().findOne(EventRegistration, { event: eventId, member: memberId });
const audits = (action: string) => t.em().find(AuditLog, { action }, { orderBy: { id: 'asc' } });

describe('entry fees priced by the server', () => {
  it("gives an event the club's prices and closes entries at the end of sign-on, and keeps the REST contract", async () => {
    const event = await newEvent();
    expect(event).toMatchObject({
      registrationFee: '10.00',
      memberFee: '10.00',
      juniorFee: null,
      nonMemberFee: '15.00',
      payAtSignOn: true,
      requireCheckIn: false,
      entriesCloseLocal: null,
    });
    // Two hours after a 7 am start: 9 am, the end of sign-on.
    expect(event.entriesCloseAt).toBe(clubLocalToInstant(clubLocal(14, '09:00')).toISOString());

    // An older script's PUT with the documented fields keeps the newer ones.
    const changed = await admin.json('PUT', `/api/admin/events/${event.id}`, {
      name: event.name,
      location: 'Tweed River',
      eventDate: clubLocal(14),
      registrationFee: '12.50',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ memberFee: '12.50', registrationFee: '12.50', nonMemberFee: '15.00', juniorFee: null });

    const terms = await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: {
        name: event.name,
        location: 'Tweed River',
        eventDate: clubLocal(14),
        memberFee: '10',
        juniorFee: '5',
        nonMemberFee: '20',
        entriesCloseAt: clubLocal(13, '18:00'),
        payAtSignOn: false,
        requireCheckIn: true,
      },
    });
    expect(terms).toMatchObject({
      memberFee: '10.00',
      registrationFee: '10.00',
      juniorFee: '5.00',
      nonMemberFee: '20.00',
      payAtSignOn: false,
      requireCheckIn: true,
      entriesCloseLocal: clubLocal(13, '18:00'),
    });
    const audit = (await audits('event.update')).filter((a) => a.entityId === event.id).at(-1)!;
    expect(audit.after).toMatchObject({ memberFeeCents: 1000, juniorFeeCents: 500, nonMemberFeeCents: 2000, requireCheckIn: true });

    // Entries closing after fishing ends are refused with a sentence, and nothing changes.
    const before = await rowCounts(t);
    const late = await admin.mutation('admin.events.update', {
      id: event.id,
      event: { name: event.name, location: 'Tweed River', eventDate: clubLocal(14), entriesCloseAt: clubLocal(14, '15:00') },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^Entries must close by the time fishing ends \(.*2:00 pm\)\.$/);
    expect(late.fieldErrors).toMatchObject({ entriesCloseAt: expect.any(String) });
    expect(await rowCounts(t)).toEqual(before);
    const bad = await admin.json('POST', '/api/admin/events', { name: 'X', location: 'Y', eventDate: clubLocal(3), nonMemberFee: '-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Non-member entry fee must be an amount in dollars with at most 2 decimals, such as 15.00.');
  });

  it('shows the prices and the close on the public event list', async () => {
    const event = await newEvent({ juniorFee: '5' });
    const listed = (await t.client().trpc.events.upcoming.query()).find((e) => e.id === event.id)!;
    expect(listed).toMatchObject({ memberFee: '10.00', juniorFee: '5.00', nonMemberFee: '15.00', isOpen: true });
  });
});

describe('a member enters and pays', () => {
  it('enters as unpaid, pays exactly the price through PayPal once, and gets a receipt', async () => {
    const event = await newEvent({ payAtSignOn: false });
    const member = await createMember(t, { firstName: 'Pia', lastName: 'Payer' });
    const entered = await member.client.trpc.entries.enter.mutate({ id: event.id });
    expect(entered).toMatchObject({ amountDue: '10.00', entries: [{ paymentState: 'unpaid', fee: '10.00', memberId: member.memberId }] });
    expect((await t.latestMail(member.email)).text).toContain('Entry fee: $10.00, not paid yet.');

    const order = await member.client.trpc.entries.createOrder.mutate({ id: event.id });
    expect(paypal.orders.get(order.id)!.amount).toEqual({ value: '10.00', currency_code: 'AUD' });
    // Another browser or member cannot capture it.
    const other = await createMember(t);
    expect((await other.client.mutation('entries.capture', { orderId: order.id })).status).toBe(404);

    const receipt = await t.mailAfter(member.email, () => member.client.trpc.entries.capture.mutate({ orderId: order.id }));
    expect(receipt.subject).toBe(`Receipt: ${event.name} entry $10.00`);
    // Repeating the capture (a lost answer) charges nothing more and answers the same.
    expect(await member.client.trpc.entries.capture.mutate({ orderId: order.id })).toMatchObject({ status: 'COMPLETED', amount: '10.00' });
    expect(paypal.chargesFor(order.id)).toHaveLength(1);
    const [mine] = await member.client.trpc.events.myRegistrations.query();
    expect(mine).toMatchObject({ paymentState: 'paid', refundOnCancel: true });
    const payment = await t.em().findOneOrFail(Payment, { providerOrderId: order.id });
    expect(payment).toMatchObject({ kind: 'event', status: 'completed', amountCents: 1000 });
    expect((await audits('entry.paid')).some((a) => a.after?.paymentId === payment.id)).toBe(true);
    // Nothing left to pay.
    expect((await member.client.mutation('entries.createOrder', { id: event.id })).body.message).toBe(
      'There is nothing left to pay for this event: your entry fees are paid.',
    );
  });

  it('registers through the documented path as pay at sign-on where the event allows it, and keeps free events free', async () => {
    const event = await newEvent();
    const member = await createMember(t);
    const res = await member.client.json('POST', `/api/events/${event.id}/register`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentState: 'pay_at_sign_on', fee: '10.00' });
    expect((await t.latestMail(member.email)).text).toContain('Entry fee: $10.00, payable on the day.');

    const free = await newEvent({ registrationFee: '' });
    const entry = await member.client.trpc.events.register.mutate({ id: free.id });
    expect(entry).toMatchObject({ paymentState: 'free', fee: '0.00' });
    expect((await t.latestMail(member.email)).text).toContain('Entry: free for members.');
  });

  it("lets a household adult enter the household's junior and pay for both in one order, each at their price", async () => {
    const event = await newEvent({ juniorFee: '5', payAtSignOn: false });
    const parent = await createMember(t, { firstName: 'Max', lastName: 'Parent' });
    const juniorId = await addJunior(parent.memberId);
    const stranger = await createMember(t);
    // Someone else's junior, or an adult of the household, is refused.
    expect((await stranger.client.mutation('entries.enter', { id: event.id, memberIds: [juniorId] })).body.message).toBe(
      'You can enter yourself and the juniors of your household only.',
    );
    const entered = await parent.client.trpc.entries.enter.mutate({ id: event.id, memberIds: [parent.memberId, juniorId] });
    expect(entered.amountDue).toBe('15.00');
    expect(entered.entries.map((e) => [e.memberName, e.fee])).toEqual([
      ['Max Parent', '10.00'],
      ['Kit Parent', '5.00'],
    ]);
    const order = await parent.client.trpc.entries.createOrder.mutate({ id: event.id });
    expect(paypal.orders.get(order.id)!.amount.value).toBe('15.00');
    const paid = await parent.client.trpc.entries.capture.mutate({ orderId: order.id });
    expect(paid).toMatchObject({ status: 'COMPLETED', names: ['Max Parent', 'Kit Parent'] });
    expect((await parent.client.trpc.events.myRegistrations.query()).map((r) => [r.memberName, r.paymentState])).toEqual([
      ['Max Parent', 'paid'],
      ['Kit Parent', 'paid'],
    ]);
    // The parent cancels the junior's entry: its share is refunded through PayPal.
    const captureId = paypal.chargesFor(order.id)[0].id;
    const cancelled = await parent.client.trpc.events.cancel.mutate({ id: event.id, memberId: juniorId });
    expect(cancelled.message).toBe('Registration cancelled successfully. The entry fee of $5.00 has been refunded.');
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amount)).toEqual(['5.00']);
    expect(await entryOf(event.id, juniorId)).toBeNull();
    expect(await entryOf(event.id, parent.memberId)).not.toBeNull();
  });

  it('refunds a paid entry cancelled before the close (once), and keeps the fee once entries have closed', async () => {
    const event = await newEvent({ payAtSignOn: false });
    const member = await createMember(t);
    await member.client.trpc.entries.enter.mutate({ id: event.id });
    const order = await member.client.trpc.entries.createOrder.mutate({ id: event.id });
    await member.client.trpc.entries.capture.mutate({ orderId: order.id });
    const refundMail = await t.mailAfter(member.email, () => member.client.trpc.events.cancel.mutate({ id: event.id }));
    expect(refundMail.subject).toBe(`Refund: ${event.name} entry $10.00`);
    const payment = await t.em().findOneOrFail(Payment, { providerOrderId: order.id });
    expect(payment.refundedCents).toBe(1000);
    expect((await audits('entry.refund')).some((a) => a.after?.paymentId === payment.id)).toBe(true);
    expect(await t.em().count(Payment, { refundOf: payment })).toBe(1);

    // Entries closing the evening before: after that a cancellation keeps the fee.
    const early = await newEvent({ payAtSignOn: false, entriesCloseAt: clubLocal(13, '18:00') });
    await member.client.trpc.entries.enter.mutate({ id: early.id });
    const second = await member.client.trpc.entries.createOrder.mutate({ id: early.id });
    await member.client.trpc.entries.capture.mutate({ orderId: second.id });
    await at(clubLocal(13, '20:00'), async () => {
      expect((await member.client.trpc.events.cancel.mutate({ id: early.id })).message).toBe(
        'Registration cancelled successfully. Entries had closed, so the entry fee is not refunded.',
      );
      expect((await t.em().findOneOrFail(Payment, { providerOrderId: second.id })).refundedCents).toBe(0);
    });
  });

  it('a committee refund of the whole entry fee (Admin → Payments) marks the entry refunded; a part refund leaves it paid', async () => {
    const event = await newEvent({ payAtSignOn: false });
    const member = await createMember(t);
    await member.client.trpc.entries.enter.mutate({ id: event.id });
    const order = await member.client.trpc.entries.createOrder.mutate({ id: event.id });
    await member.client.trpc.entries.capture.mutate({ orderId: order.id });
    const payment = await t.em().findOneOrFail(Payment, { providerOrderId: order.id });
    const refund = (amount: string) =>
      admin.trpc.admin.payments.refund.mutate({
        paymentId: payment.id,
        amount,
        reason: 'Rained out',
        endMembership: false,
        requestKey: randomUUID(),
      });

    await refund('4.00');
    expect((await entryOf(event.id, member.memberId))?.refundedAt).toBeNull();
    await refund('6.00');
    expect((await entryOf(event.id, member.memberId))?.refundedAt).toBeInstanceOf(Date);
    const [mine] = (await member.client.trpc.events.myRegistrations.query()).filter((r) => r.eventId === event.id);
    expect(mine).toMatchObject({ paymentState: 'refunded' });
    const [last] = (await audits('payment.refund_request')).slice(-1);
    expect(last?.after).toMatchObject({ refundedEntries: 1 });
  });

  it('refunds every paid entry when the committee cancels the event, each once', async () => {
    const event = await newEvent({ payAtSignOn: true });
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    for (const m of [a, b]) {
      await m.client.trpc.entries.enter.mutate({ id: event.id, payAtSignOn: false });
      const order = await m.client.trpc.entries.createOrder.mutate({ id: event.id });
      await m.client.trpc.entries.capture.mutate({ orderId: order.id });
    }
    // C pays at sign-on: nothing to refund.
    await c.client.trpc.entries.enter.mutate({ id: event.id });
    const refundsBefore = paypal.refunds.length;
    const cancel = () =>
      admin.trpc.admin.events.update.mutate({
        id: event.id,
        event: { name: event.name, location: 'Tweed River, Chinderah', eventDate: clubLocal(14), status: 'cancelled' },
      });
    const mail = await t.mailAfter(a.email, cancel);
    expect(mail.subject).toBe(`Refund: ${event.name} entry $10.00`);
    expect(paypal.refunds.length - refundsBefore).toBe(2);
    for (const m of [a, b]) expect((await entryOf(event.id, m.memberId))!.refundedAt).toBeTruthy();
    expect((await b.client.trpc.events.myRegistrations.query()).find((r) => r.eventId === event.id)!.paymentState).toBe('refunded');
    // Saving the cancelled event again refunds nothing more.
    await cancel();
    expect(paypal.refunds.length - refundsBefore).toBe(2);
  });
});

describe('closing and the waiting list', () => {
  it('refuses entries after the close with a sentence and changes nothing; the committee still adds an entrant', async () => {
    const event = await newEvent({ eventDate: clubLocal(1, '07:00') });
    const member = await createMember(t, { firstName: 'Lee', lastName: 'Late' });
    // 9:30 am on the day: sign-on (and so entering) ended at 9 am.
    await at(clubLocal(1, '09:30'), async () => {
      const before = await rowCounts(t);
      const res = await member.client.json('POST', `/api/events/${event.id}/register`);
      expect(res.status).toBe(400);
      const stored = await t.em().findOneOrFail(Event, { id: event.id });
      expect(res.body.message).toBe(entriesClosedMessage(EXAMPLE_COMPETITION_RULES, stored));
      expect(res.body.message).toMatch(/closed at 9:00 am on/);
      expect(await rowCounts(t)).toEqual(before);
      const added = await admin.trpc.admin.events.addEntrant.mutate({ id: event.id, memberId: member.memberId });
      expect(added.message).toBe(`Lee Late is entered in ${event.name}.`);
      expect(await entryOf(event.id, member.memberId)).toMatchObject({ feeCents: 1000, payAtSignOn: true });
    });
  });

  it('refuses an entry once the close has passed, by the clock', async () => {
    const event = await newEvent({ entriesCloseAt: clubLocal(2, '18:00') });
    const member = await createMember(t);
    await at(clubLocal(3, '07:00'), async () => {
      const res = await member.client.mutation('entries.enter', { id: event.id });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /^Entries for Bream Bash \d+ closed at 6:00 pm on \d\d\/\d\d\/\d{4}\. The committee can still sign you on/,
      );
      expect(await entryOf(event.id, member.memberId)).toBeNull();
    });
  });

  it('takes a waiting list on a full event and promotes the next person, by e-mail with a pay link, when a place is freed', async () => {
    const event = await newEvent({ maxParticipants: 1, payAtSignOn: false });
    const first = await createMember(t, { firstName: 'Fay', lastName: 'First' });
    const second = await createMember(t, { firstName: 'Sid', lastName: 'Second' });
    const third = await createMember(t, { firstName: 'Tia', lastName: 'Third' });
    await first.client.trpc.entries.enter.mutate({ id: event.id });
    expect((await second.client.mutation('entries.enter', { id: event.id })).body.message).toBe('Sorry, this event is full.');
    const joined = await second.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    expect(joined.message).toBe(`Sid Second is on the waiting list for ${event.name} (number 1). We will e-mail you if a place comes up.`);
    await third.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    expect((await third.client.trpc.entries.myWaitlist.query())[0]).toMatchObject({ eventId: event.id, position: 2 });
    // Joining twice keeps one place.
    await third.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    expect(await t.em().count(WaitlistEntry, { event: event.id })).toBe(2);

    const mail = await t.mailAfter(second.email, () => first.client.trpc.events.cancel.mutate({ id: event.id }));
    expect(mail.subject).toBe(`A place came up: ${event.name}`);
    expect(mail.text).toContain('Entry fee: $10.00, not paid yet. Please pay it online now');
    expect(mail.text).toContain('http://club.test/member?tab=events');
    expect(await entryOf(event.id, second.memberId)).toMatchObject({ feeCents: 1000, payAtSignOn: false });
    expect((await third.client.trpc.entries.myWaitlist.query())[0].position).toBe(1);
    expect((await t.em().findOneOrFail(Event, { id: event.id })).registeredCount).toBe(1);
    expect((await audits('entry.promoted')).some((a) => a.entityId === event.id)).toBe(true);
    // Leaving the list.
    expect((await third.client.trpc.entries.leaveWaitlist.mutate({ id: event.id })).message).toBe('You have left the waiting list.');
    expect(await t.em().count(WaitlistEntry, { event: event.id })).toBe(0);
  });

  it('moves the waiting list up when the committee adds places', async () => {
    const event = await newEvent({ maxParticipants: 1, payAtSignOn: true });
    const first = await createMember(t);
    const waiting = await createMember(t, { firstName: 'Wil', lastName: 'Waiting' });
    await first.client.trpc.entries.enter.mutate({ id: event.id });
    await waiting.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    const mail = await t.mailAfter(waiting.email, async () => {
      const res = await admin.json('PUT', `/api/admin/events/${event.id}`, {
        name: event.name,
        location: 'Tweed River, Chinderah',
        eventDate: clubLocal(14),
        registrationFee: '10',
        maxParticipants: '2',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(mail.subject).toBe(`A place came up: ${event.name}`);
    expect(await entryOf(event.id, waiting.memberId)).toMatchObject({ payAtSignOn: true });
    expect(await t.em().count(WaitlistEntry, { event: event.id })).toBe(0);
    expect((await t.em().findOneOrFail(Event, { id: event.id })).registeredCount).toBe(2);
  });
});
