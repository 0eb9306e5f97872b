import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EntrantsButton } from '../../src/client/features/admin/event-entrants';
import { AdminMembersTab } from '../../src/client/features/admin/members-tab';
import { aDesk, aDeskEntrant, aMemberRecord, aMemberRow, anAuditEntry, anAuditPage } from './builders';
import {
  SECRETARY,
  SIGNED_OUT,
  adminOverview,
  fakeServer,
  ok,
  renderApp,
  renderWithProviders,
  trpcError,
  type FakeServer,
  siteHealth,
} from './render';
import { fill } from './fill';

/** Ava, who is not her household's primary member, with a change of e-mail waiting for confirmation. */
const ROW = aMemberRow({
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Ava',
  lastName: 'Bream',
  email: 'ava@example.com',
  membershipType: 'adult',
  role: 'member',
  isPrimary: false,
  pendingEmail: 'ava.new@example.com',
});

const RECORD = aMemberRecord({
  id: ROW.id,
  firstName: 'Ava',
  lastName: 'Bream',
  email: 'ava@example.com',
  address: '2 River St, Murwillumbah NSW 2484',
  dateOfBirth: '1984-02-03',
  gender: 'female',
  shirtSize: 'S',
  membershipType: 'adult',
  expiryDate: '2026-12-10',
  isPrimary: false,
  household: {
    id: 'h1',
    membershipType: 'adult',
    people: [
      {
        id: 'p1',
        firstName: 'Ben',
        lastName: 'Bream',
        membershipType: 'adult',
        status: 'active',
        isPrimary: true,
        email: 'ben@example.com',
      },
      {
        id: ROW.id,
        firstName: 'Ava',
        lastName: 'Bream',
        membershipType: 'adult',
        status: 'active',
        isPrimary: false,
        email: 'ava@example.com',
      },
    ],
  },
  emailChange: {
    newEmail: 'ava.new@example.com',
    sentAt: '2026-11-24T08:00:00.000Z',
    expiresAt: '2026-11-25T08:00:00.000Z',
    step: 'new_address',
  },
  reminders: [
    {
      id: 2,
      kind: 'manual',
      sentAt: '2026-11-20T09:30:00.000Z',
      expiryDate: '2026-12-10',
      email: 'ben@example.com',
      sentBy: 'Sue Secretary',
    },
    { id: 1, kind: '30_days', sentAt: '2026-11-10T20:00:00.000Z', expiryDate: '2026-12-10', email: 'ben@example.com', sentBy: null },
  ],
  reminder: { to: 'ben@example.com', refusal: null },
});

const callsOf = (server: FakeServer, procedure: string) =>
  server.calls
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === procedure)
    .map(([, i]) => i);

function server(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'admin.members.search': (i) => ok({ rows: [ROW], total: 1, page: i.page ?? 1, pageSize: i.pageSize ?? 25 }),
    'admin.members.get': () => ok(RECORD),
    'admin.audit': () =>
      ok(
        anAuditPage({
          rows: [
            anAuditEntry({
              actor: 'mia@example.com',
              action: 'member.details.self',
              before: { phone: '0400 000 000' },
              after: { phone: '0455 123 456' },
            }),
          ],
        }),
      ),
    'admin.members.resendEmailChange': () =>
      ok({ message: 'We have sent the confirmation link to ava.new@example.com again.', pending: RECORD.emailChange }),
    'admin.members.cancelEmailChange': () =>
      ok({ message: 'The change to ava.new@example.com was cancelled. The address stays ava@example.com.', pending: null }),
    'admin.members.household': () => ok({ ...RECORD, isPrimary: true }),
    'admin.members.sendRenewalReminder': () => ok({ message: 'Renewal reminder sent to ben@example.com.' }),
    ...extra,
  });
}

async function openEdit(s: FakeServer) {
  const user = userEvent.setup();
  renderWithProviders(<AdminMembersTab />, s);
  expect(await screen.findByText('Waiting for confirmation of ava.new@example.com')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Edit Ava Bream' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Ava Bream' });
  await within(dialog).findByLabelText(/^Date of birth/);
  return { user, dialog };
}

