import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRegistration, Household, Member, WaitlistEntry } from '../../src/server/db/entities';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedGuestVersions } from '../../src/shared/documents';
import { addDays, addYears, clubToday } from '../../src/shared/dates';
import { rowCounts } from '../support/endpoints';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

const JUNIORS_ONLY = 'This event is for juniors under 16 on the day.';
const ADULTS_ONLY = 'This event is for adults (16 and over on the day).';
const MEMBERS_ONLY = 'This event is for club members only: guests cannot enter it.';

let t: TestApp;
let admin: TestClient;
const paypal = new FakePayPal();

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      ADMIN_EMAILS: 'committee@club.test',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
    },
  });
  admin = (await createAdmin(t, { email: 'committee@club.test' })).client;
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());

let n = 0;
/** An event by the committee; by default today, open to entries and fishing all day, so catches can be logged. */
async function newEvent(fields: Record<string, unknown> = {}) {
  n += 1;
  return admin.trpc.admin.events.create.mutate({
    name: `Family Day ${n}`,
    location: 'Tweed River, Chinderah',
    eventDate: `${today()}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
    entriesCloseAt: `${today()}T23:59`,
    registrationFee: '10',
    ...fields,
  });
}

/** A Family household: its adult (signed in) and juniors of the given ages, every one on the family membership. */
async function family(lastName: string, juniorAges: number[]) {
  const adult = await createMember(t, { membershipType: 'family', firstName: 'Dana', lastName });
  const em = t.em();
  const parent = await em.findOneOrFail(Member, { id: adult.memberId });
  const juniors = juniorAges.map((age, i) =>
    em.create(Member, {
      household: em.getReference(Household, adult.householdId),
      isPrimary: false,
      firstName: ['Ethan', 'Chloe', 'Max'][i],
      lastName,
      email: null,
      dateOfBirth: addDays(addYears(today(), -age), -30),
      membershipType: 'family',
      status: 'active',
      memberSince: parent.memberSince,
      expiryDate: parent.expiryDate,
    }),
  );
  await em.flush();
  return { ...adult, juniorIds: juniors.map((j) => j.id) };
}

describe('a family enters its juniors', () => {
  it('lets the adult, already entered, enter two family juniors at the junior price and pay for all three in one PayPal order', async () => {
    // In a fortnight, so entries can still be cancelled.
    const inAFortnight = addDays(today(), 14);
    const event = await newEvent({ juniorFee: '5', payAtSignOn: false, eventDate: `${inAFortnight}T07:00`, entriesCloseAt: null });
    const nguyen = await family('Nguyen', [12, 9]);
    const [ethan, chloe] = nguyen.juniorIds;

    // The adult entered on their own first; their juniors follow later.
    await nguyen.client.trpc.events.register.mutate({ id: event.id });
    const entered = await nguyen.client.trpc.entries.enter.mutate({ id: event.id, memberIds: [ethan, chloe] });
    expect(entered.entries.map((e) => [e.memberName, e.fee, e.division])).toEqual([
      ['Ethan Nguyen', '5.00', 'junior'],
      ['Chloe Nguyen', '5.00', 'junior'],
    ]);
    expect(entered.amountDue).toBe('10.00');
    // Entering them again is refused by name.
    expect((await nguyen.client.mutation('entries.enter', { id: event.id, memberIds: [ethan] })).body.message).toBe(
      `Ethan Nguyen is already entered in ${event.name}.`,
    );

    const order = await nguyen.client.trpc.entries.createOrder.mutate({ id: event.id });
    expect(paypal.orders.get(order.id)!.amount).toEqual({ value: '20.00', currency_code: 'AUD' });
    const paid = await nguyen.client.trpc.entries.capture.mutate({ orderId: order.id });
    expect(paid).toMatchObject({ status: 'COMPLETED', names: ['Dana Nguyen', 'Ethan Nguyen', 'Chloe Nguyen'] });
    expect(paypal.chargesFor(order.id)).toHaveLength(1);

    const mine = await nguyen.client.trpc.events.myRegistrations.query();
    expect(mine.map((r) => [r.memberName, r.paymentState, r.division])).toEqual([
      ['Dana Nguyen', 'paid', 'open'],
      ['Ethan Nguyen', 'paid', 'junior'],
      ['Chloe Nguyen', 'paid', 'junior'],
    ]);

    const cancelled = await nguyen.client.trpc.events.cancel.mutate({ id: event.id, memberId: chloe });
    expect(cancelled.message).toBe('Registration cancelled successfully. The entry fee of $5.00 has been refunded.');
    expect((await nguyen.client.trpc.events.myRegistrations.query()).map((r) => r.memberName)).toEqual(['Dana Nguyen', 'Ethan Nguyen']);
    // Someone else's household cannot cancel a junior's entry.
    const stranger = await createMember(t);
    expect((await stranger.client.mutation('events.cancel', { id: event.id, memberId: ethan })).status).toBe(404);
  });

  it('places the juniors in the Juniors division of the results, the adult in Open', async () => {
    const event = await newEvent();
    const patterson = await family('Patterson', [10]);
    const [noah] = patterson.juniorIds;
    await patterson.client.trpc.entries.enter.mutate({ id: event.id, memberIds: [patterson.memberId, noah] });
    const junior = await logCatch(t, patterson.client, { eventId: event.id, memberId: noah, fishType: 'Bream', size: '28' });
    const open = await logCatch(t, patterson.client, { eventId: event.id, memberId: patterson.memberId, fishType: 'Bream', size: '33' });
    for (const id of [junior, open]) await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });

    const results = await t.client().trpc.catches.results.query({ id: event.id });
    const bream = (division: string) => results.categories.find((c) => c.species === 'Bream' && c.division === division);
    expect(bream('junior')!.placings.map((p) => p.anglerName)).toEqual(['Ethan Patterson']);
    expect(bream('open')!.placings.map((p) => p.anglerName)).toEqual(['Dana Patterson']);
  });
});

describe('events limited by the committee', () => {
  it('shows the limits to everyone and keeps them on an edit that leaves them out', async () => {
    const event = await newEvent({ ageLimit: 'juniors', membersOnly: true });
    expect(event).toMatchObject({ ageLimit: 'juniors', membersOnly: true });
    const listed = (await t.client().trpc.events.upcoming.query()).find((e) => e.id === event.id)!;
    expect(listed).toMatchObject({ ageLimit: 'juniors', membersOnly: true });
    const edited = await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: { name: event.name, location: 'Tweed River', eventDate: `${today()}T00:05` },
    });
    expect(edited).toMatchObject({ ageLimit: 'juniors', membersOnly: true });
    // Existing events and a new one without them: anyone, guests welcome.
    expect(await newEvent()).toMatchObject({ ageLimit: 'anyone', membersOnly: false });
    const bad = await admin.json('POST', '/api/admin/events', {
      name: 'X',
      location: 'Y',
      eventDate: `${today()}T07:00`,
      ageLimit: 'teens',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Who may enter must be anyone, juniors only or adults only.');
  });

  it("refuses an adult in a juniors' event with a sentence and takes the adult's junior", async () => {
    const event = await newEvent({ ageLimit: 'juniors' });
    const robinson = await family('Robinson', [14]);
    const [harry] = robinson.juniorIds;
    const before = await rowCounts(t);
    for (const attempt of [
      () => robinson.client.mutation('events.register', { id: event.id }),
      () => robinson.client.mutation('entries.enter', { id: event.id, memberIds: [robinson.memberId, harry] }),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(JUNIORS_ONLY);
    }
    expect(await rowCounts(t)).toEqual(before);
    const entered = await robinson.client.trpc.entries.enter.mutate({ id: event.id, memberIds: [harry] });
    expect(entered.entries.map((e) => e.memberName)).toEqual(['Ethan Robinson']);
    // The committee cannot sign an adult on at the desk either.
    const adult = await createMember(t);
    expect((await admin.mutation('admin.events.addEntrant', { id: event.id, memberId: adult.memberId })).body.message).toBe(
      `Pat Member cannot enter. ${JUNIORS_ONLY}`,
    );
  });

  it("refuses a junior in an adults' event, whoever enters them, and an adult on a juniors' waiting list", async () => {
    const event = await newEvent({ ageLimit: 'adults' });
    const household = await family('Lee', [11]);
    const [junior] = household.juniorIds;
    const refused = await household.client.mutation('entries.enter', { id: event.id, memberIds: [household.memberId, junior] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Ethan Lee cannot enter. ${ADULTS_ONLY}`);
    expect((await admin.mutation('admin.events.addEntrant', { id: event.id, memberId: junior })).body.message).toBe(
      `Ethan Lee cannot enter. ${ADULTS_ONLY}`,
    );
    expect(await t.em().count(EventRegistration, { event: event.id })).toBe(0);
    await household.client.trpc.events.register.mutate({ id: event.id });

    const full = await newEvent({ ageLimit: 'juniors', maxParticipants: 1 });
    const other = await family('Kerr', [8]);
    await other.client.trpc.entries.enter.mutate({ id: full.id, memberIds: other.juniorIds });
    const waiting = await household.client.mutation('entries.joinWaitlist', { id: full.id, memberIds: [household.memberId] });
    expect(waiting.body.message).toBe(JUNIORS_ONLY);
    await household.client.trpc.entries.joinWaitlist.mutate({ id: full.id, memberIds: [junior] });
    expect(await t.em().count(WaitlistEntry, { event: full.id })).toBe(1);
  });

  it('refuses guests, online and at the desk, where the committee takes members only', async () => {
    const event = await newEvent({ membersOnly: true });
    const guest = {
      eventId: event.id,
      firstName: 'Gus',
      lastName: 'Guest',
      email: 'gus.guest@example.com',
      phone: '0412 345 678',
      dateOfBirth: '1985-03-04',
      documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
    };
    const before = await rowCounts(t);
    const online = await t.client().mutation('guests.enter', guest);
    expect(online.status).toBe(400);
    expect(online.body.message).toBe(MEMBERS_ONLY);
    const desk = await admin.mutation('admin.signOn.addGuest', {
      eventId: event.id,
      firstName: 'Walt',
      lastName: 'Walkup',
      email: '',
      phone: '0400 555 666',
      dateOfBirth: '1970-07-07',
    });
    expect(desk.status).toBe(400);
    expect(desk.body.message).toBe(MEMBERS_ONLY);
    // The desk's screen says so and offers no 'Add guest'.
    expect(await admin.trpc.admin.signOn.list.query({ id: event.id })).toMatchObject({ membersOnly: true, limits: ['Members only'] });
    // Nothing written but the rate limit's count of the attempt.
    const { rate_limit_buckets: _a, ...after } = await rowCounts(t);
    const { rate_limit_buckets: _b, ...expected } = before;
    expect(after).toEqual(expected);

    // A juniors' event open to guests takes a junior guest and refuses an adult one, under the date of birth.
    const juniors = await newEvent({ ageLimit: 'juniors' });
    const adultGuest = await t.client().mutation('guests.enter', { ...guest, eventId: juniors.id });
    expect(adultGuest.body.message).toBe(JUNIORS_ONLY);
    expect(adultGuest.fieldErrors).toMatchObject({ dateOfBirth: JUNIORS_ONLY });
    const juniorGuest = await t.client().mutation('guests.enter', { ...guest, eventId: juniors.id, dateOfBirth: addYears(today(), -13) });
    expect(juniorGuest.status).toBe(200);
  });
});

