import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, EventRegistration, Member, WaitlistEntry } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedGuestVersions } from '../../src/shared/documents';
import { GUEST_WAITLIST_CONTACT_MESSAGE } from '../../src/shared/entries.schema';
import { MEMBERS_ONLY_MESSAGE } from '../../src/shared/events';
import { createAdmin, createMember } from '../support/factories';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'desk@club.test' } });
  admin = (await createAdmin(t, { email: 'desk@club.test' })).client;
});
afterAll(async () => {
  await t?.close();
});

/** 'YYYY-MM-DDTHH:mm' on the club's clocks, `days` from the test clock's now. */
const clubLocal = (days: number, time = '07:00') => `${clubToday(new Date(t.clock.now().getTime() + days * 86_400_000))}T${time}`;

let n = 0;
/** A competition with one place, a fortnight away (entries open), unless `fields` say otherwise. */
async function fullSoon(fields: Record<string, unknown> = {}) {
  n += 1;
  return admin.trpc.admin.events.create.mutate({
    name: `Flathead Classic ${n}`,
    location: 'Tweed River, Chinderah',
    eventDate: clubLocal(14),
    registrationFee: '10',
    maxParticipants: '1',
    ...fields,
  });
}

/** Takes the event's one place with a member; returns them. */
async function fill(eventId: string, names = { firstName: 'Fay', lastName: 'First' }) {
  const first = await createMember(t, names);
  await first.client.trpc.entries.enter.mutate({ id: eventId, payAtSignOn: true });
  return first;
}

const guestForm = (eventId: string, overrides: Record<string, unknown> = {}) => ({
  eventId,
  firstName: 'Gus',
  lastName: 'Guest',
  email: 'gus.waiting@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1985-03-04',
  documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
  ...overrides,
});

const waitingOn = (eventId: string) => t.em().count(WaitlistEntry, { event: eventId });
const guestRows = (email: string) => t.em().count(Member, { email, isGuest: true });

describe('a guest joins a full event’s waiting list online', () => {
  it('takes their place in order with the members, and the desk lists them', async () => {
    const event = await fullSoon();
    await fill(event.id);
    const member = await createMember(t, { firstName: 'Mo', lastName: 'Member' });
    await member.client.trpc.entries.joinWaitlist.mutate({ id: event.id });

    const joined = await t.client().trpc.guests.joinWaitlist.mutate(guestForm(event.id));
    expect(joined).toEqual({
      name: 'Gus Guest',
      position: 2,
      message: `Gus Guest is on the waiting list for ${event.name} (number 2). If a place comes up, we enter you and e-mail you; you then pay the non-member fee at the sign-on desk.`,
    });
    const desk = await admin.trpc.admin.signOn.list.query({ id: event.id });
    expect(desk.waiting.map((w) => [w.position, w.name])).toEqual([
      [1, 'Mo Member'],
      [2, 'Gus Guest'],
    ]);
    expect(desk.counts.entered).toBe(1);
    const [audit] = await t.em().find(AuditLog, { action: 'waitlist.join', entityId: event.id, actorLabel: 'guest entry' });
    expect(audit.after).toMatchObject({ entrants: [{ name: 'Gus Guest' }], guest: true, via: 'online' });
  });

  it('refuses the same person twice, an event with places, a members-only event and bad input, changing nothing', async () => {
    const event = await fullSoon();
    await fill(event.id);
    const browser = t.client();
    await browser.trpc.guests.joinWaitlist.mutate(guestForm(event.id, { email: 'gus.twice@example.com' }));

    // A retry, the same address typed differently, or the same person with another address: one place only.
    for (const again of [
      { email: 'gus.twice@example.com' },
      { email: 'GUS.TWICE@example.com' },
      { email: 'gus.other@example.com', firstName: 'GUS' },
    ]) {
      const res = await browser.mutation('guests.joinWaitlist', guestForm(event.id, again));
      expect([res.status, res.body.message]).toEqual([
        409,
        `Gus Guest is already on the waiting list for ${event.name} (number 1). Nothing was added.`,
      ]);
    }
    // Someone already entered is told so.
    const entrant = await createMember(t, { firstName: 'Ena', lastName: 'Entered' });
    const other = await fullSoon({ maxParticipants: '1' });
    await entrant.client.trpc.entries.enter.mutate({ id: other.id });
    const asGuest = await t.client().mutation('guests.joinWaitlist', guestForm(other.id, { email: entrant.email }));
    expect([asGuest.status, asGuest.body.message]).toEqual([409, `Ena Entered is already entered in ${other.name}. Nothing was added.`]);

    const open = await fullSoon({ maxParticipants: '5' });
    const notFull = await t.client().mutation('guests.joinWaitlist', guestForm(open.id));
    expect([notFull.status, notFull.body.message]).toEqual([409, `${open.name} still has places: enter it instead of waiting.`]);
    const membersOnly = await fullSoon({ membersOnly: true });
    await fill(membersOnly.id, { firstName: 'Mia', lastName: 'Only' });
    const refused = await t.client().mutation('guests.joinWaitlist', guestForm(membersOnly.id));
    expect([refused.status, refused.body.message]).toEqual([400, MEMBERS_ONLY_MESSAGE]);
    const unsigned = await t
      .client()
      .mutation('guests.joinWaitlist', guestForm(event.id, { email: 'x@example.com', documentsAccepted: [] }));
    expect(unsigned.status).toBe(400);

    expect(await waitingOn(event.id)).toBe(1);
    expect(await waitingOn(open.id)).toBe(0);
    expect(await waitingOn(membersOnly.id)).toBe(0);
    expect(await guestRows('gus.twice@example.com')).toBe(1);
    expect(await guestRows('x@example.com')).toBe(0);
  });
});

