import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileTab } from '../../src/client/features/portal/profile-tab';
import { type HouseholdMember, aDashboard, aHouseholdMember, aMembershipPayment, aPaymentSetup, aProfile, aUser } from './builders';
import { type Output, fakeServer, ok, renderWithProviders, trpcError } from './render';
import { fill } from './fill';

const PROFILE = aProfile({
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Dana',
  lastName: 'Reef',
  email: 'dana@example.com',
});
/** Dana, the household's adult, and Kit, her junior. */
const DANA = aHouseholdMember({
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Dana',
  lastName: 'Reef',
  membershipType: 'adult',
  expiryDate: '2027-11-21',
  phone: '0412 345 678',
  address: '1 Wharf St, Tweed Heads NSW 2485',
  shirtSize: 'M',
  medicalNotes: null,
});
const KIT = aHouseholdMember({
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Kit',
  lastName: 'Reef',
  membershipType: 'junior',
  expiryDate: '2027-11-21',
  emergencyContact: null,
});

function server(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'memberDetails.household': () => ok({ people: [DANA, KIT], pendingEmail: null }),
    'members.profile': () => ok(PROFILE),
    ...extra,
  });
}

describe('the profile tab: a member keeps their own details', () => {
  it('changes their phone number and says so', async () => {
    const fake = server({ 'memberDetails.update': (input) => ok({ ...DANA, phone: input.phone ?? null }) });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={PROFILE} loading={false} />, fake);
    await user.click(await screen.findByRole('button', { name: 'Edit my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit my details' });
    expect(within(dialog).queryByLabelText('Medical notes')).toBeNull();
    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await fill(user, phone, '0455 123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details saved')).toBeTruthy();
    expect(fake.mutations()[0].inputs[0]).toEqual({
      memberId: '11111111-1111-4111-8111-111111111111',
      phone: '0455 123 456',
      address: '1 Wharf St, Tweed Heads NSW 2485',
      shirtSize: 'M',
      medicalNotes: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit my details' })).toBeNull());
  });

  it("shows the server's field error on the field and keeps the dialog open", async () => {
    const fake = server({
      'memberDetails.update': () =>
        trpcError(400, 'BAD_REQUEST', 'Please enter a valid phone number.', {
          fieldErrors: { phone: 'Please enter a valid phone number.' },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={PROFILE} loading={false} />, fake);
    await user.click(await screen.findByRole('button', { name: 'Edit my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit my details' });
    await user.type(within(dialog).getByLabelText('Phone'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect((await within(dialog).findAllByText('Please enter a valid phone number.')).length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });

  it("keeps a junior's emergency contact and medical notes, asking for the whole contact", async () => {
    const fake = server({ 'memberDetails.update': () => ok(KIT) });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={PROFILE} loading={false} />, fake);
    const kit = (await screen.findAllByTestId('household-person'))[1];
    expect(within(kit).getByText('No emergency contact yet')).toBeTruthy();
    expect(within(kit).getByText('until 21/11/2027')).toBeTruthy();
    await user.click(within(kit).getByRole('button', { name: 'Edit details for Kit' }));
    const dialog = await screen.findByRole('dialog', { name: "Kit's details" });
    await fill(user, within(dialog).getByLabelText('Name'), 'Gran Reef');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await within(dialog).findByText('Please say how they are related (aunt, neighbour...).')).toBeTruthy();
    expect(fake.mutations()).toEqual([]);
    await fill(user, within(dialog).getByLabelText('Relationship'), 'Grandmother');
    await fill(user, within(dialog).getAllByLabelText('Phone')[1], '07 5555 1234');
    await fill(user, within(dialog).getByLabelText('Medical notes'), 'Asthma: puffer in the tackle box.');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    await screen.findByText('Details saved');
    expect(fake.mutations()[0].inputs[0]).toMatchObject({
      memberId: '22222222-2222-4222-8222-222222222222',
      emergencyContact: { name: 'Gran Reef', phone: '07 5555 1234', relationship: 'Grandmother' },
      medicalNotes: 'Asthma: puffer in the tackle box.',
    });
  });

  const ME = aUser({ firstName: 'Dana', lastName: 'Reef', email: 'dana@example.com', hasPassword: true });
  type Pending = { newEmail: string; expiresAt: string; step: 'identity' | 'new_address' };

  it('asks for the current password before an e-mail change, then shows it waiting for confirmation', async () => {
    let pending: Pending | null = null;
    const fake = server({
      'auth.me': () => ok(ME),
      'memberDetails.household': () => ok({ people: [DANA], pendingEmail: pending }),
      'memberDetails.requestEmailChange': (input) => {
        if (input.currentPassword !== 'correct horse battery')
          return trpcError(400, 'BAD_REQUEST', 'Your current password is incorrect.', {
            fieldErrors: { currentPassword: 'Your current password is incorrect.' },
          });
        pending = { newEmail: input.email, expiresAt: '2026-11-25T00:00:00.000Z', step: 'new_address' };
        return ok({
          message: `We have sent a confirmation link to ${input.email}.`,
          pending: { ...pending, sentAt: '2026-11-24T00:00:00.000Z' },
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={PROFILE} loading={false} />, fake);
    await user.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change e-mail address' });
    await fill(user, within(dialog).getByLabelText('New e-mail address'), 'Dana.New@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect((await within(dialog).findAllByText('Please enter your current password.')).length).toBeGreaterThan(0);
    expect(fake.mutations()).toEqual([]);

    await fill(user, within(dialog).getByLabelText('Current password'), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect((await within(dialog).findAllByText('Your current password is incorrect.')).length).toBeGreaterThan(0);

    await user.clear(within(dialog).getByLabelText('Current password'));
    await fill(user, within(dialog).getByLabelText('Current password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByTestId('pending-email')).toBeTruthy();
    expect(screen.getByText(/We sent a link to dana.new@example.com/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Change e-mail' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fake.mutations().at(-1)!.inputs[0]).toEqual({ email: 'dana.new@example.com', currentPassword: 'correct horse battery' });
  });

  it('without a password, says the first link goes to the current address, and shows that step waiting', async () => {
    let pending: Pending | null = null;
    const fake = server({
      'auth.me': () => ok({ ...ME, hasPassword: false }),
      'memberDetails.household': () => ok({ people: [DANA], pendingEmail: pending }),
      'memberDetails.requestEmailChange': (input) => {
        pending = { newEmail: input.email, expiresAt: '2026-11-25T00:00:00.000Z', step: 'identity' };
        return ok({
          message: 'To make sure it is you, we have sent a link to dana@example.com.',
          pending: { ...pending, sentAt: '2026-11-24T00:00:00.000Z' },
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={PROFILE} loading={false} />, fake);
    await user.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change e-mail address' });
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    expect(within(dialog).getByText(/we first send a link to/)).toBeTruthy();
    await fill(user, within(dialog).getByLabelText('New e-mail address'), 'dana.new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send the first link' }));
    expect(await screen.findByText(/We sent a link to your current address to make sure it is you/)).toBeTruthy();
    expect(fake.mutations()[0].inputs[0]).toEqual({ email: 'dana.new@example.com' });
  });

  it('adds a junior and pays the difference the server priced, then the junior waits no more', async () => {
    const IVY = '33333333-3333-4333-8333-333333333333';
    let people: HouseholdMember[] = [DANA];
    let pendingAddition: Output<'memberDetails.household'>['pendingAddition'] = null;
    const fake = server({
      'memberDetails.household': () => ok({ people, pendingEmail: null, pendingAddition }),
      'memberDetails.addJunior': (input) => {
        people = [DANA, { ...KIT, id: IVY, firstName: input.firstName, status: 'pending', expiryDate: null }];
        pendingAddition = { memberId: IVY, name: 'Ivy Reef', amountDue: '30.00', until: '2027-11-21', becomesFamily: false };
        return ok({
          memberId: IVY,
          message: 'Ivy is added to your household. Pay $30.00 to make them a member until 21/11/2027.',
          amountDue: '30.00',
          until: '2027-11-21',
          becomesFamily: false,
        });
      },
      'payments.setup': () => ok(aPaymentSetup()),
      'payments.createOrder': () => ok({ id: 'DEMO-9' }),
      'payments.capture': () => {
        people = [DANA, { ...KIT, id: IVY, firstName: 'Ivy' }];
        pendingAddition = null;
        return ok(
          aMembershipPayment({
            id: 'DEMO-9',
            amount: '30.00',
            membership: { status: 'active', memberSince: '2025-11-21', expiryDate: '2027-11-21', members: ['Dana Reef', 'Ivy Reef'] },
          }),
        );
      },
      'members.dashboard': () => ok(aDashboard()),
      'auth.me': () => ok(null),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={PROFILE} loading={false} />, fake);
    await user.click(await screen.findByRole('button', { name: 'Add a junior' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a junior' });
    await user.type(within(dialog).getByLabelText('First name'), 'Ivy');
    await fill(user, within(dialog).getByLabelText('Last name'), 'Reef');
    await fill(user, within(dialog).getByLabelText('Date of birth'), '01/05/2016');
    await user.selectOptions(within(dialog).getByLabelText('Gender'), 'female');
    await user.click(within(dialog).getByRole('button', { name: 'Add junior' }));
    expect(await within(dialog).findByText("Please accept the club's rules and code of conduct on their behalf.")).toBeTruthy();
    await user.click(within(dialog).getByLabelText("I accept the club's rules and code of conduct on their behalf"));
    await user.click(within(dialog).getByRole('button', { name: 'Add junior' }));

    const pay = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(pay).getByText('Added to your membership until 21/11/2027')).toBeTruthy();
    await user.click(await within(pay).findByRole('button', { name: 'Pay $30.00 (demo)' }));
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    const order = fake.mutations().find((m) => m.procedures.includes('payments.createOrder'))!;
    expect(order.inputs[0]).toEqual({ amount: '30.00', currency: 'AUD', intent: 'CAPTURE', addMembers: true });
    await waitFor(() => expect(screen.queryByTestId('pending-addition')).toBeNull());
  });
});
