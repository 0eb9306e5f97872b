import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminEventsTab } from '../../src/client/features/admin/events-tab';
import { setCompetitionRules } from '../../src/client/lib/competition-rules';
import { EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { MemberEvents } from '../../src/client/features/events/member-events';
import { aDashboard, aPaymentSetup, aProfile, aRegistration, aUser, anAdminEvent, anEvent, anUnpaidProfile } from './builders';
import { type Answers, SIGNED_OUT, fakeServer, ok, renderApp, renderWithProviders, trpcError } from './render';
import { fill } from './fill';

const ID = '33333333-3333-4333-8333-333333333333';
const EVENT = anEvent({
  id: ID,
  name: 'Flathead Classic',
  eventDate: '2026-12-05T20:00:00.000Z',
  rules: 'Lures only.',
  prizes: 'A new rod.',
  registrationFee: '10.00',
  maxParticipants: 30,
  registeredCount: 4,
  status: 'active',
  fishingStart: '07:00',
  fishingEnd: '14:00',
});
// Always ahead of the test run: a registration can be cancelled until its event starts.
const REGISTRATION_DATE = new Date(Date.now() + 14 * 86_400_000).toISOString();
const REGISTRATION = aRegistration({ eventId: ID, eventDate: REGISTRATION_DATE, canCancel: true });

const MIA = aUser();

const PROFILE = aProfile({ status: 'active' });
const UNPAID = anUnpaidProfile({ firstName: 'Mia', lastName: 'Fisher', renewalAmount: '40.00' });

function eventsServer(overrides: Answers = {}) {
  return fakeServer({
    'events.upcoming': () => ok([EVENT]),
    'events.myRegistrations': () => ok([]),
    'members.profile': () => ok(PROFILE),
    'auth.me': () => ok(MIA),
    'payments.setup': () => ok(aPaymentSetup()),
    ...overrides,
  });
}

describe('member events screen', () => {
  it('shows rules, prizes and fee, and registers with the event id', async () => {
    const server = eventsServer({ 'events.register': () => ok(REGISTRATION) });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    const entry = await screen.findByTestId('available-event');
    expect(screen.queryByTestId('membership-needed')).toBeNull();
    expect(within(entry).getByText('Event Rules:')).toBeTruthy();
    expect(within(entry).getByText('Lures only.')).toBeTruthy();
    expect(within(entry).getByText('Prizes:')).toBeTruthy();
    expect(within(entry).getByText('A new rod.')).toBeTruthy();
    expect(within(entry).getByText('Registration fee: $10.00')).toBeTruthy();
    expect(within(entry).getByText('Maximum participants: 30')).toBeTruthy();
    expect(within(entry).getByText('26 places left')).toBeTruthy();
    expect(within(entry).getByText('Sun, 6 Dec 2026, 7:00 am')).toBeTruthy();
    expect(within(entry).getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(`/api/events/${ID}/calendar.ics`);
    await user.click(within(entry).getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Successfully registered for the event!')).toBeTruthy();
    const calls = server.mutations().flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]]));
    expect(calls).toEqual([['events.register', { id: ID }]]);
  });

  it("shows the server's reason when the event is full", async () => {
    const server = eventsServer({ 'events.register': () => trpcError(409, 'CONFLICT', 'Sorry, this event is full.') });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Sorry, this event is full.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('shows the generic message when the server gave no reason', async () => {
    const server = eventsServer({ 'events.register': () => ({ status: 500, body: 'oops' }) });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('Failed to register for event. Please try again.')).toBeTruthy();
  });

  it('shows registered events with the badge and cancels', async () => {
    const server = eventsServer({
      'events.myRegistrations': () => ok([REGISTRATION]),
      'events.cancel': () => ok({ message: 'Registration cancelled successfully.' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    const mine = await screen.findByTestId('registered-event');
    expect(within(mine).getByText('Registered')).toBeTruthy();
    expect(within(screen.getByTestId('available-event')).getByText('Registered')).toBeTruthy();
    expect(within(screen.getByTestId('available-event')).queryByRole('button', { name: 'Register Now' })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: 'Cancel Registration' }));
    expect(await screen.findByText('Registration cancelled successfully.')).toBeTruthy();
    expect(server.mutations()[0].procedures).toEqual(['events.cancel']);
    expect(server.mutations()[0].inputs).toEqual([{ id: ID }]);
  });

  it('lists upcoming registrations first, soonest first, and the past ones folded away below, latest first', async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    const entry = (id: string, name: string, days: number) => aRegistration({ id, name, eventDate: at(days), canCancel: days > 0 });
    const server = eventsServer({
      'events.myRegistrations': () =>
        ok([
          entry('p1', 'Winter Bream Bash', -120),
          entry('p2', 'Spring Whiting Run', -30),
          entry('u2', 'Summer Jack Attack', 40),
          entry('u1', 'Flathead Classic', 10),
        ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    await screen.findAllByTestId('registered-event');
    const names = (cards: HTMLElement[]) => cards.map((card) => within(card).getAllByText(/Classic|Attack|Run|Bash/)[0].textContent);
    expect(names(screen.getAllByTestId('registered-event')).slice(0, 2)).toEqual(['Flathead Classic', 'Summer Jack Attack']);
    expect(within(screen.getAllByTestId('registered-event')[0]).getByRole('button', { name: 'Cancel Registration' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show past events (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide past events' }).getAttribute('aria-expanded')).toBe('true');
    expect(names(within(screen.getByTestId('past-registrations')).getAllByTestId('registered-event'))).toEqual([
      'Spring Whiting Run',
      'Winter Bream Bash',
    ]);
  });

  it('offers no cancel once an event has started', async () => {
    const started = { ...REGISTRATION, eventDate: new Date(Date.now() - 3600_000).toISOString(), canCancel: false };
    renderWithProviders(<MemberEvents />, eventsServer({ 'events.myRegistrations': () => ok([started]) }));
    const mine = await screen.findByTestId('registered-event');
    expect(within(mine).getByText('Registered')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Cancel Registration' })).toBeNull();
  });

  it('tells a member whose registration is unpaid that events need a paid-up membership, with Complete payment instead of Register', async () => {
    const server = eventsServer({ 'members.profile': () => ok(UNPAID) });
    const user = userEvent.setup();
    renderWithProviders(<MemberEvents />, server);
    const note = await screen.findByTestId('membership-needed');
    expect(within(note).getByText('Paid-up membership needed')).toBeTruthy();
    expect(
      within(note).getByText('Registering for events needs a paid-up club membership. Your registration is waiting for payment.'),
    ).toBeTruthy();
    const entry = await screen.findByTestId('available-event');
    expect(within(entry).queryByRole('button', { name: 'Register Now' })).toBeNull();
    expect(within(entry).getByText('Paid-up members only')).toBeTruthy();
    await user.click(within(note).getByRole('button', { name: 'Complete payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    expect(within(dialog).getByText('Mia Fisher')).toBeTruthy();
    expect(within(dialog).getByText('$40.00 AUD')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('offers Renew Membership to an expired member, and nothing to pay while PayPal is processing', async () => {
    const { unmount } = renderWithProviders(
      <MemberEvents />,
      eventsServer({ 'members.profile': () => ok(aProfile({ status: 'expired', expiryDate: '2026-10-01' })) }),
    );
    const note = await screen.findByTestId('membership-needed');
    expect(within(note).getByText(/Your membership has expired\./)).toBeTruthy();
    expect(within(note).getByRole('button', { name: 'Renew Membership' })).toBeTruthy();
    unmount();

    renderWithProviders(<MemberEvents />, eventsServer({ 'members.profile': () => ok({ ...UNPAID, paymentState: 'processing' }) }));
    const processing = await screen.findByTestId('membership-needed');
    expect(within(processing).getByText(/PayPal is still processing your payment/)).toBeTruthy();
    expect(within(processing).queryByRole('button')).toBeNull();
    expect(await screen.findByText('Paid-up members only')).toBeTruthy();
  });

  it('invites someone without a membership to join instead of offering Register', async () => {
    renderWithProviders(<MemberEvents />, eventsServer({ 'members.profile': () => ok(null) }));
    const note = await screen.findByTestId('membership-needed');
    expect(within(note).getByText(/You are not a member of the club yet\./)).toBeTruthy();
    expect(within(note).getByRole('button', { name: 'Join the Club' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register Now' })).toBeNull();
  });

  it('offers a disabled Event Full button for a full event', async () => {
    renderWithProviders(
      <MemberEvents />,
      eventsServer({
        'events.upcoming': () => ok([anEvent({ maxParticipants: 30, registeredCount: 30 })]),
        'entries.myWaitlist': () => ok([]),
      }),
    );
    const button = await screen.findByRole('button', { name: 'Event Full' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('landing upcoming events', () => {
  it('asks for 4 events and shows at most 4, each with Join to Register', async () => {
    const six = Array.from({ length: 6 }, (_, i) => anEvent({ id: `id-${i}`, name: `Event ${i}` }));
    const server = fakeServer({ ...SIGNED_OUT, 'events.upcoming': () => ok(six) });
    renderApp('/', server);
    expect(await screen.findByText('Event 0')).toBeTruthy();
    expect(screen.getAllByTestId('upcoming-event')).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: 'Join to Register' })).toHaveLength(4);
    const call = server.calls.find((c) => c.procedures.includes('events.upcoming'))!;
    expect(call.inputs[call.procedures.indexOf('events.upcoming')]).toEqual({ limit: 4 });
  });

  it('shows the empty text when there are none', async () => {
    renderApp('/', fakeServer({ ...SIGNED_OUT, 'events.upcoming': () => ok([]) }));
    expect(await screen.findByText('No upcoming events at the moment. Check back soon!')).toBeTruthy();
  });
});

describe('portal dashboard', () => {
  it('lists the first 3 future registrations with a Registered badge', async () => {
    const future = (i: number) =>
      aRegistration({
        id: `r${i}`,
        eventId: `e${i}`,
        name: `Future ${i}`,
        eventDate: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(),
      });
    const past = aRegistration({ id: 'old', name: 'Past Event', eventDate: '2020-01-01T00:00:00.000Z', canCancel: false });
    const user = aUser();
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(user),
      'members.profile': () => ok(PROFILE),
      'catches.mine': () => ok([]),
      'members.dashboard': () => ok(aDashboard({ eventsAttended: 1, competitions: 1 })),
      'events.myRegistrations': () => ok([past, future(0), future(1), future(2), future(3)]),
    });
    renderApp('/member', server);
    expect(await screen.findByText('Future 0')).toBeTruthy();
    expect(screen.getByText('Future 2')).toBeTruthy();
    expect(screen.queryByText('Future 3')).toBeNull();
    expect(screen.queryByText('Past Event')).toBeNull();
    expect(screen.getAllByText('Registered')).toHaveLength(3);
  });
});

const MEMBER_ID = '55555555-5555-4555-8555-555555555555';
const ADMIN_EVENT = anAdminEvent({ ...EVENT, eventDateLocal: '2026-12-06T07:00' });

describe('admin events tab', () => {
  it("creates an event starting from the club's fees, sending a cleared fee and a blank maximum as empty text", async () => {
    const server = fakeServer({ 'admin.events.list': () => ok([]), 'admin.events.create': () => ok(ADMIN_EVENT) });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    expect(await screen.findByText('No events found. Create your first event!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    await fill(user, within(dialog).getByLabelText(/^Event Name/), 'Flathead Classic');
    await fill(user, within(dialog).getByLabelText(/^Location/), 'Jack Evans Boat Harbour');
    // The date is typed the Australian way whatever the browser's language, the time in a time input.
    await fill(user, within(dialog).getByLabelText(/^Event Date/), '06/12/2026');
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '07:00' } });
    // The club's entry fees (its competition rules) are filled in; a free event clears the member fee.
    const memberFee = within(dialog).getByLabelText(/^Registration Fee/) as HTMLInputElement;
    expect(memberFee.value).toBe('10.00');
    expect((within(dialog).getByLabelText(/^Non-member fee/) as HTMLInputElement).value).toBe('15.00');
    await user.clear(memberFee);
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully')).toBeTruthy();
    const create = server.mutations().find((c) => c.procedures[0] === 'admin.events.create')!;
    expect(create.inputs[0]).toMatchObject({
      name: 'Flathead Classic',
      location: 'Jack Evans Boat Harbour',
      eventDate: '2026-12-06T07:00',
      registrationFee: '',
      maxParticipants: '',
    });
    expect(create.inputs[0]).not.toHaveProperty('status');
  });

  it("takes the fishing hours, the club's 7:00 am to 2:00 pm unless changed, and refuses an end before the start without a request", async () => {
    const server = fakeServer({ 'admin.events.list': () => ok([ADMIN_EVENT]), 'admin.events.create': () => ok(ADMIN_EVENT) });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    // The list shows each event's hours with its date.
    expect(within(await screen.findByTestId('admin-event')).getByText('Fishing 7:00 am to 2:00 pm')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    const starts = within(dialog).getByLabelText(/^Fishing starts/) as HTMLInputElement;
    const ends = within(dialog).getByLabelText(/^Fishing ends/) as HTMLInputElement;
    expect([starts.type, starts.value, ends.type, ends.value]).toEqual(['time', '07:00', 'time', '14:00']);
    await fill(user, within(dialog).getByLabelText(/^Event Name/), 'Bream by Night');
    await fill(user, within(dialog).getByLabelText(/^Location/), 'Tweed River wall');
    await fill(user, within(dialog).getByLabelText(/^Event Date/), '12/12/2026');
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '17:30' } });
    fireEvent.change(starts, { target: { value: '18:00' } });
    fireEvent.change(ends, { target: { value: '06:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText('Fishing end must be after fishing start.')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    fireEvent.change(ends, { target: { value: '23:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toMatchObject({ name: 'Bream by Night', fishingStart: '18:00', fishingEnd: '23:00' });
  });

  it("starts a new event from the club's competition rules as they now stand", async () => {
    setCompetitionRules({
      ...EXAMPLE_COMPETITION_RULES,
      entryFeesCents: { member: 1200, nonMember: 2000, junior: 500 },
      times: { signOnHours: 3, fishingStart: '05:30', fishingEnd: '12:00', presentation: '13:00' },
    });
    const server = fakeServer({ 'admin.events.list': () => ok([]) });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    const value = (label: RegExp) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;
    expect([value(/^Registration Fee/), value(/^Junior fee/), value(/^Non-member fee/)]).toEqual(['12.00', '5.00', '20.00']);
    expect([value(/^Fishing starts/), value(/^Fishing ends/)]).toEqual(['05:30', '12:00']);
    expect(within(dialog).getByText('Blank: at the end of sign-on, 3 hours after the start')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('refuses missing required fields without a request, marking each of them at once', async () => {
    const server = fakeServer({ 'admin.events.list': () => ok([]) });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    await fill(user, within(dialog).getByLabelText(/^Event Name/), 'No place yet');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText('Event date is required.')).toBeTruthy();
    expect(within(dialog).getByText('Location is required.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Please correct the 2 marked fields.');
    expect(server.mutations()).toEqual([]);
  });

  it('lists events and edits one prefilled from its club-time date', async () => {
    const server = fakeServer({
      'admin.events.list': () => ok([ADMIN_EVENT]),
      'admin.events.update': () => trpcError(400, 'BAD_REQUEST', 'Location must be at most 200 characters.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    const row = await screen.findByTestId('admin-event');
    expect(within(row).getByText('active')).toBeTruthy();
    expect(within(row).getByText('Registrations: 4 / 30')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit Flathead Classic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect((within(dialog).getByLabelText(/^Event Date/) as HTMLInputElement).value).toBe('06/12/2026');
    expect((within(dialog).getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('07:00');
    expect((within(dialog).getByLabelText(/^Registration Fee/) as HTMLInputElement).value).toBe('10.00');
    expect((within(dialog).getByLabelText(/^Fishing starts/) as HTMLInputElement).value).toBe('07:00');
    expect((within(dialog).getByLabelText(/^Fishing ends/) as HTMLInputElement).value).toBe('14:00');
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // A refusal that names no field stays in the open dialog, above its buttons.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The changes were not saved');
    expect(alert.textContent).toContain('Location must be at most 200 characters.');
    expect(server.mutations()[0].inputs[0]).toMatchObject({
      id: ID,
      event: { status: 'active', maxParticipants: '30', registrationFee: '10.00' },
    });
  });

  it('signs a member on at the ramp: Add Entrant enters the chosen member and says so', async () => {
    const server = fakeServer({
      'admin.events.list': () => ok([ADMIN_EVENT]),
      'members.list': () => ok([{ id: MEMBER_ID, firstName: 'Wal', lastName: 'Kin' }]),
      'admin.events.addEntrant': () => ok({ message: 'Wal Kin is entered in Flathead Classic.', registrationId: 'r1' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Add Entrant to Flathead Classic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Entrant' });
    const add = within(dialog).getByRole('button', { name: 'Add Entrant' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.selectOptions(await within(dialog).findByLabelText('Member'), MEMBER_ID);
    await user.click(add);
    expect(await screen.findByText('Wal Kin is entered in Flathead Classic.')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({ id: ID, memberId: MEMBER_ID, passOverWaiting: false });
  });

  it('refuses an image over 5 MB before any request', async () => {
    const server = fakeServer({ 'admin.events.list': () => ok([ADMIN_EVENT]) });
    const user = userEvent.setup();
    renderWithProviders(<AdminEventsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Upload image for Flathead Classic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Event Image' });
    const big = new File([new Uint8Array(5_242_881)], 'big.jpg', { type: 'image/jpeg' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, big);
    expect(await within(dialog).findByText('The image is larger than 5 MB.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect(server.mutations()).toEqual([]);
  });
});
