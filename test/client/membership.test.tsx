import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill } from './fill';
import { useState } from 'react';
import { chatGreeting } from '../../src/shared/chat.schema';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClubDocuments } from '../../src/client/components/club-documents';
import { documentsRequiredMessage, requiredDocuments } from '../../src/shared/documents';
import { useJoinDialog } from '../../src/client/components/join-dialog';
import {
  type Catch,
  type Profile,
  aCatch,
  aDashboard,
  aMembershipPayment,
  aPaymentSetup,
  aProfile,
  aRegistration,
  aUser,
  anUnpaidProfile,
} from './builders';
import { fieldMessage } from './field-message';
import {
  type Answers,
  type FakeServer,
  type Output,
  NOT_YET_JOINED,
  SIGNED_OUT,
  fakeServer,
  ok,
  renderApp,
  renderWithProviders,
  trpcError,
} from './render';

/** What the join form says while a required document is not accepted. */
const DOCUMENTS_REQUIRED_MESSAGE = documentsRequiredMessage(EXAMPLE_CLUB_DOCUMENTS);

const REGISTERED: Output<'members.register'> = {
  message: 'Registration Successful',
  householdId: '11111111-1111-4111-8111-111111111111',
  memberId: '22222222-2222-4222-8222-222222222222',
  membershipType: 'adult',
  amount: '40.00',
  currency: 'AUD',
  members: [{ firstName: 'Morgan', lastName: 'Reef', membershipType: 'adult' }],
};
const CAPTURED = aMembershipPayment({
  id: 'DEMO-1',
  amount: '40.00',
  membership: { status: 'active', memberSince: '2026-11-21', expiryDate: '2027-11-21', members: ['Morgan Reef'] },
});

