import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignOnDesk } from '../../src/client/features/admin/sign-on-desk';
import type { DeskEntrant } from '../../src/shared/entries.schema';
import { DESK_READS, type Output, fakeServer, ok, renderWithProviders } from './render';

const ID = '33333333-3333-4333-8333-333333333333';
const ENTERED_AT = new Date(Date.now() - 60_000).toISOString();

const entrant = (fields: Partial<DeskEntrant> & Pick<DeskEntrant, 'registrationId' | 'memberId' | 'firstName' | 'lastName'>) => ({
  name: `${fields.firstName} ${fields.lastName}`,
  kind: 'member' as const,
  division: 'open' as const,
  age: 36,
  dateOfBirth: '1990-04-02',
  phone: null,
  email: null,
  fee: '10.00',
  paymentState: 'pay_at_sign_on' as const,
  paidBy: null,
  feeBack: null,
  checkedInAt: null,
  enteredAt: ENTERED_AT,
  disqualified: false,
  ...fields,
});

const DESK: Output<'admin.signOn.list'> = {
  eventId: ID,
  eventName: 'Flathead Classic',
  location: 'Jack Evans Boat Harbour',
  eventDate: new Date(Date.now() + 3600_000).toISOString(),
  entriesCloseAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
  requireCheckIn: false,
  memberFee: '10.00',
  juniorFee: null,
  nonMemberFee: '15.00',
  maxParticipants: null,
  entrants: [
    entrant({ registrationId: '44444444-4444-4444-8444-444444444444', memberId: 'm1', firstName: 'Mia', lastName: 'Fisher' }),
    entrant({
      registrationId: '55555555-5555-4555-8555-555555555555',
      memberId: 'g1',
      firstName: 'Gus',
      lastName: 'Guest',
      kind: 'guest',
      dateOfBirth: '1975-05-05',
      email: 'gus@example.com',
      fee: '15.00',
    }),
  ],
  waiting: [],
  counts: { entered: 2, checkedIn: 0, paid: 0, toPay: 2 },
};

/** Mia is a member already entered; Gus Moore is a member who is the guest Gus Guest's double by e-mail. */
const MEMBERS = [
  { id: 'm1', firstName: 'Mia', lastName: 'Fisher', email: 'mia@example.com', dateOfBirth: '1990-04-02' },
  { id: 'm7', firstName: 'Gus', lastName: 'Moore', email: 'GUS@example.com', dateOfBirth: '1975-05-05' },
];

const sentence = (who: string, as: string) =>
  new RegExp(`^${who} is already entered in Flathead Classic \\(as ${as}, since \\d{1,2}:\\d{2}\\s?[ap]m\\)\\. Nothing was added\\.$`);

describe('the desk is told before adding someone already on its list', () => {
  it('a walk-up guest typed again (any case) and a member already entered or matching a guest: nothing is sent', async () => {
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok(DESK),
      'members.list': () => ok(MEMBERS.map(({ id, firstName, lastName }) => ({ id, firstName, lastName, hint: null }))),
      'admin.signOn.members': () => ok(MEMBERS),
    });
    const user = userEvent.setup();
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    await screen.findAllByTestId('desk-entrant');

    await user.click(screen.getByRole('button', { name: 'Add guest' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a guest' });
    await user.type(within(dialog).getByLabelText(/First name/), 'gus');
    await user.type(within(dialog).getByLabelText(/Last name/), 'GUEST ');
    await user.type(within(dialog).getByLabelText(/Date of birth/), '05/05/1975');
    await user.click(within(dialog).getByRole('button', { name: 'Add guest' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(sentence('Gus Guest', 'a guest'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add member' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    const choose = async (name: string) => {
      await user.selectOptions(await within(dialog).findByLabelText('Member'), name);
      await user.click(within(dialog).getByRole('button', { name: 'Add Entrant' }));
    };
    await choose('Mia Fisher');
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(sentence('Mia Fisher', 'a member'));
    await choose('Gus Moore');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toMatch(sentence('Gus Guest', 'a guest')));
    expect(server.mutations()).toEqual([]);
  });
});