describe('a freed place goes to the first in line, guest or member', () => {
  it('enters the waiting guest at the non-member fee to pay at the desk, tells them by e-mail, and the desk then gives the link', async () => {
    const event = await fullSoon({ payAtSignOn: false });
    const first = await fill(event.id);
    await t.client().trpc.guests.joinWaitlist.mutate(guestForm(event.id, { email: 'gwen@example.com', firstName: 'Gwen' }));
    const member = await createMember(t, { firstName: 'Mal', lastName: 'Later' });
    await member.client.trpc.entries.joinWaitlist.mutate({ id: event.id });

    // The desk adding someone else is told who waits first.
    const walkUp = { eventId: event.id, firstName: 'Wes', lastName: 'Walkup', email: '', phone: '', dateOfBirth: '1970-01-01' };
    const refused = await admin.mutation('admin.signOn.addGuest', walkUp);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      `Gwen Guest and 1 more are waiting for a place in ${event.name}. Offer it to them first, or add Wes Walkup anyway.`,
    ]);

    const mail = await t.mailAfter('gwen@example.com', () => first.client.trpc.events.cancel.mutate({ id: event.id }));
    expect(mail.subject).toBe(`A place came up: ${event.name}`);
    expect(mail.text).toContain(`A place came free in ${event.name} and Gwen Guest is now entered as a guest from the waiting list.`);
    expect(mail.text).toContain('Non-member entry fee: $15.00, payable at the sign-on desk on the day.');
    const desk = await admin.trpc.admin.signOn.list.query({ id: event.id });
    const gwen = desk.entrants.find((e) => e.name === 'Gwen Guest')!;
    expect(gwen).toMatchObject({ kind: 'guest', fee: '15.00', paymentState: 'pay_at_sign_on' });
    expect(desk.waiting.map((w) => [w.position, w.name])).toEqual([[1, 'Mal Later']]);
    expect(await t.em().find(AuditLog, { action: 'entry.promoted', entityId: event.id })).toHaveLength(1);

    // Paid at the desk: the receipt carries her sign-in link, as for any guest.
    const receipt = await t.mailAfter('gwen@example.com', () =>
      admin.trpc.admin.signOn.recordPayment.mutate({
        registrationId: gwen.registrationId,
        method: 'cash',
        reference: null,
        requestKey: randomUUID(),
      }),
    );
    const phone = t.client();
    expect(await phone.trpc.guests.signIn.mutate({ token: linkIn(receipt).searchParams.get('token')! })).toMatchObject({
      eventId: event.id,
      name: 'Gwen Guest',
    });
  });

  it('sends a guest entered free from the waiting list their sign-in link at once', async () => {
    const event = await fullSoon({ registrationFee: '0', nonMemberFee: '0' });
    const first = await fill(event.id);
    await t.client().trpc.guests.joinWaitlist.mutate(guestForm(event.id, { email: 'fran@example.com', firstName: 'Fran' }));
    const mail = await t.mailAfter('fran@example.com', () => first.client.trpc.events.cancel.mutate({ id: event.id }));
    expect(mail.text).toContain('Entry: free.');
    const guest = await t.client().trpc.guests.signIn.mutate({ token: linkIn(mail).searchParams.get('token')! });
    expect(guest).toMatchObject({ eventId: event.id, name: 'Fran Guest' });
  });

  it('passes over a waiting guest once the committee makes the event members only', async () => {
    const event = await fullSoon();
    const first = await fill(event.id);
    await t.client().trpc.guests.joinWaitlist.mutate(guestForm(event.id, { email: 'gil@example.com', firstName: 'Gil' }));
    const member = await createMember(t, { firstName: 'Nat', lastName: 'Next' });
    await member.client.trpc.entries.joinWaitlist.mutate({ id: event.id });
    await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: {
        name: event.name,
        location: event.location,
        eventDate: clubLocal(14),
        registrationFee: '10',
        maxParticipants: '1',
        membersOnly: true,
      },
    });

    await t.mailAfter(member.email, () => first.client.trpc.events.cancel.mutate({ id: event.id }));
    expect(await t.em().findOne(EventRegistration, { event: event.id, member: member.memberId })).not.toBeNull();
    const [skipped] = await t.em().find(AuditLog, { action: 'waitlist.skipped', entityId: event.id });
    expect(skipped.after).toMatchObject({ name: 'Gil Guest', reason: 'The event now takes members only' });
  });
});

