import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Member, Payment, WebhookEvent } from '../../src/server/db/entities';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded-postgres';
import { ormOptions } from '../../src/server/db/orm.config';
import { addYears, clubToday } from '../../src/shared/dates';
import { FakePayPal } from '../support/fake-paypal';
import { joinForm } from '../support/join-form';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { migratorOf } from '../../src/server/db/migrator';

// A PostgreSQL of this file's own, so it can be stopped in the middle of a payment.
let pgDir: string;
let database: EmbeddedDatabase;
let t: TestApp;
const paypal = new FakePayPal();

beforeAll(async () => {
  pgDir = mkdtempSync(path.join(os.tmpdir(), 'club-payments-pg-'));
  database = await startEmbeddedPostgres({ dir: path.join(pgDir, 'pg'), password: 'payments' });
  await database.createDatabase('club');
  const orm = await MikroORM.init(ormOptions(database.urlFor('club'), { logger: () => {} }));
  await (await migratorOf(orm)).up();
  await orm.close(true);
  const apiBase = await paypal.start();
  t = await startTestApp({
    databaseUrl: database.urlFor('club'),
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await paypal.stop();
  await database?.stop();
  rmSync(pgDir, { recursive: true, force: true });
});

const today = () => clubToday(t.clock.now());
const bornYearsAgo = (age: number) => addYears(today(), -age);
const form = (overrides: Record<string, unknown> = {}) => joinForm(today(), overrides);

async function join(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = form(overrides);
  const res = await client.mutation('members.register', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body, email: body.email as string };
}

async function order(client: TestClient, amount: string) {
  const res = await client.json('POST', '/paypal/order', { amount, currency: 'AUD', intent: 'CAPTURE' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

const capture = (client: TestClient, orderId: string) => client.json('POST', `/paypal/order/${orderId}/capture`, {});
const webhookUrl = () => `${t.baseUrl}/paypal/webhook`;
const ordersCreated = () => paypal.callsTo(/^\/v2\/checkout\/orders$/).length;

describe('an order is exactly what was priced', () => {
  it('a join form changed after the order: the old order can no longer take money or activate anyone', async () => {
    const visitor = t.client();
    const { email, householdId } = await join(visitor);
    const adultOrder = await order(visitor, '40.00');
    // Same browser, now a family of five.
    const family = await join(visitor, {
      email,
      membershipType: 'family',
      additionalMembers: [
        { firstName: 'Kim', lastName: 'Mangrove', dateOfBirth: bornYearsAgo(40) },
        { firstName: 'Ari', lastName: 'Mangrove', dateOfBirth: bornYearsAgo(12) },
        { firstName: 'Bo', lastName: 'Mangrove', dateOfBirth: bornYearsAgo(10) },
        { firstName: 'Cy', lastName: 'Mangrove', dateOfBirth: bornYearsAgo(7) },
      ],
    });
    expect(family.householdId).toBe(householdId);
    expect(family.amount).toBe('120.00');

    const capturesBefore = paypal.callsTo(/\/capture$/).length;
    const stale = await capture(visitor, adultOrder);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Your household changed after this payment was set up, so it was not taken. The membership now costs $120.00: please close this and pay again.',
    );
    expect(paypal.callsTo(/\/capture$/).length).toBe(capturesBefore);
    expect(await t.em().count(Member, { household: householdId, status: 'active' })).toBe(0);

    const familyOrder = await order(visitor, '120.00');
    expect((await capture(visitor, familyOrder)).body.membership!.members).toHaveLength(5);
    expect(await t.em().count(Member, { household: householdId, status: 'active' })).toBe(5);
    const paid = await t.em().findOneOrFail(Payment, { providerOrderId: familyOrder });
    expect(paid.covers?.members).toHaveLength(5);
    expect(paid.amountCents).toBe(12000);
  });

  it('an old order captured at PayPal after the form changed is recorded as received, activates nobody, and is flagged for the committee', async () => {
    const visitor = t.client();
    const { email, householdId } = await join(visitor);
    const adultOrder = await order(visitor, '40.00');
    // The buyer's capture went through at PayPal, but its answer never came back.
    paypal.loseNextCaptureAnswer = true;
    expect((await capture(visitor, adultOrder)).status).toBe(502);
    await join(visitor, {
      email,
      membershipType: 'family',
      additionalMembers: [{ firstName: 'Kim', lastName: 'Mangrove', dateOfBirth: bornYearsAgo(40) }],
    });
    expect((await t.em().findOneOrFail(Payment, { providerOrderId: adultOrder })).status).toBe('void');

    // Reconciliation asks PayPal about it and records the money, without activating what it no longer prices.
    t.clock.advance(11 * 60_000);
    await reconcile();
    const old = await t.em().findOneOrFail(Payment, { providerOrderId: adultOrder });
    expect(old.status).toBe('completed');
    expect(old.lastError).toContain('nothing was activated');
    expect(await t.em().count(Member, { household: householdId, status: 'active' })).toBe(0);
    expect(await t.em().count(AuditLog, { action: 'payment.needs_review', entityId: old.id })).toBe(1);
  });

  it('a lapsed family re-joining counts everyone who will be active after payment', async () => {
    const { client, email } = await signedInClient(t, 'lapsed.family@example.com', { firstName: 'Lee', lastName: 'Tailor' });
    const ivyBorn = bornYearsAgo(11);
    const first = await join(client, {
      email,
      firstName: 'Lee',
      lastName: 'Tailor',
      membershipType: 'family',
      additionalMembers: [
        { firstName: 'Max', lastName: 'Tailor', dateOfBirth: bornYearsAgo(41) },
        { firstName: 'Ivy', lastName: 'Tailor', dateOfBirth: ivyBorn },
        { firstName: 'Oli', lastName: 'Tailor', dateOfBirth: bornYearsAgo(9) },
      ],
    });
    expect((await capture(client, await order(client, '120.00'))).status).toBe(200);
    t.clock.advance(400 * 86_400_000);
    expect((await client.trpc.members.profile.query())!.status).toBe('expired');

    // Two new juniors would make four with the two who paid before.
    const twoMore = await client.mutation(
      'members.register',
      form({
        email,
        firstName: 'Lee',
        lastName: 'Tailor',
        membershipType: 'family',
        additionalMembers: [
          { firstName: 'Zac', lastName: 'Tailor', dateOfBirth: bornYearsAgo(6) },
          { firstName: 'Uma', lastName: 'Tailor', dateOfBirth: bornYearsAgo(4) },
        ],
      }),
    );
    expect(twoMore.status).toBe(400);
    expect(twoMore.body.message).toBe(
      'A family membership covers up to 2 adults and 3 juniors (under 16), counting everyone in the household who will be a member after this payment.',
    );
    expect(await t.em().count(Member, { household: first.householdId })).toBe(4);

    // One new junior (listing one who paid before again does not add a second copy of her).
    const oneMore = await join(client, {
      email,
      firstName: 'Lee',
      lastName: 'Tailor',
      membershipType: 'family',
      additionalMembers: [
        { firstName: 'Ivy', lastName: 'Tailor', dateOfBirth: ivyBorn },
        { firstName: 'Zac', lastName: 'Tailor', dateOfBirth: bornYearsAgo(6) },
      ],
    });
    expect(oneMore.members).toHaveLength(5);
    const renewal = await capture(client, await order(client, '120.00'));
    expect(renewal.body.membership!.members).toHaveLength(5);
    expect(await t.em().count(Member, { household: first.householdId, status: 'active' })).toBe(5);
  });
});

describe('no payment is lost or taken twice', () => {
  it("PostgreSQL stops between PayPal's capture and the database write: the retried capture completes it, PayPal charged once", async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const orderId = await order(visitor, '40.00');
    const ordersBefore = ordersCreated();

    paypal.captureDelayMs = 1500;
    const inFlight = capture(visitor, orderId);
    await sleep(400);
    await database.stop();
    const lost = await inFlight;
    paypal.captureDelayMs = 0;
    expect(lost.status).toBe(503);
    expect(lost.body.message).toBe('The club database is not reachable right now. Please try again in a minute.');
    expect(paypal.chargesFor(orderId)).toHaveLength(1);

    await database.restart();
    // The request that died left its claim on the capture behind; it lapses after 15 s.
    t.clock.advance(16_000);
    let retried = await capture(visitor, orderId).catch(() => ({ status: 0, body: undefined }));
    for (let attempt = 0; attempt < 40 && retried.status !== 200; attempt++) {
      await sleep(250);
      retried = await capture(visitor, orderId).catch(() => ({ status: 0, body: undefined }));
    }
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: orderId, status: 'COMPLETED', membership: { status: 'active' } });
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('active');
    expect(paypal.chargesFor(orderId)).toHaveLength(1);
    expect(ordersCreated()).toBe(ordersBefore);
    expect(t.mail.to(email).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
  }, 90_000);

  it('a person who gives up and starts again after a lost answer is told it went through, not charged twice', async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const orderId = await order(visitor, '40.00');
    paypal.loseNextCaptureAnswer = true;
    expect((await capture(visitor, orderId)).status).toBe(502);
    const again = await visitor.json('POST', '/paypal/order', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Your earlier payment for this membership went through after all, so there is nothing more to pay. Check your e-mail for the receipt.',
    );
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('active');
    expect(paypal.chargesFor(orderId)).toHaveLength(1);
  });

  it('only the browser or account that created an order can capture it or read its outcome', async () => {
    const visitor = t.client();
    await join(visitor);
    const orderId = await order(visitor, '40.00');
    const stranger = t.client();
    const theirs = await capture(stranger, orderId);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('We could not find that payment. Please start the payment again.');
    expect(paypal.chargesFor(orderId)).toHaveLength(0);
    expect((await stranger.json('GET', `/trpc/payments.outcome?input=${encodeURIComponent(JSON.stringify({ orderId }))}`)).status).toBe(
      404,
    );
    expect((await capture(visitor, orderId)).status).toBe(200);
    expect(
      (await visitor.json('GET', `/trpc/payments.outcome?input=${encodeURIComponent(JSON.stringify({ orderId }))}`)).body.result!.data
        .status,
    ).toBe('COMPLETED');
  });

  it('a capture PayPal holds as PENDING shows pending, and activates when PayPal completes it (webhook)', async () => {
    const { client, email } = await signedInClient(t, 'echeck@example.com', { firstName: 'Eve', lastName: 'Check' });
    await join(client, { email, firstName: 'Eve', lastName: 'Check' });
    const orderId = await order(client, '40.00');
    paypal.pendNextCapture = 'ECHECK';
    const pending = await capture(client, orderId);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ status: 'PENDING', membership: { status: 'pending' } });
    expect((await client.trpc.members.profile.query())!).toMatchObject({ status: 'pending', paymentState: 'processing' });
    // Nothing to pay twice, and nothing to change, while PayPal holds it.
    expect((await client.json('POST', '/paypal/order', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' })).status).toBe(409);
    const changed = await client.mutation(
      'members.register',
      form({ email, firstName: 'Eve', lastName: 'Check', membershipType: 'family' }),
    );
    expect(changed).toMatchObject({
      status: 409,
      body: {
        message: 'PayPal is still processing a membership payment for your household. Try again once PayPal releases it.',
      },
    });

    const captureId = paypal.chargesFor(orderId)[0].id;
    paypal.settleCapture(captureId, 'COMPLETED');
    const delivered = await paypal.deliver(webhookUrl(), paypal.captureEvent('PAYMENT.CAPTURE.COMPLETED', captureId));
    expect(delivered.status).toBe(200);
    expect((await client.trpc.members.profile.query())!).toMatchObject({ status: 'active', paymentState: 'paid' });
    expect(t.mail.last(email).subject).toBe('Receipt: Tweed Coast Anglers Club membership fee $40.00');
  });
});

describe('PayPal webhooks', () => {
  it('a verified event is applied once; a forged one gets 400 and changes nothing; a replay changes nothing', async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const orderId = await order(visitor, '40.00');
    // The browser closed after PayPal captured: only the webhook tells the club.
    paypal.loseNextCaptureAnswer = true;
    expect((await capture(visitor, orderId)).status).toBe(502);
    const captureId = paypal.chargesFor(orderId)[0].id;
    const event = paypal.captureEvent('PAYMENT.CAPTURE.COMPLETED', captureId);

    const forged = await paypal.deliver(webhookUrl(), event, { forge: true });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: 'The webhook signature could not be verified.' });
    const tampered = await paypal.deliver(webhookUrl(), event, {
      body: JSON.stringify({ ...event, resource: { ...event.resource, amount: { currency_code: 'AUD', value: '4000.00' } } }),
    });
    expect(tampered.status).toBe(400);
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('pending');
    expect(await t.em().count(WebhookEvent, { id: event.id })).toBe(0);

    const real = await paypal.deliver(webhookUrl(), event);
    expect(real.status).toBe(200);
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('active');
    expect(await t.em().count(WebhookEvent, { id: event.id })).toBe(1);

    const replay = await paypal.deliver(webhookUrl(), event, { headers: real.headers });
    expect(replay.status).toBe(200);
    const member = await t.em().findOneOrFail(Member, { email });
    expect(await t.em().count(AuditLog, { action: 'member.activate', entityId: member.id })).toBe(1);
    expect(t.mail.to(email).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);

    const garbage = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":' });
    expect(garbage.status).toBe(400);
  });

  it('a refund made in PayPal is recorded once as money returned (revenue nets it) and a denied pending payment never activates', async () => {
    const visitor = t.client();
    const { email } = await join(visitor);
    const orderId = await order(visitor, '40.00');
    await capture(visitor, orderId);
    const captureId = paypal.chargesFor(orderId)[0].id;
    const refund = paypal.refundInDashboard(captureId, '40.00');
    const event = paypal.refundEvent(refund);
    expect((await paypal.deliver(webhookUrl(), event)).status).toBe(200);
    expect((await paypal.deliver(webhookUrl(), paypal.refundEvent(refund))).status).toBe(200);
    const original = await t.em().findOneOrFail(Payment, { providerOrderId: orderId });
    expect(original.refundedCents).toBe(4000);
    const refunds = await t.em().find(Payment, { refundOf: original.id });
    expect(refunds.map((r) => [r.amountCents, r.status])).toEqual([[-4000, 'completed']]);
    expect(await t.em().count(AuditLog, { action: 'payment.refund', entityId: original.id })).toBe(1);
    // The membership stays as it is: ending it is the committee's choice.
    expect((await t.em().findOneOrFail(Member, { email })).status).toBe('active');

    const other = t.client();
    const second = await join(other);
    const heldOrder = await order(other, '40.00');
    paypal.pendNextCapture = 'PENDING_REVIEW';
    await capture(other, heldOrder);
    const heldCapture = paypal.chargesFor(heldOrder)[0].id;
    paypal.settleCapture(heldCapture, 'DECLINED');
    expect((await paypal.deliver(webhookUrl(), paypal.captureEvent('PAYMENT.CAPTURE.DENIED', heldCapture))).status).toBe(200);
    expect((await t.em().findOneOrFail(Payment, { providerOrderId: heldOrder })).status).toBe('declined');
    expect((await t.em().findOneOrFail(Member, { email: second.email })).status).toBe('pending');
  });
});

