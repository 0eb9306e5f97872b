import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CHAT_GREETING } from '../../src/shared/chat.schema';
import { describe, expect, it } from 'vitest';
import { ClubDocuments } from '../../src/client/features/documents/club-documents';
import { CODE_OF_CONDUCT_RULES } from '../../src/shared/documents';
import { useJoinDialog } from '../../src/client/features/membership/join-dialog';
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
  const { openJoin, openPayment } = useJoinDialog();
  return (
    <>
      <button onClick={() => openJoin()}>Open join</button>
      <button onClick={() => openPayment({ names: ['Morgan Reef'], membershipType: 'adult', amount: '40.00' })}>Open payment</button>
    </>
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  // The form is fetched when the dialog first opens.
  await user.type(await screen.findByLabelText(/^First Name/), ' Morgan ');
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
    await user.type(await screen.findByLabelText(/^First Name/), 'Morgan');
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

  it('marks the missing fields and unmarks a field once it is filled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, membershipServer());
    await user.click(screen.getByText('Open join'));
    await user.click(await screen.findByRole('button', { name: 'Submit and Pay' }));
    expect(screen.getByLabelText(/^Phone Number/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Membership Type/).getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText(/^Phone Number/), '0412 345 678');
    expect(screen.getByLabelText(/^Phone Number/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('asks for the code of conduct and sends nothing until it is agreed to', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Please agree to abide by the code of conduct')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('adds a junior to an adult membership: total $70.00 and the extra person is sent', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.click(screen.getByLabelText('Add another member and pay together'));
    await user.type(screen.getByLabelText('First name'), ' Sam ');
    await user.type(screen.getByLabelText('Last name'), 'Reef');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2015-06-01' } });
    expect(screen.getByText('Total to pay: $70.00 AUD')).toBeTruthy();
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Complete Your Payment')).toBeTruthy();
    expect((server.mutations()[0].inputs[0] as { additionalMembers: unknown }).additionalMembers).toEqual([
      { firstName: 'Sam', lastName: 'Reef', dateOfBirth: '2015-06-01' },
    ]);
  });

  it('lists household members for a family and charges the family fee', async () => {
    const server = membershipServer({
      'members.register': () =>
        ok({
          ...REGISTERED,
          membershipType: 'family',
          amount: '120.00',
          members: [
            { firstName: 'Morgan', lastName: 'Reef', membershipType: 'adult' },
            { firstName: 'Sam', lastName: 'Reef', membershipType: 'junior' },
            { firstName: 'Alex', lastName: 'Reef', membershipType: 'adult' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText(/^Membership Type/), 'family');
    expect(screen.getByText(/Family covers up to 2 adults and 3 juniors \(under 16\)/)).toBeTruthy();
    expect(screen.queryByLabelText('Add another member and pay together')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add family member' }));
    await user.click(screen.getByRole('button', { name: 'Add family member' }));
    const firstNames = screen.getAllByLabelText('First name');
    const lastNames = screen.getAllByLabelText('Last name');
    const births = screen.getAllByLabelText('Date of birth');
    await user.type(firstNames[0], 'Sam');
    await user.type(lastNames[0], 'Reef');
    fireEvent.change(births[0], { target: { value: '2015-06-01' } });
    await user.type(firstNames[1], 'Alex');
    await user.type(lastNames[1], 'Reef');
    fireEvent.change(births[1], { target: { value: '1988-02-03' } });
    expect(screen.getByText('Total to pay: $120.00 AUD')).toBeTruthy();
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Complete Your Payment')).toBeTruthy();
    const sent = server.mutations()[0].inputs[0] as { membershipType: string; additionalMembers: unknown };
    expect(sent.membershipType).toBe('family');
    expect(sent.additionalMembers).toEqual([
      { firstName: 'Sam', lastName: 'Reef', dateOfBirth: '2015-06-01' },
      { firstName: 'Alex', lastName: 'Reef', dateOfBirth: '1988-02-03' },
    ]);
    expect(screen.getByText('Morgan Reef, Sam Reef, Alex Reef')).toBeTruthy();
    expect(screen.getByText('$120.00 AUD')).toBeTruthy();
  });

  it('falls back to a general message when the server gives no reason', async () => {
    const server = membershipServer({ 'members.register': () => trpcError(500, 'INTERNAL_SERVER_ERROR', '') });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('Please check your information and try again.')).toBeTruthy();
    expect(screen.queryByText('Complete Your Payment')).toBeNull();
  });

  it('opens the code of conduct with its 11 rules and the association number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, membershipServer());
    await user.click(screen.getByText('Open join'));
    await user.click(await screen.findByRole('button', { name: 'Code of Conduct' }));
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
  it('shows why payments are unavailable', async () => {
    const server = membershipServer({
      'payments.setup': () => trpcError(503, 'SERVICE_UNAVAILABLE', 'Online payments are not available at the moment. Please contact the club.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    expect(await screen.findByText('Online payments are not available at the moment. Please contact the club.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /\(demo\)/ })).toBeNull();
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
  it("on an event day the dashboard leads to the fish logging screen", async () => {
    const user = userEvent.setup();
    const now = new Date().toISOString();
    const today = { id: 'r1', eventId: 'e1', name: 'Bream Bash', location: 'Chinderah', eventDate: now, date: now, registeredAt: now };
    renderApp(
      '/member',
      fakeServer((procedure) => (procedure === 'events.myRegistrations' ? ok([today]) : procedure === 'members.list' ? ok([]) : procedure === 'auth.me' ? ok(USER) : procedure === 'members.profile' ? ok(PROFILE) : ok(null))),
    );
    expect(await screen.findByText('Event day: Bream Bash')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Log a Catch' }));
    expect(await screen.findByRole('form', { name: 'Log Your Catch' })).toBeTruthy();
  });

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
  it('renews from the banner: payment for the household at the renewal amount', async () => {
    const user = userEvent.setup();
    const profile = {
      ...PROFILE,
      status: 'expired',
      household: [...PROFILE.household, { id: 'm2', firstName: 'Sam', lastName: 'Reef', membershipType: 'junior' }],
      renewalAmount: '70.00',
    };
    renderApp('/member', portalServer(profile));
    await user.click(await screen.findByRole('button', { name: 'Renew Membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByText('Morgan Reef, Sam Reef')).toBeTruthy();
    expect(within(dialog).getByText('$70.00 AUD')).toBeTruthy();
  });

  it('opens the join form from the banner with the account e-mail filled in, and shows the new pending membership after registering', async () => {
    let profile: unknown = null;
    const server = fakeServer((procedure) => {
      if (procedure === 'auth.me') return ok(USER);
      if (procedure === 'members.profile') return ok(profile);
      if (procedure === 'members.register') {
        profile = { ...PROFILE, status: 'pending', memberSince: null, expiryDate: null };
        return ok(REGISTERED);
      }
      if (procedure === 'payments.setup') return ok({ provider: 'demo', clientId: null, clientToken: 'demo-token', currency: 'AUD' });
      return ok(null);
    });
    const user = userEvent.setup();
    renderApp('/member?tab=profile', server);
    await user.click(await screen.findByRole('button', { name: 'Join the Club' }));
    expect(((await screen.findByLabelText(/^Email Address/)) as HTMLInputElement).value).toBe('morgan@example.com');
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Morgan');
    await user.type(screen.getByLabelText(/^Phone Number/), '0412 345 678');
    await user.type(screen.getByLabelText(/^Address/), '1 Wharf St, Tweed Heads');
    fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: '1990-04-01' } });
    await user.selectOptions(screen.getByLabelText(/^Gender/), 'male');
    await user.selectOptions(screen.getByLabelText(/^Shirt Size/), 'L');
    await user.selectOptions(screen.getByLabelText(/^Membership Type/), 'adult');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByRole('dialog', { name: 'Complete Your Payment' })).toBeTruthy();
    // Behind the payment dialog the portal already knows the (unpaid) membership.
    expect(await screen.findByText('Inactive')).toBeTruthy();
    expect(screen.getByText(/Member since N\/A · Expires N\/A/)).toBeTruthy();
  });

  it("opens the Profile tab from the user menu's Profile item", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/member', portalServer(PROFILE));
    await user.click(await screen.findByRole('button', { name: 'Morgan' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByText('1 Wharf St, Tweed Heads')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member');
    expect(router.state.location.search).toEqual({ tab: 'profile' });
  });

  it('shows the assistant and the events tab', async () => {
    const user = userEvent.setup();
    renderApp('/member?tab=chat', portalServer(PROFILE));
    expect(await screen.findByText(CHAT_GREETING)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Events' }));
    expect(await screen.findByText('Event Day - Mobile Check-in')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Log Your Catch' })).toBeTruthy();
  });
});

describe('NSW resources tab', () => {
  it('lists the fisheries links with the licence marked REQUIRED and the legal notice', async () => {
    renderApp('/member?tab=resources', portalServer(PROFILE));
    expect(await screen.findByText('NSW Recreational Fishing Licence')).toBeTruthy();
    expect(screen.getAllByText('REQUIRED')).toHaveLength(1);
    expect(screen.getByText(/A valid NSW recreational fishing licence is required/)).toBeTruthy();
    for (const title of ['Saltwater bag and size limits', 'Freshwater bag and size limits', 'FishSmart NSW app', 'Fishing closures', 'General fishing rules', 'Fishing locations', 'Species identification']) {
      expect(screen.getByRole('link', { name: title }).getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});

function RegistrationDocuments() {
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  return <ClubDocuments registration accepted={accepted} onToggle={(id) => setAccepted((a) => ({ ...a, [id]: !a[id] }))} />;
}

describe('club documents', () => {
  it('in the registration variant lists only the required documents, each with an accept toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistrationDocuments />, membershipServer());
    expect(screen.getAllByRole('button', { name: 'Read Document' })).toHaveLength(3);
    const toggles = screen.getAllByRole('button', { name: 'Accept Required' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[0]);
    expect(screen.getAllByRole('button', { name: 'Accepted' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Accepted' }));
    expect(screen.getAllByRole('button', { name: 'Accept Required' })).toHaveLength(3);
  });

  it('shows the four documents with type and Required badges, and opens a text with Close', async () => {
    const user = userEvent.setup();
    renderApp('/member?tab=documents', portalServer(PROFILE));
    expect(await screen.findByText('Club Documents')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'View Document' })).toHaveLength(4);
    expect(screen.getAllByText('Required')).toHaveLength(3);
    for (const type of ['Legal', 'Behavior', 'Competition', 'Culture']) expect(screen.getByText(type)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'View Document' })[2]);
    const panel = await screen.findByRole('dialog', { name: 'Club Competition Rules' });
    expect(within(panel).getByText(/Entry fee: \$10 per entrant, \$15 for non-members\./)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
  });
});

describe('recent catches', () => {
  const catchOf = (i: number, extra: Record<string, unknown> = {}) => ({
    id: `c${i}`, fishType: 'Bream', size: 30 + i, fishKeptOrReleased: 'kept', catchTime: '2026-11-21T22:00:00.000Z', date: '2026-11-21T22:00:00.000Z',
    verified: false, status: 'pending', eventId: 'e1', eventName: 'Bream Bash', location: 'Chinderah', anglerName: 'Morgan Reef', photoUrl: '/p', thumbnailUrl: '/t', ...extra,
  });
  const server = (catches: unknown[]) =>
    fakeServer((procedure) => (procedure === 'auth.me' ? ok(USER) : procedure === 'members.profile' ? ok(PROFILE) : procedure === 'catches.mine' ? ok(catches) : ok(null)));

  it('shows the first five with kept/released badges and a tick once verified', async () => {
    renderApp('/member?tab=catches', server([catchOf(1, { verified: true, status: 'verified', fishKeptOrReleased: 'released' }), ...[2, 3, 4, 5, 6].map((i) => catchOf(i))]));
    expect(await screen.findByText('Your Recent Catches')).toBeTruthy();
    expect(await screen.findAllByText(/^Bream · /)).toHaveLength(5);
    expect(screen.getAllByLabelText('Verified')).toHaveLength(1);
    expect(screen.getAllByText('Released', { selector: '.mantine-Badge-label' })).toHaveLength(1);
    expect(screen.getAllByText(/22\/11\/2026 · Bream Bash/, { selector: 'p' })).toHaveLength(5);
  });

  it("tells the angler the judge's reason when a catch was not accepted", async () => {
    renderApp('/member?tab=catches', server([catchOf(1, { status: 'rejected', rejectReason: 'The club code is not visible on the mat.' })]));
    expect(await screen.findByText('Not accepted by the judge: The club code is not visible on the mat.')).toBeTruthy();
  });

  it('lists the first three on the dashboard with species, place, length and date', async () => {
    renderApp('/member', server([1, 2, 3, 4].map((i) => catchOf(i, { fishType: ['Flathead', 'Whiting', 'Tailor', 'Bream'][i - 1], location: `Spot ${i}` }))));
    expect(await screen.findByText('Flathead')).toBeTruthy();
    expect(screen.getByText('Whiting')).toBeTruthy();
    expect(screen.getByText('Tailor')).toBeTruthy();
    expect(screen.queryByText('Bream')).toBeNull();
    expect(screen.getByText('Spot 1')).toBeTruthy();
    expect(screen.getByText('31 cm')).toBeTruthy();
    expect(screen.getAllByText('Sun, 22 Nov 2026')).toHaveLength(3);
    expect(screen.queryByText('No catches logged yet')).toBeNull();
  });

  it("says 'No catches logged yet.' when there are none", async () => {
    renderApp('/member?tab=catches', server([]));
    expect(await screen.findByText('No catches logged yet.')).toBeTruthy();
  });
});
