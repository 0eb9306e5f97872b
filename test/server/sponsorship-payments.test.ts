import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, clubToday, formatAuDate } from '../../src/shared/dates';
import { financialYearOf } from '../../src/shared/reports.schema';
import { nextSeason, seasonEnd, seasonOf, seasonStart } from '../../src/shared/sponsors';
import { AuditLog, Payment, Sponsor } from '../../src/server/db/entities';
import { FakePayPal } from '../support/fake-paypal';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const paypal = new FakePayPal();

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      ADMIN_EMAILS: 'treasurer@club.test',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
    },
  });
  admin = (await signedInClient(t, 'treasurer@club.test')).client;
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const NO_SUCH_LINK =
  'This pay link is not valid. It may have been replaced by a newer one: please use the link in the latest e-mail from the club, or contact the club.';
const ALREADY_PAID = 'This invoice has already been paid. Thank you!';
const CANCELLED = 'This invoice was cancelled by the club, so it cannot be paid. Please contact the club if you think this is a mistake.';

const today = () => clubToday(t.clock.now());
const season = () => seasonOf(today());

let n = 0;
/**
 * A sponsor applies through the public form, confirms the address, and the committee accepts them; returns the sponsor
 * and the secret of the e-mailed pay link.
 */
async function acceptedSponsor(sponsorshipType: 'shirt' | 'website' | 'both' = 'website', review: Record<string, unknown> = {}) {
  n += 1;
  const email = `owner${n}@sponsor${n}.example`;
  const companyName = `Sponsor Number ${n} Pty Ltd`;
  const applied = await t
    .client()
    .json('POST', '/api/sponsors/register', { companyName, contactPerson: `Owner ${n}`, email, phone: '07 5536 1234', sponsorshipType });
  expect(applied.status).toBe(200);
  // The applicant confirms the address from the acknowledgement, so the invoice may name them.
  const ack = await t.mail.waitFor(email, 1);
  await t.client().trpc.sponsorships.confirmAddress.mutate({ token: linkIn(ack).searchParams.get('token')! });
  const pending = (await admin.trpc.admin.sponsors.list.query()).find((s) => s.email === email)!;
  const sponsor = await admin.trpc.admin.sponsors.review.mutate({ id: pending.id, status: 'active', ...review });
  if (!sponsor.invoices.length) return { sponsor, email, companyName, mail: null, token: '' };
  const mail = await t.mail.waitFor(email, 2);
  return { sponsor, email, companyName, mail, token: linkIn(mail).searchParams.get('token')! };
}

/** Money the reports count for this financial year: the Financial Summary, the dashboard and the Xero export. */
async function money() {
  const fy = financialYearOf(today());
  const summary = await admin.trpc.admin.reports.financial.query({ from: fy.start, to: fy.end });
  const overview = await admin.trpc.admin.overview.query();
  const xero = await (await admin.fetch(`/api/admin/export/accounting.csv?from=${fy.start}&to=${fy.end}`)).text();
  return {
    sponsorship: summary.totals.sponsorship,
    total: summary.totals.total,
    payments: summary.payments,
    ytd: overview.revenueYtdCents,
    xero: xero.split('\r\n').slice(1).filter(Boolean),
  };
}

const invoiceQuery = (client: TestClient, token: string) =>
  client.json('GET', `/trpc/sponsorships.invoice?input=${encodeURIComponent(JSON.stringify({ token }))}`);
const createOrder = (client: TestClient, token: string) => client.mutation('sponsorships.createOrder', { token });
const capture = (client: TestClient, token: string, orderId: string) => client.mutation('sponsorships.capture', { token, orderId });

async function invoicesOf(sponsorId: string) {
  return (await admin.trpc.admin.sponsors.list.query()).find((s) => s.id === sponsorId)!.invoices;
}

async function counts() {
  const em = t.em();
  return { payments: await em.count(Payment, {}), audit: await em.count(AuditLog, {}), sponsors: await em.count(Sponsor, {}) };
}