describe('reconciliation', () => {
  it('completes an order the buyer approved but nobody captured, closes one never approved, and settles a pending capture', async () => {
    const approvedBuyer = t.client();
    const approved = await join(approvedBuyer);
    const approvedOrder = await order(approvedBuyer, '40.00');
    paypal.approve(approvedOrder);

    const walkedAway = t.client();
    const abandoned = await join(walkedAway);
    const abandonedOrder = await order(walkedAway, '40.00');

    const held = t.client();
    const heldJoin = await join(held);
    const heldOrder = await order(held, '40.00');
    paypal.pendNextCapture = 'ECHECK';
    await capture(held, heldOrder);
    paypal.settleCapture(paypal.chargesFor(heldOrder)[0].id, 'COMPLETED');

    // Fresh orders are left to the browser for ten minutes.
    expect((await reconcile()).checked).toBe(0);
    t.clock.advance(11 * 60_000);
    const first = await reconcile();
    expect(first.completed).toBeGreaterThanOrEqual(2);
    expect((await t.em().findOneOrFail(Member, { email: approved.email })).status).toBe('active');
    expect((await t.em().findOneOrFail(Member, { email: heldJoin.email })).status).toBe('active');
    expect(paypal.chargesFor(approvedOrder)).toHaveLength(1);
    expect((await t.em().findOneOrFail(Payment, { providerOrderId: abandonedOrder })).status).toBe('created');

    // Never approved within hours: closed, and it can no longer be paid.
    t.clock.advance(7 * 3600_000);
    await reconcile();
    expect((await t.em().findOneOrFail(Payment, { providerOrderId: abandonedOrder })).status).toBe('void');
    expect((await t.em().findOneOrFail(Member, { email: abandoned.email })).status).toBe('pending');
    expect(await t.em().count(AuditLog, { action: 'payment.closed' })).toBeGreaterThanOrEqual(1);
    // A second run has nothing left to do.
    expect((await reconcile()).completed).toBe(0);
  });
});

/** The same job the app runs every PAYMENTS_RECONCILE_MINUTES. */
const reconcile = () => t.app.jobs.reconcilePayments();
