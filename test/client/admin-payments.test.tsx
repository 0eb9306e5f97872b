import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminPaymentsTab } from '../../src/client/features/admin/payments-tab';
import type { PaymentRow } from '../../src/shared/admin-payments.schema';
import { refundSummary } from '../../src/shared/admin-payments.schema';
import { aMemberRow } from './builders';
import { type Answers, fakeServer, ok, renderWithProviders, trpcError } from './render';
import { fieldMessage } from './field-message';
import { fill } from './fill';

const JANE_PAYPAL: PaymentRow = {
  id: '11111111-1111-4111-8111-111111111111',
  date: '2026-11-20T01:00:00.000Z',
  payee: 'Jane Citizen',
  description: 'Adult membership fee',
  kind: 'membership',
  purpose: 'join',
  provider: 'paypal',
  method: 'paypal',
  amount: '40.00',
  refunded: '0.00',
  refundable: '40.00',
  status: 'completed',
  reference: '8AB12345CD678901E',
  refundOf: null,
  note: null,
  covers: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Jane Citizen' }],
  covering: 'Jane Citizen',
};

const SAM_CASH: PaymentRow = {
  ...JANE_PAYPAL,
  id: '33333333-3333-4333-8333-333333333333',
  payee: 'Sam Carter',
  provider: 'manual',
  method: 'cash',
  amount: '120.00',
  refunded: '20.00',
  refundable: '100.00',
  reference: 'Receipt 42',
  covers: [
    { id: '44444444-4444-4444-8444-444444444444', name: 'Sam Carter' },
    { id: '55555555-5555-4555-8555-555555555555', name: 'Kim Carter' },
  ],
  covering: 'Sam and Kim Carter',
};

const MIA = aMemberRow({ id: '66666666-6666-4666-8666-666666666666', firstName: 'Mia', lastName: 'Fisher', expiryDate: '2026-12-05' });

function paymentsServer(options: { refund?: Answers['admin.payments.refund']; record?: Answers['admin.payments.record'] } = {}) {
  return fakeServer({
    'admin.payments.list': () => ok({ rows: [JANE_PAYPAL, SAM_CASH], total: 2, page: 1, pageSize: 25 }),
    'admin.members.search': () => ok({ rows: [MIA], total: 1, page: 1, pageSize: 8 }),
    'admin.payments.quote': () =>
      ok({
        amount: '40.00',
        purpose: 'renewal',
        membershipType: 'adult',
        members: ['Mia Fisher'],
        payee: 'Mia Fisher',
        email: 'mia@example.com',
        expiryDate: '2026-12-05',
        extendsTo: '2027-12-05',
        paypalPending: false,
      }),
    'admin.payments.record':
      options.record ??
      (() =>
        ok({
          paymentId: '77777777-7777-4777-8777-777777777777',
          recorded: true,
          amount: '40.00',
          payee: 'Mia Fisher',
          members: ['Mia Fisher'],
          expiryDate: '2027-12-05',
          receiptTo: 'mia@example.com',
        })),
    'admin.payments.refund':
      options.refund ??
      ((i) =>
        ok({
          refunded: true,
          amount: typeof i.amount === 'number' ? i.amount.toFixed(2) : i.amount,
          payee: 'Jane Citizen',
          throughPayPal: true,
          endedMembers: i.endMembership ? ['Jane Citizen'] : [],
        })),
  });
}

describe('refund confirmation text', () => {
  it('says what will happen, for PayPal and for money taken by hand', () => {
    expect(
      refundSummary({
        amountCents: 4000,
        payee: 'Jane Citizen',
        provider: 'paypal',
        method: 'paypal',
        endMembership: true,
        members: ['Jane Citizen'],
      }),
    ).toBe('Refund $40.00 to Jane Citizen through PayPal and end the membership of Jane Citizen.');
    expect(
      refundSummary({
        amountCents: 1000,
        payee: 'Sam Carter',
        provider: 'manual',
        method: 'bank_transfer',
        endMembership: false,
        members: ['Sam Carter', 'Kim Carter'],
      }),
    ).toBe(
      'Record a refund of $10.00 to Sam Carter (paid by bank transfer: the club returns the money itself). The membership of Sam Carter and Kim Carter stays as it is.',
    );
  });
});

