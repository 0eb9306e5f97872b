import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignOnDesk } from '../../src/client/features/admin/sign-on-desk';
import { clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedGuestVersions } from '../../src/shared/documents';
import { aDesk, aDeskEntrant, anEvent } from './builders';
import { DESK_READS, SIGNED_OUT, fakeServer, ok, renderApp, renderWithProviders, trpcError } from './render';
import { fill } from './fill';

const ID = '33333333-3333-4333-8333-333333333333';
const LATER = clubLocalToInstant(`${clubToday(new Date(Date.now() + 14 * 86_400_000))}T07:00`);
/** A competition a fortnight away whose one place is taken; entries still open. */
const FULL = anEvent({
  id: ID,
  name: 'Flathead Classic',
  eventDate: LATER.toISOString(),
  maxParticipants: 1,
  registeredCount: 1,
  memberFee: '10.00',
  juniorFee: null,
  nonMemberFee: '15.00',
  entriesCloseAt: new Date(LATER.getTime() + 2 * 3600_000).toISOString(),
  payAtSignOn: false,
  requireCheckIn: false,
});

async function fillGuestForm(dialog: HTMLElement) {
  const user = userEvent.setup();
  await user.type(within(dialog).getByLabelText(/^First name/), 'Gus');
  await fill(user, within(dialog).getByLabelText(/^Last name/), 'Guest');
  await fill(user, within(dialog).getByLabelText(/^Email/), 'gus@example.com');
  await fill(user, within(dialog).getByLabelText(/^Phone/), '0412 345 678');
  await fill(user, within(dialog).getByLabelText(/^Date of birth/), '1985-03-04');
  await user.click(within(dialog).getByLabelText('I have read and accept the Competition Rules & Waiver'));
  await user.click(within(dialog).getByLabelText('I have read and accept the Club Competition Rules'));
  await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
}

describe('a visitor waits for a place in a full event as a guest', () => {
  it('offers the waiting list instead of a guest entry, and says where they stand', async () => {
    const message =
      'Gus Guest is on the waiting list for Flathead Classic (number 2). If a place comes up, we enter you and e-mail you; you then pay the non-member fee at the sign-on desk.';
    const server = fakeServer({
      ...SIGNED_OUT,
      'events.upcoming': () => ok([FULL]),
      'guests.joinWaitlist': () => ok({ name: 'Gus Guest', position: 2, message }),
    });
    const user = userEvent.setup();
    renderApp('/', server);
    const card = await screen.findByTestId('upcoming-event');
    expect(within(card).queryByRole('button', { name: 'Enter as a guest' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Join the waiting list as a guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wait for a place in Flathead Classic' });
    expect(within(dialog).getByText(/Flathead Classic is full\. Not a member\?/).textContent).toContain('$15.00');
    await fillGuestForm(dialog);
    expect(await within(dialog).findByText("You're number 2 on the waiting list")).toBeTruthy();
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      [
        'guests.joinWaitlist',
        {
          eventId: ID,
          firstName: 'Gus',
          lastName: 'Guest',
          email: 'gus@example.com',
          phone: '0412 345 678',
          dateOfBirth: '1985-03-04',
          documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
        },
      ],
    ]);
  });

  it("shows the server's refusal, and offers no waiting list where the committee takes members only", async () => {
    const refusal = 'Gus Guest is already on the waiting list for Flathead Classic (number 1). Nothing was added.';
    const server = fakeServer({
      ...SIGNED_OUT,
      'events.upcoming': () => ok([FULL, { ...FULL, id: '77777777-7777-4777-8777-777777777777', name: 'Members Cup', membersOnly: true }]),
      'guests.joinWaitlist': () => trpcError(409, 'CONFLICT', refusal),
    });
    const user = userEvent.setup();
    renderApp('/', server);
    const [open, members] = await screen.findAllByTestId('upcoming-event');
    expect(within(members).queryByRole('button', { name: /waiting list/ })).toBeNull();
    await user.click(within(open).getByRole('button', { name: 'Join the waiting list as a guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wait for a place in Flathead Classic' });
    await fillGuestForm(dialog);
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(within(dialog).queryByTestId('guest-waiting')).toBeNull();
  });
});

describe("a full event's own page", () => {
  it('offers a visitor the waiting list as a guest instead of a guest entry', async () => {
    renderApp(`/events/${ID}`, fakeServer({ ...SIGNED_OUT, 'events.byId': () => ok(FULL) }));
    const article = await screen.findByRole('article', { name: 'Flathead Classic' });
    expect(within(article).getByText('Full')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Join the waiting list as a guest' })).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Enter as a guest' })).toBeNull();
  });
});

