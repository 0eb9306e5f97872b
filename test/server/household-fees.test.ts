import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member, Payment } from '../../src/server/db/entities';
import { addYears, clubToday } from '../../src/shared/dates';
import { acceptedVersions } from '../../src/shared/documents';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { householdFeeCents, type MembershipType } from '../../src/shared/membership';
import { createMember, signIn } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { joinForm } from '../support/join-form';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

// No interleaving of a household's changes (a join form sent again, juniors added and removed) with its orders may
// leave it holding more than it paid for; these tests race the real requests against each other over HTTP.

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
const bornYearsAgo = (age: number) => addYears(today(), -age);
const kid = (firstName: string, lastName: string, age = 9) => ({
  firstName,
  lastName,
  dateOfBirth: bornYearsAgo(age),
  gender: 'male',
  shirtSize: 'S',
  agreed: true,
});
const orderBody = (amount: string, extra: Record<string, unknown> = {}) => ({ amount, currency: 'AUD', intent: 'CAPTURE', ...extra });
const capture = (client: TestClient, orderId: string) => client.json('POST', `/paypal/order/${orderId}/capture`, {});

/**
 * What the household holds against what it paid: every current member was covered by a received payment, and the
 * household's type is the type its latest payment priced. A household that paid less than its fee fails here.
 */
async function expectPaidForWhatItHolds(householdId: string) {
  const em = t.em();
  const household = await em.findOneOrFail(Household, { id: householdId });
  const people = await em.find(Member, { household });
  const current = people.filter((p) => p.status === 'active');
  const paid = await em.find(Payment, { household, kind: 'membership', status: 'completed' }, { orderBy: { capturedAt: 'asc' } });
  if (!current.length) return { paidCents: 0, current: 0 };
  const covered = new Set(paid.flatMap((p) => p.covers?.members.map((m) => m.id) ?? []));
  expect(current.filter((p) => !covered.has(p.id)).map((p) => p.firstName)).toEqual([]);
  const latest = paid[paid.length - 1];
  expect(household.membershipType).toBe(latest.covers!.householdType);
  const fee = householdFeeCents(
    EXAMPLE_MEMBERSHIP_RULES,
    household.membershipType,
    current.map((p) => p.membershipType as MembershipType),
  );
  const paidCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
  expect(paidCents).toBeGreaterThanOrEqual(fee);
  return { paidCents, current: current.length };
}

