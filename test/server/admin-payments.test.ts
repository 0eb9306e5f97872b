import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member, Payment } from '../../src/server/db/entities';
import { addDays, addYears, clubToday, formatAuDate } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedVersions } from '../../src/shared/documents';
import { callOverHttp, rowCounts } from '../support/endpoints';
import { FakePayPal } from '../support/fake-paypal';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let adminUserId: string;
const paypal = new FakePayPal();

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
      ADMIN_EMAILS: 'treasurer@club.test',
    },
  });
  const signed = await signedInClient(t, 'treasurer@club.test', { firstName: 'Terry', lastName: 'Treasurer' });
  admin = signed.client;
  adminUserId = signed.userId;
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());
const bornYearsAgo = (age: number) => addYears(today(), -age);
let counter = 0;

/** The committee's form for a new member (the join form's fields, no acceptances). */
function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Jane',
    lastName: `Citizen${counter}`,
    email: `jane${counter}@example.com`,
    phone: '0412 345 678',
    address: '2 Wharf St, Tweed Heads NSW 2485',
    dateOfBirth: bornYearsAgo(40),
    shirtSize: 'M',
    membershipType: 'adult',
    ...overrides,
  };
}

const record = (input: Record<string, unknown>, client = admin) => client.mutation('admin.payments.record', input);
const refund = (input: Record<string, unknown>, client = admin) => client.mutation('admin.payments.refund', input);
const revenue = async () => (await admin.trpc.admin.overview.query()).revenueYtdCents;
const audits = (action: string, entityId: string) => t.em().count(AuditLog, { action, entityId });

/** A visitor who joins on the website and pays through (the fake) PayPal. */
async function joinThroughPayPal(overrides: Record<string, unknown> = {}) {
  const visitor = t.client();
  const body = {
    ...person(overrides),
    gender: 'female',
    termsAccepted: true,
    codeOfConductAccepted: true,
    documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
  };
  const joined = await visitor.mutation('members.register', body);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const order = await visitor.json('POST', '/paypal/order', { amount: joined.body.amount, currency: 'AUD', intent: 'CAPTURE' });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const captured = await visitor.json('POST', `/paypal/order/${order.body.id}/capture`, {});
  expect(captured.status, JSON.stringify(captured.body)).toBe(200);
  const payment = await t.em().findOneOrFail(Payment, { providerOrderId: order.body.id });
  return { email: body.email, name: `${body.firstName} ${body.lastName}`, payment, captureId: payment.providerCaptureId! };
}

