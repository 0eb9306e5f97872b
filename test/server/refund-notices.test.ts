import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event, Payment } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { createEvent, createMember } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { joinForm } from '../support/join-form';
import { linkIn, type ReceivedMail } from '../support/mime';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const paypal = new FakePayPal();
const CONTACT = 'committee@tweedfishing.test';

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      ADMIN_EMAILS: 'treasurer@club.test',
    },
  });
  admin = (await signedInClient(t, 'treasurer@club.test')).client;
  await admin.trpc.admin.cms.settings.save.mutate({ settingKey: 'contact_email', settingValue: CONTACT, settingType: 'text' });
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());
const refund = (paymentId: string, amount: string, requestKey = randomUUID()) =>
  admin.mutation('admin.payments.refund', { paymentId, amount, reason: 'Asked for it back', endMembership: false, requestKey });
const noticesTo = (email: string) => t.mail.to(email).filter((m) => m.subject.startsWith('Refund of '));
/** The reference a receipt e-mail gives ('… receipt reference 8AB12345CD678901E.'). */
const referenceIn = (receipt: ReceivedMail) => /receipt reference (.+)\.$/m.exec(receipt.text)![1];
/** The number on the PDF receipt: the day the money came and the start of the payment's id. */
const receiptNumberOf = (p: Payment) => `${clubToday(p.capturedAt!).replace(/-/g, '')}-${p.id.slice(0, 8).toUpperCase()}`;

/** A family joins on the website and pays through (the fake) PayPal; answers the payment and its receipt e-mail. */
async function familyPaysOnline(lastName: string) {
  const visitor = t.client();
  const form = joinForm(today(), {
    firstName: 'Ben',
    lastName,
    membershipType: 'family',
    additionalMembers: [{ firstName: 'Mia', lastName, dateOfBirth: `${Number(today().slice(0, 4)) - 9}-03-01` }],
  });
  const joined = await visitor.mutation('members.register', form);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const order = await visitor.json('POST', '/paypal/order', { amount: joined.body.amount, currency: 'AUD', intent: 'CAPTURE' });
  const receipt = await t.mailAfter(form.email, () => visitor.json('POST', `/paypal/order/${order.body.id}/capture`, {}));
  const payment = await t.em().findOneOrFail(Payment, { providerOrderId: order.body.id });
  return { email: form.email, payment, receipt };
}

describe('Reply-To', () => {
  it("receipts come from the no-reply address with the club's contact address to reply to", async () => {
    const { receipt } = await familyPaysOnline('Replyson');
    expect(receipt.subject).toMatch(/^Receipt: /);
    expect(receipt.text).toContain('Just reply');
    expect(receipt.headers['reply-to']).toBe(CONTACT);
    expect(receipt.headers.from).toContain('club@club.test');
  });
});

