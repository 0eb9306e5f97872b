import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, clubToday, formatAuDate } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedVersions, documentsRequiredMessage, type ClubDocumentId } from '../../src/shared/documents';
import { DOCUMENTS_LIST_MESSAGE } from '../../src/shared/members.schema';
import { AuditLog, Member, Payment } from '../../src/server/db/entities';
import { successBody } from '../support/answers';
import { FakePayPal } from '../support/fake-paypal';
import { joinForm } from '../support/join-form';
import { linkIn } from '../support/mime';
import { activeMemberClient, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
/** What a join form without every required document at its current version is told. */
const DOCUMENTS_REQUIRED_MESSAGE = documentsRequiredMessage(EXAMPLE_CLUB_DOCUMENTS);
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
/** A birth date that makes someone `age` today (their birthday is today). */
const bornYearsAgo = (age: number) => addYears(today(), -age);

const form = (overrides: Record<string, unknown> = {}) => joinForm(today(), overrides);

/** The join form as the browser sends it (the typed procedure: gender, acceptances, additional members). */
const register = (client: TestClient, body: Record<string, unknown>) => client.mutation('members.register', body);

async function join(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = form(overrides);
  const res = await register(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...successBody(res), email: body.email as string };
}

async function pay(client: TestClient, amount: string) {
  const order = await client.json('POST', '/paypal/order', { amount, currency: 'AUD', intent: 'CAPTURE' });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { orderId: order.body.id as string, capture: () => client.json('POST', `/paypal/order/${order.body.id}/capture`, {}) };
}

describe('joining and paying', () => {
  it('join → PayPal order → capture → active for one year → receipt e-mail', async () => {
    const visitor = t.client();
    const joined = await join(visitor, { firstName: 'Morgan', lastName: 'Reef', email: 'morgan@example.com' });
    expect(joined).toMatchObject({
      message: 'Registration Successful',
      membershipType: 'adult',
      amount: '40.00',
      currency: 'AUD',
      members: [{ firstName: 'Morgan', lastName: 'Reef', membershipType: 'adult' }],
    });
    const pending = await t.em().findOneOrFail(Member, { email: 'morgan@example.com' });
    expect(pending.status).toBe('pending');
    expect(pending.termsAcceptedAt).not.toBeNull();
    expect(pending.codeOfConductAcceptedAt).not.toBeNull();
    expect(pending.documentsAccepted?.map((d) => `${d.id}@${d.version}`)).toEqual(
      acceptedVersions(EXAMPLE_CLUB_DOCUMENTS).map((d) => `${d.id}@${d.version}`),
    );

    // The browser's PayPal buttons (JS SDK v6) start from a client token made with PayPal's client-token grant.
    const setup = await visitor.json('GET', '/paypal/setup');
    expect(setup.body).toEqual({
      provider: 'paypal',
      clientId: 'fake-client-id',
      clientToken: paypal.clientTokens.at(-1)!.token,
      environment: 'sandbox',
      currency: 'AUD',
    });
    expect(paypal.clientTokens.at(-1)!.domains).toEqual(['club.test']);

    const { orderId, capture } = await pay(visitor, '40.00');
    const create = paypal.callsTo(/^\/v2\/checkout\/orders$/).at(-1)!;
    expect(create.body.intent).toBe('CAPTURE');
    expect(create.body.purchase_units?.[0]?.amount).toEqual({ currency_code: 'AUD', value: '40.00' });
    expect(create.requestId).toMatch(/^order-/);

    const captured = await capture();
    expect(captured.status).toBe(200);
    const expiry = addYears(today(), 1);
    expect(captured.body).toEqual({
      id: orderId,
      status: 'COMPLETED',
      amount: '40.00',
      currency: 'AUD',
      membership: { status: 'active', memberSince: today(), expiryDate: expiry, members: ['Morgan Reef'] },
    });
    expect(paypal.callsTo(/\/capture$/).at(-1)!.requestId).toMatch(/^capture-/);

    const member = await t.em().findOneOrFail(Member, { email: 'morgan@example.com' });
    expect(member).toMatchObject({ status: 'active', memberSince: today(), expiryDate: expiry });
    const payment = await t.em().findOneOrFail(Payment, { providerOrderId: orderId });
    expect(payment).toMatchObject({
      kind: 'membership',
      purpose: 'join',
      amountCents: 4000,
      currency: 'AUD',
      provider: 'paypal',
      status: 'completed',
    });
    expect(payment.providerCaptureId).toBeTruthy();
    expect(payment.rawResponse).toMatchObject({ status: 'COMPLETED' });

    const receipt = t.mail.last('morgan@example.com');
    expect(receipt.subject).toBe('Receipt: Tweed Coast Anglers Club membership fee $40.00');
    expect(receipt.text).toContain('Amount paid: $40.00 AUD');
    expect(receipt.text).toContain('Membership type: Adult');
    expect(receipt.text).toContain('Member: Morgan Reef');
    expect(receipt.text).toContain(`Membership valid until: ${formatAuDate(expiry)}`);
    expect(receipt.html).toContain('Morgan Reef');
    // The visitor never signed in: the receipt's button signs them in, once, as the owner of the address.
    const link = linkIn(receipt);
    expect(link.pathname).toBe('/sign-in');
    const reader = t.client();
    await reader.trpc.auth.verifyToken.mutate({ token: link.searchParams.get('token')!, purpose: 'sign_in' });
    expect(await reader.trpc.auth.me.query()).toMatchObject({ email: 'morgan@example.com', emailVerified: true });
    expect(await reader.trpc.members.profile.query()).toMatchObject({
      firstName: 'Morgan',
      status: 'active',
      expiryDate: expiry,
      paymentState: 'paid',
    });
    await expect(t.client().trpc.auth.verifyToken.mutate({ token: link.searchParams.get('token')!, purpose: 'sign_in' })).rejects.toThrow(
      'This link has already been used.',
    );
  });

  it('refuses an order whose amount, currency or intent differs, without asking PayPal', async () => {
    const visitor = t.client();
    await join(visitor);
    const before = paypal.callsTo(/^\/v2\/checkout\/orders$/).length;
    const cases: [unknown, string][] = [
      [{ amount: '4.00', currency: 'AUD', intent: 'CAPTURE' }, 'The amount does not match the adult membership fee of $40.00.'],
      [{ amount: '0', currency: 'AUD', intent: 'CAPTURE' }, 'The amount does not match the adult membership fee of $40.00.'],
      [{ amount: '-40', currency: 'AUD', intent: 'CAPTURE' }, 'The amount must be a number of dollars, such as 40.00.'],
      [{ amount: '40.00', currency: 'USD', intent: 'CAPTURE' }, 'Payments are in Australian dollars (AUD).'],
      [{ amount: '40.00', currency: 'AUD', intent: 'AUTHORIZE' }, 'Only immediate payment (intent CAPTURE) is supported.'],
      [{ currency: 'AUD', intent: 'CAPTURE' }, 'Amount is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await visitor.json('POST', '/paypal/order', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect(paypal.callsTo(/^\/v2\/checkout\/orders$/).length).toBe(before);
    expect(await t.em().count(Payment, { status: 'created', amountCents: { $ne: 4000 } })).toBe(0);
    // 40, 40.0 and 40.00 are the same amount.
    expect((await visitor.json('POST', '/paypal/order', { amount: 40, currency: 'aud', intent: 'capture' })).status).toBe(200);
  });

  it('refuses an order when nothing is owed', async () => {
    const res = await t.client().json('POST', '/paypal/order', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('There is nothing to pay for yet. Please fill in the join form first.');
  });

  it('leaves the member unpaid when the card is declined, and lets them retry the same order', async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const { capture } = await pay(visitor, '40.00');
    paypal.declineNextCapture = true;
    const declined = await capture();
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: 'Payment failed. Please try again or contact support if the issue persists.' });
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('pending');
    expect(t.mail.to(email)).toHaveLength(0);

    const retried = await capture();
    expect(retried.status).toBe(200);
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('active');
  });

  it('does not activate when PayPal captured a different amount', async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const { orderId, capture } = await pay(visitor, '40.00');
    paypal.captureAmountOverride = '0.40';
    try {
      expect((await capture()).status).toBe(402);
    } finally {
      paypal.captureAmountOverride = undefined;
    }
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('pending');
    expect((await t.em().findOneOrFail(Payment, { providerOrderId: orderId })).status).toBe('failed');
  });

  it('activates once and records one payment when ten captures of one order race', async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const { orderId } = await pay(visitor, '40.00');
    const capturesBefore = paypal.callsTo(/\/capture$/).length;
    paypal.captureDelayMs = 150;
    let results;
    try {
      results = await Promise.all(Array.from({ length: 10 }, () => visitor.json('POST', `/paypal/order/${orderId}/capture`, {})));
    } finally {
      paypal.captureDelayMs = 0;
    }
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(paypal.callsTo(/\/capture$/).length - capturesBefore).toBe(1);
    expect(paypal.chargesFor(orderId)).toHaveLength(1);
    expect(await t.em().count(Payment, { providerOrderId: orderId })).toBe(1);
    expect(t.mail.to(email)).toHaveLength(1);
    const member = await t.em().findOneOrFail(Member, { email });
    expect(await t.em().count(AuditLog, { action: 'member.activate', entityId: member.id })).toBe(1);
  });

  it('answers a capture of an unknown order with 404', async () => {
    const res = await t.client().json('POST', '/paypal/order/NOSUCHORDER123/capture', {});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('We could not find that payment. Please start the payment again.');
  });
});