describe('admin payments tab', () => {
  it('lists payments in a named table with payee, method, amount, status and reference', async () => {
    renderWithProviders(<AdminPaymentsTab />, paymentsServer());
    const table = await screen.findByRole('table', { name: 'Payments' });
    const jane = within(table).getByText('Jane Citizen').closest('tr')!;
    expect(within(jane).getByText('PayPal')).toBeTruthy();
    expect(within(jane).getByText('$40.00')).toBeTruthy();
    expect(within(jane).getByText('Received')).toBeTruthy();
    expect(within(jane).getByText('Membership · Joining')).toBeTruthy();
    const sam = within(table).getByText('Sam Carter').closest('tr')!;
    expect(within(sam).getByText('Cash')).toBeTruthy();
    expect(within(sam).getByText('$20.00')).toBeTruthy();
    expect(within(sam).getByText('Part refunded')).toBeTruthy();
    expect(within(sam).getByText('Receipt 42')).toBeTruthy();
    // Who a payment covers, where that says more than the payee.
    expect(within(sam).getByText('Sam and Kim Carter')).toBeTruthy();
    expect(within(jane).getAllByText('Jane Citizen')).toHaveLength(1);
  });

  it('refunds what is left, ending the membership, after a confirmation that says so', async () => {
    const server = paymentsServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminPaymentsTab />, server);
    await user.click(await screen.findByRole('button', { name: /^Refund Jane Citizen \$40\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Jane Citizen' });
    expect((within(dialog).getByLabelText(/^Amount to refund/) as HTMLInputElement).value).toBe('40.00');

    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Please give a reason for the refund.')).toBeTruthy();
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Moved to Queensland');
    await user.click(within(dialog).getByLabelText(/End the membership/));
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    expect(within(dialog).getByTestId('refund-summary').textContent).toBe(
      'Refund $40.00 to Jane Citizen through PayPal and end the membership of Jane Citizen.',
    );
    expect(server.mutations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));

    expect(await screen.findByText('Refund made')).toBeTruthy();
    expect(screen.getByText('PayPal has returned $40.00 to Jane Citizen. The membership of Jane Citizen has ended.')).toBeTruthy();
    const [sent] = server.mutations().map((c) => c.inputs[0] as Record<string, unknown>);
    expect(sent).toMatchObject({ paymentId: JANE_PAYPAL.id, amount: '40.00', reason: 'Moved to Queensland', endMembership: true });
    expect(sent.requestKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("refuses more than is left before asking, and shows the server's message when the refund fails", async () => {
    const server = paymentsServer({
      refund: () =>
        trpcError(502, 'BAD_GATEWAY', 'The payment service is not responding. No money was taken; please try again in a few minutes.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPaymentsTab />, server);
    await user.click(await screen.findByRole('button', { name: /^Refund Sam Carter \$120\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Sam Carter' });
    const amount = within(dialog).getByLabelText(/^Amount to refund/);
    expect((amount as HTMLInputElement).value).toBe('100.00');
    await user.clear(amount);
    await fill(user, amount, '100.01');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Overpaid');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('At most $100.00 of this payment can be refunded.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByTestId('refund-summary').textContent).toBe(
      'Record a refund of $10.00 to Sam Carter (paid by cash: the club returns the money itself). The membership of Sam Carter and Kim Carter stays as it is.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refund not made')).toBeTruthy();
    expect(screen.getByText('The payment service is not responding. No money was taken; please try again in a few minutes.')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toMatchObject({ amount: '10.00', endMembership: false });
  });

  it("renews a member found by name: shows the server's fee, records it with method, date and reference", async () => {
    const server = paymentsServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminPaymentsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByText('Renew a member'));
    await user.type(within(dialog).getByLabelText(/^Member/), 'mia');
    await user.click(await within(dialog).findByText('Mia Fisher'));
    expect(await within(dialog).findByText('Fee: $40.00')).toBeTruthy();
    expect(within(dialog).getByText('Paid until 05/12/2026; this payment extends it to 05/12/2027.')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText(/^Method/), 'Bank transfer');
    await fill(user, within(dialog).getByLabelText(/^Reference/), 'NAB 7781');
    await user.click(await within(dialog).findByRole('button', { name: 'Record $40.00 payment' }));

    expect(await screen.findByText('Payment recorded')).toBeTruthy();
    expect(screen.getByText('$40.00 from Mia Fisher. Paid up until 05/12/2027. The receipt went to mia@example.com.')).toBeTruthy();
    const sent = server.mutations().map((c) => c.inputs[0] as Record<string, unknown>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ mode: 'renewal', memberId: MIA.id, method: 'bank_transfer', reference: 'NAB 7781', amount: '40.00' });
    expect(sent[0].paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("marks a new member's fields with the schema's sentences before sending anything", async () => {
    const server = paymentsServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminPaymentsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.type(within(dialog).getByLabelText(/^First name/), 'Sam');
    await fill(user, within(dialog).getByLabelText(/^Last name/), 'Reef');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'sam@');
    fireEvent.change(within(dialog).getByLabelText(/^Date of birth/), { target: { value: '1990-04-01' } });
    await user.click(await within(dialog).findByRole('button', { name: 'Record $40.00 payment' }));
    expect(fieldMessage(within(dialog).getByLabelText(/^E-mail/))).toBe('Please enter a valid email address.');
    expect(fieldMessage(within(dialog).getByLabelText(/^Phone/))).toBe('Phone number is required.');
    expect(fieldMessage(within(dialog).getByLabelText(/^First name/))).toBeNull();
    expect(server.mutations()).toEqual([]);
  });

  it("keeps the dialog open with the server's sentence when the payment is refused", async () => {
    const server = paymentsServer({
      record: () =>
        trpcError(
          409,
          'CONFLICT',
          'PayPal is still holding a payment for this membership. Wait until PayPal releases or denies it before recording another payment.',
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPaymentsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByText('Renew a member'));
    await user.type(within(dialog).getByLabelText(/^Member/), 'mia');
    await user.click(await within(dialog).findByText('Mia Fisher'));
    await user.click(await within(dialog).findByRole('button', { name: 'Record $40.00 payment' }));
    expect(await screen.findByText('Payment not recorded')).toBeTruthy();
    expect(
      screen.getByText(
        'PayPal is still holding a payment for this membership. Wait until PayPal releases or denies it before recording another payment.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeTruthy();
  });
});