describe("the committee's member record", () => {
  it("shows the record's history: who changed what, the member's own changes included", async () => {
    const s = server();
    const { dialog } = await openEdit(s);
    const history = within(dialog).getByRole('region', { name: 'History' });
    const entry = await within(history).findByTestId('member-history-entry');
    expect(entry.textContent).toContain('mia@example.com · member.details.self');
    expect(within(entry).getByText(/0400 000 000 → 0455 123 456/)).toBeTruthy();
    expect(callsOf(s, 'admin.audit')[0]).toMatchObject({ entityType: 'Member', entityId: RECORD.id });
  });

  it("says when a member's own change waits for the link to their current address (proving it is them)", async () => {
    const s = server({ 'admin.members.get': () => ok({ ...RECORD, emailChange: { ...RECORD.emailChange!, step: 'identity' as const } }) });
    const { dialog } = await openEdit(s);
    expect(within(dialog).getByText(/the link to their current address \(to make sure it is them\) was sent/)).toBeTruthy();
  });

  it('edits every field: date of birth, gender, shirt size and membership type besides the contact details', async () => {
    const s = server({ 'admin.members.update': (i) => ok({ ...ROW, ...i, pendingEmail: 'ava.new@example.com' }) });
    const { user, dialog } = await openEdit(s);
    expect((within(dialog).getByLabelText(/^Date of birth/) as HTMLInputElement).value).toBe('03/02/1984');
    expect((within(dialog).getByLabelText(/^Gender/) as HTMLSelectElement).value).toBe('female');
    expect((within(dialog).getByLabelText(/^Shirt size/) as HTMLSelectElement).value).toBe('S');
    await user.selectOptions(within(dialog).getByLabelText(/^Shirt size/), 'L');
    await user.selectOptions(within(dialog).getByLabelText(/^Membership type/), 'Family (2 adults + 3 juniors)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated successfully')).toBeTruthy();
    expect(callsOf(s, 'admin.members.update')[0]).toMatchObject({
      shirtSize: 'L',
      membershipType: 'family',
      dateOfBirth: '1984-02-03',
      gender: 'female',
    });
  });

  it("puts the server's refusal of a taken address under the e-mail field", async () => {
    const s = server({
      'admin.members.update': () =>
        trpcError(409, 'CONFLICT', 'That e-mail address is already used by another member or account.', {
          fieldErrors: { email: 'That e-mail address is already used by another member or account.' },
        }),
    });
    const { user, dialog } = await openEdit(s);
    await user.clear(within(dialog).getByLabelText(/^E-mail/));
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'ben@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/^E-mail/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(within(dialog).getAllByText('That e-mail address is already used by another member or account.').length).toBeGreaterThan(0);
  });

  it('shows the e-mail change waiting for confirmation, and sends the link again or cancels it', async () => {
    const s = server();
    const { user, dialog } = await openEdit(s);
    expect(within(dialog).getByText('Waiting for confirmation of ava.new@example.com')).toBeTruthy();
    expect(within(dialog).getByText(/the address stays ava@example\.com\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent the confirmation link to ava.new@example.com again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText('The change to ava.new@example.com was cancelled. The address stays ava@example.com.')).toBeTruthy();
    expect(callsOf(s, 'admin.members.cancelEmailChange')).toEqual([{ memberId: ROW.id }]);
  });

  it('shows the household and makes the member its primary, or moves them to a member’s household', async () => {
    const s = server();
    const { user, dialog } = await openEdit(s);
    const household = within(dialog).getByRole('region', { name: 'Household' });
    expect(within(household).getByText('Ben Bream')).toBeTruthy();
    expect(within(household).getByText('Primary')).toBeTruthy();
    await user.click(within(household).getByRole('button', { name: 'Make Ava the primary member' }));
    expect(await screen.findByText("Ava Bream's household is saved.")).toBeTruthy();
    expect(callsOf(s, 'admin.members.household')).toEqual([{ action: 'makePrimary', memberId: ROW.id }]);

    await user.click(within(household).getByRole('button', { name: 'Move Ava to another household' }));
    await user.type(within(household).getByLabelText('Find a member of the household'), 'Ava');
    const into = await within(household).findByLabelText('Household of');
    // The member themselves is not offered; the list is the search's answer.
    await waitFor(() =>
      expect(
        within(into)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No member found']),
    );
  });

  it('lists the renewal reminders sent and sends one more, with one key per press', async () => {
    const s = server();
    const { user, dialog } = await openEdit(s);
    const reminders = within(dialog).getByRole('region', { name: 'Renewal reminders' });
    const rows = within(reminders)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('Sent by hand by Sue Secretary');
    expect(rows[0]).toContain('20 Nov 2026, 8:30');
    expect(rows[1]).toContain('30 days before');
    expect(rows[1]).toContain('for the end on 10/12/2026');
    await user.click(within(reminders).getByRole('button', { name: 'Send a renewal reminder now' }));
    expect(await screen.findByText('Renewal reminder sent to ben@example.com.')).toBeTruthy();
    await user.click(within(reminders).getByRole('button', { name: 'Send a renewal reminder now' }));
    await waitFor(() => expect(callsOf(s, 'admin.members.sendRenewalReminder')).toHaveLength(2));
    const [first, second] = callsOf(s, 'admin.members.sendRenewalReminder') as { requestKey: string }[];
    expect(first.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.requestKey).not.toBe(first.requestKey);
  });

  it('says what Export CSV holds, naming a leftover search, and clears the filters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server());
    await screen.findByText('Ava Bream');
    expect(screen.getByTestId('export-note').textContent).toBe('Export CSV holds all 1 members.');
    await fill(user, screen.getByPlaceholderText('Search by name or e-mail'), 'bream');
    await user.selectOptions(screen.getByLabelText('Status'), 'Expired');
    await waitFor(() =>
      expect(screen.getByTestId('export-note').textContent).toBe(
        'Export CSV holds the 1 member of this filter: Expired, matching “bream”.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByPlaceholderText('Search by name or e-mail') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getByTestId('export-note').textContent).toBe('Export CSV holds all 1 members.'));
  });
});

describe("the dashboard's member figures", () => {
  it('say current / expired / pending and open the members tab with that filter', async () => {
    const s = fakeServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(SECRETARY),
      'admin.overview': () => ok(adminOverview({ totalMembers: 47, members: { all: 53, current: 40, expired: 7, pending: 6 } })),
      'admin.siteHealth': () => ok(siteHealth()),
      'admin.events.list': () => ok([]),
      'admin.members.search': (i) => ok({ rows: [ROW], total: 1, page: i.page ?? 1, pageSize: 25 }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin', s);
    const card = await screen.findByTestId('member-figures');
    expect(card.textContent).toContain('53');
    expect(card.textContent).toContain('40 current');
    expect(card.textContent).toContain('7 expired');
    expect(card.textContent).toContain('6 pending');
    await user.click(within(card).getByRole('button', { name: '7 expired: show them in the members list' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'members', status: 'expired' }));
    expect(await screen.findByText('Ava Bream')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('expired');
    await waitFor(() => expect(callsOf(s, 'admin.members.search').at(-1)).toMatchObject({ status: 'expired', page: 1 }));
    // A filter chosen in the tab goes into the address too, so a reload or a link keeps it.
    await user.selectOptions(screen.getByLabelText('Status'), 'Pending (not paid yet)');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'members', status: 'pending' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('status'));
  });
});

const VIEW = aDesk({
  eventId: '44444444-4444-4444-8444-444444444444',
  eventName: 'Whiting Wander',
  location: 'Fingal Head',
  eventDate: '2026-12-05T20:00:00.000Z',
  maxParticipants: 2,
  entrants: [
    aDeskEntrant({
      registrationId: 'r1',
      memberId: 'm1',
      name: 'Eli Entrant',
      firstName: 'Eli',
      lastName: 'Entrant',
      dateOfBirth: '1986-03-03',
      kind: 'member',
      division: 'open',
      paymentState: 'paid',
      paidBy: 'PayPal',
      checkedInAt: '2026-12-05T20:30:00.000Z',
    }),
    aDeskEntrant({
      registrationId: 'r2',
      memberId: 'm2',
      name: 'Riley Visitor',
      firstName: 'Riley',
      lastName: 'Visitor',
      dateOfBirth: '2014-09-09',
      kind: 'guest',
      division: 'junior',
      age: 12,
      fee: '15.00',
      paymentState: 'pay_at_sign_on',
      checkedInAt: null,
    }),
  ],
  waiting: [{ memberId: 'm3', name: 'Wes Waiting', position: 1, addedAt: '2026-11-22T01:00:00.000Z' }],
});

describe("an event's entrants", () => {
  it('lists who entered with division, payment and check-in, the waiting list, and links the CSV', async () => {
    const s = fakeServer({ 'admin.signOn.list': () => ok(VIEW) });
    const user = userEvent.setup();
    renderWithProviders(<EntrantsButton event={{ id: VIEW.eventId, name: VIEW.eventName }} />, s);
    await user.click(screen.getByRole('button', { name: 'Entrants of Whiting Wander' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entrants: Whiting Wander' });
    expect(within(dialog).getByText(/2 entered of 2 · 1 paid · 1 checked in · 1 waiting/)).toBeTruthy();
    const [eli, riley] = within(dialog).getAllByTestId('entrant');
    expect(eli.textContent).toContain('Member, Open');
    expect(eli.textContent).toContain('Paid · PayPal');
    expect(eli.textContent).toMatch(/Checked in 7:30\sam/);
    expect(riley.textContent).toContain('Guest, Juniors (12)');
    expect(riley.textContent).toContain('Pay at sign-on');
    expect(riley.textContent).toContain('Not checked in');
    expect(within(within(dialog).getByRole('table', { name: 'Waiting list' })).getByText('Wes Waiting')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/events/${VIEW.eventId}/entrants.csv`,
    );
    expect(callsOf(s, 'admin.signOn.list')).toEqual([{ id: VIEW.eventId }]);
  });

  it('takes an entrant off once the committee has read what happens to the fee, and says why when the club refuses', async () => {
    const [eli, riley] = VIEW.entrants;
    const paidInCash = { ...eli, paidBy: 'Cash' };
    let removed = false;
    const s = fakeServer({
      'admin.signOn.list': () =>
        ok(
          removed
            ? { ...VIEW, entrants: [paidInCash], counts: { ...VIEW.counts, entered: 1, toPay: 0 } }
            : { ...VIEW, entrants: [paidInCash, riley] },
        ),
      'admin.signOn.remove': ({ registrationId }) => {
        if (registrationId === eli.registrationId)
          return trpcError(404, 'NOT_FOUND', 'That entry does not exist. Reload the list: it may have been cancelled.');
        removed = true;
        return ok({ message: 'Riley Visitor is no longer entered in Whiting Wander.' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EntrantsButton event={{ id: VIEW.eventId, name: VIEW.eventName }} />, s);
    await user.click(screen.getByRole('button', { name: 'Entrants of Whiting Wander' }));
    const entrants = await screen.findByRole('dialog', { name: 'Entrants: Whiting Wander' });

    // Eli paid in cash: the committee reads that it goes back by hand, keeps him, then tries again and is refused.
    await user.click(within(entrants).getByRole('button', { name: 'Remove Eli Entrant' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove an entrant' });
    expect(within(dialog).getByText('Their $10.00 (cash) is recorded as refunded: hand it back to them.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Eli' }));
    expect(s.mutations()).toEqual([]);
    await user.click(within(entrants).getByRole('button', { name: 'Remove Eli Entrant' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove an entrant' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That entry does not exist. Reload the list: it may have been cancelled.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Eli' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove an entrant' })).toBeNull());

    // Riley has paid nothing: taken off, and the list read again without them.
    await user.click(within(entrants).getByRole('button', { name: 'Remove Riley Visitor' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove an entrant' });
    expect(within(dialog).getByText('Nothing has been paid, so no money changes hands.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Riley Visitor is no longer entered in Whiting Wander.')).toBeTruthy();
    await waitFor(() => expect(within(entrants).getAllByTestId('entrant')).toHaveLength(1));
    expect(within(entrants).getByText(/1 entered of 2/)).toBeTruthy();
    expect(s.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.signOn.remove', { registrationId: eli.registrationId }],
      ['admin.signOn.remove', { registrationId: riley.registrationId }],
    ]);
  });
});