describe('households and the junior rule', () => {
  it('a family of 2 adults and 3 juniors pays $120 once and shares one expiry', async () => {
    const visitor = t.client();
    const joined = await join(visitor, {
      membershipType: 'family',
      additionalMembers: [
        { firstName: 'Jo', lastName: 'Reef', dateOfBirth: bornYearsAgo(40) },
        { firstName: 'Kid', lastName: 'One', dateOfBirth: bornYearsAgo(12) },
        { firstName: 'Kid', lastName: 'Two', dateOfBirth: bornYearsAgo(9) },
        { firstName: 'Kid', lastName: 'Three', dateOfBirth: bornYearsAgo(15) },
      ],
    });
    expect(joined.amount).toBe('120.00');
    expect(joined.members).toHaveLength(5);
    const { capture } = await pay(visitor, '120.00');
    expect((await capture()).body.membership!.members).toHaveLength(5);
    const members = await t.em().find(Member, { household: joined.householdId });
    expect(members).toHaveLength(5);
    expect(new Set(members.map((m) => m.expiryDate))).toEqual(new Set([addYears(today(), 1)]));
    expect(members.every((m) => m.status === 'active' && m.membershipType === 'family')).toBe(true);
    expect(await t.em().count(Payment, { household: joined.householdId, status: 'completed' })).toBe(1);
  });

  it('refuses a family with a third adult or a fourth junior', async () => {
    const adults = await register(
      t.client(),
      form({
        membershipType: 'family',
        additionalMembers: [
          { firstName: 'A', lastName: 'Two', dateOfBirth: bornYearsAgo(40) },
          { firstName: 'A', lastName: 'Three', dateOfBirth: bornYearsAgo(16) },
        ],
      }),
    );
    expect(adults.status).toBe(400);
    expect(adults.body.message).toBe(
      'A family membership covers up to 2 adults and 3 juniors (under 16), counting everyone in the household who will be a member after this payment.',
    );
    const juniors = await register(
      t.client(),
      form({
        membershipType: 'family',
        additionalMembers: [1, 2, 3, 4].map((n) => ({ firstName: 'Kid', lastName: `N${n}`, dateOfBirth: bornYearsAgo(8) })),
      }),
    );
    expect(juniors.status).toBe(400);
  });

  it('refuses junior membership for anyone 16 or over on the day of joining', async () => {
    const sixteen = await register(t.client(), form({ firstName: 'Sam', membershipType: 'junior', dateOfBirth: bornYearsAgo(16) }));
    expect(sixteen.status).toBe(400);
    expect(sixteen.body.message).toBe(
      'Junior membership is for people under 16 on the day of joining. Sam is 16, so please choose Adult or Family.',
    );
    // Turning 16 tomorrow is still 15 today.
    const sixteenTomorrow = addDays(bornYearsAgo(16), 1);
    const fifteen = await join(t.client(), { membershipType: 'junior', dateOfBirth: sixteenTomorrow });
    expect(fifteen.amount).toBe('30.00');
  });

  it('refuses adult membership for someone under 16 and offers junior', async () => {
    const before = await t.em().count(Member, {});
    const fifteen = await register(t.client(), form({ firstName: 'Tia', membershipType: 'adult', dateOfBirth: bornYearsAgo(15) }));
    expect(fifteen.status).toBe(400);
    expect(fifteen.body.message).toBe('Adult membership is for people 16 or over. Tia is 15, so please choose Junior ($30.00) instead.');
    expect(fifteen.fieldErrors).toMatchObject({ membershipType: expect.any(String) });
    expect(await t.em().count(Member, {})).toBe(before);
    expect((await join(t.client(), { membershipType: 'adult', dateOfBirth: bornYearsAgo(16) })).amount).toBe('40.00');
  });

  it('an adult who adds another member pays for both together', async () => {
    const joined = await join(t.client(), { additionalMembers: [{ firstName: 'Kid', lastName: 'Tag', dateOfBirth: bornYearsAgo(10) }] });
    expect(joined.amount).toBe('70.00');
    expect(joined.members.map((m: { membershipType: string }) => m.membershipType)).toEqual(['adult', 'junior']);
    const two = await register(
      t.client(),
      form({
        additionalMembers: [
          { firstName: 'B', lastName: 'C', dateOfBirth: bornYearsAgo(30) },
          { firstName: 'D', lastName: 'E', dateOfBirth: bornYearsAgo(30) },
        ],
      }),
    );
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Only a family membership covers more than two people. Choose Family to add more members.');
  });
});