describe('a join form and its order, sent at once', () => {
  /** The same browser sends the form again as a family `delayMs` after it starts `step` (an order, or its capture). */
  async function race(i: number, step: 'order' | 'capture', delayMs: number) {
    const visitor = t.client();
    const adult = joinForm(today(), { lastName: `Race${i}` });
    expect((await visitor.mutation('members.register', adult)).status).toBe(200);
    const family = { ...adult, membershipType: 'family', additionalMembers: [{ ...kid('Mia', adult.lastName), agreed: undefined }] };
    const again = () => sleep(delayMs).then(() => visitor.mutation('members.register', family));
    let outcome: 'adultPaid' | 'orderRefused' | 'captureRefused';
    const [order, form] =
      step === 'order' ? await Promise.all([visitor.json('POST', '/paypal/order', orderBody('40.00')), again()]) : [null, null];
    const made = order ?? (await visitor.json('POST', '/paypal/order', orderBody('40.00')));
    if (made.status !== 200) {
      // The family form came first: an order for $40.00 no longer matches the household's fee.
      expect(made.status, JSON.stringify(made.body)).toBe(400);
      outcome = 'orderRefused';
    } else {
      const [paid, later] =
        step === 'capture' ? await Promise.all([capture(visitor, made.body.id!), again()]) : [await capture(visitor, made.body.id!), form];
      if (paid.status === 200) {
        outcome = 'adultPaid';
        // Paid before the form arrived: the form is told the membership is paid (or waits for the capture under way).
        expect(later!.status).toBe(409);
      } else {
        // 409: the form voided the order. 404: the two answers' session cookies crossed and this browser lost its
        // payer key (as a browser would), so it cannot capture that order at all. Nothing is taken either way.
        expect([404, 409]).toContain(paid.status);
        if (paid.status === 409) expect(paid.body.message).toContain('Your household changed after this payment was set up');
        outcome = 'captureRefused';
      }
    }
    const householdId = (await t.em().findOneOrFail(Member, { email: adult.email })).household.id;
    await expectPaidForWhatItHolds(householdId);
    // Whatever happened, a junior added now is priced by what the household paid for: free only within a paid family.
    const own = await t.em().findOne(Member, { email: adult.email, status: 'active' }, { populate: ['user'] });
    if (own?.user) {
      const added = await (await signIn(t, own.user.id)).mutation('memberDetails.addJunior', kid(`Kid${i}`, adult.lastName, 8));
      if (added.status === 200) expect(added.body.amountDue).not.toBe('0.00');
    }
    return outcome;
  }

  it('never leaves a household holding more than its order priced, over 30 interleavings', async () => {
    const outcomes: Record<string, number> = {};
    const delays = [0, 1, 3, 8, 20];
    for (let i = 0; i < 30; i++) {
      const outcome = await race(i, i % 2 ? 'capture' : 'order', delays[Math.floor(i / 2) % delays.length]);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    // Both orders of events happened: adult orders paid before the form changed, and orders the form voided or outpriced.
    expect(outcomes.adultPaid).toBeGreaterThan(0);
    expect((outcomes.orderRefused ?? 0) + (outcomes.captureRefused ?? 0)).toBeGreaterThan(0);
  }, 120_000);
});

describe('juniors added and removed', () => {
  /** A family membership, paid, for one adult; `household` is theirs. */
  async function paidFamily(lastName: string) {
    const parent = await createMember(t, { firstName: 'Dana', lastName, membershipType: 'family' });
    const em = t.em();
    const household = await em.findOneOrFail(Household, { id: parent.householdId });
    household.membershipType = 'family';
    (await em.findOneOrFail(Member, { id: parent.memberId })).membershipType = 'family';
    await em.flush();
    return parent;
  }

  it('a family adding and removing juniors in a loop ends with no junior kept for free', async () => {
    const parent = await paidFamily('Loop');
    const ids: string[] = [];
    for (const name of ['Ari', 'Bo', 'Cy', 'Di']) {
      const added = await parent.client.mutation('memberDetails.addJunior', kid(name, 'Loop'));
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.amountDue).toBe('0.00');
      ids.push(added.body.memberId!);
      const removed = await parent.client.mutation('memberDetails.removeJunior', { memberId: added.body.memberId });
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe(`${name} is no longer in your household, and their membership with it has ended.`);
    }
    const juniors = await t.em().find(Member, { id: { $in: ids } });
    expect(juniors.map((j) => j.status)).toEqual(['expired', 'expired', 'expired', 'expired']);
    // Every addition and removal is in the committee's audit log.
    const actions = await t.em().find(AuditLog, { entityId: { $in: ids } }, { orderBy: { createdAt: 'asc' } });
    expect(actions.filter((a) => a.action === 'member.household.addJunior')).toHaveLength(4);
    expect(actions.filter((a) => a.action === 'member.household.removeJunior')).toHaveLength(4);
  });

  it('adding and removing juniors while a renewal is being ordered never renews anyone unpaid', async () => {
    const parent = await paidFamily('Renew');
    for (let i = 0; i < 6; i++) {
      const [order, added] = await Promise.all([
        parent.client.json('POST', '/paypal/order', orderBody('120.00', { earlyRenewal: true })),
        sleep(i % 3).then(() => parent.client.mutation('memberDetails.addJunior', kid(`K${i}`, 'Renew'))),
      ]);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      if (order.status === 200) {
        const paid = await capture(parent.client, order.body.id!);
        if (paid.status === 200) {
          // The renewal covers exactly what it priced; the junior added after it is not renewed by it.
          const row = await t.em().findOneOrFail(Payment, { providerOrderId: order.body.id });
          const junior = await t.em().findOneOrFail(Member, { id: added.body.memberId });
          const covered = row.covers!.members.some((m) => m.id === junior.id);
          if (!covered) expect(junior.expiryDate! < addYears(today(), 1) || junior.status !== 'active').toBe(true);
        } else expect(paid.status).toBe(409);
      } else expect(order.status).toBe(409);
      await parent.client.mutation('memberDetails.removeJunior', { memberId: added.body.memberId });
      await expectPaidForWhatItHolds(parent.householdId);
    }
  }, 60_000);
});