describe('the newsletter to households with juniors', () => {
  it('reaches every household with a current member under 16 today, a Family household included, and no other', async () => {
    const reached = async () => (await admin.trpc.admin.newsletters.count.query({ segment: { kind: 'juniors' } })).recipients;
    expect((await admin.trpc.admin.newsletters.count.query({ segment: { kind: 'juniors' } })).label).toBe('Households with juniors');
    // Each household added in turn: the count says whether the segment reaches it.
    const added = async (make: () => Promise<unknown>) => {
      const before = await reached();
      await make();
      return (await reached()) - before;
    };
    expect(await added(() => family('Hall', [9]))).toBe(1);
    expect(await added(() => createMember(t, { membershipType: 'junior', lastName: 'Young' }))).toBe(1);
    // A family whose only young one turned 16 today: no longer a junior.
    expect(
      await added(async () => {
        const grown = await family('Gray', []);
        const em = t.em();
        em.create(Member, {
          household: em.getReference(Household, grown.householdId),
          isPrimary: false,
          firstName: 'Sixteen',
          lastName: 'Gray',
          email: null,
          dateOfBirth: addYears(today(), -16),
          membershipType: 'family',
          status: 'active',
          memberSince: today(),
          expiryDate: addYears(today(), 1),
        });
        await em.flush();
      }),
    ).toBe(0);
    // A family whose membership has lapsed.
    expect(
      await added(async () => {
        const lapsed = await family('Old', [10]);
        await t.em().nativeUpdate(Member, { household: lapsed.householdId }, { status: 'expired', expiryDate: addDays(today(), -1) });
      }),
    ).toBe(0);
  });
});