describe('renewals and the member portal', () => {
  it('a renewal extends from the current expiry, or from today once it has lapsed', async () => {
    const { client, email } = await signedInClient(t, 'renew@example.com', { firstName: 'Rene', lastName: 'Wal' });
    await join(client, { firstName: 'Rene', lastName: 'Wal', email });
    await (await pay(client, '40.00')).capture();
    const firstExpiry = addYears(today(), 1);
    const profile = await client.json('GET', '/api/members/profile');
    expect(profile.body).toMatchObject({
      firstName: 'Rene',
      status: 'active',
      expiryDate: firstExpiry,
      renewalAmount: '40.00',
      membershipType: 'adult',
    });
    expect(await client.trpc.members.dashboard.query()).toEqual({
      eventsAttended: 0,
      fishCaught: 0,
      competitions: 0,
      memberLevel: 'Bronze',
    });

    expect(profile.body.renewal).toEqual({ open: false, opensOn: addDays(firstExpiry, -60), extendsTo: addYears(firstExpiry, 1) });
    // 'Renew Membership' straight after joining: refused unless the member confirms an early renewal.
    const tooEarly = await client.json('POST', '/paypal/order', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe(
      `Your membership is paid until ${formatAuDate(firstExpiry)}. Renewal opens on ${formatAuDate(addDays(firstExpiry, -60))}; renewing now would extend it to ${formatAuDate(addYears(firstExpiry, 1))}. Confirm an early renewal to pay now.`,
    );
    const confirmedEarly = await client.mutation('payments.createOrder', {
      amount: '40.00',
      currency: 'AUD',
      intent: 'CAPTURE',
      earlyRenewal: true,
    });
    expect(confirmedEarly.status).toBe(200);

    t.clock.advance(310 * 86400_000);
    expect((await client.json('GET', '/api/members/profile')).body.renewal!.open).toBe(true);
    const early = await pay(client, '40.00');
    expect((await early.capture()).body.membership!.expiryDate).toBe(addYears(firstExpiry, 1));
    // The early order confirmed earlier was replaced by the newer one and can no longer take money.
    const stale = await client.json('POST', `/paypal/order/${confirmedEarly.body.id}/capture`, {});
    expect(stale.status).toBe(409);
    const renewal = await t.em().findOneOrFail(Payment, { providerOrderId: early.orderId });
    expect(renewal.purpose).toBe('renewal');
    expect(t.mail.last(email).subject).toBe('Receipt: Tweed Coast Anglers Club membership renewal $40.00');

    t.clock.advance(2 * 365 * 86400_000);
    expect((await client.json('GET', '/api/members/profile')).body.status).toBe('expired');
    const late = await pay(client, '40.00');
    expect((await late.capture()).body.membership!.expiryDate).toBe(addYears(today(), 1));
    const member = await t.em().findOneOrFail(Member, { email });
    expect(member.memberSince).not.toBe(today());
    // Level comes from champion points this season, not from years of membership.
    expect((await client.trpc.members.dashboard.query()).memberLevel).toBe('Bronze');
  });

  it('links a paid registration to the account that signs in with its address', async () => {
    const visitor = t.client();
    await join(visitor, { firstName: 'Lin', lastName: 'Ked', email: 'linked@example.com' });
    await (await pay(visitor, '40.00')).capture();
    const { client } = await signedInClient(t, 'linked@example.com', { firstName: 'Lin', lastName: 'Ked' });
    const profile = await client.json('GET', '/api/members/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      firstName: 'Lin',
      lastName: 'Ked',
      email: 'linked@example.com',
      phone: '0412 345 678',
      shirtSize: 'L',
      status: 'active',
    });
  });

  it('answers the profile to signed-in users, and the member list to members in good standing only', async () => {
    expect((await t.client().json('GET', '/api/members/profile')).status).toBe(401);
    expect((await t.client().json('GET', '/api/members')).status).toBe(401);
    const { client } = await signedInClient(t);
    const none = await client.json('GET', '/api/members/profile');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'No profile information available.' });
    // An account is not a membership: the list (which names juniors) is for paid-up members.
    expect(await client.json('GET', '/api/members')).toMatchObject({
      status: 403,
      body: { message: 'Only current club members can see the members list. Join or renew your membership first.' },
    });
    const member = (await activeMemberClient(t, 'lister@example.com', { firstName: 'Lis', lastName: 'Ter' })).client;
    const list = await member.json('GET', '/api/members');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(Object.keys(list.body[0]!).sort()).toEqual(['firstName', 'id', 'lastName']);
  });
});

