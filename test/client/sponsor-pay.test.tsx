import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aPaymentSetup, anInvoiceToPay } from './builders';
import { type Answers, type FakeServer, SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

const TOKEN = 'Qk9vbXN0aWNrLXRva2VuLWZvci10ZXN0aW5nLXB1cnBvc2Vz';
const INVOICE = anInvoiceToPay({
  companyName: 'Tweed Tackle & Bait',
  packageLabel: 'Shirt Sponsorship',
  season: '2026-27',
  amount: '1000.00',
  status: 'unpaid',
  payOnline: 'demo',
});

function payServer(overrides: Answers = {}) {
  return fakeServer({
    ...SIGNED_OUT,
    'sponsorships.invoice': () => ok(INVOICE),
    'sponsorships.createOrder': () => ok({ id: 'DEMO-0011223344556677' }),
    'sponsorships.capture': () => ok({ ...INVOICE, status: 'paid', paidOn: '2026-11-23' }),
    'cms.settings': () => ok({ siteTitle: 'Club', contactEmail: 'treasurer@club.example' }),
    ...overrides,
  });
}

const calls = (server: FakeServer, prefix: string) =>
  server.calls.flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const)).filter(([p]) => p.startsWith(prefix));

describe('sponsor pay page', () => {
  afterEach(() => {
    delete (window as { paypal?: unknown }).paypal;
  });

  it('shows the invoice behind the link and pays it with the demo button', async () => {
    const server = payServer();
    const user = userEvent.setup();
    renderApp(`/sponsor/pay?token=${TOKEN}`, server);
    expect(await screen.findByRole('heading', { name: 'Tweed Tackle & Bait' })).toBeTruthy();
    expect(screen.getByText('Shirt Sponsorship')).toBeTruthy();
    expect(screen.getByText('Season 2026-27: 01/07/2026 to 30/06/2027')).toBeTruthy();
    expect(screen.getByTestId('invoice-amount').textContent).toBe('$1,000.00 AUD');
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText(/Demo payments/)).toBeTruthy();
    expect(await screen.findByText(/Prefer a bank transfer\? Write to treasurer@club.example/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Pay $1,000.00 (demo)' }));
    expect(await screen.findByText('Paid, thank you!')).toBeTruthy();
    expect(screen.getByText(/We received your payment on 23\/11\/2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay \$1,000.00/ })).toBeNull();
    expect(calls(server, 'sponsorships.').filter(([p]) => p !== 'sponsorships.invoice')).toEqual([
      ['sponsorships.createOrder', { token: TOKEN }],
      ['sponsorships.capture', { token: TOKEN, orderId: 'DEMO-0011223344556677' }],
    ]);
  });

  it("shows the server's sentence when the payment is refused, and keeps the invoice payable", async () => {
    const server = payServer({
      'sponsorships.capture': () =>
        trpcError(402, 'PAYMENT_REQUIRED', 'Payment failed. Please try again or contact support if the issue persists.'),
    });
    const user = userEvent.setup();
    renderApp(`/sponsor/pay?token=${TOKEN}`, server);
    await user.click(await screen.findByRole('button', { name: /Pay \$1,000.00/ }));
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Payment failed. Please try again or contact support if the issue persists.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay \$1,000.00/ })).toBeTruthy();
  });

  it('pays with PayPal: its button creates the order for this invoice and the capture follows approval', async () => {
    Object.assign(window, {
      paypal: {
        version: '6.1.0',
        createInstance: async () => ({
          findEligibleMethods: async () => ({ isEligible: (method: string) => method === 'paypal' }),
          createPayPalOneTimePaymentSession: (session: { onApprove: (data: { orderId: string }) => Promise<void> }) => ({
            start: async (_mode: unknown, order: Promise<{ orderId: string }>) => session.onApprove(await order),
            destroy: () => {},
          }),
        }),
      },
    });
    const server = payServer({
      'sponsorships.invoice': () => ok({ ...INVOICE, payOnline: 'paypal' }),
      'payments.setup': () => ok(aPaymentSetup({ provider: 'paypal', clientId: 'AbC', clientToken: 'eyJ.token', environment: 'sandbox' })),
      'sponsorships.createOrder': () => ok({ id: '5O190127TN364715T' }),
    });
    renderApp(`/sponsor/pay?token=${TOKEN}`, server);
    expect(await screen.findByText(/Pay securely with PayPal/)).toBeTruthy();
    const holder = await screen.findByTestId('paypal-buttons');
    await waitFor(() => expect(holder.querySelector('paypal-button')).toBeTruthy());
    fireEvent.click(holder.querySelector('paypal-button')!);
    expect(await screen.findByText('Paid, thank you!')).toBeTruthy();
    expect(calls(server, 'sponsorships.').filter(([p]) => p !== 'sponsorships.invoice')).toEqual([
      ['sponsorships.createOrder', { token: TOKEN }],
      ['sponsorships.capture', { token: TOKEN, orderId: '5O190127TN364715T' }],
    ]);
  });

  it('says so when the invoice is paid or cancelled, with nothing to pay', async () => {
    const paid = renderApp(
      `/sponsor/pay?token=${TOKEN}`,
      payServer({ 'sponsorships.invoice': () => ok({ ...INVOICE, status: 'paid', paidOn: '2026-08-01' }) }),
    );
    expect(await screen.findByText('Paid, thank you!')).toBeTruthy();
    expect(screen.getByText(/01\/08\/2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    paid.unmount();

    renderApp(`/sponsor/pay?token=${TOKEN}`, payServer({ 'sponsorships.invoice': () => ok({ ...INVOICE, status: 'void' }) }));
    expect(await screen.findByText('Invoice cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('explains a link that does not work', async () => {
    const message =
      'This pay link is not valid. It may have been replaced by a newer one: please use the link in the latest e-mail from the club, or contact the club.';
    renderApp(`/sponsor/pay?token=${TOKEN}`, payServer({ 'sponsorships.invoice': () => trpcError(404, 'NOT_FOUND', message) }));
    expect(await screen.findByText('We could not open this invoice')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('asks for the link from the e-mail when the page is opened without one', async () => {
    const server = payServer();
    renderApp('/sponsor/pay', server);
    expect(await screen.findByText('Incomplete pay link')).toBeTruthy();
    expect(calls(server, 'sponsorships.')).toEqual([]);
  });
});
