import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member, Payment } from '../../src/server/db/entities';
import { addYears, clubToday } from '../../src/shared/dates';
import { EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { juniorAddition } from '../../src/shared/membership';
import { createMember } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
const paypal = new FakePayPal();
beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: { PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_API_BASE: apiBase },
  });
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());
const kid = (firstName: string, age = 10) => ({
  firstName,
  lastName: 'Reef',
  dateOfBirth: addYears(today(), -age),
  gender: 'female',
  shirtSize: 'S',
  agreed: true,
});
const add = (client: TestClient, body: Record<string, unknown>) => client.mutation('memberDetails.addJunior', body);

/** Pays for the waiting junior through the documented PayPal paths, as the portal's payment dialog does. */
async function payAddition(client: TestClient, amount: string) {
  const order = await client.json('POST', '/paypal/order', { amount, currency: 'AUD', intent: 'CAPTURE', addMembers: true });
  if (order.status !== 200) return order;
  return client.json('POST', `/paypal/order/${order.body.id}/capture`, {});
}

/** An adult household (one person, or with a junior already) whose membership is current. */
async function adultHousehold(options: { withJunior?: boolean } = {}) {
  const adult = await createMember(t, { firstName: 'Dana', lastName: 'Reef' });
  if (options.withJunior) {
    const em = t.em();
    const household = await em.findOneOrFail(Household, { id: adult.householdId });
    const expiry = (await em.findOneOrFail(Member, { id: adult.memberId })).expiryDate;
    const kit = em.create(Member, {
      household,
      firstName: 'Kit',
      lastName: 'Reef',
      dateOfBirth: addYears(today(), -9),
      membershipType: 'junior',
      status: 'active',
      memberSince: today(),
      expiryDate: expiry,
    });
    // Kit's junior fee was paid with the adult's, in one payment.
    const paid = await em.findOneOrFail(Payment, { household });
    paid.covers = { householdType: 'adult', members: [...paid.covers!.members, { id: kit.id, membershipType: 'junior' }] };
    paid.amountCents += 3000;
    await em.flush();
  }
  // Their membership was paid a while before anything is added.
  t.clock.advance(60_000);
  return adult;
}

describe('the price of adding a junior', () => {
  it('is the difference the club’s prices give', () => {
    const adult = { membershipType: 'adult' as const, junior: false };
    const junior = { membershipType: 'junior' as const, junior: true };
    expect(juniorAddition(EXAMPLE_MEMBERSHIP_RULES, 'adult', [adult])).toMatchObject({ ok: true, dueCents: 3000, becomesFamily: false });
    expect(juniorAddition(EXAMPLE_MEMBERSHIP_RULES, 'adult', [adult, junior])).toMatchObject({
      ok: true,
      dueCents: 5000,
      householdType: 'family',
      becomesFamily: true,
    });
    expect(juniorAddition(EXAMPLE_MEMBERSHIP_RULES, 'adult', [adult, adult])).toMatchObject({
      ok: true,
      dueCents: 4000,
      becomesFamily: true,
    });
    const fam = { membershipType: 'family' as const, junior: false };
    const famJunior = { membershipType: 'family' as const, junior: true };
    expect(juniorAddition(EXAMPLE_MEMBERSHIP_RULES, 'family', [fam, fam, famJunior])).toMatchObject({ ok: true, dueCents: 0 });
    expect(juniorAddition(EXAMPLE_MEMBERSHIP_RULES, 'family', [fam, famJunior, famJunior, famJunior])).toMatchObject({ ok: false });
  });
});