describe('the join form is validated and safe to resubmit', () => {
  it('POST /api/members/register takes exactly the documented body, without gender, acceptances or additional people', async () => {
    const {
      gender: _gender,
      termsAccepted: _terms,
      codeOfConductAccepted: _conduct,
      documentsAccepted: _documents,
      ...documented
    } = form({ email: 'script@example.com' });
    const res = await t.client().json('POST', '/api/members/register', documented);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Registration Successful', amount: '40.00', currency: 'AUD' });
    const member = await t.em().findOneOrFail(Member, { email: 'script@example.com' });
    expect(member).toMatchObject({ status: 'pending', gender: null, termsAcceptedAt: null, documentsAccepted: null });
    const bad = await t.client().json('POST', '/api/members/register', { ...documented, shirtSize: 'XXXL' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Please choose a valid shirt size.' } });
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ phone: 'call me' }, 'Please enter a valid phone number.'],
    [{ address: '' }, 'Address is required.'],
    [{ dateOfBirth: '' }, 'Date of birth is required.'],
    [{ dateOfBirth: '2999-01-01' }, 'Date of birth cannot be in the future.'],
    [{ dateOfBirth: '2001-02-30' }, 'Date of birth must be a date (YYYY-MM-DD).'],
    [{ gender: undefined }, 'Gender is required.'],
    [{ shirtSize: 'XXXL' }, 'Please choose a valid shirt size.'],
    [{ membershipType: 'lifetime' }, 'Please choose a valid membership type.'],
    [{ termsAccepted: false }, 'Please accept the terms and conditions'],
    [{ codeOfConductAccepted: undefined }, 'Please agree to abide by the code of conduct'],
    [{ documentsAccepted: [] }, DOCUMENTS_REQUIRED_MESSAGE],
    [{ documentsAccepted: undefined }, DOCUMENTS_LIST_MESSAGE],
    [
      { documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS).map((d) => ({ ...d, version: '2001-01-01' })) },
      DOCUMENTS_REQUIRED_MESSAGE,
    ],
  ])('%j → %s', async (overrides, message) => {
    const before = await t.em().count(Member, {});
    const res = await register(t.client(), form(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.em().count(Member, {})).toBe(before);
  });

  /** Acceptances of these club documents, each at the version the join form shows. */
  const accepting = (...ids: ClubDocumentId[]) => ids.map((id) => ({ id, version: EXAMPLE_CLUB_DOCUMENTS[id].version }));

  it.each([
    ['waiver', accepting('code_of_conduct', 'competition_rules')],
    ['code of conduct', accepting('waiver', 'competition_rules')],
    ['competition rules', accepting('waiver', 'code_of_conduct')],
  ])('refuses a join form without the %s accepted', async (missing, documentsAccepted) => {
    const before = await t.em().count(Member, {});
    const res = await register(t.client(), form({ email: `without-${missing.replaceAll(' ', '-')}@example.com`, documentsAccepted }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: DOCUMENTS_REQUIRED_MESSAGE });
    expect(await t.em().count(Member, {})).toBe(before);
  });

  it('takes a join form with the waiver, the code of conduct and the competition rules accepted, not asking for the mission and values', async () => {
    const joined = await join(t.client(), {
      email: 'three-documents@example.com',
      documentsAccepted: accepting('waiver', 'code_of_conduct', 'competition_rules'),
    });
    expect(joined.message).toBe('Registration Successful');
    const stored = await t.em().findOneOrFail(Member, { email: 'three-documents@example.com' });
    expect(stored.documentsAccepted?.map((d) => d.id).sort()).toEqual(['code_of_conduct', 'competition_rules', 'waiver']);
  });

  it('a second submission before paying replaces the first', async () => {
    const visitor = t.client();
    const body = form({ email: 'twice@example.com' });
    const first = await register(visitor, body);
    const second = await register(visitor, { ...body, shirtSize: 'XL', membershipType: 'family' });
    expect(second.body.householdId).toBe(first.body.householdId);
    expect(second.body.amount).toBe('120.00');
    expect(await t.em().count(Member, { email: 'twice@example.com' })).toBe(1);
    await (await pay(visitor, '120.00')).capture();
    expect((await t.em().findOneOrFail(Member, { email: 'twice@example.com' })).status).toBe('active');
  });
});
