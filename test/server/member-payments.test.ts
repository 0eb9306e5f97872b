import { randomBytes, randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event, Household, Member, Payment } from '../../src/server/db/entities';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { formatAuDate, clubToday } from '../../src/shared/dates';
import type { ApiError } from '../support/answers';
import { createAdmin, createEvent, createMember } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
/** The example club with its ABN, not registered for GST. */
const WITH_ABN = { ...EXAMPLE_CLUB_PROFILE, abn: '51 824 753 556', gstRegistered: false };

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'treasurer@club.test' } });
  admin = (await createAdmin(t, { email: 'treasurer@club.test' })).client;
  await admin.trpc.admin.club.saveProfile.mutate(WITH_ABN);
  await admin.trpc.admin.cms.settings.save.mutate({
    settingKey: 'club_address',
    settingValue: 'PO Box 123, Tweed Heads NSW 2485',
    settingType: 'text',
  });
});
afterAll(async () => {
  await t?.close();
});

async function pdfText(res: Response) {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** An entry fee paid online for `people` (member ids and names) in `event`, as the entries service records it. */
async function entryPayment(event: Event, people: { id: string; name: string }[], status: 'completed' | 'created' = 'completed') {
  const em = t.em();
  const payment = em.create(Payment, {
    kind: 'event',
    purpose: 'entry',
    household: null,
    event: em.getReference(Event, event.id),
    entries: people.map((p) => ({ registrationId: randomUUID(), memberId: p.id, name: p.name, feeCents: 1000 })),
    description: `Entry: ${event.name} (${people.map((p) => p.name).join(', ')})`,
    payee: people[0].name,
    amountCents: 1000 * people.length,
    currency: 'AUD',
    provider: 'demo',
    method: 'demo',
    providerOrderId: `DEMO-${randomBytes(8).toString('hex')}`,
    status,
    capturedAt: status === 'completed' ? t.clock.now() : null,
    rawResponse: null,
  });
  await em.flush();
  return payment.id;
}

describe('payment history', () => {
  it('lists the household’s membership fee and entry fees with date, what for, amount, status and a receipt', async () => {
    const { client, memberId, householdId } = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const em = t.em();
    const sam = em.create(Member, {
      household: em.getReference(Household, householdId),
      firstName: 'Sam',
      lastName: 'Newman',
      dateOfBirth: '2015-03-03',
      membershipType: 'junior',
      status: 'active',
    });
    await em.flush();
    const event = await createEvent(t, { name: 'Bream Classic' });
    t.clock.advance(60_000);
    const entryId = await entryPayment(event, [
      { id: memberId, name: 'Casey Newman' },
      { id: sam.id, name: 'Sam Newman' },
    ]);
    // An order never paid for is not part of the history.
    await entryPayment(event, [{ id: memberId, name: 'Casey Newman' }], 'created');
    // Another household's payment is not either.
    const other = await createMember(t, { firstName: 'Other', lastName: 'Household' });
    await entryPayment(event, [{ id: other.memberId, name: 'Other Household' }]);

    const history = await client.trpc.memberPayments.history.query();
    expect(history.map((p) => [p.description, p.amount, p.state, p.method])).toEqual([
      ['Entry: Bream Classic (Casey Newman, Sam Newman)', '20.00', 'paid', 'Demo payment'],
      ['Adult membership fee', '40.00', 'paid', 'Demo payment'],
    ]);
    expect(history[0].receiptUrl).toBe(`/api/members/payments/${entryId}/receipt.pdf`);
    expect(new Date(history[0].date).getTime()).toBe(t.clock.now().getTime());
  });

  it('shows a refund as a row of its own and the payment as partly refunded', async () => {
    const { client, householdId } = await createMember(t);
    const em = t.em();
    const original = await em.findOneOrFail(Payment, { household: householdId });
    original.refundedCents = 1500;
    em.create(Payment, {
      kind: 'membership',
      purpose: 'refund',
      household: original.household,
      refundOf: original,
      description: `Refund: ${original.description}`,
      amountCents: -1500,
      currency: 'AUD',
      provider: 'demo',
      method: 'demo',
      providerOrderId: `refund-${randomBytes(6).toString('hex')}`,
      status: 'completed',
      capturedAt: new Date(t.clock.now().getTime() + 60_000),
      rawResponse: null,
    });
    await em.flush();
    const history = await client.trpc.memberPayments.history.query();
    expect(history.map((p) => [p.description, p.amount, p.state, p.receiptUrl === null])).toEqual([
      ['Refund: Adult membership fee', '-15.00', 'refund', true],
      ['Adult membership fee', '40.00', 'part_refunded', false],
    ]);
    const text = await pdfText(await client.fetch(history[1].receiptUrl!));
    expect(text).toContain(`Refunded $15.00 on ${formatAuDate(clubToday(t.clock.now()))}.`);
  });
});

describe('receipts', () => {
  it('is a PDF receipt with the club’s name, ABN and address, a number, the date, the member, the items and “No GST”', async () => {
    const { client } = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const [payment] = await client.trpc.memberPayments.history.query();
    const res = await client.fetch(payment.receiptUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(res);
    for (const part of [
      'Tweed Coast Anglers Club',
      'ABN 51 824 753 556',
      'PO Box 123, Tweed Heads NSW 2485',
      'Receipt number:',
      `Date: ${formatAuDate(clubToday(t.clock.now()))}`,
      'Casey Newman',
      '1 River St, Murwillumbah NSW 2484',
      'Adult membership: Casey Newman',
      '$40.00',
      'No GST is charged: the club is not registered for GST.',
      'Paid by Demo payment',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Tax invoice');
  });

  it('becomes a tax invoice showing the GST in the price once the club is registered for GST', async () => {
    await admin.trpc.admin.club.saveProfile.mutate({ ...WITH_ABN, gstRegistered: true });
    try {
      const { client } = await createMember(t);
      const [payment] = await client.trpc.memberPayments.history.query();
      const text = await pdfText(await client.fetch(payment.receiptUrl!));
      expect(text).toContain('Tax invoice');
      expect(text).toContain('Tax invoice number:');
      expect(text).toContain('GST included in the total');
      // One eleventh of $40.00.
      expect(text).toContain('$3.64');
      expect(text).toContain('Prices include GST.');
      expect(text).not.toContain('No GST is charged');
    } finally {
      await admin.trpc.admin.club.saveProfile.mutate(WITH_ABN);
    }
  });

  it('stays a receipt, GST shown, while a club registered for GST has no ABN on its profile (a tax invoice names it)', async () => {
    await admin.trpc.admin.club.saveProfile.mutate({ ...WITH_ABN, abn: '', gstRegistered: true });
    try {
      const { client } = await createMember(t);
      const [payment] = await client.trpc.memberPayments.history.query();
      const text = await pdfText(await client.fetch(payment.receiptUrl!));
      expect(text).toContain('Receipt number:');
      expect(text).toContain('GST included in the total');
      expect(text).not.toContain('Tax invoice');
      expect(text).not.toContain('ABN');
    } finally {
      await admin.trpc.admin.club.saveProfile.mutate(WITH_ABN);
    }
  });

  it('is refused for another member’s payment exactly as for one that does not exist, and asks a stranger to sign in', async () => {
    const owner = await createMember(t);
    const [payment] = await owner.client.trpc.memberPayments.history.query();
    const intruder = await createMember(t);
    const theirs = await intruder.client.json<ApiError>('GET', payment.receiptUrl!);
    const missing = await intruder.client.json('GET', `/api/members/payments/${randomUUID()}/receipt.pdf`);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.message).toBe('That payment is not one of your household’s.');
    expect((await t.client().json('GET', payment.receiptUrl!)).status).toBe(401);
    expect((await intruder.client.json('GET', '/api/members/payments/not-an-id/receipt.pdf')).status).toBe(400);
  });
});
