import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CODE_OF_CONDUCT_RULES } from '../../src/client/features/membership/code-of-conduct-rules';
import { useMembershipDialogs } from '../../src/client/features/membership/membership-dialogs';
import { fakeServer, ok, renderApp, renderWithProviders, trpcError } from './render';

const REGISTERED = {
  message: 'Registration Successful',
  householdId: '11111111-1111-4111-8111-111111111111',
  memberId: '22222222-2222-4222-8222-222222222222',
  membershipType: 'adult',
  amount: '40.00',
  currency: 'AUD',
  members: [{ firstName: 'Morgan', lastName: 'Reef', membershipType: 'adult' }],
};
const CAPTURED = { id: 'DEMO-1', status: 'COMPLETED', amount: '40.00', currency: 'AUD', membership: { status: 'active', memberSince: '2026-11-21', expiryDate: '2027-11-21', members: ['Morgan Reef'] } };

function membershipServer(overrides: Record<string, () => { status?: number; body: unknown }> = {}) {
  return fakeServer((procedure) => {
    if (overrides[procedure]) return overrides[procedure]();
    switch (procedure) {
      case 'members.register':
        return ok(REGISTERED);
      case 'payments.setup':
        return ok({ provider: 'demo', clientId: null, clientToken: 'demo-token', currency: 'AUD' });
      case 'payments.createOrder':
        return ok({ id: 'DEMO-1' });
      case 'payments.capture':
        return ok(CAPTURED);
      default:
        return ok(null);
    }
  });
}

function JoinButton() {
  const { openJoin, openPayment } = useMembershipDialogs();
  return (
    <>
      <button onClick={() => openJoin()}>Open join</button>
      <button onClick={() => openPayment({ names: ['Morgan Reef'], membershipType: 'adult', amount: '40.00' })}>Open payment</button>
    </>
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First Name/), ' Morgan ');
  await user.type(screen.getByLabelText(/^Last Name/), 'Reef');
  await user.type(screen.getByLabelText(/^Email Address/), 'morgan@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '0412 345 678');
  await user.type(screen.getByLabelText(/^Address/), '1 Wharf St, Tweed Heads');
  fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: '1990-04-01' } });
  await user.selectOptions(screen.getByLabelText(/^Gender/), 'male');
  await user.selectOptions(screen.getByLabelText(/^Shirt Size/), 'L');
  await user.selectOptions(screen.getByLabelText(/^Membership Type/), 'adult');
}

describe('join form', () => {
  it('asks for the terms and sends nothing until they are accepted', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Please accept the terms and conditions')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('asks for every required field and sends nothing', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await user.type(screen.getByLabelText(/^First Name/), 'Morgan');
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('registers with the trimmed values, then opens payment for the person, type and amount', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    expect(screen.getByText('Total to pay: $40.00 AUD')).toBeTruthy();
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));

    expect(await screen.findByText('Complete Your Payment')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({
      firstName: 'Morgan',
      lastName: 'Reef',
      email: 'morgan@example.com',
      phone: '0412 345 678',
      address: '1 Wharf St, Tweed Heads',
      dateOfBirth: '1990-04-01',
      gender: 'male',
      shirtSize: 'L',
      membershipType: 'adult',
      termsAccepted: true,
      codeOfConductAccepted: true,
      additionalMembers: [],
    });
    expect(screen.getByText('Morgan Reef')).toBeTruthy();
    expect(screen.getByText('Adult membership, one year')).toBeTruthy();
    expect(screen.getByText('$40.00 AUD')).toBeTruthy();
  });

  it("shows the server's reason when registration fails", async () => {
    const server = membershipServer({
      'members.register': () => trpcError(400, 'BAD_REQUEST', 'Junior membership is for people under 16 on the day of joining. Morgan is 36, so please choose Adult or Family.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText(/Morgan is 36, so please choose Adult or Family/)).toBeTruthy();
  });

  it('opens the code of conduct with its 11 rules and the association number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, membershipServer());
    await user.click(screen.getByText('Open join'));
    await user.click(screen.getByRole('button', { name: 'Code of Conduct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Code of Conduct' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(11);
    expect(CODE_OF_CONDUCT_RULES).toHaveLength(11);
    expect(within(dialog).getByText(/Incorporated association INC9887766/)).toBeTruthy();
  });
});

describe('payment dialog', () => {
  it('pays with the demo provider: order for the amount, capture, then Payment Successful!', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    expect(await screen.findByText(/Demo payments: no money is taken/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.getByText(/active until 21\/11\/2027/)).toBeTruthy();
    const mutations = server.mutations().flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]]));
    expect(mutations).toEqual([
      ['payments.createOrder', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' }],
      ['payments.capture', { orderId: 'DEMO-1' }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  });

  it('shows the inline failure and lets the member try again', async () => {
    let fail = true;
    const server = membershipServer({
      'payments.capture': () => (fail ? trpcError(402, 'PAYMENT_REQUIRED', 'Payment failed. Please try again or contact support if the issue persists.') : ok(CAPTURED)),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText('Payment failed. Please try again or contact support if the issue persists.')).toBeTruthy();
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
  });
});

const USER = { id: 'u1', email: 'morgan@example.com', firstName: 'Morgan', lastName: 'Reef', role: 'member', emailVerified: true, hasPassword: false };
const PROFILE = {
  id: 'm1',
  firstName: 'Morgan',
  lastName: 'Reef',
  email: 'morgan@example.com',
  phone: '0412 345 678',
  address: '1 Wharf St, Tweed Heads',
  dateOfBirth: '1990-04-01',
  gender: 'male',
  shirtSize: 'L',
  membershipType: 'adult',
  status: 'active',
  memberSince: '2026-11-21',
  expiryDate: '2027-11-21',
  household: [{ id: 'm1', firstName: 'Morgan', lastName: 'Reef', membershipType: 'adult' }],
  renewalAmount: '40.00',
};

function portalServer(profile: unknown) {
  return fakeServer((procedure) => {
    if (procedure === 'auth.me') return ok(USER);
    if (procedure === 'members.profile') return ok(profile);
    if (procedure === 'members.dashboard') return ok({ eventsAttended: 2, fishCaught: 0, competitions: 0, memberLevel: 'Bronze' });
    return ok(null);
  });
}

describe('member portal', () => {
  it('shows the banner of an active member and the read-only profile tab', async () => {
    renderApp('/member?tab=profile', portalServer(PROFILE));
    expect(await screen.findByText('Active Member')).toBeTruthy();
    expect(screen.getByText('Welcome, Morgan Reef')).toBeTruthy();
    expect(screen.getByText(/Member since 2026 · Expires 21\/11\/2027/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew Membership' })).toBeTruthy();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Membership Type', 'Shirt Size', 'Address']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('0412 345 678')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dashboard', 'Events', 'Catches', 'NSW Resources', 'Profile', 'Assistant']);
  });

  it('shows Inactive for an expired membership and the dashboard figures', async () => {
    renderApp('/member', portalServer({ ...PROFILE, status: 'expired' }));
    expect(await screen.findByText('Inactive')).toBeTruthy();
    expect(await screen.findByText('Events Attended')).toBeTruthy();
    expect(await screen.findByText('Bronze')).toBeTruthy();
    expect(screen.getByText('No catches logged yet')).toBeTruthy();
  });

  it('invites a signed-in user without a membership to join', async () => {
    renderApp('/member?tab=profile', portalServer(null));
    expect(await screen.findByText('No profile information available.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the Club' })).toBeTruthy();
  });
});