describe('recording a payment taken by hand', () => {
  it('adds a new member who paid cash: active for a year, receipt with a sign-in link that opens the active profile', async () => {
    const jane = person({ firstName: 'Jane', lastName: 'Cash' });
    const quote = await admin.trpc.admin.payments.quote.query({
      mode: 'new',
      membershipType: 'adult',
      firstName: 'Jane',
      lastName: 'Cash',
      dateOfBirth: jane.dateOfBirth,
    });
    expect(quote).toMatchObject({ amount: '40.00', purpose: 'join', members: ['Jane Cash'], extendsTo: addYears(today(), 1) });

    const paidOn = addDays(today(), -2);
    const res = await record({
      mode: 'new',
      member: jane,
      method: 'cash',
      paidOn,
      reference: 'Receipt book 0042',
      amount: quote.amount,
      requestKey: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expiry = addYears(today(), 1);
    expect(res.body).toMatchObject({
      recorded: true,
      amount: '40.00',
      payee: 'Jane Cash',
      members: ['Jane Cash'],
      expiryDate: expiry,
      receiptTo: jane.email,
    });

    const member = await t.em().findOneOrFail(Member, { email: jane.email });
    expect(member).toMatchObject({ status: 'active', memberSince: today(), expiryDate: expiry, firstName: 'Jane' });
    const payment = await t.em().findOneOrFail(Payment, { id: res.body.paymentId });
    expect(payment).toMatchObject({
      kind: 'membership',
      purpose: 'join',
      provider: 'manual',
      method: 'cash',
      reference: 'Receipt book 0042',
      status: 'completed',
      amountCents: 4000,
    });
    expect(clubToday(payment.capturedAt!)).toBe(paidOn);
    expect(payment.covers?.members.map((m) => m.id)).toEqual([member.id]);

    // Every step is in the audit log, by the committee member who did it.
    for (const [action, id] of [
      ['payment.manual', payment.id],
      ['payment.completed', payment.id],
      ['member.activate', member.id],
      ['member.register', member.household.id],
    ] as const) {
      const entry = await t.em().findOneOrFail(AuditLog, { action, entityId: id });
      expect(entry.actor?.id, action).toBe(adminUserId);
    }
    expect((await t.em().findOneOrFail(AuditLog, { action: 'payment.manual', entityId: payment.id })).after).toMatchObject({
      method: 'cash',
      paidOn,
      reference: 'Receipt book 0042',
      amountCents: 4000,
    });

    const receipt = t.mail.last(jane.email);
    expect(receipt.subject).toBe('Receipt: Tweed Coast Anglers Club membership fee $40.00');
    expect(receipt.text).toContain('Member: Jane Cash');
    expect(receipt.text).toContain(`Membership valid until: ${formatAuDate(expiry)}`);
    expect(receipt.text).toContain('Receipt book 0042');
    // The invitation to sign in: the receipt's link signs Jane in to her own, active membership.
    const link = linkIn(receipt);
    expect(link.pathname).toBe('/sign-in');
    const jane2 = t.client();
    await jane2.trpc.auth.verifyToken.mutate({ token: link.searchParams.get('token')!, purpose: 'sign_in' });
    expect(await jane2.trpc.auth.me.query()).toMatchObject({ email: jane.email });
    expect(await jane2.trpc.members.profile.query()).toMatchObject({
      firstName: 'Jane',
      lastName: 'Cash',
      status: 'active',
      expiryDate: expiry,
      paymentState: 'paid',
    });
  });

  it('adds a family with the join form rules and the family fee', async () => {
    const family = person({
      membershipType: 'family',
      additionalMembers: [{ firstName: 'Kim', lastName: 'Citizen', dateOfBirth: bornYearsAgo(10) }],
    });
    const quote = await admin.trpc.admin.payments.quote.query({
      mode: 'new',
      membershipType: 'family',
      dateOfBirth: family.dateOfBirth,
      additionalMembers: [{ dateOfBirth: bornYearsAgo(10) }],
    });
    expect(quote.amount).toBe('120.00');
    const res = await record({
      mode: 'new',
      member: family,
      method: 'cheque',
      paidOn: today(),
      amount: '120.00',
      requestKey: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.members).toEqual([`${family.firstName} ${family.lastName}`, 'Kim Citizen']);

    // The join form's own rules hold: four adults are not a family, and nothing is written.
    const before = await rowCounts(t);
    const adults = [1, 2, 3].map((i) => ({ firstName: `Adult${i}`, lastName: 'Many', dateOfBirth: bornYearsAgo(30) }));
    const tooMany = await record({
      mode: 'new',
      member: person({ membershipType: 'family', additionalMembers: adults }),
      method: 'cash',
      paidOn: today(),
      amount: '120.00',
      requestKey: randomUUID(),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^A family membership covers up to 2 adults and 3 juniors/);
    const junior = await record({
      mode: 'new',
      member: person({ membershipType: 'junior' }),
      method: 'cash',
      paidOn: today(),
      amount: '30.00',
      requestKey: randomUUID(),
    });
    expect(junior.status).toBe(400);
    expect(junior.body.message).toMatch(/^Junior membership is for people under 16/);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('renews an existing household by bank transfer from its current expiry', async () => {
    const first = await record({
      mode: 'new',
      member: person({ firstName: 'Ray' }),
      method: 'cash',
      paidOn: today(),
      amount: '40.00',
      requestKey: randomUUID(),
    });
    const member = await t
      .em()
      .findOneOrFail(Member, { id: (await t.em().findOneOrFail(Payment, { id: first.body.paymentId })).covers!.members[0].id });
    // Paid up until 20 days from now.
    const currentExpiry = addDays(today(), 20);
    await t.em().nativeUpdate(Member, { id: member.id }, { expiryDate: currentExpiry });

    const quote = await admin.trpc.admin.payments.quote.query({ mode: 'renewal', memberId: member.id });
    expect(quote).toMatchObject({
      amount: '40.00',
      purpose: 'renewal',
      expiryDate: currentExpiry,
      extendsTo: addYears(currentExpiry, 1),
      paypalPending: false,
      email: member.email,
    });
    const res = await record({
      mode: 'renewal',
      memberId: member.id,
      method: 'bank_transfer',
      paidOn: addDays(today(), -1),
      reference: 'NAB 7781-22',
      amount: '40.00',
      requestKey: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ recorded: true, expiryDate: addYears(currentExpiry, 1) });
    expect(await t.em().findOneOrFail(Member, { id: member.id })).toMatchObject({
      status: 'active',
      expiryDate: addYears(currentExpiry, 1),
    });
    expect(await t.em().findOneOrFail(Payment, { id: res.body.paymentId })).toMatchObject({
      purpose: 'renewal',
      method: 'bank_transfer',
      reference: 'NAB 7781-22',
      status: 'completed',
    });
    expect(t.mail.last(member.email!).subject).toBe('Receipt: Tweed Coast Anglers Club membership renewal $40.00');
  });

  it('records once for one request key, however often it is sent (a retry, a double click)', async () => {
    const body = { mode: 'new', member: person(), method: 'card', paidOn: today(), amount: '40.00', requestKey: randomUUID() };
    const email = body.member.email as string;
    const [a, b] = await Promise.all([record(body), record(body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.paymentId).toBe(b.body.paymentId);
    expect([a.body.recorded, b.body.recorded].sort()).toEqual([false, true]);
    const again = await record(body);
    expect(again.body).toMatchObject({ paymentId: a.body.paymentId, recorded: false });
    expect(await t.em().count(Payment, { providerOrderId: `manual-${body.requestKey}` })).toBe(1);
    expect(await t.em().count(Member, { email })).toBe(1);
    expect(await t.em().count(Household, { id: (await t.em().findOneOrFail(Member, { email })).household.id })).toBe(1);
    expect(t.mail.to(email).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
  });

  it('refuses a future date, an old date, a tampered amount, an unknown member or method with a sentence, writing nothing', async () => {
    const existing = await record({
      mode: 'new',
      member: person(),
      method: 'cash',
      paidOn: today(),
      amount: '40.00',
      requestKey: randomUUID(),
    });
    const memberId = (await t.em().findOneOrFail(Payment, { id: existing.body.paymentId })).covers!.members[0].id;
    const before = await rowCounts(t);
    const base = { mode: 'renewal', memberId, method: 'cash', paidOn: today(), amount: '40.00' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, paidOn: addDays(today(), 1) }, 400, `Paid on cannot be in the future (today is ${formatAuDate(today())}).`],
      [
        { ...base, paidOn: addDays(addYears(today(), -1), -1) },
        400,
        `Paid on must be within the last year (on or after ${formatAuDate(addYears(today(), -1))}).`,
      ],
      [{ ...base, paidOn: '21/11/2026' }, 400, 'Paid on must be a date (YYYY-MM-DD).'],
      [{ ...base, amount: '4.00' }, 400, "The fee for this adult membership is $40.00, not $4.00. Only the club's fee can be recorded."],
      [{ ...base, amount: 'forty' }, 400, 'The amount must be a number of dollars, such as 40.00.'],
      [
        { mode: 'new', member: person(), method: 'cash', paidOn: today(), amount: '1.00' },
        400,
        "The fee for this membership is $40.00, not $1.00. Only the club's fee can be recorded.",
      ],
      [{ ...base, memberId: randomUUID() }, 404, 'That member does not exist.'],
      [{ ...base, memberId: 'nobody' }, 400, 'That is not a valid member id.'],
      [{ ...base, method: 'bitcoin' }, 400, 'Method must be cash, bank transfer, card or cheque.'],
      [{ ...base, reference: 'x'.repeat(121) }, 400, 'Reference must be at most 120 characters.'],
      [{ ...base, mode: undefined }, 400, 'Choose whether the payment is for a new member or a renewal.'],
      [{ ...base, requestKey: 'abc' }, 400, 'The request key must be a UUID; please reload the page and try again.'],
      [
        {
          mode: 'new',
          member: person({ email: (await t.em().findOneOrFail(Member, { id: memberId })).email }),
          method: 'cash',
          paidOn: today(),
          amount: '40.00',
        },
        409,
        '',
      ],
    ];
    for (const [input, status, message] of cases) {
      const res = await record({ requestKey: randomUUID(), ...input });
      expect(res.status, JSON.stringify(input)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(/is already registered with .*Choose 'Renew a member' and pick them/);
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses a renewal while PayPal holds a payment for the household', async () => {
    paypal.pendNextCapture = 'ECHECK';
    const held = await joinThroughPayPal();
    expect(held.payment.status).toBe('pending');
    const memberId = held.payment.covers!.members[0].id;
    expect((await admin.trpc.admin.payments.quote.query({ mode: 'renewal', memberId })).paypalPending).toBe(true);
    const res = await record({ mode: 'renewal', memberId, method: 'cash', paidOn: today(), amount: '40.00', requestKey: randomUUID() });
    expect([res.status, res.body.message]).toEqual([
      409,
      'PayPal is still holding a payment for this membership. Wait until PayPal releases or denies it before recording another payment.',
    ]);
  });
});

describe('refunds', () => {
  it("refunds a PayPal payment through PayPal's refund API, once per request, netting revenue; the membership stays", async () => {
    const paid = await joinThroughPayPal({ firstName: 'Paula' });
    const memberId = paid.payment.covers!.members[0].id;
    const revenueBefore = await revenue();
    const body = {
      paymentId: paid.payment.id,
      amount: '40.00',
      reason: 'Moved away before the season',
      endMembership: false,
      requestKey: randomUUID(),
    };
    const res = await refund(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ refunded: true, amount: '40.00', payee: paid.name, throughPayPal: true, endedMembers: [] });

    const calls = paypal.callsTo(new RegExp(`/v2/payments/captures/${paid.captureId}/refund$`));
    expect(calls).toHaveLength(1);
    expect(calls[0].requestId).toBe(`refund-${body.requestKey}`);
    expect(calls[0].body.amount).toEqual({ value: '40.00', currency_code: 'AUD' });
    expect(paypal.refunds.filter((r) => r.captureId === paid.captureId)).toHaveLength(1);

    expect(await revenue()).toBe(revenueBefore - 4000);
    expect(await t.em().findOneOrFail(Payment, { id: paid.payment.id })).toMatchObject({ status: 'completed', refundedCents: 4000 });
    expect((await t.em().find(Payment, { refundOf: paid.payment.id })).map((r) => [r.amountCents, r.provider, r.status])).toEqual([
      [-4000, 'paypal', 'completed'],
    ]);
    expect(await t.em().findOneOrFail(Member, { id: memberId })).toMatchObject({ status: 'active', expiryDate: addYears(today(), 1) });
    expect(await audits('payment.refund', paid.payment.id)).toBe(1);
    expect(await audits('payment.refund_request', paid.payment.id)).toBe(1);

    // The same request again (an answer lost on the way) refunds nothing more and says so.
    const again = await refund(body);
    expect([again.status, again.body.refunded]).toEqual([200, false]);
    expect(paypal.refunds.filter((r) => r.captureId === paid.captureId)).toHaveLength(1);
    expect(await revenue()).toBe(revenueBefore - 4000);

    // A new refund on a payment with nothing left.
    const more = await refund({ ...body, amount: '1.00', requestKey: randomUUID() });
    expect([more.status, more.body.message]).toEqual([400, 'At most $0.00 of this payment can be refunded.']);
    expect(paypal.refunds.filter((r) => r.captureId === paid.captureId)).toHaveLength(1);
  });

  it('says why when PayPal refuses a refund (already refunded in its dashboard), recording nothing', async () => {
    const paid = await joinThroughPayPal({ firstName: 'Dash' });
    paypal.refundInDashboard(paid.captureId, '40.00');
    const revenueBefore = await revenue();
    const res = await refund({
      paymentId: paid.payment.id,
      amount: '40.00',
      reason: 'Asked for it back',
      endMembership: false,
      requestKey: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'No refund was made: more of this payment has already been refunded in PayPal than is left to refund. Nothing was recorded; check the payment in PayPal.',
    );
    expect(await revenue()).toBe(revenueBefore);
    expect(await t.em().count(Payment, { refundOf: paid.payment.id })).toBe(0);
  });

  it('refunds part of a PayPal payment and ends the membership when the committee says so', async () => {
    const paid = await joinThroughPayPal({ firstName: 'Quinn' });
    const memberId = paid.payment.covers!.members[0].id;
    const revenueBefore = await revenue();
    const tooMuch = await refund({
      paymentId: paid.payment.id,
      amount: '40.01',
      reason: 'Overcharged',
      endMembership: true,
      requestKey: randomUUID(),
    });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, 'At most $40.00 of this payment can be refunded.']);
    expect(await t.em().findOneOrFail(Member, { id: memberId })).toMatchObject({ status: 'active' });

    const res = await refund({
      paymentId: paid.payment.id,
      amount: '25.00',
      reason: 'Left the club in the first week',
      endMembership: true,
      requestKey: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ refunded: true, amount: '25.00', payee: paid.name, throughPayPal: true, endedMembers: [paid.name] });
    expect(await revenue()).toBe(revenueBefore - 2500);
    const yesterday = addDays(today(), -1);
    expect(await t.em().findOneOrFail(Member, { id: memberId })).toMatchObject({ status: 'expired', expiryDate: yesterday });
    const ended = await t.em().findOneOrFail(AuditLog, { action: 'member.end', entityId: memberId });
    expect(ended.after).toMatchObject({
      status: 'expired',
      expiryDate: yesterday,
      reason: 'Left the club in the first week',
      paymentId: paid.payment.id,
    });
    expect(ended.actor?.id).toBe(adminUserId);
    // The rest can still be refunded, and the list says how much.
    const rows = (await admin.trpc.admin.payments.list.query({ search: paid.name })).rows;
    expect(rows.find((r) => r.id === paid.payment.id)).toMatchObject({
      amount: '40.00',
      refunded: '25.00',
      refundable: '15.00',
      status: 'completed',
    });
    expect(rows.find((r) => r.refundOf === paid.payment.id)).toMatchObject({
      amount: '-25.00',
      purpose: 'refund',
      refundable: '0.00',
      note: 'Left the club in the first week',
    });
  });

  it('records a refund of money taken by hand without asking PayPal', async () => {
    const paid = await record({
      mode: 'new',
      member: person({ firstName: 'Manny' }),
      method: 'cash',
      paidOn: today(),
      amount: '40.00',
      requestKey: randomUUID(),
    });
    const payment = await t.em().findOneOrFail(Payment, { id: paid.body.paymentId });
    const refundCalls = paypal.callsTo(/\/refund$/).length;
    const revenueBefore = await revenue();
    const body = { paymentId: payment.id, amount: '10.00', reason: 'Pensioner discount', endMembership: false, requestKey: randomUUID() };
    const res = await refund(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded: true, amount: '10.00', throughPayPal: false, endedMembers: [] });
    expect((await refund(body)).body.refunded).toBe(false);
    expect(paypal.callsTo(/\/refund$/)).toHaveLength(refundCalls);
    expect(await revenue()).toBe(revenueBefore - 1000);
    expect((await t.em().find(Payment, { refundOf: payment.id })).map((r) => [r.amountCents, r.provider, r.method])).toEqual([
      [-1000, 'manual', 'cash'],
    ]);
    expect(await audits('payment.refund', payment.id)).toBe(1);
    expect(await audits('payment.refund_request', payment.id)).toBe(1);
    expect(await t.em().findOneOrFail(Member, { id: payment.covers!.members[0].id })).toMatchObject({ status: 'active' });

    const bad: [Record<string, unknown>, number, string][] = [
      [{ ...body, amount: '31.00' }, 400, 'At most $30.00 of this payment can be refunded.'],
      [{ ...body, amount: '0' }, 400, 'At most $30.00 of this payment can be refunded.'],
      [{ ...body, reason: ' ' }, 400, 'Please give a reason for the refund.'],
      [{ ...body, endMembership: 'yes' }, 400, 'Say whether the membership ends (true or false).'],
      [{ ...body, paymentId: randomUUID() }, 404, 'That payment does not exist.'],
    ];
    const before = await rowCounts(t);
    for (const [input, status, message] of bad) {
      const res = await refund({ ...input, requestKey: randomUUID() });
      expect([res.status, res.body.message], JSON.stringify(input)).toEqual([status, message]);
    }
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('the payments list', () => {
  it('lists payments newest first with payee, method, amount and reference; filters by kind and status; searches by payee', async () => {
    await record({
      mode: 'new',
      member: person({ firstName: 'Listy', lastName: 'McList' }),
      method: 'bank_transfer',
      paidOn: today(),
      reference: 'CBA 1234',
      amount: '40.00',
      requestKey: randomUUID(),
    });
    const page = await admin.trpc.admin.payments.list.query({ search: 'listy mclist' });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      payee: 'Listy McList',
      kind: 'membership',
      purpose: 'join',
      provider: 'manual',
      method: 'bank_transfer',
      amount: '40.00',
      refunded: '0.00',
      refundable: '40.00',
      status: 'completed',
      reference: 'CBA 1234',
      covers: [{ name: 'Listy McList' }],
    });
    const all = await admin.trpc.admin.payments.list.query({ pageSize: 100 });
    const dates = all.rows.map((r) => r.date);
    expect(dates).toEqual(dates.toSorted().toReversed());
    expect(all.rows.length).toBeGreaterThan(5);
    expect((await admin.trpc.admin.payments.list.query({ status: 'pending' })).rows.every((r) => r.status === 'pending')).toBe(true);
    expect((await admin.trpc.admin.payments.list.query({ kind: 'sponsorship' })).total).toBe(0);
    expect((await admin.trpc.admin.payments.list.query({ search: '%' })).total).toBe(0);
    const tooMany = await admin.json('GET', `/trpc/admin.payments.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 500 }))}`);
    expect([tooMany.status, tooMany.body.error!.message]).toEqual([400, 'At most 100 payments per page.']);
  });
});

describe('whom a payment covers', () => {
  it('finds a family payment by any person it covers, and names them in the list and the accounting export', async () => {
    const family = person({
      firstName: 'Ben',
      lastName: 'Quarrington',
      membershipType: 'family',
      additionalMembers: [
        { firstName: 'Lachlan', lastName: 'Quarrington', dateOfBirth: bornYearsAgo(12) },
        { firstName: 'Mia', lastName: 'Quarrington', dateOfBirth: bornYearsAgo(9) },
      ],
    });
    const paid = await record({ mode: 'new', member: family, method: 'cash', paidOn: today(), amount: '120.00', requestKey: randomUUID() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // A row written before descriptions named anyone.
    await t.em().nativeUpdate(Payment, { id: paid.body.paymentId }, { description: 'Family membership fee' });
    const everyone = 'Ben, Lachlan and Mia Quarrington';

    for (const search of ['lachlan', 'Mia Quarrington', 'LACHLAN quarr']) {
      const page = await admin.trpc.admin.payments.list.query({ search });
      expect(
        page.rows.map((r) => [r.id, r.covering]),
        search,
      ).toEqual([[paid.body.paymentId, everyone]]);
    }
    expect((await admin.trpc.admin.payments.list.query({ search: 'lachlan mia' })).total).toBe(1);
    expect((await admin.trpc.admin.payments.list.query({ search: 'lachlan nobody' })).total).toBe(0);

    // A refund covers the people of the payment it returned money from, and is found by them too.
    await refund({ paymentId: paid.body.paymentId, amount: '20.00', reason: 'Overpaid', endMembership: false, requestKey: randomUUID() });
    const both = await admin.trpc.admin.payments.list.query({ search: 'mia' });
    expect(both.rows.map((r) => [r.amount, r.covering])).toEqual([
      ['-20.00', everyone],
      ['120.00', everyone],
    ]);

    const csv = await (await admin.fetch(`/api/admin/export/accounting.csv?from=${today()}&to=${today()}`)).text();
    // In the order they were received: a payment recorded for today may be dated after the refund made just now.
    const lines = csv.split('\r\n').filter((l) => l.includes('Quarrington'));
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/,120\.00,Ben Quarrington,"?Family membership fee — Ben, Lachlan and Mia Quarrington"?,/),
        expect.stringMatching(/,-20\.00,Ben Quarrington,"?Refund: Family membership fee — Ben, Lachlan and Mia Quarrington"?,/),
      ]),
    );
  });
});

describe('who may', () => {
  it('refuses members (403) and signed-out callers (401) on every committee payment procedure, changing nothing', async () => {
    const { client } = await signedInClient(t);
    const anonymous = t.client();
    const procedures = [
      { path: 'admin.payments.list', type: 'query' as const },
      { path: 'admin.payments.quote', type: 'query' as const },
      { path: 'admin.payments.record', type: 'mutation' as const },
      { path: 'admin.payments.refund', type: 'mutation' as const },
    ];
    const some = await t.em().findOneOrFail(Payment, { provider: 'manual', purpose: 'join' });
    const inputs: Record<string, unknown> = {
      'admin.payments.list': {},
      'admin.payments.quote': { mode: 'new', membershipType: 'adult', dateOfBirth: '1980-01-01' },
      'admin.payments.record': {
        mode: 'new',
        member: person(),
        method: 'cash',
        paidOn: today(),
        amount: '40.00',
        requestKey: randomUUID(),
      },
      'admin.payments.refund': { paymentId: some.id, amount: '1.00', reason: 'Mine now', endMembership: true, requestKey: randomUUID() },
    };
    const before = await rowCounts(t);
    for (const p of procedures) {
      expect((await callOverHttp(client, p, inputs[p.path])).status, p.path).toBe(403);
      expect((await callOverHttp(anonymous, p, inputs[p.path])).status, p.path).toBe(401);
    }
    expect(await rowCounts(t)).toEqual(before);
  });
});
