import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignOnDesk } from '../../src/client/features/admin/sign-on-desk';
import { MemberEvents } from '../../src/client/features/events/member-events';
import { addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedGuestVersions } from '../../src/shared/documents';
import { aPaymentSetup, aDesk, aDeskEntrant, aProfile, aRegistration, aUser, anEvent } from './builders';
import { type Answers, DESK_READS, SIGNED_OUT, fakeServer, ok, renderApp, renderWithProviders } from './render';
import { fill } from './fill';

const ID = '33333333-3333-4333-8333-333333333333';
const TODAY = clubToday(new Date());
// 7:00 am (club time) two weeks ahead: entries close at 9:00 am, the end of sign-on.
const LATER = clubLocalToInstant(`${clubToday(new Date(Date.now() + 14 * 86_400_000))}T07:00`);
const EVENT = anEvent({
  id: ID,
  name: 'Flathead Classic',
  eventDate: LATER.toISOString(),
  memberFee: '10.00',
  juniorFee: '5.00',
  nonMemberFee: '15.00',
  entriesCloseAt: new Date(LATER.getTime() + 2 * 3600_000).toISOString(),
  payAtSignOn: false,
  requireCheckIn: false,
});
/** Mia, an adult member, and Kit, a junior of her household. */
const PROFILE = aProfile({
  id: 'm1',
  dateOfBirth: '1990-04-01',
  household: [
    { id: 'm1', firstName: 'Mia', lastName: 'Fisher', membershipType: 'adult', dateOfBirth: '1990-04-01', current: true },
    { id: 'm2', firstName: 'Kit', lastName: 'Fisher', membershipType: 'junior', dateOfBirth: addYears(TODAY, -10), current: true },
  ],
});
const ENTRY = aRegistration({
  eventId: ID,
  name: 'Flathead Classic',
  eventDate: LATER.toISOString(),
  canCancel: true,
  memberId: 'm1',
  memberName: 'Mia Fisher',
  fee: '10.00',
  paymentState: 'unpaid',
  refundOnCancel: false,
  checkedIn: false,
});
const DEMO_SETUP = () => ok(aPaymentSetup());

function memberServer(overrides: Answers = {}) {
  return fakeServer({
    'events.upcoming': () => ok([EVENT]),
    'events.myRegistrations': () => ok([]),
    'members.profile': () => ok(PROFILE),
    'auth.me': () => ok(aUser()),
    'payments.setup': DEMO_SETUP,
    ...overrides,
  });
}