describe('accepting a sponsor', () => {
  it('sends one unpaid invoice for this season with a pay link, shows the logo at once, and counts nothing as revenue', async () => {
    const before = await money();
    const { sponsor, mail: sent, token, companyName, email } = await acceptedSponsor('shirt');
    const mail = sent!;

    expect(sponsor.endDate).toBe(seasonEnd(season()));
    expect(sponsor.invoices).toEqual([
      {
        id: expect.any(String),
        season: season(),
        amount: '1000.00',
        status: 'unpaid',
        paidOn: null,
        method: null,
        reference: null,
        refunded: '0.00',
        createdAt: expect.any(String),
      },
    ]);
    const row = await t.em().findOneOrFail(Payment, { id: sponsor.invoices[0].id });
    expect(row).toMatchObject({
      kind: 'sponsorship',
      status: 'created',
      provider: 'paypal',
      amountCents: 100_000,
      season: season(),
      capturedAt: null,
    });
    expect(row.providerOrderId).toMatch(/^invoice-[0-9a-f-]{36}$/);
    expect(row.payTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.payTokenHash).not.toContain(token);

    expect(mail.subject).toBe(`Welcome aboard: ${companyName} is now a sponsor of Tweed Coast Anglers Club`);
    expect(mail.text).toContain('Package: Shirt Sponsorship');
    expect(mail.text).toContain(`Season: ${season()} (${formatAuDate(seasonStart(season()))} to ${formatAuDate(seasonEnd(season()))})`);
    expect(mail.text).toContain('Amount: $1,000.00 AUD');
    expect(mail.text).toContain(
      "Prefer a bank transfer? Write to committee@tweedcoastanglers.org.au and the committee will send you the club's bank details",
    );
    expect(linkIn(mail).href).toBe(`http://club.test/sponsor/pay?token=${token}`);

    expect((await t.client().json('GET', '/api/sponsors/active')).body.map!((s: { companyName: string }) => s.companyName)).toContain(
      companyName,
    );
    expect(await money()).toEqual(before);

    // Saving the review again (a website added) sends no second invoice.
    const again = await admin.trpc.admin.sponsors.review.mutate({
      id: sponsor.id,
      status: 'active',
      websiteUrl: 'https://sponsor.example',
    });
    expect(again.invoices).toHaveLength(1);
    expect(t.mail.to(email)).toHaveLength(2);
  });

  it('keeps an end date the committee gave, and invoices nothing for a season the sponsorship does not reach', async () => {
    const { sponsor } = await acceptedSponsor('website', { endDate: addDays(seasonStart(season()), -1) });
    expect(sponsor.endDate).toBe(addDays(seasonStart(season()), -1));
    expect(sponsor.invoices).toEqual([]);
  });

  it('shows the pay page the invoice behind a pay link', async () => {
    const { token, companyName } = await acceptedSponsor('both');
    const res = await invoiceQuery(t.client(), token);
    expect(res.status).toBe(200);
    expect(res.body.result!.data).toEqual({
      companyName,
      sponsorshipType: 'both',
      packageLabel: 'Shirt & Website Sponsorship',
      season: season(),
      amount: '1500.00',
      currency: 'AUD',
      status: 'unpaid',
      paidOn: null,
      payOnline: 'paypal',
    });
  });
});