describe('the desk puts a walk-up guest on the waiting list', () => {
  const DESK = aDesk({
    eventId: ID,
    eventName: 'Flathead Classic',
    eventDate: LATER.toISOString(),
    entriesCloseAt: FULL.entriesCloseAt!,
    memberFee: '10.00',
    juniorFee: null,
    nonMemberFee: '15.00',
    maxParticipants: 1,
    entrants: [
      aDeskEntrant({
        registrationId: '44444444-4444-4444-8444-444444444444',
        memberId: 'm1',
        name: 'Mia Fisher',
        email: 'mia@example.com',
        fee: '10.00',
        paymentState: 'paid',
        paidBy: 'Cash',
        feeBack: 'by_hand',
      }),
    ],
  });

  it('when the event is full: name, birthday and a phone number, then the list is read again', async () => {
    const message = 'Walt Walkup is number 1 on the waiting list for Flathead Classic. Call 0400 111 222 if a place comes up.';
    let lists = 0;
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => {
        lists += 1;
        return ok(DESK);
      },
      'admin.signOn.waitlistGuest': () => ok({ name: 'Walt Walkup', position: 1, message }),
      'admin.events.list': () => ok([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    const list = await screen.findByTestId('desk-waiting-list');
    expect(within(list).getByText('Nobody is waiting.')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Put a guest on the waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put a guest on the waiting list' });
    await fill(user, within(dialog).getByLabelText(/First name/), 'Walt');
    await fill(user, within(dialog).getByLabelText(/Last name/), 'Walkup');
    await fill(user, within(dialog).getByLabelText(/Date of birth/), '02/02/1960');
    await fill(user, within(dialog).getByLabelText(/^Phone/), '0400 111 222');
    await user.click(within(dialog).getByRole('button', { name: 'Put on the waiting list' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      [
        'admin.signOn.waitlistGuest',
        { eventId: ID, firstName: 'Walt', lastName: 'Walkup', email: '', phone: '0400 111 222', dateOfBirth: '1960-02-02' },
      ],
    ]);
    await waitFor(() => expect(lists).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Put a guest on the waiting list' })).toBeNull());
  });

  it("shows the server's field message, and offers nothing where there is room or members only", async () => {
    const contact = 'Give an e-mail address or a phone number, so the club can tell them when a place comes up.';
    const server = fakeServer({
      ...DESK_READS,
      'admin.signOn.list': () => ok(DESK),
      'admin.signOn.waitlistGuest': () => trpcError(400, 'BAD_REQUEST', contact, { fieldErrors: { phone: contact } }),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SignOnDesk eventId={ID} onBack={() => {}} />, server);
    await user.click(
      within(await screen.findByTestId('desk-waiting-list')).getByRole('button', { name: 'Put a guest on the waiting list' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Put a guest on the waiting list' });
    await fill(user, within(dialog).getByLabelText(/First name/), 'Walt');
    await user.click(within(dialog).getByRole('button', { name: 'Put on the waiting list' }));
    expect((await within(dialog).findAllByText(contact)).length).toBeGreaterThan(0);
    unmount();

    for (const desk of [
      { ...DESK, maxParticipants: 5 },
      { ...DESK, membersOnly: true },
    ]) {
      const view = renderWithProviders(
        <SignOnDesk eventId={ID} onBack={() => {}} />,
        fakeServer({ ...DESK_READS, 'admin.signOn.list': () => ok(desk) }),
      );
      expect(await screen.findByText('Mia Fisher')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Put a guest on the waiting list' })).toBeNull();
      view.unmount();
    }
  });
});