describe('the desk puts a walk-up guest on the waiting list', () => {
  /** Today's competition, full, its entries closed (the desk still signs people on). */
  async function fullToday() {
    n += 1;
    const today = clubToday(t.clock.now());
    const event = await admin.trpc.admin.events.create.mutate({
      name: `Ramp Day ${n}`,
      location: 'Fingal Head boat ramp',
      eventDate: `${today}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
      registrationFee: '10',
      maxParticipants: '1',
      entriesCloseAt: `${today}T00:01`,
    });
    const first = await createMember(t, { firstName: 'Rae', lastName: 'Ramp' });
    await admin.trpc.admin.events.addEntrant.mutate({ id: event.id, memberId: first.memberId });
    return event;
  }

  it('with a phone or an e-mail address, in order; the desk enters them when it offers the place', async () => {
    const event = await fullToday();
    const walt = { eventId: event.id, firstName: 'Walt', lastName: 'Walkup', email: '', phone: '', dateOfBirth: '1960-02-02' };
    const noContact = await admin.mutation('admin.signOn.waitlistGuest', walt);
    expect(noContact.status).toBe(400);
    expect(JSON.stringify(noContact.body)).toContain(GUEST_WAITLIST_CONTACT_MESSAGE);

    const joined = await admin.trpc.admin.signOn.waitlistGuest.mutate({ ...walt, phone: '0400 111 222' });
    expect(joined.message).toBe(`Walt Walkup is number 1 on the waiting list for ${event.name}. Call 0400 111 222 if a place comes up.`);
    const twice = await admin.mutation('admin.signOn.waitlistGuest', { ...walt, firstName: 'walt', phone: '0400 111 222' });
    expect([twice.status, twice.body.message]).toEqual([
      409,
      `Walt Walkup is already on the waiting list for ${event.name} (number 1). Nothing was added.`,
    ]);
    const [audit] = await t.em().find(AuditLog, { action: 'waitlist.join', entityId: event.id });
    expect(audit.after).toMatchObject({ guest: true, via: 'desk' });

    // On the printed sheet with whom to call.
    const res = await admin.fetch(`/api/admin/events/${event.id}/entrants.pdf`);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text;
    expect(text.replace(/\s+/g, ' ')).toContain('1 Walt Walkup Guest 0400 111 222');

    // The desk offers the place: Enter on the waiting list enters him as a guest, to pay at the desk.
    const [waiting] = (await admin.trpc.admin.signOn.list.query({ id: event.id })).waiting;
    await admin.trpc.admin.events.addEntrant.mutate({ id: event.id, memberId: waiting.memberId, passOverWaiting: false });
    const desk = await admin.trpc.admin.signOn.list.query({ id: event.id });
    expect(desk.waiting).toEqual([]);
    expect(desk.entrants.find((e) => e.name === 'Walt Walkup')).toMatchObject({
      kind: 'guest',
      fee: '15.00',
      paymentState: 'pay_at_sign_on',
    });

    // A guest not on the list is not entered that way (Add guest is for walk-ups).
    const guestEntrant = desk.entrants.find((e) => e.name === 'Walt Walkup')!;
    const other = await fullToday();
    const notWaiting = await admin.mutation('admin.events.addEntrant', { id: other.id, memberId: guestEntrant.memberId });
    expect([notWaiting.status, notWaiting.body.message]).toEqual([400, 'Please choose a current club member.']);
  });

  it('refuses a waiting list where there is room, and a members-only event', async () => {
    const today = clubToday(t.clock.now());
    const fields = { location: 'Kingscliff', eventDate: `${today}T00:05`, registrationFee: '10', maxParticipants: '10' };
    const roomy = await admin.trpc.admin.events.create.mutate({ name: 'Roomy Day', ...fields });
    const guest = { eventId: roomy.id, firstName: 'Ray', lastName: 'Room', email: 'ray@example.com', phone: '', dateOfBirth: '1990-09-09' };
    const res = await admin.mutation('admin.signOn.waitlistGuest', guest);
    expect([res.status, res.body.message]).toEqual([409, 'Roomy Day still has places: add Ray Room as a guest instead.']);
    const members = await admin.trpc.admin.events.create.mutate({ name: 'Members Day', ...fields, membersOnly: true });
    const refused = await admin.mutation('admin.signOn.waitlistGuest', { ...guest, eventId: members.id });
    expect([refused.status, refused.body.message]).toEqual([400, MEMBERS_ONLY_MESSAGE]);
    expect(await guestRows('ray@example.com')).toBe(0);
  });
});