describe('paying through the pay link', () => {
  it('a capture whose answer was lost is found when the sponsor presses Pay again: no second order, nothing charged twice', async () => {
    const { token } = await acceptedSponsor('website');
    const payer = t.client();
    const orderId = (await createOrder(payer, token)).body.id as string;
    paypal.loseNextCaptureAnswer = true;
    expect((await capture(payer, token, orderId)).status).toBe(502);
    const ordersBefore = paypal.callsTo(/^\/v2\/checkout\/orders$/).length;
    const again = await createOrder(payer, token);
    expect(again).toMatchObject({ status: 409, body: { message: ALREADY_PAID } });
    expect(paypal.callsTo(/^\/v2\/checkout\/orders$/).length).toBe(ordersBefore);
    expect(paypal.chargesFor(orderId)).toHaveLength(1);
    expect((await invoiceQuery(payer, token)).body.result!.data.status).toBe('paid');
  });

  it('pays with PayPal: an order for exactly the invoice, counted once, a receipt, and the logo shown until the season ends', async () => {
    // The committee had given an end date before the season's end; paying for the season extends it.
    const { sponsor, token, email, companyName } = await acceptedSponsor('shirt', { endDate: addDays(today(), 30) });
    expect(sponsor.endDate).toBe(addDays(today(), 30));
    const before = await money();
    const sponsorPayer = t.client();

    const order = await createOrder(sponsorPayer, token);
    expect(order.status).toBe(200);
    const orderId = order.body.id as string;
    expect(paypal.orders.get(orderId)!.amount).toEqual({ currency_code: 'AUD', value: '1000.00' });
    paypal.approve(orderId);

    const paid = await capture(sponsorPayer, token, orderId);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidOn: today(), amount: '1000.00' });
    // A second capture (a double click, a lost answer) changes nothing and charges nothing more.
    expect((await capture(t.client(), token, orderId)).body).toMatchObject({ status: 'paid' });
    expect(paypal.chargesFor(orderId)).toHaveLength(1);

    const after = await money();
    expect(after.sponsorship - before.sponsorship).toBe(100_000);
    expect(after.ytd - before.ytd).toBe(100_000);
    expect(after.payments - before.payments).toBe(1);
    expect(after.xero.length - before.xero.length).toBe(1);
    expect(after.xero.find((line) => line.includes(companyName))).toMatch(
      `${formatAuDate(today())},1000.00,${companyName},Shirt Sponsorship ${season()},${paypal.chargesFor(orderId)[0].id},`,
    );

    const receipt = await t.mail.waitFor(email, 3);
    expect(receipt.subject).toBe(`Receipt: Tweed Coast Anglers Club sponsorship ${season()} $1,000.00`);
    expect(receipt.text).toContain(`We have received ${companyName}'s payment for the Shirt Sponsorship, season ${season()}`);
    expect(receipt.text).toContain(`Paid on ${formatAuDate(today())} by PayPal`);
    expect(receipt.text).toContain(`Your logo is shown on our website until ${formatAuDate(seasonEnd(season()))}.`);

    const [invoice] = await invoicesOf(sponsor.id);
    expect(invoice).toMatchObject({ status: 'paid', paidOn: today(), method: 'paypal' });
    expect((await t.em().findOneOrFail(Sponsor, { id: sponsor.id })).endDate).toBe(seasonEnd(season()));
    const audit = await t.em().find(AuditLog, { entityId: { $in: [invoice.id, sponsor.id] } }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual([
      'sponsor.addressConfirmed',
      'sponsorship.invoice',
      'sponsor.review',
      'payment.completed',
      'sponsor.paid',
    ]);

    // The link now shows the invoice as paid, and refuses a second payment.
    expect((await invoiceQuery(t.client(), token)).body.result!.data).toMatchObject({ status: 'paid', paidOn: today() });
    const ordersBefore = paypal.orders.size;
    const again = await createOrder(t.client(), token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_PAID);
    expect(paypal.orders.size).toBe(ordersBefore);
  });

  it('a declined card leaves the invoice unpaid; it can be paid again', async () => {
    const { token, sponsor } = await acceptedSponsor('website');
    const before = await money();
    const payer = t.client();
    const first = (await createOrder(payer, token)).body.id as string;
    paypal.approve(first);
    paypal.declineNextCapture = true;
    const declined = await capture(payer, token, first);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Payment failed. Please try again or contact support if the issue persists.');
    expect((await invoicesOf(sponsor.id))[0].status).toBe('unpaid');
    expect(await money()).toEqual(before);

    const second = (await createOrder(payer, token)).body.id as string;
    expect(second).not.toBe(first);
    paypal.approve(second);
    // Only the invoice's newest order is taken.
    expect((await capture(payer, token, first)).status).toBe(404);
    expect((await capture(payer, token, second)).body.status).toBe('paid');
    expect((await money()).sponsorship - before.sponsorship).toBe(50_000);
  });

  it('a payment PayPal holds is pending, and counts once PayPal releases it', async () => {
    const { token, sponsor, email } = await acceptedSponsor('website');
    const before = await money();
    const orderId = (await createOrder(t.client(), token)).body.id as string;
    paypal.approve(orderId);
    paypal.pendNextCapture = 'ECHECK';
    expect((await capture(t.client(), token, orderId)).body.status).toBe('pending');
    expect(await money()).toEqual(before);
    const again = await createOrder(t.client(), token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'PayPal is still processing a payment for this invoice, so there is nothing more to pay. We will e-mail your receipt when PayPal releases it.',
    );

    paypal.settleCapture(paypal.chargesFor(orderId)[0].id, 'COMPLETED');
    t.clock.advance(11 * 60_000);
    await t.app.jobs.reconcilePayments();
    expect((await invoicesOf(sponsor.id))[0].status).toBe('paid');
    expect((await money()).sponsorship - before.sponsorship).toBe(50_000);
    expect((await t.mail.waitFor(email, 3)).subject).toContain('Receipt:');
  });

  it('leaves an unpaid invoice payable when reconciliation finds its order was never approved', async () => {
    const { token, sponsor } = await acceptedSponsor('website');
    const orderId = (await createOrder(t.client(), token)).body.id as string;
    paypal.orders.get(orderId)!.status = 'VOIDED';
    t.clock.advance(11 * 60_000);
    await t.app.jobs.reconcilePayments();
    const row = await t.em().findOneOrFail(Payment, { id: sponsor.invoices[0].id });
    expect(row.status).toBe('created');
    expect(row.providerOrderId).toMatch(/^invoice-/);
    const next = (await createOrder(t.client(), token)).body.id as string;
    paypal.approve(next);
    expect((await capture(t.client(), token, next)).body.status).toBe('paid');
  });

  it('answers a wrong token with 404 and a replaced one with 404, a foreign order with 404, and changes nothing', async () => {
    const { token, sponsor } = await acceptedSponsor('website');
    const other = await acceptedSponsor('website');
    const otherOrder = (await createOrder(t.client(), other.token)).body.id as string;
    paypal.approve(otherOrder);
    const before = await counts();
    const stranger = t.client();

    const refusals: { status: number; body: { message?: string; error?: { message: string } } }[] = [
      await invoiceQuery(stranger, 'not-the-token'),
      await createOrder(stranger, 'x'.repeat(43)),
      await capture(stranger, 'nope', otherOrder),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(404);
      expect(res.body.message ?? res.body.error!.message).toBe(NO_SUCH_LINK);
    }
    // The right link cannot take another invoice's order.
    const foreign = await capture(stranger, token, otherOrder);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('That payment is not for this invoice. Please start the payment again.');
    expect(paypal.chargesFor(otherOrder)).toHaveLength(0);
    expect(await counts()).toEqual(before);

    // 'Send pay link again': a new secret, and the old link stops working.
    const resent = await admin.trpc.admin.sponsors.sendPayLink.mutate({ invoiceId: sponsor.invoices[0].id });
    expect(resent.invoices[0].status).toBe('unpaid');
    const mail = await t.mail.waitFor(sponsor.email, 3);
    expect(mail.subject).toBe(`Your pay link for the Tweed Coast Anglers Club sponsorship ${season()}`);
    const fresh = linkIn(mail).searchParams.get('token')!;
    expect(fresh).not.toBe(token);
    expect((await invoiceQuery(t.client(), token)).status).toBe(404);
    expect((await invoiceQuery(t.client(), fresh)).status).toBe(200);
  });

  it('limits pay-link lookups from one address', async () => {
    const prober = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await invoiceQuery(prober, `guess-${i}`)).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('payments the committee records', () => {
  it('records a bank transfer: completed on the day it arrived, in the reports and the Xero export with its reference, and a receipt', async () => {
    const { sponsor, token, email, companyName } = await acceptedSponsor('website');
    const before = await money();
    const paidOn = addDays(today(), -3);
    const updated = await admin.trpc.admin.sponsors.recordPayment.mutate({
      invoiceId: sponsor.invoices[0].id,
      method: 'bank_transfer',
      paidOn,
      reference: ' EFT 20931 ',
    });
    expect(updated.invoices[0]).toMatchObject({ status: 'paid', paidOn, method: 'bank_transfer', reference: 'EFT 20931' });
    const row = await t.em().findOneOrFail(Payment, { id: sponsor.invoices[0].id });
    expect(row).toMatchObject({ status: 'completed', provider: 'manual', method: 'bank_transfer' });
    expect(clubToday(row.capturedAt!)).toBe(paidOn);

    const after = await money();
    expect(after.sponsorship - before.sponsorship).toBe(50_000);
    expect(after.xero.find((line) => line.includes(companyName))).toMatch(
      `${formatAuDate(paidOn)},500.00,${companyName},Website Sponsorship ${season()},EFT 20931,`,
    );

    const receipt = await t.mail.waitFor(email, 3);
    expect(receipt.subject).toBe(`Receipt: Tweed Coast Anglers Club sponsorship ${season()} $500.00`);
    expect(receipt.text).toContain(`Paid on ${formatAuDate(paidOn)} by bank transfer, receipt reference EFT 20931.`);

    const audit = await t.em().find(AuditLog, { entityId: row.id }, { orderBy: { id: 'asc' }, populate: ['actor'] });
    expect(audit.map((a) => [a.action, a.actor?.email])).toEqual([
      ['sponsorship.invoice', 'treasurer@club.test'],
      ['payment.manual', 'treasurer@club.test'],
      ['payment.completed', 'treasurer@club.test'],
    ]);

    // Recorded once; the sponsor's link now says paid.
    await expect(admin.trpc.admin.sponsors.recordPayment.mutate({ invoiceId: row.id, method: 'cash', paidOn: today() })).rejects.toThrow(
      `This invoice was already paid on ${formatAuDate(paidOn)}.`,
    );
    expect((await invoiceQuery(t.client(), token)).body.result!.data.status).toBe('paid');
    expect((await createOrder(t.client(), token)).status).toBe(409);
    expect((await money()).sponsorship).toBe(after.sponsorship);
  });

  it('refuses a date in the future, an unknown method and a made-up invoice, with a clear sentence, and writes nothing', async () => {
    const { sponsor } = await acceptedSponsor('website');
    const invoiceId = sponsor.invoices[0].id;
    const before = await counts();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { invoiceId, method: 'cash', paidOn: addDays(today(), 1) },
        400,
        `Paid on cannot be in the future (today is ${formatAuDate(today())}).`,
      ],
      [
        { invoiceId, method: 'cash', paidOn: addDays(today(), -400) },
        400,
        `Paid on must be within the last year (on or after ${formatAuDate(addYears(today(), -1))}).`,
      ],
      [{ invoiceId, method: 'bitcoin', paidOn: today() }, 400, 'Choose how the money came: cash, bank transfer, card or cheque.'],
      [{ invoiceId, method: 'cash', paidOn: '23/11/2026' }, 400, 'Paid on must be a date (YYYY-MM-DD).'],
      [{ invoiceId, method: 'cash' }, 400, 'Paid on is required.'],
      [{ invoiceId: 'INV-1', method: 'cash', paidOn: today() }, 400, 'That is not a valid invoice id.'],
      [{ invoiceId: crypto.randomUUID(), method: 'cash', paidOn: today() }, 404, 'That invoice does not exist.'],
      [{ invoiceId, method: 'cash', paidOn: today(), reference: 'r'.repeat(121) }, 400, 'Reference must be at most 120 characters.'],
    ];
    for (const [input, status, message] of cases) {
      const res = await admin.mutation('admin.sponsors.recordPayment', input);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    for (const [path, input, status, message] of [
      ['admin.sponsors.renew', { id: sponsor.id, season: '2027/28' }, 400, 'Season must look like 2027-28.'],
      [
        'admin.sponsors.renew',
        { id: sponsor.id, season: '2020-21' },
        400,
        `A sponsor can be renewed for this season (${season()}) or the next (${nextSeason(season())}).`,
      ],
      ['admin.sponsors.renew', { id: 'abc' }, 400, 'That is not a valid sponsor id.'],
      ['admin.sponsors.sendPayLink', { invoiceId: crypto.randomUUID() }, 404, 'That invoice does not exist.'],
      ['sponsorships.createOrder', { token: '' }, 400, 'The pay link is incomplete. Please open the link from your e-mail again.'],
      ['sponsorships.capture', { token: 'abc', orderId: 'no spaces please' }, 400, 'That is not a valid order id.'],
    ] as const) {
      const res = await admin.mutation(path, input);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await counts()).toEqual(before);
    expect((await invoicesOf(sponsor.id))[0].status).toBe('unpaid');
  });
});

describe('declining, ending and renewing', () => {
  it('declining after acceptance cancels the unpaid invoice and leaves revenue as it was', async () => {
    const { sponsor, token } = await acceptedSponsor('shirt');
    const before = await money();
    const declined = await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'declined' });
    expect(declined.invoices.map((i) => i.status)).toEqual(['void']);
    expect(await money()).toEqual(before);
    expect((await invoiceQuery(t.client(), token)).body.result!.data.status).toBe('void');
    const order = await createOrder(t.client(), token);
    expect(order.status).toBe(409);
    expect(order.body.message).toBe(CANCELLED);
    const audit = await t.em().findOneOrFail(AuditLog, { entityId: sponsor.invoices[0].id, action: 'payment.void' });
    expect(audit.after).toMatchObject({ status: 'void', reason: 'The sponsorship was declined by the committee.' });

    // Accepted again later: a new invoice for the season, with a new link.
    const again = await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'active' });
    expect(again.invoices.map((i) => [i.season, i.status])).toEqual([
      [season(), 'unpaid'],
      [season(), 'void'],
    ]);
  });

  it('declining a sponsor who has paid keeps the money received', async () => {
    const { sponsor } = await acceptedSponsor('website');
    await admin.trpc.admin.sponsors.recordPayment.mutate({ invoiceId: sponsor.invoices[0].id, method: 'cash', paidOn: today() });
    const before = await money();
    const declined = await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'declined' });
    expect(declined.invoices.map((i) => i.status)).toEqual(['paid']);
    expect(await money()).toEqual(before);
  });

  it('renews for the next season: a second invoice with its own pay link; a second renewal for that season is refused', async () => {
    const { sponsor, email, companyName } = await acceptedSponsor('website');
    await admin.trpc.admin.sponsors.recordPayment.mutate({ invoiceId: sponsor.invoices[0].id, method: 'card', paidOn: today() });
    const before = await money();
    const next = nextSeason(season());

    const renewed = await admin.trpc.admin.sponsors.renew.mutate({ id: sponsor.id });
    expect(renewed.invoices.map((i) => [i.season, i.status, i.amount])).toEqual([
      [next, 'unpaid', '500.00'],
      [season(), 'paid', '500.00'],
    ]);
    expect(renewed.endDate).toBe(seasonEnd(next));
    const mail = await t.mail.waitFor(email, 4);
    expect(mail.subject).toBe(`Your Tweed Coast Anglers Club sponsorship for ${next}`);
    expect(mail.text).toContain(`The committee has renewed ${companyName} for the ${next} season.`);
    expect(mail.text).toContain(`Season: ${next} (${formatAuDate(seasonStart(next))} to ${formatAuDate(seasonEnd(next))})`);
    const token = linkIn(mail).searchParams.get('token')!;
    expect((await invoiceQuery(t.client(), token)).body.result!.data).toMatchObject({ season: next, status: 'unpaid', amount: '500.00' });
    expect(await money()).toEqual(before);

    const duplicate = await admin.mutation('admin.sponsors.renew', { id: sponsor.id });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(`${companyName} already has an invoice for the ${next} season.`);
    expect(await invoicesOf(sponsor.id)).toHaveLength(2);

    // Ending the sponsorship before that season starts cancels its unpaid invoice; the paid season stays.
    const ended = await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, endDate: seasonEnd(season()) });
    expect(ended.invoices.map((i) => [i.season, i.status])).toEqual([
      [next, 'void'],
      [season(), 'paid'],
    ]);
    expect((await invoiceQuery(t.client(), token)).body.result!.data.status).toBe('void');
    expect(await money()).toEqual(before);
  });

  it('treats a sponsorship booked before invoices existed (now an unpaid row without a season) as an unpaid invoice of its season', async () => {
    const { sponsor } = await acceptedSponsor('website', { endDate: addDays(seasonStart(season()), -1) });
    await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, endDate: seasonEnd(season()) });
    // What the migration left of the old 'received on acceptance' row.
    const em = t.em();
    em.create(Payment, {
      kind: 'sponsorship',
      purpose: 'website',
      household: null,
      sponsor: sponsor.id,
      season: null,
      createdBy: null,
      description: 'Website Sponsorship',
      payee: sponsor.companyName,
      amountCents: 50_000,
      currency: 'AUD',
      provider: 'manual',
      providerOrderId: `sponsor-${sponsor.id}`,
      providerCaptureId: null,
      status: 'created',
      capturedAt: null,
      lastError: null,
      rawResponse: null,
    });
    await em.flush();
    const before = await money();
    const [legacy] = await invoicesOf(sponsor.id);
    expect(legacy).toMatchObject({ season: season(), status: 'unpaid', amount: '500.00' });
    const duplicate = await admin.mutation('admin.sponsors.renew', { id: sponsor.id, season: season() });
    expect(duplicate.status).toBe(409);

    await admin.trpc.admin.sponsors.sendPayLink.mutate({ invoiceId: legacy.id });
    const token = linkIn(await t.mail.waitFor(sponsor.email, 2)).searchParams.get('token')!;
    const orderId = (await createOrder(t.client(), token)).body.id as string;
    paypal.approve(orderId);
    expect((await capture(t.client(), token, orderId)).body).toMatchObject({ status: 'paid', season: season() });
    expect((await money()).sponsorship - before.sponsorship).toBe(50_000);
  });

  it('renews only active sponsors', async () => {
    const { sponsor, companyName } = await acceptedSponsor('website');
    await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'declined' });
    const res = await admin.mutation('admin.sponsors.renew', { id: sponsor.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Only an active sponsor can be renewed. Accept ${companyName} first.`);
  });

  it('refuses a new pay link for a paid invoice', async () => {
    const { sponsor } = await acceptedSponsor('website');
    await admin.trpc.admin.sponsors.recordPayment.mutate({
      invoiceId: sponsor.invoices[0].id,
      method: 'cheque',
      paidOn: today(),
      reference: 'Chq 000123',
    });
    const res = await admin.mutation('admin.sponsors.sendPayLink', { invoiceId: sponsor.invoices[0].id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This invoice was already paid on ${formatAuDate(today())}.`);
  });
});