describe('the club documents before a membership starts', () => {
  it('a join through the documented REST body waits for the documents, and is paid once its adult accepts them', async () => {
    const visitor = t.client();
    const form = joinForm(today(), { firstName: 'Rhea', lastName: 'Restful' });
    const { gender: _g, termsAccepted: _t, codeOfConductAccepted: _c, documentsAccepted: _d, ...documented } = form;
    expect((await visitor.json('POST', '/api/members/register', documented)).status).toBe(200);
    const member = await t.em().findOneOrFail(Member, { email: form.email });
    expect(member.status).toBe('pending');
    expect(member.documentsAccepted).toBeNull();

    const refused = await visitor.json('POST', '/paypal/order', orderBody('40.00'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Before the membership can be paid, Rhea must read and accept the club's Competition Rules & Waiver, Code of Conduct and Club Competition Rules. Sign in to the member portal to accept them, then pay.",
    );
    expect(await t.em().count(Payment, { household: member.household })).toBe(0);

    // Rhea signs in (the address is hers): the portal asks for the documents before it offers payment.
    const { client: rhea } = await signedInClient(t, form.email, { firstName: 'Rhea', lastName: 'Restful' });
    const profile = await rhea.trpc.members.profile.query();
    expect(profile?.documentsToAccept).toEqual(['waiver', 'code_of_conduct', 'competition_rules']);
    expect((await rhea.mutation('members.acceptDocuments', { documentsAccepted: [] })).status).toBe(400);
    expect((await rhea.mutation('members.acceptDocuments', { documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS) })).status).toBe(
      200,
    );
    expect((await rhea.trpc.members.profile.query())?.documentsToAccept).toEqual([]);

    const order = await rhea.json('POST', '/paypal/order', orderBody('40.00'));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((await capture(rhea, order.body.id!)).status).toBe(200);
    expect((await t.em().findOneOrFail(Member, { id: member.id })).status).toBe('active');
    const audit = await t.em().findOneOrFail(AuditLog, { action: 'member.documents.accept', entityId: member.id });
    expect(audit.after).toMatchObject({ documents: expect.arrayContaining(['waiver@2026-07-01']) });
  });

  it('a capture whose adult no longer holds the documents in force is refused with a sentence and takes nothing', async () => {
    const visitor = t.client();
    const form = joinForm(today(), { firstName: 'Vera', lastName: 'Version' });
    expect((await visitor.mutation('members.register', form)).status).toBe(200);
    const order = await visitor.json('POST', '/paypal/order', orderBody('40.00'));
    expect(order.status).toBe(200);
    // The committee adopts a new version of the competition rules between the order and the capture.
    const em = t.em();
    const member = await em.findOneOrFail(Member, { email: form.email });
    member.documentsAccepted = member.documentsAccepted!.map((d) => (d.id === 'competition_rules' ? { ...d, version: '2025-07-01' } : d));
    await em.flush();
    const captures = paypal.callsTo(/\/capture$/).length;
    const refused = await capture(visitor, order.body.id!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Vera must read and accept the club's Club Competition Rules.");
    expect(paypal.callsTo(/\/capture$/).length).toBe(captures);
    expect((await t.em().findOneOrFail(Member, { id: member.id })).status).toBe('pending');
  });
});

describe('what a payment says it covers', () => {
  it("names everyone in the household's payment", async () => {
    const visitor = t.client();
    const form = joinForm(today(), {
      firstName: 'Ben',
      lastName: 'Taylor',
      membershipType: 'family',
      additionalMembers: [
        { firstName: 'Lachlan', lastName: 'Taylor', dateOfBirth: bornYearsAgo(12) },
        { firstName: 'Mia', lastName: 'Taylor', dateOfBirth: bornYearsAgo(9) },
      ],
    });
    expect((await visitor.mutation('members.register', form)).status).toBe(200);
    const order = await visitor.json('POST', '/paypal/order', orderBody('120.00'));
    const row = await t.em().findOneOrFail(Payment, { providerOrderId: order.body.id });
    expect(row.description).toBe('Family membership fee — Ben, Lachlan and Mia Taylor');
  });
});
