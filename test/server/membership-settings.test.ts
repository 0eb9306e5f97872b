import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Member, Payment } from '../../src/server/db/entities';
import { EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { addYears, clubToday, formatAuDate, type IsoDate } from '../../src/shared/dates';
import type { MembershipRules } from '../../src/shared/membership';
import { successBody } from '../support/answers';
import { createAdmin } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { joinForm } from '../support/join-form';
import { BAY_MEMBERSHIP } from '../support/second-club';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const paypal = new FakePayPal();

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      ADMIN_EMAILS: 'sec@club.test',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
    },
  });
  admin = (await createAdmin(t, { email: 'sec@club.test', firstName: 'Sue', lastName: 'Secretary' })).client;
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());
/** A birth date that makes someone `age` today (their birthday is today). */
const bornYearsAgo = (age: number) => addYears(today(), -age);
/** The last day of a membership year running 1 July to 30 June that holds `day`. */
const nextThirtiethOfJune = (day: IsoDate) => {
  const year = Number(day.slice(0, 4));
  return day < `${year}-06-30` ? `${year}-06-30` : `${year + 1}-06-30`;
};
/** The Bay club's rules with a dearer adult fee. */
const DEARER: MembershipRules = { ...BAY_MEMBERSHIP, feesCents: { ...BAY_MEMBERSHIP.feesCents, adult: 6500 } };

async function join(client: TestClient, overrides: Record<string, unknown>) {
  const body = joinForm(today(), overrides);
  const res = await client.mutation('members.register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...successBody(res), email: body.email as string };
}

async function order(client: TestClient, amount: string) {
  const res = await client.json('POST', '/paypal/order', { amount, currency: 'AUD', intent: 'CAPTURE' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const orderId = res.body.id as string;
  return { orderId, capture: () => client.json('POST', `/paypal/order/${orderId}/capture`, {}) };
}

describe("the club's membership rules, saved in Admin → Club settings", () => {
  it('read as the example club until the club saves its own', async () => {
    expect(await t.client().trpc.club.membership.query()).toEqual(EXAMPLE_MEMBERSHIP_RULES);
  });

  it('price a new join at the saved fees, make a 17-year-old a junior, and end the membership with the membership year', async () => {
    expect(await admin.trpc.admin.club.saveMembership.mutate(BAY_MEMBERSHIP)).toEqual(BAY_MEMBERSHIP);
    expect(await t.client().trpc.club.membership.query()).toEqual(BAY_MEMBERSHIP);

    // 17 is an adult at the example club, a junior here (under 18).
    const tooYoung = await t.client().mutation('members.register', joinForm(today(), { firstName: 'Kai', dateOfBirth: bornYearsAgo(17) }));
    expect(tooYoung.status).toBe(400);
    expect(tooYoung.body.message).toBe('Adult membership is for people 18 or over. Kai is 17, so please choose Junior ($20.00) instead.');

    const visitor = t.client();
    const joined = await join(visitor, { firstName: 'Kai', membershipType: 'junior', dateOfBirth: bornYearsAgo(17) });
    expect(joined).toMatchObject({ membershipType: 'junior', amount: '20.00' });
    // The old fee is refused: the server prices.
    const stale = await visitor.json('POST', '/paypal/order', { amount: '30.00', currency: 'AUD', intent: 'CAPTURE' });
    expect(stale.status).toBe(400);
    const { orderId, capture } = await order(visitor, '20.00');
    const captured = await capture();
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const end = nextThirtiethOfJune(today());
    expect(captured.body).toMatchObject({ amount: '20.00', membership: { status: 'active', expiryDate: end } });
    expect(await t.em().findOneOrFail(Payment, { providerOrderId: orderId })).toMatchObject({ amountCents: 2000, status: 'completed' });
    const receipt = t.mail.last(joined.email);
    expect(receipt.text).toContain('Membership type: Junior (under 18)');
    expect(receipt.text).toContain(`Membership valid until: ${formatAuDate(end)}`);

    // A family covers up to 2 adults and 4 juniors here (3 at the example club), for the family fee.
    const family = await join(t.client(), {
      membershipType: 'family',
      additionalMembers: [17, 12, 9, 6].map((age, i) => ({ firstName: `Kid${i}`, lastName: 'Bay', dateOfBirth: bornYearsAgo(age) })),
    });
    expect(family).toMatchObject({ membershipType: 'family', amount: '110.00' });
    // The committee's quote for a new member reads the same rules.
    const quote = await admin.trpc.admin.payments.quote.query({ mode: 'new', membershipType: 'adult', dateOfBirth: bornYearsAgo(40) });
    expect(quote).toMatchObject({ amount: '55.00', extendsTo: end });
  });

  it('keep the price an order was made at when the fees change before it is captured; what was paid stays paid', async () => {
    const visitor = t.client();
    const joined = await join(visitor, { firstName: 'Ola', membershipType: 'adult' });
    expect(joined.amount).toBe('55.00');
    const { orderId, capture } = await order(visitor, '55.00');

    expect(await admin.trpc.admin.club.saveMembership.mutate(DEARER)).toEqual(DEARER);
    const captured = await capture();
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body).toMatchObject({ amount: '55.00', membership: { status: 'active', expiryDate: nextThirtiethOfJune(today()) } });
    expect(await t.em().findOneOrFail(Payment, { providerOrderId: orderId })).toMatchObject({ amountCents: 5500, status: 'completed' });
    expect(t.mail.last(joined.email).text).toContain('Amount paid: $55.00 AUD');

    // The next payment is at the new fee; the junior's payment from before the change is untouched.
    const member = await t.em().findOneOrFail(Member, { email: joined.email });
    const renewal = await admin.trpc.admin.payments.quote.query({ mode: 'renewal', memberId: member.id });
    expect(renewal).toMatchObject({ amount: '65.00', purpose: 'renewal' });
    const paid = await t.em().find(Payment, { kind: 'membership', status: 'completed' }, { orderBy: { capturedAt: 'asc' } });
    expect(paid.map((p) => p.amountCents)).toEqual([2000, 5500]);
  });

  it('are audited before and after; bad input is refused naming the field and changes nothing', async () => {
    const audit = await t.em().find(AuditLog, { action: 'club.membership.save' }, { populate: ['actor'], orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.actor?.email, a.before, a.after])).toEqual([
      ['sec@club.test', null, BAY_MEMBERSHIP],
      ['sec@club.test', BAY_MEMBERSHIP, DEARER],
    ]);

    const bad = [
      [{ ...DEARER, feesCents: { ...DEARER.feesCents, adult: -1 } }, 'feesCents.adult', 'Adult fee cannot be below zero.'],
      [{ ...DEARER, familyLimits: { adults: 2, juniors: 0 } }, 'familyLimits.juniors', 'Juniors in a family must be at least 1.'],
    ] as const;
    for (const [input, field, message] of bad) {
      const res = await admin.mutation('admin.club.saveMembership', input);
      expect(res.status).toBe(400);
      expect(res.fieldErrors).toMatchObject({ [field]: message });
    }
    expect(await t.client().trpc.club.membership.query()).toEqual(DEARER);
    expect(await t.em().count(AuditLog, { action: 'club.membership.save' })).toBe(2);

    // Back to the example club's rules, for whatever runs next against this database.
    expect(await admin.trpc.admin.club.saveMembership.mutate(EXAMPLE_MEMBERSHIP_RULES)).toEqual(EXAMPLE_MEMBERSHIP_RULES);
    expect(await t.client().trpc.club.membership.query()).toEqual(EXAMPLE_MEMBERSHIP_RULES);
  });
});
