import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, EventRegistration, Household, Member, Payment } from '../../src/server/db/entities';
import { addYears, clubToday } from '../../src/shared/dates';
import { createAdmin, createMember } from '../support/factories';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'desk@club.test' } });
  admin = (await createAdmin(t, { email: 'desk@club.test' })).client;
});
afterAll(() => t?.close());

const today = () => clubToday(t.clock.now());
let n = 0;
/** Today's competition, fishing all day so catches are taken whenever the test runs. */
async function todaysEvent(fields: Record<string, unknown> = {}) {
  n += 1;
  return admin.trpc.admin.events.create.mutate({
    name: `Desk Day ${n}`,
    location: 'Jack Evans Boat Harbour',
    eventDate: `${today()}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
    registrationFee: '10',
    juniorFee: '5',
    entriesCloseAt: `${today()}T23:59`,
    ...fields,
  });
}

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 140, g: 90, b: 20 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Pixel', Model: '7' } })
    .toBuffer();

async function logCatch(client: TestClient, eventId: string, memberId: string) {
  const form = new FormData();
  const fields = {
    fishType: 'Flathead',
    size: '45',
    fishKeptOrReleased: 'released',
    eventId,
    memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.176000, 153.545000',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await client.fetch('/api/catches', { method: 'POST', body: form });
  return { status: res.status, body: await res.json() };
}

const audits = (action: string, entityId: string) => t.em().count(AuditLog, { action, entityId });

describe('the sign-on desk', () => {
  it('lists who entered with member or guest, junior or open, and how each fee stands', async () => {
    const event = await todaysEvent({ payAtSignOn: true });
    const paidUp = await createMember(t, { firstName: 'Ann', lastName: 'Atsignon' });
    await paidUp.client.trpc.events.register.mutate({ id: event.id });
    const parent = await createMember(t, { firstName: 'Pat', lastName: 'Parent' });
    const em = t.em();
    const parentRow = await em.findOneOrFail(Member, { id: parent.memberId });
    const junior = em.create(Member, {
      household: em.getReference(Household, parentRow.household.id),
      firstName: 'Jo',
      lastName: 'Parent',
      dateOfBirth: addYears(today(), -10),
      membershipType: 'junior',
      status: 'active',
      memberSince: parentRow.memberSince,
      expiryDate: parentRow.expiryDate,
    });
    await em.flush();
    await parent.client.trpc.entries.enter.mutate({ id: event.id, memberIds: [parent.memberId, junior.id] });
    await admin.trpc.admin.signOn.addGuest.mutate({
      eventId: event.id,
      firstName: 'Walt',
      lastName: 'Walkup',
      email: '',
      phone: '0400 555 666',
      dateOfBirth: '1970-07-07',
    });

    const desk = await admin.trpc.admin.signOn.list.query({ id: event.id });
    const row = (name: string) => desk.entrants.find((e) => e.name === name)!;
    expect(row('Ann Atsignon')).toMatchObject({ kind: 'member', division: 'open', fee: '10.00', paymentState: 'pay_at_sign_on' });
    expect(row('Jo Parent')).toMatchObject({ kind: 'member', division: 'junior', age: 10, fee: '5.00', paymentState: 'pay_at_sign_on' });
    expect(row('Walt Walkup')).toMatchObject({
      kind: 'guest',
      division: 'open',
      fee: '15.00',
      paymentState: 'pay_at_sign_on',
      email: null,
    });
    expect(desk.counts).toMatchObject({ entered: 4, checkedIn: 0, paid: 0, toPay: 4 });
    // Members never see the desk.
    expect(
      (await paidUp.client.json('GET', `/trpc/admin.signOn.list?input=${encodeURIComponent(JSON.stringify({ id: event.id }))}`)).status,
    ).toBe(403);
  });

  it('checks an entrant in with one tap, once, and enforces the check-in rule on catches', async () => {
    const event = await todaysEvent({ requireCheckIn: true, registrationFee: '' });
    const member = await createMember(t, { firstName: 'Cam', lastName: 'Checkin' });
    await member.client.trpc.events.register.mutate({ id: event.id });
    const refused = await logCatch(member.client, event.id, member.memberId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `Cam Checkin has not signed on at the desk yet. ${event.name} takes catches only from entrants checked in at sign-on.`,
    );
    const entry = await t.em().findOneOrFail(EventRegistration, { event: event.id, member: member.memberId });
    const first = await admin.trpc.admin.signOn.checkIn.mutate({ registrationId: entry.id, checkedIn: true });
    const again = await admin.trpc.admin.signOn.checkIn.mutate({ registrationId: entry.id, checkedIn: true });
    expect(first.entrant.checkedInAt).toBeTruthy();
    expect(again.entrant.checkedInAt).toBe(first.entrant.checkedInAt);
    expect(await audits('entry.checkIn', entry.id)).toBe(1);
    expect((await logCatch(member.client, event.id, member.memberId)).status).toBe(200);
    // Undone by mistake and redone: audited each way.
    await admin.trpc.admin.signOn.checkIn.mutate({ registrationId: entry.id, checkedIn: false });
    expect(await audits('entry.checkInUndone', entry.id)).toBe(1);
    expect((await logCatch(member.client, event.id, member.memberId)).status).toBe(400);
  });

  it('takes cash for a fee at the server price, records it once however often it is sent, audited, with a receipt', async () => {
    const event = await todaysEvent();
    const member = await createMember(t, { firstName: 'Cass', lastName: 'Cash' });
    await member.client.trpc.events.register.mutate({ id: event.id });
    await t.mail.waitFor(member.email, 1);
    const entry = await t.em().findOneOrFail(EventRegistration, { event: event.id, member: member.memberId });
    const requestKey = randomUUID();
    const input = { registrationId: entry.id, method: 'cash' as const, reference: 'Desk receipt 12', requestKey };
    const mail = await t.mailAfter(member.email, () => admin.trpc.admin.signOn.recordPayment.mutate(input));
    expect(mail.subject).toBe(`Receipt: ${event.name} entry $10.00`);
    const [first, second] = await Promise.all([
      admin.trpc.admin.signOn.recordPayment.mutate(input),
      admin.trpc.admin.signOn.recordPayment.mutate(input),
    ]);
    expect(first.entrant).toMatchObject({ paymentState: 'paid', paidBy: 'Cash' });
    expect(second.message).toBe('$10.00 cash recorded for Cass Cash.');
    const payments = await t.em().find(Payment, { event: event.id, kind: 'event' });
    expect(payments.map((p) => [p.provider, p.method, p.amountCents, p.status, p.reference])).toEqual([
      ['manual', 'cash', 1000, 'completed', 'Desk receipt 12'],
    ]);
    expect(await audits('payment.manual', payments[0].id)).toBe(1);
    expect(await audits('entry.paid', entry.id)).toBe(1);
    // Another payment for a paid entry is refused with a sentence; the list shows it paid.
    const twice = await admin.mutation('admin.signOn.recordPayment', { ...input, requestKey: randomUUID() });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Cass Cash has already paid (Cash). Nothing was recorded.');
    expect((await member.client.trpc.events.myRegistrations.query())[0]).toMatchObject({ paymentState: 'paid' });
    // It counts as club money like any other payment.
    expect((await admin.trpc.admin.payments.list.query({ kind: 'event', page: 1, pageSize: 25 })).rows[0]).toMatchObject({
      payee: 'Cass Cash',
      amount: '10.00',
      method: 'cash',
    });
  });

  it('signs on a walk-up guest, takes their fee, and e-mails the link that lets them log a catch', async () => {
    const event = await todaysEvent();
    const walkUp = await admin.trpc.admin.signOn.addGuest.mutate({
      eventId: event.id,
      firstName: 'Wanda',
      lastName: 'Walkup',
      email: 'wanda@example.com',
      phone: '0400 777 888',
      dateOfBirth: '1988-08-08',
    });
    expect(walkUp).toMatchObject({ kind: 'guest', fee: '15.00', paymentState: 'pay_at_sign_on' });
    const receipt = await t.mailAfter('wanda@example.com', () =>
      admin.trpc.admin.signOn.recordPayment.mutate({
        registrationId: walkUp.registrationId,
        method: 'card',
        reference: null,
        requestKey: randomUUID(),
      }),
    );
    const phone = t.client();
    const guest = await phone.trpc.guests.signIn.mutate({ token: linkIn(receipt).searchParams.get('token')! });
    expect(guest).toMatchObject({ eventId: event.id, name: 'Wanda Walkup' });
    expect((await logCatch(phone, event.id, walkUp.memberId)).status).toBe(200);
  });

  it('prints the list as a PDF for the committee only', async () => {
    const event = await todaysEvent();
    const res = await admin.fetch(`/api/admin/events/${event.id}/entrants.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sign-on-desk-day-\d+\.pdf"$/);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const member = await createMember(t);
    expect((await member.client.fetch(`/api/admin/events/${event.id}/entrants.pdf`)).status).toBe(403);
  });
});
