import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminMembersTab } from '../../src/client/features/admin/members-tab';
import type { MemberSearchInput } from '../../src/shared/admin.schema';
import { type MemberRecord, type MemberRow, aMemberRecord, aMemberRow, anAuditEntry, anAuditPage } from './builders';
import {
  type Answers,
  type FakeServer,
  SIGNED_OUT,
  fakeServer,
  ok,
  renderApp,
  renderWithProviders,
  trpcError,
  SECRETARY,
  adminOverview,
  siteHealth,
} from './render';
import { fill } from './fill';

const MIA = aMemberRow({
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Mia',
  lastName: 'Fisher',
  initials: 'MF',
  email: 'mia@example.com',
  address: '1 Wharf St, Tweed Heads NSW 2485',
  membershipType: 'adult',
  status: 'active',
  expiryDate: '2026-12-05',
  role: 'member',
});

/** A junior who has not paid yet, without e-mail, phone, address or login. */
const SAM = aMemberRow({
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Sam',
  lastName: 'Carter',
  initials: 'SC',
  email: null,
  phone: null,
  address: null,
  membershipType: 'junior',
  status: 'pending',
  memberSince: null,
  expiryDate: null,
  role: null,
  isPrimary: false,
});

/** A member's whole record as the edit form loads it, from their row. */
const recordOf = (row: MemberRow, extra: Partial<MemberRecord> = {}) =>
  aMemberRecord({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    ...(row.membershipType === 'junior'
      ? { dateOfBirth: '2015-03-04', gender: null, shirtSize: null }
      : { dateOfBirth: '1985-06-07', gender: 'female', shirtSize: 'M' }),
    membershipType: row.membershipType,
    status: row.status,
    memberSince: row.memberSince,
    expiryDate: row.expiryDate,
    isPrimary: row.isPrimary,
    hasAccount: row.role !== null,
    ...extra,
  });

/** A members server: every search answers with the given rows and total, as page `page` of it. */
function membersServer(
  options: {
    rows?: MemberRow[];
    total?: number;
    update?: Answers['admin.members.update'];
    extra?: Answers;
    record?: Partial<MemberRecord>;
  } = {},
) {
  const rows = options.rows ?? [MIA, SAM];
  return fakeServer({
    'admin.audit': () => ok(anAuditPage({ rows: [anAuditEntry()] })),
    'admin.members.search': (i) => ok({ rows, total: options.total ?? rows.length, page: i.page ?? 1, pageSize: i.pageSize ?? 25 }),
    'admin.members.update': options.update ?? ((i) => ok({ ...MIA, ...i, initials: 'MF', pendingEmail: null })),
    'admin.members.get': (i) =>
      ok(
        recordOf(
          rows.find((r) => r.id === i.memberId)!,
          options.record,
        ),
      ),
    ...options.extra,
  });
}

/** The inputs of every members search, in order. */
const searches = (server: FakeServer) =>
  server.calls
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === 'admin.members.search')
    .map(([, input]) => input as MemberSearchInput);