describe('refund notices', () => {
  it('a PayPal refund e-mails the payer one credit note naming the receipt, what it was for, who, and what is left', async () => {
    const { email, payment, receipt } = await familyPaysOnline('Notley');
    const key = randomUUID();
    const res = await refund(payment.id, '20.00', key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const notices = noticesTo(email);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    const reference = referenceIn(receipt);
    expect(reference).toBe(payment.providerCaptureId);
    expect(notice.subject).toBe(`Refund of $20.00: credit note for receipt ${reference}`);
    expect(notice.text).toContain(`For receipt ${receiptNumberOf(payment)} (receipt reference ${reference})`);
    expect(notice.text).toContain('Amount refunded: $20.00 AUD');
    expect(notice.text).toContain(`Paid for: ${payment.description}`);
    expect(notice.text).toContain('Covering: Ben and Mia Notley');
    expect(notice.text).toContain('Amount left on this payment: $100.00 AUD');
    expect(notice.text).toContain('PayPal returns the money');
    expect(notice.headers['reply-to']).toBe(CONTACT);

    // The same request again, and PayPal's webhook about the same refund: nothing new is recorded or sent.
    expect((await refund(payment.id, '20.00', key)).body.refunded).toBe(false);
    const made = paypal.refunds.find((r) => r.captureId === payment.providerCaptureId)!;
    expect((await paypal.deliver(`${t.baseUrl}/paypal/webhook`, paypal.refundEvent(made))).status).toBe(200);
    expect(noticesTo(email)).toHaveLength(1);

    // A refund made in PayPal's dashboard reaches the site by webhook: recorded, and a credit note of its own.
    const dashboard = paypal.refundInDashboard(payment.providerCaptureId!, '100.00');
    await paypal.deliver(`${t.baseUrl}/paypal/webhook`, paypal.refundEvent(dashboard));
    expect(noticesTo(email).map((m) => m.text.match(/Amount left on this payment: (\S+)/)![1])).toEqual(['$100.00', '$0.00']);
  });

  it('a refund of money taken by hand e-mails the payer a credit note naming the reference their receipt gave', async () => {
    const paid = await admin.mutation('admin.payments.record', {
      mode: 'new',
      member: {
        ...joinForm(today(), { firstName: 'Cass', lastName: 'Handy' }),
        termsAccepted: undefined,
        codeOfConductAccepted: undefined,
        documentsAccepted: undefined,
      },
      method: 'bank_transfer',
      paidOn: today(),
      reference: 'CBA 7788',
      amount: '40.00',
      requestKey: randomUUID(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const email = paid.body.receiptTo as string;
    const reference = referenceIn(t.mail.to(email).find((m) => m.subject.startsWith('Receipt: '))!);
    const key = randomUUID();
    expect((await refund(paid.body.paymentId!, '40.00', key)).status).toBe(200);
    expect((await refund(paid.body.paymentId!, '40.00', key)).body.refunded).toBe(false);

    const notices = noticesTo(email);
    expect(notices).toHaveLength(1);
    expect(reference).toBe('CBA 7788');
    expect(notices[0].subject).toBe(`Refund of $40.00: credit note for receipt ${reference}`);
    expect(notices[0].text).toContain('Covering: Cass Handy');
    expect(notices[0].text).toContain('Amount left on this payment: $0.00 AUD (refunded in full)');
    expect(notices[0].text).toContain('You paid by bank transfer, so the club returns the money to you directly.');
  });

  it('an entry fee refunded by the committee e-mails the member who paid, naming the entrant', async () => {
    const event = await createEvent(t, { name: 'Whiting Wander' });
    await t.em().nativeUpdate(Event, { id: event.id }, { payAtSignOn: false });
    const member = await createMember(t, { firstName: 'Eddie', lastName: 'Entrant' });
    await member.client.trpc.entries.enter.mutate({ id: event.id });
    const order = await member.client.trpc.entries.createOrder.mutate({ id: event.id });
    const receipt = await t.mailAfter(member.email, () => member.client.trpc.entries.capture.mutate({ orderId: order.id }));
    const payment = await t.em().findOneOrFail(Payment, { providerOrderId: order.id });

    expect((await refund(payment.id, '10.00')).status).toBe(200);
    const notices = noticesTo(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe(`Refund of $10.00: credit note for receipt ${referenceIn(receipt)}`);
    expect(notices[0].text).toContain('Covering: Eddie Entrant');
    expect(notices[0].text).toContain(`Paid for: ${payment.description}`);
  });

  it("a sponsorship refund e-mails the sponsor's contact address", async () => {
    const email = 'owner@bait-and-tackle.example';
    const applied = await t.client().json('POST', '/api/sponsors/register', {
      companyName: 'Bait and Tackle Pty Ltd',
      contactPerson: 'Sandy Owner',
      email,
      phone: '07 5536 1234',
      sponsorshipType: 'website',
    });
    expect(applied.status).toBe(200);
    // The owner confirms the address from the acknowledgement: the club's mail may then name them.
    const ack = await t.mail.waitFor(email, 1);
    await t.client().trpc.sponsorships.confirmAddress.mutate({ token: linkIn(ack).searchParams.get('token')! });
    const pending = (await admin.trpc.admin.sponsors.list.query()).find((s) => s.email === email)!;
    await admin.trpc.admin.sponsors.review.mutate({ id: pending.id, status: 'active' });
    const token = linkIn(await t.mail.waitFor(email, 2)).searchParams.get('token')!;
    const payer = t.client();
    const orderId = (await payer.mutation('sponsorships.createOrder', { token })).body.id as string;
    paypal.approve(orderId);
    const receipt = await t.mailAfter(email, () => payer.mutation('sponsorships.capture', { token, orderId }));
    const payment = await t.em().findOneOrFail(Payment, { providerOrderId: orderId });

    expect((await refund(payment.id, '50.00')).status).toBe(200);
    const notices = noticesTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('Hello Sandy Owner,');
    expect(notices[0].subject).toBe(`Refund of $50.00: credit note for receipt ${referenceIn(receipt)}`);
    expect(notices[0].text).toContain('Covering: Bait and Tackle Pty Ltd');
  });
});