function membershipServer(overrides: Answers = {}) {
  return fakeServer({
    // Joining from the landing page: nobody is signed in yet.
    'auth.me': () => ok(null),
    'members.register': () => ok(REGISTERED),
    'payments.setup': () => ok(aPaymentSetup()),
    'payments.createOrder': () => ok({ id: 'DEMO-1' }),
    'payments.capture': () => ok(CAPTURED),
    ...overrides,
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

/** The terms, the code-of-conduct checkbox and the toggles of the other required documents. */
async function acceptAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('I accept the terms and conditions'));
  await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
  for (const toggle of screen.queryAllByRole('button', { name: 'Accept Required' })) await user.click(toggle);
}

const DOCUMENTS_SENT = [
  { id: 'waiver', version: '2026-07-01' },
  { id: 'code_of_conduct', version: '2026-07-01' },
  { id: 'competition_rules', version: '2026-07-01' },
];

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  // The form is fetched when the dialog first opens.
  await fill(user, await screen.findByLabelText(/^First Name/), ' Morgan ');
  await fill(user, screen.getByLabelText(/^Last Name/), 'Reef');
  await fill(user, screen.getByLabelText(/^Email Address/), 'morgan@example.com');
  await fill(user, screen.getByLabelText(/^Phone Number/), '0412 345 678');
  await fill(user, screen.getByLabelText(/^Address/), '1 Wharf St, Tweed Heads');
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
    await acceptAll(user);
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
      documentsAccepted: DOCUMENTS_SENT,
    });
    expect(screen.getByText('Morgan Reef')).toBeTruthy();
    expect(screen.getByText('Adult membership, one year')).toBeTruthy();
    expect(screen.getByText('$40.00 AUD')).toBeTruthy();
  });

  it("shows the server's reason when registration fails", async () => {
    const server = membershipServer({
      'members.register': () =>
        trpcError(
          400,
          'BAD_REQUEST',
          'Junior membership is for people under 16 on the day of joining. Morgan is 36, so please choose Adult or Family.',
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await acceptAll(user);
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

  it('shows the three required documents and sends nothing until each is accepted, then sends which versions', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    const documents = screen.getByRole('group', { name: 'Club documents' });
    expect(within(documents).getAllByRole('button', { name: 'Read Document' })).toHaveLength(3);
    for (const doc of requiredDocuments(EXAMPLE_CLUB_DOCUMENTS)) expect(within(documents).getByText(doc.title)).toBeTruthy();
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    // The code-of-conduct checkbox is that document's acceptance: ticking it marks the document Accepted.
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    expect(within(documents).getAllByRole('button', { name: 'Accepted' })).toHaveLength(1);
    await user.click(within(documents).getAllByRole('button', { name: 'Accept Required' })[0]);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));

    expect(await screen.findByText('Error')).toBeTruthy();
    // In the toast and at the documents themselves.
    expect(screen.getAllByText(DOCUMENTS_REQUIRED_MESSAGE).length).toBeGreaterThanOrEqual(2);
    expect(within(documents).getByRole('alert').textContent).toBe(DOCUMENTS_REQUIRED_MESSAGE);
    expect(server.mutations()).toEqual([]);

    await user.click(within(documents).getByRole('button', { name: 'Accept Required' }));
    expect(within(documents).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Complete Your Payment')).toBeTruthy();
    const sent = server.mutations()[0].inputs[0] as { documentsAccepted: unknown; codeOfConductAccepted: unknown };
    expect(sent.documentsAccepted).toEqual(DOCUMENTS_SENT);
    expect(sent.codeOfConductAccepted).toBe(true);
  });

  it('un-ticking the code-of-conduct checkbox takes back the acceptance of that document', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await acceptAll(user);
    await user.click(screen.getByRole('checkbox', { name: /Code of Conduct/ }));
    const documents = screen.getByRole('group', { name: 'Club documents' });
    expect(within(documents).getAllByRole('button', { name: 'Accept Required' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect((await screen.findAllByText(DOCUMENTS_REQUIRED_MESSAGE)).length).toBeGreaterThan(0);
    expect(server.mutations()).toEqual([]);
  });

  it('reads a document over the form; Escape closes the document and keeps the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, membershipServer());
    await user.click(screen.getByText('Open join'));
    const documents = await screen.findByRole('group', { name: 'Club documents' });
    await user.click(within(documents).getAllByRole('button', { name: 'Read Document' })[0]);
    expect(await screen.findByRole('dialog', { name: 'Competition Rules & Waiver' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Competition Rules & Waiver' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Join the Club' })).toBeTruthy();
  });

  it("puts the schema's sentence under a field that is filled but not valid, and sends nothing", async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.clear(screen.getByLabelText(/^Phone Number/));
    await user.type(screen.getByLabelText(/^Phone Number/), 'call me');
    await acceptAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(fieldMessage(screen.getByLabelText(/^Phone Number/))).toBe('Please enter a valid phone number.');
    expect(fieldMessage(screen.getByLabelText(/^Email Address/))).toBeNull();
    expect(server.mutations()).toEqual([]);
  });

  it("puts the server's sentence for an extra person's field under that person's field", async () => {
    const message = 'Additional member first name contains characters that are not allowed.';
    const server = membershipServer({
      'members.register': () => trpcError(400, 'BAD_REQUEST', message, { fieldErrors: { 'additionalMembers.0.firstName': message } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.click(screen.getByLabelText('Add another member and pay together'));
    await user.type(screen.getByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Reef');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2015-02-01' } });
    await acceptAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(fieldMessage(screen.getByLabelText('First name'))).toBe(message);
    expect(fieldMessage(screen.getByLabelText(/^First Name/))).toBeNull();
  });

  it('offers Junior in one click when the server refuses an adult membership for someone under 16', async () => {
    const message = 'Adult membership is for people 16 or over. Morgan is 12, so please choose Junior ($30.00) instead.';
    const server = membershipServer({
      'members.register': () => trpcError(400, 'BAD_REQUEST', message, { fieldErrors: { membershipType: message } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: '2014-05-01' } });
    await acceptAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    const select = screen.getByLabelText(/^Membership Type/) as HTMLSelectElement;
    expect(select.getAttribute('aria-invalid')).toBe('true');
    // At the field (and in the toast).
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);

    server.calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Choose Junior' }));
    expect(select.value).toBe('junior');
    expect(select.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByRole('button', { name: 'Choose Junior' })).toBeNull();
    expect(screen.getByText('Total to pay: $30.00 AUD')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    await waitFor(() => expect(server.mutations()).toHaveLength(1));
    expect((server.mutations()[0].inputs[0] as { membershipType: string }).membershipType).toBe('junior');
  });

  it('offers no Junior when the refused person is 16 or over', async () => {
    const message = 'Junior membership is for people under 16 on the day of joining. Morgan is 36, so please choose Adult or Family.';
    const server = membershipServer({
      'members.register': () => trpcError(400, 'BAD_REQUEST', message, { fieldErrors: { membershipType: message } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText(/^Membership Type/), 'junior');
    await acceptAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByLabelText(/^Membership Type/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Choose Junior' })).toBeNull();
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
    await acceptAll(user);
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
    await acceptAll(user);
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
    await acceptAll(user);
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
    expect(within(dialog).getByText(/Incorporated association INC9887766/)).toBeTruthy();
  });
});

type PayPalSessionOptions = {
  onApprove: (data: { orderId: string }) => Promise<void>;
  onCancel: (data: { orderId?: string }) => void;
  onError: (error: Error) => void;
};

/**
 * Stands in for PayPal's JavaScript SDK v6 on window.paypal (what its core script defines): its window
 * approves or cancels as soon as it opens, once the order promise has given an order id.
 */
function fakePayPalSdk(answer: 'approve' | 'cancel') {
  const seen: { clientToken?: string; opened: number } = { opened: 0 };
  Object.assign(window, {
    paypal: {
      version: '6.1.0',
      createInstance: async (options: { clientToken: string }) => {
        seen.clientToken = options.clientToken;
        return {
          findEligibleMethods: async () => ({ isEligible: (method: string) => method === 'paypal' }),
          createPayPalOneTimePaymentSession: (session: PayPalSessionOptions) => ({
            start: async (_mode: unknown, order: Promise<{ orderId: string }>) => {
              seen.opened++;
              const { orderId } = await order;
              if (answer === 'approve') await session.onApprove({ orderId });
              else session.onCancel({ orderId });
            },
            destroy: () => {},
            cancel: () => {},
          }),
        };
      },
    },
  });
  return seen;
}

const paymentCalls = (server: FakeServer) => server.mutations().flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]]));
const PENDING = aMembershipPayment({
  ...CAPTURED,
  status: 'PENDING',
  membership: { ...CAPTURED.membership, status: 'pending', memberSince: null, expiryDate: null },
});

describe('payment dialog', () => {
  afterEach(() => {
    delete (window as { paypal?: unknown }).paypal;
  });

  it('pays with the demo provider: order for the amount, capture, then Payment Successful!', async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    expect(await screen.findByText(/Demo payments: no money is taken/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.getByText(/active until 21\/11\/2027/)).toBeTruthy();
    // Signed out: the receipt's link is how they reach the portal.
    expect(screen.getByText('A receipt is on its way to your e-mail, with a link that signs you in to the member portal.')).toBeTruthy();
    expect(paymentCalls(server)).toEqual([
      ['payments.createOrder', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' }],
      ['payments.capture', { orderId: 'DEMO-1' }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  });

  it('after joining, says the receipt goes to the address on the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, membershipServer());
    await user.click(screen.getByText('Open join'));
    await fillForm(user);
    await acceptAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(
      await screen.findByText('A receipt is on its way to morgan@example.com, with a link that signs you in to the member portal.'),
    ).toBeTruthy();
  });

  it("demo Cancel gives 'Payment Cancelled' and takes nothing", async () => {
    const server = membershipServer();
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Cancel payment (demo)' }));
    expect(await screen.findByText('Payment Cancelled')).toBeTruthy();
    expect(screen.getByText('You can complete your payment later to activate your membership.')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pay $40.00 (demo)' })).toBeTruthy();
  });

  it('demo Decline captures with simulate decline and shows both failure texts', async () => {
    const server = membershipServer({
      'payments.capture': () =>
        trpcError(402, 'PAYMENT_REQUIRED', 'Payment failed. Please try again or contact support if the issue persists.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Decline payment (demo)' }));
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('There was an issue processing your payment. Please try again.')).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Payment failed. Please try again or contact support if the issue persists.',
    );
    expect(paymentCalls(server)).toEqual([
      ['payments.createOrder', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' }],
      ['payments.capture', { orderId: 'DEMO-1', simulate: 'decline' }],
    ]);
  });

  it('shows the inline failure and lets the member try again', async () => {
    let fail = true;
    const server = membershipServer({
      'payments.capture': () =>
        fail
          ? trpcError(402, 'PAYMENT_REQUIRED', 'Payment failed. Please try again or contact support if the issue persists.')
          : ok(CAPTURED),
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

  it('asks again for a capture whose answer was lost (502), with the same order, before reporting anything', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let captures = 0;
    const server = membershipServer({
      'payments.capture': () =>
        ++captures === 1
          ? trpcError(502, 'BAD_GATEWAY', 'The payment service is not responding. Please try again in a moment.')
          : ok(CAPTURED),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText(/Still confirming your payment/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(paymentCalls(server)).toEqual([
      ['payments.createOrder', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' }],
      ['payments.capture', { orderId: 'DEMO-1' }],
      ['payments.capture', { orderId: 'DEMO-1' }],
    ]);
  });

  it('reports the failure only after the repeated captures all lost their answer (503)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = membershipServer({
      'payments.capture': () =>
        trpcError(503, 'SERVICE_UNAVAILABLE', 'The database is not available at the moment. Please try again shortly.'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('Payment Failed')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Payment failed. Please try again or contact support if the issue persists.')).toBeTruthy();
    expect(screen.getByText('The database is not available at the moment. Please try again shortly.')).toBeTruthy();
    expect(paymentCalls(server).filter(([p]) => p === 'payments.capture')).toHaveLength(4);
  });

  it('shows Payment pending while PayPal holds the payment, asks every few seconds, then shows the success view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let outcomes = 0;
    const server = membershipServer({
      'payments.capture': () => ok(PENDING),
      'payments.outcome': () => ok(++outcomes < 2 ? PENDING : CAPTURED),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText('Payment pending')).toBeTruthy();
    expect(
      screen.getByText(
        'PayPal is still processing your payment. Your membership starts as soon as PayPal releases it; we will e-mail your receipt.',
      ),
    ).toBeTruthy();
    expect(outcomes).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(4100));
    await waitFor(() => expect(outcomes).toBe(1));
    expect(screen.getByText('Payment pending')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4100));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    const polls = server.calls.filter((c) => c.procedures.includes('payments.outcome'));
    expect(polls.map((c) => c.inputs[c.procedures.indexOf('payments.outcome')])).toEqual([{ orderId: 'DEMO-1' }, { orderId: 'DEMO-1' }]);
  });

  it("shows the server's reason when a capture is refused with 409", async () => {
    const message = 'This membership has just been paid by another payment, so this one was not taken. Check your e-mail for the receipt.';
    const server = membershipServer({ 'payments.capture': () => trpcError(409, 'CONFLICT', message) });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    await screen.findByText(message);
    expect(within(screen.getByRole('dialog', { name: 'Complete Your Payment' })).getByRole('alert').textContent).toBe(message);
    expect(screen.queryByText('Payment Failed')).toBeNull();
  });

  it('a renewal refused as too early says why inline; confirming sends earlyRenewal', async () => {
    const message =
      'Your membership is paid until 21/11/2027. Renewal opens on 22/09/2027; renewing now would extend it to 21/11/2028. Confirm an early renewal to pay now.';
    const server = membershipServer({
      'payments.createOrder': () => trpcError(409, 'CONFLICT', message, { fieldErrors: { earlyRenewal: message } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    await user.click(await screen.findByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Payment Failed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Renew early' }));
    expect(screen.getByText('Adult membership, one year (early renewal)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay $40.00 (demo)' }));
    await waitFor(() => expect(paymentCalls(server)).toHaveLength(2));
    expect(paymentCalls(server)[1]).toEqual([
      'payments.createOrder',
      { amount: '40.00', currency: 'AUD', intent: 'CAPTURE', earlyRenewal: true },
    ]);
  });

  it("starts PayPal's SDK v6 from the server's client token; approving captures the order", async () => {
    const sdk = fakePayPalSdk('approve');
    const server = membershipServer({
      'payments.setup': () =>
        ok(aPaymentSetup({ provider: 'paypal', clientId: 'AbC123', clientToken: 'eyJ.client-token', environment: 'sandbox' })),
      'payments.createOrder': () => ok({ id: '5O190127TN364715T' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    const holder = await screen.findByTestId('paypal-buttons');
    await waitFor(() => expect(holder.querySelector('paypal-button')).toBeTruthy());
    expect(sdk.clientToken).toBe('eyJ.client-token');
    fireEvent.click(holder.querySelector('paypal-button')!);
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(paymentCalls(server)).toEqual([
      ['payments.createOrder', { amount: '40.00', currency: 'AUD', intent: 'CAPTURE' }],
      ['payments.capture', { orderId: '5O190127TN364715T' }],
    ]);
  });

  it("cancelling in PayPal's window gives 'Payment Cancelled'", async () => {
    const sdk = fakePayPalSdk('cancel');
    const server = membershipServer({
      'payments.setup': () =>
        ok(aPaymentSetup({ provider: 'paypal', clientId: 'AbC123', clientToken: 'eyJ.client-token', environment: 'sandbox' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    const holder = await screen.findByTestId('paypal-buttons');
    await waitFor(() => expect(holder.querySelector('paypal-button')).toBeTruthy());
    fireEvent.click(holder.querySelector('paypal-button')!);
    expect(await screen.findByText('Payment Cancelled')).toBeTruthy();
    expect(screen.getByText('You can complete your payment later to activate your membership.')).toBeTruthy();
    expect(sdk.opened).toBe(1);
    expect(paymentCalls(server).map(([p]) => p)).toEqual(['payments.createOrder']);
  });

  it('shows why payments are unavailable', async () => {
    const server = membershipServer({
      'payments.setup': () =>
        trpcError(503, 'SERVICE_UNAVAILABLE', 'Online payments are not available at the moment. Please contact the club.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinButton />, server);
    await user.click(screen.getByText('Open payment'));
    expect(await screen.findByText('Online payments are not available at the moment. Please contact the club.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /\(demo\)/ })).toBeNull();
  });
});

const USER = aUser({ firstName: 'Morgan', lastName: 'Reef', email: 'morgan@example.com' });
const PROFILE = aProfile({
  id: 'm1',
  firstName: 'Morgan',
  lastName: 'Reef',
  phone: '0412 345 678',
  address: '1 Wharf St, Tweed Heads',
  membershipType: 'adult',
  status: 'active',
  memberSince: '2026-11-21',
  expiryDate: '2027-11-21',
  renewalAmount: '40.00',
  // Paid a year ahead: renewal opens 60 days before expiry.
  renewal: { open: false, opensOn: '2027-09-22', extendsTo: '2028-11-21' },
});
/** Within 60 days of expiry: renewal is open. */
const RENEWABLE: Profile = {
  ...PROFILE,
  expiryDate: '2026-12-20',
  renewal: { open: true, opensOn: '2026-10-21', extendsTo: '2027-12-20' },
};
/** Registered, never paid. */
const UNPAID = anUnpaidProfile({ id: 'm1', firstName: 'Morgan', lastName: 'Reef', renewalAmount: '40.00' });
const EXPIRED: Profile = {
  ...PROFILE,
  status: 'expired',
  expiryDate: '2026-10-01',
  renewal: { open: true, opensOn: '2026-08-02', extendsTo: '2027-11-21' },
};

function portalServer(profile: Profile | null, extra: Answers = {}) {
  return fakeServer({
    ...SIGNED_OUT,
    'events.myRegistrations': () => ok([]),
    'catches.mine': () => ok([]),
    'auth.me': () => ok(USER),
    'members.profile': () => ok(profile),
    'members.dashboard': () => ok(aDashboard({ eventsAttended: 2 })),
    'members.list': () => ok([{ id: 'm1', firstName: 'Morgan', lastName: 'Reef' }]),
    'members.entrants': ({ eventId }) => ok({ eventId, memberIds: ['m1'] }),
    'pictureOfMonth.month': NOT_YET_JOINED['pictureOfMonth.month'],
    'payments.setup': () => ok(aPaymentSetup()),
    // The Profile tab's payments and calendar address (member-card.test.tsx has their own tests).
    'memberPayments.history': () => ok([]),
    'memberDetails.household': () => ok({ people: [], pendingEmail: null }),
    'calendarFeed.mine': () =>
      ok({
        webcalUrl: 'webcal://club.test/api/calendar/x.ics',
        httpsUrl: 'https://club.test/api/calendar/x.ics',
        issuedAt: '2026-11-01T00:00:00.000Z',
      }),
    ...extra,
  });
}

describe('member portal', () => {
  it('on an event day the dashboard leads to the fish logging screen', async () => {
    const user = userEvent.setup();
    const now = new Date().toISOString();
    const today = aRegistration({
      eventId: 'e1',
      name: 'Bream Bash',
      location: 'Chinderah',
      eventDate: now,
      canCancel: false,
      acceptsCatchesToday: true,
    });
    renderApp('/member', portalServer(PROFILE, { 'events.myRegistrations': () => ok([today]), 'members.list': () => ok([]) }));
    expect(await screen.findByText('Event day: Bream Bash')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Log a Catch' }));
    expect(await screen.findByRole('form', { name: 'Log Your Catch' })).toBeTruthy();
  });

  it('shows the banner of an active member and the read-only profile tab', async () => {
    renderApp('/member?tab=profile', portalServer(RENEWABLE));
    expect(await screen.findByText('Active Member')).toBeTruthy();
    expect(screen.getByText('Welcome, Morgan Reef')).toBeTruthy();
    expect(screen.getByText(/Member since 2026 · Expires 20\/12\/2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew Membership' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renew early' })).toBeNull();
    // The profile tab is fetched when it opens.
    expect(await screen.findByText('First Name')).toBeTruthy();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Membership Type', 'Shirt Size', 'Address'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('0412 345 678')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Events',
      'Catches',
      'NSW Resources',
      'Profile',
      'Assistant',
    ]);
  });

  it('before the renewal window reads Active until, offers no Renew Membership, and renews early only after a confirmation', async () => {
    const server = portalServer(PROFILE, {
      'payments.setup': () => ok(aPaymentSetup()),
      'payments.createOrder': () => ok({ id: 'DEMO-7' }),
      'payments.capture': () => ok({ ...CAPTURED, id: 'DEMO-7', membership: { ...CAPTURED.membership, expiryDate: '2028-11-21' } }),
    });
    const user = userEvent.setup();
    renderApp('/member', server);
    expect(await screen.findByText('Member since 2026 · Active until 21/11/2027')).toBeTruthy();
    expect(screen.getByText('Active Member')).toBeTruthy();
    expect(screen.getByText('Renewal opens on 22/09/2027.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renew Membership' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Renew early' }));
    const confirm = await screen.findByRole('dialog', { name: 'Renew early?' });
    expect(within(confirm).getByText('Your membership runs until 21/11/2027. Paying $40.00 now extends it to 21/11/2028.')).toBeTruthy();
    // Nothing is ordered until the member confirms.
    expect(server.mutations()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Renew early?' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Renew early' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Renew early?' })).getByRole('button', { name: 'Renew early' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByText('Adult membership, one year (early renewal)')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $40.00 (demo)' }));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.getByText('A receipt is on its way to morgan@example.com.')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({ amount: '40.00', currency: 'AUD', intent: 'CAPTURE', earlyRenewal: true });
  });

  it("a registration that was never paid shows 'Payment pending' and Complete payment for the household", async () => {
    const user = userEvent.setup();
    const profile: Profile = {
      ...UNPAID,
      household: [...UNPAID.household, { id: 'm2', firstName: 'Sam', lastName: 'Reef', membershipType: 'junior' }],
      renewalAmount: '70.00',
      documentsToAccept: [],
    };
    renderApp('/member', portalServer(profile));
    expect(await screen.findByText('Payment pending')).toBeTruthy();
    expect(screen.queryByText('Inactive')).toBeNull();
    expect(screen.getByText(/Your registration is waiting for payment/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renew Membership' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Complete payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByText('Morgan Reef, Sam Reef')).toBeTruthy();
    expect(within(dialog).getByText('$70.00 AUD')).toBeTruthy();
  });

  it('asks for the club documents before it offers payment when the registration came without them', async () => {
    const user = userEvent.setup();
    let accepted: unknown = null;
    const server = portalServer(
      { ...UNPAID, documentsToAccept: ['waiver', 'competition_rules'] },
      {
        'members.acceptDocuments': (input) => {
          accepted = input;
          return ok({ message: 'Thank you: the club documents are accepted.' });
        },
      },
    );
    renderApp('/member', server);
    await user.click(await screen.findByRole('button', { name: 'Complete payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByText(/please read and accept each of the club documents/)).toBeTruthy();
    const next = within(dialog).getByRole('button', { name: 'Accept and continue to payment' });
    expect(next.hasAttribute('disabled')).toBe(true);
    // The code of conduct was accepted already; the two that were not must be.
    expect(within(dialog).getAllByRole('button', { name: 'Accepted' })).toHaveLength(1);
    for (const button of within(dialog).getAllByRole('button', { name: 'Accept Required' })) await user.click(button);
    await user.click(next);
    expect(await within(dialog).findByText('$40.00 AUD')).toBeTruthy();
    expect(accepted).toEqual({
      documentsAccepted: requiredDocuments(EXAMPLE_CLUB_DOCUMENTS).map((d) => ({ id: d.id, version: d.version })),
    });
  });

  it("while PayPal processes a payment shows 'Payment pending' and says so, with nothing to pay", async () => {
    renderApp('/member', portalServer({ ...UNPAID, paymentState: 'processing' }));
    expect(await screen.findByText('Payment pending')).toBeTruthy();
    expect(screen.getByText(/PayPal is processing your payment/)).toBeTruthy();
    for (const name of ['Complete payment', 'Renew Membership', 'Renew early']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows Inactive for an expired membership and the dashboard figures', async () => {
    renderApp('/member', portalServer(EXPIRED));
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
    const profile: Profile = {
      ...EXPIRED,
      household: [...PROFILE.household, { id: 'm2', firstName: 'Sam', lastName: 'Reef', membershipType: 'junior' }],
      renewalAmount: '70.00',
      documentsToAccept: [],
    };
    renderApp('/member', portalServer(profile));
    await user.click(await screen.findByRole('button', { name: 'Renew Membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByText('Morgan Reef, Sam Reef')).toBeTruthy();
    expect(within(dialog).getByText('$70.00 AUD')).toBeTruthy();
  });

  it('opens the join form from the banner with the account e-mail filled in, and shows the new pending membership after registering', async () => {
    let profile: Profile | null = null;
    const server = portalServer(null, {
      'members.profile': () => ok(profile),
      'members.register': () => {
        profile = UNPAID;
        return ok(REGISTERED);
      },
      'payments.setup': () => ok(aPaymentSetup()),
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
    await acceptAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(await screen.findByRole('dialog', { name: 'Complete Your Payment' })).toBeTruthy();
    // Behind the payment dialog the portal already knows the (unpaid) membership.
    expect(await screen.findByText('Payment pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete payment', hidden: true })).toBeTruthy();
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
    expect(await screen.findByText(chatGreeting(EXAMPLE_CLUB_PROFILE))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Events' }));
    expect(await screen.findByText('Event Day - Mobile Check-in')).toBeTruthy();
    // The fish-logging form comes with the check-in button, not with the tab.
    expect(screen.queryByRole('form', { name: 'Log Your Catch' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log a Catch' }));
    expect(await screen.findByRole('form', { name: 'Log Your Catch' })).toBeTruthy();
  });
});

describe('NSW resources tab', () => {
  it('lists the fisheries links with the licence marked REQUIRED and the legal notice', async () => {
    renderApp('/member?tab=resources', portalServer(PROFILE));
    expect(await screen.findByText('NSW Recreational Fishing Licence')).toBeTruthy();
    expect(screen.getAllByText('REQUIRED')).toHaveLength(1);
    expect(screen.getByText(/A valid NSW recreational fishing licence is required/)).toBeTruthy();
    for (const title of [
      'Saltwater bag and size limits',
      'Freshwater bag and size limits',
      'FishSmart NSW app',
      'Fishing closures',
      'General fishing rules',
      'Fishing locations',
      'Species identification',
    ]) {
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
  const catchOf = (i: number, extra: Partial<Catch> = {}) =>
    aCatch({
      id: `c${i}`,
      fishType: 'Bream',
      size: 30 + i,
      fishKeptOrReleased: 'kept',
      catchTime: '2026-11-21T22:00:00.000Z',
      status: 'pending',
      eventName: 'Bream Bash',
      location: 'Chinderah',
      anglerName: 'Morgan Reef',
      ...extra,
    });
  const server = (catches: Catch[]) => portalServer(PROFILE, { 'catches.mine': () => ok(catches) });

  it('shows the first five, kept or released in words, and a tick once verified', async () => {
    renderApp(
      '/member?tab=catches',
      server([
        catchOf(1, { verified: true, status: 'verified', fishKeptOrReleased: 'released' }),
        ...[2, 3, 4, 5, 6].map((i) => catchOf(i)),
      ]),
    );
    expect(await screen.findByText('Your Recent Catches')).toBeTruthy();
    expect(await screen.findAllByText(/^Bream · /)).toHaveLength(5);
    expect(screen.getAllByLabelText('Verified')).toHaveLength(1);
    expect(screen.getAllByText(/^Released · 22\/11\/2026 · Bream Bash/, { selector: 'p' })).toHaveLength(1);
    expect(screen.getAllByText(/^Kept · 22\/11\/2026 · Bream Bash/, { selector: 'p' })).toHaveLength(4);
  });

  it("tells the angler the judge's reason when a catch was not accepted", async () => {
    renderApp(
      '/member?tab=catches',
      server([catchOf(1, { status: 'rejected', rejectReason: 'The club code is not visible on the mat.' })]),
    );
    expect(await screen.findByText('Not accepted by the judge: The club code is not visible on the mat.')).toBeTruthy();
  });

  it("pages through all of the angler's catches, each with its verdict", async () => {
    const all = Array.from({ length: 23 }, (_, i) => catchOf(i + 1));
    const paged = portalServer(PROFILE, {
      'catches.mine': (input) => ok(all.slice(input?.cursor ?? 0, (input?.cursor ?? 0) + (input?.limit ?? 50))),
    });
    renderApp('/member?tab=catches', paged);
    const showAll = await screen.findByRole('button', { name: 'Show all my catches' });
    expect(screen.getAllByText(/^Bream · /)).toHaveLength(5);
    await userEvent.click(showAll);
    await waitFor(() => expect(screen.getAllByText(/^Bream · /)).toHaveLength(20));
    expect(screen.getAllByText('Waiting for the judges')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByText(/^Bream · /)).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(paged.calls.flatMap((c) => c.inputs.filter((_, i) => c.procedures[i] === 'catches.mine'))).toEqual(
      expect.arrayContaining([{ limit: 20, cursor: 20, direction: 'forward' }]),
    );
  });

  it('lists the first three on the dashboard with species, place, length and date', async () => {
    renderApp(
      '/member',
      server([1, 2, 3, 4].map((i) => catchOf(i, { fishType: ['Flathead', 'Whiting', 'Tailor', 'Bream'][i - 1], location: `Spot ${i}` }))),
    );
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