const lastSearch = (server: FakeServer) => searches(server).at(-1);

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('admin members tab', () => {
  let opened: unknown[][];
  const realOpen = window.open;
  beforeEach(() => {
    opened = [];
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  afterEach(() => {
    window.open = realOpen;
  });

  it('lists members with initials, name, e-mail, type, status and expiry, sorted by name', async () => {
    const server = membersServer({ total: 123 });
    renderWithProviders(<AdminMembersTab />, server);

    expect(await screen.findByText('Mia Fisher')).toBeTruthy();
    const mia = rowOf('Mia Fisher');
    expect(within(mia).getByText('MF')).toBeTruthy();
    expect(within(mia).getByText('mia@example.com')).toBeTruthy();
    expect(within(mia).getByText('Adult')).toBeTruthy();
    expect(within(mia).getByText('Active')).toBeTruthy();
    expect(within(mia).getByText('05/12/2026')).toBeTruthy();
    expect(within(mia).getByRole('button', { name: 'Edit Mia Fisher' })).toBeTruthy();

    const sam = rowOf('Sam Carter');
    expect(within(sam).getByText('SC')).toBeTruthy();
    expect(within(sam).getByText('No e-mail')).toBeTruthy();
    expect(within(sam).getByText('Junior')).toBeTruthy();
    expect(within(sam).getByText('Pending')).toBeTruthy();
    expect(within(sam).getByText('—')).toBeTruthy();

    expect(screen.getByText('Showing 1–25 of 123')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Member' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Expiry' }).getAttribute('aria-sort')).toBe('none');
    expect(searches(server)).toEqual([{ sort: 'name', direction: 'asc', page: 1, pageSize: 25 }]);
  });

  it('sends the search once typing pauses, not on every key', async () => {
    const server = membersServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await screen.findByText('Mia Fisher');

    await user.type(screen.getByPlaceholderText('Search by name or e-mail'), ' mia ');
    await waitFor(() => expect(lastSearch(server)).toEqual({ search: 'mia', sort: 'name', direction: 'asc', page: 1, pageSize: 25 }));
    expect(searches(server).filter((s) => s.search !== undefined)).toHaveLength(1);
  });

  it('puts the filters, the sort and the page in the query', async () => {
    const server = membersServer({ total: 123 });
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await screen.findByText('Mia Fisher');

    await user.selectOptions(screen.getByLabelText('Type'), 'Junior');
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ type: 'junior', page: 1 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Expiring within 30 days');
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ type: 'junior', status: 'expiring' }));

    await user.click(screen.getByRole('button', { name: 'Expiry' }));
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ sort: 'expiry', direction: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Expiry' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Member' }).getAttribute('aria-sort')).toBe('none');
    await user.click(screen.getByRole('button', { name: 'Expiry' }));
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ sort: 'expiry', direction: 'desc' }));
    expect(screen.getByRole('columnheader', { name: 'Expiry' }).getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(lastSearch(server)).toEqual({ type: 'junior', status: 'expiring', sort: 'expiry', direction: 'desc', page: 2, pageSize: 25 }),
    );
    expect(await screen.findByText('Showing 26–50 of 123')).toBeTruthy();

    // A new filter starts again on the first page.
    await user.selectOptions(screen.getByLabelText('Type'), 'All types');
    await waitFor(() =>
      expect(lastSearch(server)).toEqual({ status: 'expiring', sort: 'expiry', direction: 'desc', page: 1, pageSize: 25 }),
    );
  });

  it('says so when no member matches', async () => {
    renderWithProviders(<AdminMembersTab />, membersServer({ rows: [] }));
    expect(await screen.findByText('No members found.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('Export CSV opens the member export with the filters in force, in a new window', async () => {
    const server = membersServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await screen.findByText('Mia Fisher');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(opened).toEqual([['/api/admin/export/members', '_blank']]);

    await fill(user, screen.getByPlaceholderText('Search by name or e-mail'), 'o’brien & co');
    await user.selectOptions(screen.getByLabelText('Type'), 'Family');
    await user.selectOptions(screen.getByLabelText('Status'), 'Expired');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(opened[1]).toEqual([`/api/admin/export/members?search=o%E2%80%99brien+%26+co&type=family&status=expired`, '_blank']);
  });

  it('edits a member: sends the changed profile, shows the toast and refreshes the list', async () => {
    const server = membersServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Edit Mia Fisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mia Fisher' });

    expect((within(dialog).getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('mia@example.com');
    expect((within(dialog).getByLabelText(/^Expiry date/) as HTMLInputElement).value).toBe('05/12/2026');
    expect((within(dialog).getByLabelText(/^Role/) as HTMLSelectElement).value).toBe('member');

    await user.clear(within(dialog).getByLabelText(/^Phone/));
    await fill(user, within(dialog).getByLabelText(/^Phone/), '0400 999 888');
    await user.clear(within(dialog).getByLabelText(/^E-mail/));
    await fill(user, within(dialog).getByLabelText(/^E-mail/), '  Mia.Fisher@Example.com ');
    fireEvent.change(within(dialog).getByLabelText(/^Expiry date/), { target: { value: '2027-12-05' } });
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Administrator');
    await user.selectOptions(within(dialog).getByLabelText(/^Shirt size/), 'XL');
    const before = searches(server).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Member updated successfully')).toBeTruthy();
    expect(server.mutations().map((c) => c.inputs[0])).toEqual([
      {
        id: MIA.id,
        firstName: 'Mia',
        lastName: 'Fisher',
        email: 'mia.fisher@example.com',
        phone: '0400 999 888',
        address: '1 Wharf St, Tweed Heads NSW 2485',
        dateOfBirth: '1985-06-07',
        gender: 'female',
        shirtSize: 'XL',
        membershipType: 'adult',
        status: 'active',
        expiryDate: '2027-12-05',
        role: 'admin',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(searches(server).length).toBeGreaterThan(before));
  });

  it('offers no role for a member without an account and clears blank contact details', async () => {
    const server = membersServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Edit Sam Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Carter' });
    expect(within(dialog).queryByLabelText(/^Role/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated successfully')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({
      id: SAM.id,
      firstName: 'Sam',
      lastName: 'Carter',
      email: null,
      phone: null,
      address: null,
      dateOfBirth: '2015-03-04',
      gender: null,
      shirtSize: null,
      membershipType: 'junior',
      status: 'pending',
      expiryDate: null,
    });
  });

  it('refuses a bad e-mail and an active membership without expiry before sending', async () => {
    const server = membersServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Edit Mia Fisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mia Fisher' });

    await user.clear(within(dialog).getByLabelText(/^E-mail/));
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'mia@example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/^E-mail/));
    fireEvent.change(within(dialog).getByLabelText(/^Expiry date/), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An active membership needs an expiry date.')).toBeTruthy();
    expect(within(dialog).queryByText('Please enter a valid email address.')).toBeNull();
    expect(server.mutations()).toEqual([]);
  });

  it("shows the server's message when the update fails and keeps the form open", async () => {
    const server = membersServer({ update: () => trpcError(400, 'BAD_REQUEST', 'You cannot remove your own administrator role.') });
    const user = userEvent.setup();
    renderWithProviders(<AdminMembersTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Edit Mia Fisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mia Fisher' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update member')).toBeTruthy();
    expect(screen.getByText('You cannot remove your own administrator role.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Mia Fisher' })).toBeTruthy();
  });
});

describe('admin page tabs', () => {
  it('has the tabs in order, Audit Log last, and the Members tab lists members', async () => {
    const admin = SECRETARY;
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(admin),
      'admin.overview': () => ok(adminOverview({ totalMembers: 2, activeEvents: 0, revenueYtdCents: 0 })),
      'admin.siteHealth': () => ok(siteHealth()),
      'admin.events.list': () => ok([]),
      'admin.members.search': (input) => ok({ rows: [MIA, SAM], total: 2, page: input.page ?? 1, pageSize: 25 }),
    });
    const user = userEvent.setup();
    renderApp('/admin', server);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Members',
      'Events',
      'Judging',
      'Results',
      'Payments',
      'Sponsors',
      'Reports',
      'Accounting',
      'Newsletters',
      'Club settings',
      'Audit Log',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('Mia Fisher')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
  });
});