describe("a household's adult adds a junior", () => {
  it('adds a junior who waits for $30.00, pays through PayPal, and the junior is a member until the household’s membership ends', async () => {
    const adult = await adultHousehold();
    const added = await add(adult.client, kid('Ivy'));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const expiry = (await t.em().findOneOrFail(Member, { id: adult.memberId })).expiryDate!;
    expect(added.body).toMatchObject({ amountDue: '30.00', until: expiry, becomesFamily: false });
    expect((await t.em().findOneOrFail(Member, { id: added.body.memberId })).status).toBe('pending');
    expect((await adult.client.trpc.memberDetails.household.query()).pendingAddition).toMatchObject({
      name: 'Ivy Reef',
      amountDue: '30.00',
    });

    // The server prices: another amount is refused and nothing is ordered.
    const wrong = await payAddition(adult.client, '40.00');
    expect([wrong.status, wrong.body.message]).toEqual([400, 'The amount does not match the $30.00 that adding Ivy costs.']);

    const captured = await payAddition(adult.client, '30.00');
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const ivy = await t.em().findOneOrFail(Member, { id: added.body.memberId });
    expect([ivy.status, ivy.memberSince, ivy.expiryDate]).toEqual(['active', today(), expiry]);
    // The adult's own membership is untouched: the order covered Ivy only.
    expect((await t.em().findOneOrFail(Member, { id: adult.memberId })).expiryDate).toBe(expiry);
    const payment = await t.em().findOneOrFail(Payment, { household: adult.householdId, purpose: 'add_member' });
    expect([payment.amountCents, payment.status, payment.covers?.members.map((m) => m.id)]).toEqual([3000, 'completed', [ivy.id]]);
    expect(await t.em().count(AuditLog, { entityId: ivy.id, action: { $in: ['member.household.addJunior', 'member.activate'] } })).toBe(2);
    expect((await adult.client.trpc.memberDetails.household.query()).pendingAddition).toBeNull();
  });

  it('makes a household of three a family, for the family fee less what its people pay', async () => {
    const adult = await adultHousehold({ withJunior: true });
    const added = await add(adult.client, kid('Ari', 6));
    expect(added.body).toMatchObject({ amountDue: '50.00', becomesFamily: true });
    expect((await payAddition(adult.client, '50.00')).status).toBe(200);
    const household = await t.em().findOneOrFail(Household, { id: adult.householdId });
    expect(household.membershipType).toBe('family');
    const people = await t.em().find(Member, { household });
    expect(people.map((p) => [p.firstName, p.membershipType, p.status]).sort()).toEqual([
      ['Ari', 'family', 'active'],
      ['Dana', 'family', 'active'],
      ['Kit', 'family', 'active'],
    ]);
    // A family with room takes the next junior at no cost: a member at once.
    const free = await add(adult.client, kid('Bo', 4));
    expect(free.body).toMatchObject({ amountDue: '0.00' });
    expect((await t.em().findOneOrFail(Member, { id: free.body.memberId })).status).toBe('active');
    // A fourth junior is beyond what a family covers.
    const fourth = await add(adult.client, kid('Cy', 3));
    expect(fourth.status).toBe(400);
  });

  it('refuses a person of 16 or over, the same junior twice, and a second addition while one waits', async () => {
    const adult = await adultHousehold();
    const old = await add(adult.client, kid('Sam', 16));
    expect([old.status, old.fieldErrors]).toEqual([
      400,
      { dateOfBirth: 'Sam is 16 or over: adults join the club with a membership of their own.' },
    ]);
    expect((await add(adult.client, kid('Ivy'))).status).toBe(200);
    expect((await add(adult.client, kid('Ivy'))).status).toBe(409);
    const second = await add(adult.client, kid('Max'));
    expect([second.status, second.body.message]).toEqual([
      409,
      'Ivy Reef is still waiting to be paid for. Pay for them or remove them first.',
    ]);
    const unagreed = await add(adult.client, { ...kid('Lu'), agreed: false });
    expect(unagreed.status).toBe(400);
  });

  it('removes a junior waiting for payment, and lets a junior paid for in their own right go with their membership until it ends', async () => {
    const adult = await adultHousehold({ withJunior: true });
    const kit = await t.em().findOneOrFail(Member, { household: adult.householdId, firstName: 'Kit' });
    const waiting = await add(adult.client, kid('Ari', 6));
    expect((await adult.client.mutation('memberDetails.removeJunior', { memberId: waiting.body.memberId })).status).toBe(200);
    expect(await t.em().count(Member, { id: waiting.body.memberId })).toBe(0);

    const gone = await adult.client.mutation('memberDetails.removeJunior', { memberId: kit.id });
    expect(gone.status).toBe(200);
    const after = await t.em().findOneOrFail(Member, { id: kit.id }, { populate: ['household'] });
    expect(after.household.id).not.toBe(adult.householdId);
    expect([after.status, after.expiryDate, after.isPrimary]).toEqual(['active', kit.expiryDate, true]);
    // Another household's adult cannot touch them.
    const stranger = await adultHousehold();
    expect((await stranger.client.mutation('memberDetails.removeJunior', { memberId: kit.id })).status).toBe(403);
  });

  it('is only for an adult with a current membership', async () => {
    const lapsed = await createMember(t, { status: 'expired' });
    expect((await add(lapsed.client, kid('Ivy'))).status).toBe(403);
    const junior = await createMember(t, { membershipType: 'junior' });
    expect((await add(junior.client, kid('Ivy'))).status).toBe(403);
    const nobody = await add(t.client(), kid('Ivy'));
    expect(nobody.status).toBe(401);
  });
});
