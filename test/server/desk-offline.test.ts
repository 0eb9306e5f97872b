import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, EventRegistration, Member, Payment } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { createAdmin, createMember } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// What a desk without signal sends when the signal returns: each tap named by its key, so a lost reply or a queue sent
// twice counts once, and another desk's change is never silently written over.

let t: TestApp;
let desk: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'ramp@club.test' } });
  desk = (await createAdmin(t, { email: 'ramp@club.test' })).client;
});
afterAll(() => t?.close());

let n = 0;
async function clubDay() {
  n += 1;
  const today = clubToday(t.clock.now());
  return desk.trpc.admin.events.create.mutate({
    name: `Ramp Day ${n}`,
    location: 'Tumbulgum boat ramp',
    eventDate: `${today}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
    registrationFee: '10',
    nonMemberFee: '15',
    entriesCloseAt: `${today}T23:59`,
  });
}

async function entrant(eventId: string, firstName: string) {
  const member = await createMember(t, { firstName, lastName: 'Angler' });
  await desk.trpc.admin.events.addEntrant.mutate({ id: eventId, memberId: member.memberId });
  const entry = await t.em().findOneOrFail(EventRegistration, { event: eventId, member: member.memberId });
  return { ...member, registrationId: entry.id };
}

const audits = (action: string, entityId: string) => t.em().count(AuditLog, { action, entityId });

describe('the sign-on desk sending what it did without signal', () => {
  it('keeps the time the desk tapped, and a check-in sent twice is made and audited once, without a note', async () => {
    const event = await clubDay();
    const cam = await entrant(event.id, 'Cam');
    const tapped = new Date(t.clock.now().getTime() - 40 * 60_000).toISOString();
    const tap = { registrationId: cam.registrationId, checkedIn: true, requestKey: randomUUID(), at: tapped, seenCheckedInAt: null };
    const first = await desk.trpc.admin.signOn.checkIn.mutate(tap);
    const again = await desk.trpc.admin.signOn.checkIn.mutate(tap);
    expect(first.entrant.checkedInAt).toBe(tapped);
    expect(again).toEqual({ entrant: first.entrant, note: null });
    expect(await audits('entry.checkIn', cam.registrationId)).toBe(1);
    // A desk clock ahead of the club's is not believed.
    const dee = await entrant(event.id, 'Dee');
    const ahead = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const made = await desk.trpc.admin.signOn.checkIn.mutate({ registrationId: dee.registrationId, checkedIn: true, at: ahead });
    expect(Date.parse(made.entrant.checkedInAt!)).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('two desks: one that checks in someone already checked in is told when; one undoing a check-in changed since is refused', async () => {
    const event = await clubDay();
    const kim = await entrant(event.id, 'Kim');
    const other = await desk.trpc.admin.signOn.checkIn.mutate({
      registrationId: kim.registrationId,
      checkedIn: true,
      requestKey: randomUUID(),
    });
    const late = await desk.trpc.admin.signOn.checkIn.mutate({
      registrationId: kim.registrationId,
      checkedIn: true,
      requestKey: randomUUID(),
      seenCheckedInAt: null,
    });
    expect(late.note).toMatch(/^Kim Angler was already checked in at \d{1,2}:\d{2}\s?[ap]m\.$/);
    expect(late.entrant.checkedInAt).toBe(other.entrant.checkedInAt);

    // This desk saw an earlier check-in and undoes it, while the other desk had undone and redone it meanwhile.
    const seen = new Date(Date.parse(other.entrant.checkedInAt!) - 60_000).toISOString();
    await expect(
      desk.trpc.admin.signOn.checkIn.mutate({
        registrationId: kim.registrationId,
        checkedIn: false,
        requestKey: randomUUID(),
        seenCheckedInAt: seen,
      }),
    ).rejects.toMatchObject({
      data: { code: 'CONFLICT' },
      message: expect.stringMatching(
        /^Kim Angler's check-in was changed at another desk \(now checked in at .+\)\. Yours was not applied\.$/,
      ),
    });
    const row = await t.em().findOneOrFail(EventRegistration, { id: kim.registrationId });
    expect(row.checkedInAt?.toISOString()).toBe(other.entrant.checkedInAt);
  });

  it('a walk-up guest or member sent again after a lost reply is added once and answered as the first time', async () => {
    const event = await clubDay();
    const guest = {
      eventId: event.id,
      firstName: 'Wally',
      lastName: 'Walkup',
      dateOfBirth: '1980-03-04',
      email: '',
      phone: '0400 111 222',
      requestKey: randomUUID(),
    };
    const first = await desk.trpc.admin.signOn.addGuest.mutate(guest);
    const again = await desk.trpc.admin.signOn.addGuest.mutate(guest);
    expect(again.registrationId).toBe(first.registrationId);
    expect(await t.em().count(Member, { firstName: 'Wally', lastName: 'Walkup' })).toBe(1);
    expect(await t.em().count(AuditLog, { action: 'entry.guest', entityId: event.id })).toBe(1);
    // Another tap (a new key) for the same guest is the duplicate the desk is told about.
    await expect(desk.trpc.admin.signOn.addGuest.mutate({ ...guest, requestKey: randomUUID() })).rejects.toMatchObject({
      data: { code: 'CONFLICT' },
    });

    const mo = await createMember(t, { firstName: 'Mo', lastName: 'Member' });
    const add = { id: event.id, memberId: mo.memberId, requestKey: randomUUID() };
    const entered = await desk.trpc.admin.events.addEntrant.mutate(add);
    const enteredAgain = await desk.trpc.admin.events.addEntrant.mutate(add);
    expect(enteredAgain).toEqual(entered);
    expect(await t.em().count(EventRegistration, { event: event.id, member: mo.memberId })).toBe(1);
    await expect(desk.trpc.admin.events.addEntrant.mutate({ ...add, requestKey: randomUUID() })).rejects.toMatchObject({
      message: `Mo Member is already entered in ${event.name}.`,
    });
  });

  it('cash taken at two desks for one entrant: the first is recorded, the second is told how it was paid and records nothing', async () => {
    const event = await clubDay();
    const lee = await entrant(event.id, 'Lee');
    const cash = { registrationId: lee.registrationId, method: 'cash' as const, reference: '', requestKey: randomUUID() };
    await desk.trpc.admin.signOn.recordPayment.mutate(cash);
    // The first desk's reply was lost: sent again, still one payment.
    await desk.trpc.admin.signOn.recordPayment.mutate(cash);
    await expect(desk.trpc.admin.signOn.recordPayment.mutate({ ...cash, method: 'card', requestKey: randomUUID() })).rejects.toMatchObject({
      data: { code: 'CONFLICT' },
      message: 'Lee Angler has already paid (Cash). Nothing was recorded.',
    });
    const payments = await t.em().find(Payment, { event: event.id });
    expect(payments.map((p) => [p.method, p.amountCents, p.status])).toEqual([['cash', 1000, 'completed']]);
  });
});