describe('entering an event', () => {
  it("shows the event's prices and close, and takes the fee online straight after Register Now where the event wants it", async () => {
    const server = memberServer({
      'events.register': () => ok(ENTRY),
      'entries.createOrder': () => ok({ id: 'DEMO-0000000000000001' }),
      'entries.capture': () =>
        ok({
          status: 'COMPLETED' as const,
          amount: '10.00',
          names: ['Mia Fisher'],
          message: 'Payment received: Mia Fisher is entered and paid.',
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    const card = await screen.findByTestId('available-event');
    expect(within(card).getByText('Entry: Members $10.00 · Juniors $5.00 · Non-members $15.00')).toBeTruthy();
    expect(within(card).getByText(/^Entries close 9:00 am on \d\d\/\d\d\/\d{4}$/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Register Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay entry fee' });
    expect(within(dialog).getByTestId('entry-amount').textContent).toBe('$10.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $10.00 (demo)' }));
    expect(await within(dialog).findByText('Payment received: Mia Fisher is entered and paid.')).toBeTruthy();
    const procedures = server.mutations().map((c) => c.procedures[0]);
    expect(procedures).toEqual(['events.register', 'entries.createOrder', 'entries.capture']);
    expect(server.mutations()[1].inputs[0]).toEqual({ id: ID });
  });

  it("enters a junior of the household with the member, paying at sign-on, and shows each entry's fee state", async () => {
    const server = memberServer({
      'events.upcoming': () => ok([{ ...EVENT, payAtSignOn: true }]),
      'entries.enter': () => ok({ message: 'Mia Fisher and Kit Fisher are entered in Flathead Classic.', amountDue: '0.00', entries: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    await user.click(await screen.findByRole('button', { name: 'Enter with my juniors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Flathead Classic' });
    expect((within(dialog).getByLabelText('Kit Fisher (junior)') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText('Pay at the sign-on desk on the day'));
    await user.click(within(dialog).getByRole('button', { name: 'Enter 2 people' }));
    expect(await screen.findByText('Mia Fisher and Kit Fisher are entered in Flathead Classic.')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({ id: ID, memberIds: ['m1', 'm2'], payAtSignOn: true });
  });

  it('offers to pay an unpaid entry, and names the junior on their entry', async () => {
    const server = memberServer({
      'events.myRegistrations': () =>
        ok([
          { ...ENTRY, paymentState: 'pay_at_sign_on' as const },
          {
            ...ENTRY,
            id: 'r2',
            memberId: 'm2',
            memberName: 'Kit Fisher',
            fee: '5.00',
            paymentState: 'paid' as const,
            refundOnCancel: true,
          },
        ]),
      'events.cancel': () => ok({ message: 'Kit Fisher is no longer entered in Flathead Classic. $5.00 is refunded.' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    const [mine, kits] = await screen.findAllByTestId('registered-event');
    expect(within(mine).getByTestId('entry-payment-state').textContent).toBe('Pay at sign-on');
    expect(within(mine).getByRole('button', { name: 'Pay $10.00 online' })).toBeTruthy();
    expect(within(kits).getByText('Entrant: Kit Fisher')).toBeTruthy();
    expect(within(kits).getByTestId('entry-payment-state').textContent).toBe('Paid');
    expect(within(kits).getByRole('button', { name: 'Cancel Kit Fisher' })).toBeTruthy();
    expect(within(kits).getByText('Cancelling refunds the fee')).toBeTruthy();

    // A paid entry asks first, and says what happens to the fee; keeping it sends nothing.
    await user.click(within(kits).getByRole('button', { name: 'Cancel Kit Fisher' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel the entry in Flathead Classic?' });
    expect(within(ask).getByText(/The \$5\.00 entry fee is refunded the way it was paid/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Keep the entry' }));
    expect(server.mutations()).toEqual([]);
    await user.click(within(kits).getByRole('button', { name: 'Cancel Kit Fisher' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Cancel Kit Fisher's entry" }));
    expect(await screen.findByText('Kit Fisher is no longer entered in Flathead Classic. $5.00 is refunded.')).toBeTruthy();
    expect(server.mutations().map((c) => c.inputs[0])).toEqual([{ id: ID, memberId: 'm2' }]);
  });
});

describe('a family household enters its juniors', () => {
  /** A Family household: every person on the family membership; juniors are known by their age on the event's day. */
  const FAMILY = aProfile({
    dateOfBirth: '1990-04-01',
    membershipType: 'family',
    household: [
      { id: 'm1', firstName: 'Mia', lastName: 'Fisher', membershipType: 'family', dateOfBirth: '1990-04-01', current: true },
      { id: 'm2', firstName: 'Ethan', lastName: 'Fisher', membershipType: 'family', dateOfBirth: addYears(TODAY, -12), current: true },
      { id: 'm3', firstName: 'Chloe', lastName: 'Fisher', membershipType: 'family', dateOfBirth: addYears(TODAY, -9), current: true },
      { id: 'm4', firstName: 'Sam', lastName: 'Fisher', membershipType: 'family', dateOfBirth: addYears(TODAY, -17), current: true },
      { id: 'm5', firstName: 'Lapsed', lastName: 'Fisher', membershipType: 'family', dateOfBirth: addYears(TODAY, -8), current: false },
    ],
  });

  it('offers the juniors of a family membership, and only them once the adult has entered', async () => {
    const server = memberServer({
      'members.profile': () => ok(FAMILY),
      'events.myRegistrations': () => ok([ENTRY]),
      'entries.enter': () =>
        ok({ message: 'Ethan Fisher and Chloe Fisher are entered in Flathead Classic.', amountDue: '0.00', entries: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    const card = await screen.findByTestId('available-event');
    expect(await within(card).findByText('Registered')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Enter with my juniors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Flathead Classic' });
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => [(box as HTMLInputElement).labels?.[0]?.textContent, (box as HTMLInputElement).checked]);
    expect(offered).toEqual([
      ['Ethan Fisher (junior)', true],
      ['Chloe Fisher (junior)', true],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Enter 2 people' }));
    expect(await screen.findByText('Ethan Fisher and Chloe Fisher are entered in Flathead Classic.')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({ id: ID, memberIds: ['m2', 'm3'], payAtSignOn: false });
  });

  it("says who a limited event is for, and offers an adult only their juniors in a juniors' event", async () => {
    const server = memberServer({
      'members.profile': () => ok(FAMILY),
      'events.upcoming': () => ok([{ ...EVENT, ageLimit: 'juniors' as const, membersOnly: true }]),
    });
    renderWithProviders(<MemberEvents />, server);
    const card = await screen.findByTestId('available-event');
    expect(
      within(await within(card).findByTestId('event-limits'))
        .getAllByText(/./)
        .map((b) => b.textContent),
    ).toEqual(['Juniors under 16', 'Members only']);
    expect(await within(card).findByRole('button', { name: 'Enter with my juniors' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Register Now' })).toBeNull();
  });

  it("offers no juniors in an adults' event, and says why a junior's own login cannot register", async () => {
    const server = memberServer({
      'members.profile': () => ok({ ...FAMILY, dateOfBirth: addYears(TODAY, -12) }),
      'events.upcoming': () => ok([{ ...EVENT, ageLimit: 'adults' as const }]),
    });
    renderWithProviders(<MemberEvents />, server);
    const card = await screen.findByTestId('available-event');
    expect(await within(card).findByText('This event is for adults (16 and over on the day).')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Register Now' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Enter with my juniors' })).toBeNull();
  });

  it('shows visitors no guest entry where the committee takes members only', async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'events.upcoming': () => ok([{ ...EVENT, membersOnly: true }]) });
    renderApp('/', server);
    const card = await screen.findByTestId('upcoming-event');
    expect(await within(card).findByText('Members only')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Join to Register' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Enter as a guest' })).toBeNull();
  });
});

describe('entering as a guest', () => {
  it('takes a visitor through the guest form (waiver and rules accepted) to the non-member fee', async () => {
    const server = fakeServer({
      ...SIGNED_OUT,
      'events.upcoming': () => ok([EVENT]),
      'guests.enter': () =>
        ok({
          registrationId: 'g1',
          eventName: 'Flathead Classic',
          name: 'Gus Guest',
          email: 'gus@example.com',
          amount: '15.00',
          message: 'Gus Guest is entered in Flathead Classic as a guest. Pay the non-member fee of $15.00 to finish.',
        }),
      'payments.setup': DEMO_SETUP,
    });
    const user = userEvent.setup();
    renderApp('/', server);
    await user.click(await screen.findByRole('button', { name: 'Enter as a guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Flathead Classic as a guest' });
    await user.type(within(dialog).getByLabelText(/^First name/), 'Gus');
    await fill(user, within(dialog).getByLabelText(/^Last name/), 'Guest');
    await fill(user, within(dialog).getByLabelText(/^Email/), 'gus@example.com');
    await fill(user, within(dialog).getByLabelText(/^Phone/), '0412 345 678');
    await fill(user, within(dialog).getByLabelText(/^Date of birth/), '1985-03-04');
    await user.click(within(dialog).getByLabelText('I have read and accept the Competition Rules & Waiver'));
    await user.click(within(dialog).getByLabelText('I have read and accept the Club Competition Rules'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText(/Pay the non-member fee of \$15\.00 to finish/)).toBeTruthy();
    expect(within(dialog).getByTestId('entry-amount').textContent).toBe('$15.00');
    expect(server.mutations()[0].inputs[0]).toEqual({
      eventId: ID,
      firstName: 'Gus',
      lastName: 'Guest',
      email: 'gus@example.com',
      phone: '0412 345 678',
      dateOfBirth: '1985-03-04',
      documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
    });
  });
});

describe('the sign-on desk', () => {
  const DESK = aDesk({
    eventId: ID,
    eventName: 'Flathead Classic',
    eventDate: LATER.toISOString(),
    entriesCloseAt: EVENT.entriesCloseAt!,
    requireCheckIn: true,
    memberFee: '10.00',
    juniorFee: '5.00',
    nonMemberFee: '15.00',
    entrants: [
      aDeskEntrant({
        registrationId: '44444444-4444-4444-8444-444444444444',
        memberId: 'm1',
        name: 'Mia Fisher',
        firstName: 'Mia',
        lastName: 'Fisher',
        dateOfBirth: '1990-04-02',
        kind: 'member',
        email: 'mia@example.com',
        fee: '10.00',
        paymentState: 'pay_at_sign_on',
      }),
      aDeskEntrant({
        registrationId: '55555555-5555-4555-8555-555555555555',
        memberId: 'g1',
        name: 'Gus Guest',
        firstName: 'Gus',
        lastName: 'Guest',
        dateOfBirth: '2014-06-01',
        kind: 'guest',
        division: 'junior',
        age: 12,
        fee: '15.00',
        paymentState: 'paid',
        paidBy: 'PayPal',
        feeBack: 'paypal',
      }),
    ],
  });

  it('checks an entrant in with one tap and takes cash at the server price', async () => {
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok(DESK),
      'admin.signOn.checkIn': () => ok({ entrant: { ...DESK.entrants[0], checkedInAt: new Date().toISOString() }, note: null }),
      'admin.signOn.recordPayment': () => ok({ message: '$10.00 cash recorded for Mia Fisher.', entrant: DESK.entrants[0] }),
      'admin.events.list': () => ok([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    const [mia, gus] = await screen.findAllByTestId('desk-entrant');
    expect(within(gus).getByText('Guest')).toBeTruthy();
    expect(within(gus).getByText('Juniors · 12')).toBeTruthy();
    expect(within(gus).getByTestId('desk-payment').textContent).toBe('Paid · PayPal');
    expect(within(gus).queryByRole('button', { name: /Take payment/ })).toBeNull();
    expect(screen.getByText('Only checked-in entrants can log catches.')).toBeTruthy();
    const checkIn = within(mia).getByRole('button', { name: 'Check in Mia Fisher' });
    expect(checkIn.getBoundingClientRect).toBeTruthy();
    await user.click(checkIn);
    await user.click(within(mia).getByRole('button', { name: 'Take $10.00 from Mia Fisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Record $10.00' }));
    expect(await screen.findByText('$10.00 cash recorded for Mia Fisher.')).toBeTruthy();
    const [check, pay] = server.mutations().map((c) => c.inputs[0]) as [Record<string, unknown>, Record<string, unknown>];
    expect(check).toMatchObject({ registrationId: DESK.entrants[0].registrationId, checkedIn: true, seenCheckedInAt: null });
    expect(check.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(pay).toMatchObject({ registrationId: DESK.entrants[0].registrationId, method: 'cash', reference: '' });
    expect(pay.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Print list (PDF)' }).getAttribute('href')).toBe(`/api/admin/events/${ID}/entrants.pdf`);
  });

  it("shows a guest's unpaid online entry as a place held until a time", async () => {
    const heldUntil = clubLocalToInstant('2026-12-05T07:42').toISOString();
    const held = { ...DESK.entrants[1], name: 'Hal Holder', paymentState: 'unpaid' as const, paidBy: null, feeBack: null, heldUntil };
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok({ ...DESK, entrants: [DESK.entrants[0], held] }),
      'admin.events.list': () => ok([]),
    });
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    const [mia, hal] = await screen.findAllByTestId('desk-entrant');
    expect(within(hal).getByTestId('desk-hold').textContent).toBe('Held until 7:42 am — unpaid online');
    expect(within(mia).queryByTestId('desk-hold')).toBeNull();
  });

  it('takes an entrant off once the committee has read what happens to the fee', async () => {
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok(DESK),
      'admin.signOn.remove': () =>
        ok({ message: 'Gus Guest is no longer entered in Flathead Classic. $15.00 is refunded to their PayPal.' }),
      'admin.events.list': () => ok([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    const [, gus] = await screen.findAllByTestId('desk-entrant');
    await user.click(within(gus).getByRole('button', { name: 'Remove Gus Guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove an entrant' });
    expect(within(dialog).getByText('Their $15.00 entry fee is refunded to their PayPal.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Gus' }));
    expect(server.mutations()).toEqual([]);
    await user.click(within(gus).getByRole('button', { name: 'Remove Gus Guest' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove an entrant' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/\$15\.00 is refunded to their PayPal/)).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.signOn.remove', { registrationId: DESK.entrants[1].registrationId }],
    ]);
  });

  it('offers a place to the waiting list first, and adds someone else only when the committee says so', async () => {
    const waiting = [
      { memberId: '66666666-6666-4666-8666-666666666666', name: 'Rhys Donovan', position: 1, addedAt: new Date().toISOString() },
    ];
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok({ ...DESK, maxParticipants: 2, waiting }),
      'admin.events.addEntrant': () => ok({ message: 'Rhys Donovan is entered in Flathead Classic.', registrationId: 'r9' }),
      'admin.signOn.addGuest': () => ok({ ...DESK.entrants[1], name: 'Wes Walkup' }),
      'admin.events.list': () => ok([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    const list = await screen.findByTestId('desk-waiting-list');
    expect(within(list).getByText('1. Rhys Donovan')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a guest' });
    expect(within(dialog).getByTestId('waiting-first').textContent).toContain(
      'Rhys Donovan is on the waiting list. A place goes to them first.',
    );
    await user.type(within(dialog).getByLabelText(/First name/), 'Wes');
    await fill(user, within(dialog).getByLabelText(/Last name/), 'Walkup');
    await fill(user, within(dialog).getByLabelText(/Date of birth/), '01/02/1980');
    await user.click(within(dialog).getByLabelText('Add someone else anyway'));
    await user.click(within(dialog).getByRole('button', { name: 'Add guest' }));
    await waitFor(() => expect(server.mutations()).toHaveLength(1));
    expect(server.mutations()[0].inputs[0]).toMatchObject({ firstName: 'Wes', lastName: 'Walkup', passOverWaiting: true });

    await user.click(within(list).getByRole('button', { name: 'Enter Rhys Donovan' }));
    await waitFor(() => expect(server.mutations()).toHaveLength(2));
    expect(server.mutations()[1]).toMatchObject({
      procedures: ['admin.events.addEntrant'],
      inputs: [{ id: ID, memberId: waiting[0].memberId }],
    });
  });

  it('shows a paid guest without e-mail their catch link as a QR code, and offers none to a member', async () => {
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok(DESK),
      'admin.signOn.catchLink': () => ok({ url: 'http://club.test/guest?token=abc', expires: '2026-12-03T13:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    const [mia, gus] = await screen.findAllByTestId('desk-entrant');
    expect(within(mia).queryByRole('button', { name: /Catch link/ })).toBeNull();
    await user.click(within(gus).getByRole('button', { name: 'Catch link for Gus Guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Catch link for Gus Guest' });
    expect(await within(dialog).findByRole('img', { name: 'Catch link for Gus Guest' })).toBeTruthy();
    expect(within(dialog).getByText(/Gus scans this with their phone/)).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toContainEqual([
      'admin.signOn.catchLink',
      { registrationId: DESK.entrants[1].registrationId },
    ]);
  });
});
