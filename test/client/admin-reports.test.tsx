import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminAccountingTab } from '../../src/client/features/admin/accounting-tab';
import { AdminAuditTab } from '../../src/client/features/admin/audit-tab';
import { DashboardCharts } from '../../src/client/features/admin/dashboard-charts';
import { AdminReportsTab } from '../../src/client/features/admin/reports-tab';
import { clubToday, formatAuDate } from '../../src/shared/dates';
import { financialYearOf, type AdminOverview, type FinancialSummary, type MembershipReport } from '../../src/shared/reports.schema';
import { anAdminEvent, anAuditEntry, anAuditPage } from './builders';
import { type Answers, type FakeServer, fakeServer, ok, renderWithProviders } from './render';

const FY = financialYearOf(clubToday(new Date()));
const EVENT_ID = '33333333-3333-4333-8333-333333333333';

const OVERVIEW: AdminOverview = {
  totalMembers: 20,
  activeEvents: 2,
  revenueYtdCents: 26000,
  financialYear: 'FY 2026–27',
  sponsors: 1,
  membersByType: [
    { month: '2026-10', adult: 10, junior: 3, family: 1 },
    { month: '2026-11', adult: 12, junior: 3, family: 2 },
  ],
  revenueByMonth: [
    { month: '2026-08', membership: 8000, event: 2000, sponsorship: 0, total: 10000 },
    { month: '2026-11', membership: 4000, event: 2000, sponsorship: 10000, total: 16000 },
  ],
  catchesBySpecies: [
    { species: 'Flathead', count: 12 },
    { species: 'Bream', count: 1 },
  ],
};

const EMPTY_OVERVIEW: AdminOverview = {
  ...OVERVIEW,
  membersByType: [{ month: '2026-11', adult: 0, junior: 0, family: 0 }],
  revenueByMonth: [],
  catchesBySpecies: [],
};

const SUMMARY = (from: string, to: string): FinancialSummary => ({
  from,
  to,
  totals: { membership: 12000, event: 4000, sponsorship: 100000, total: 116000 },
  months: [
    { month: '2026-08', membership: 8000, event: 2000, sponsorship: 0, total: 10000 },
    { month: '2026-11', membership: 4000, event: 2000, sponsorship: 100000, total: 106000 },
  ],
  payments: 7,
});

const MEMBERSHIP: MembershipReport = {
  from: FY.start,
  to: FY.end,
  byTypeAndStatus: [
    { membershipType: 'adult', status: 'active', count: 12 },
    { membershipType: 'adult', status: 'expired', count: 4 },
    { membershipType: 'junior', status: 'pending', count: 2 },
    { membershipType: 'family', status: 'active', count: 3 },
  ],
  joined: 9,
  renewed: 5,
  expiringSoon: [{ name: 'Mia Fisher', email: 'mia@example.com', membershipType: 'adult', expiryDate: '2026-12-05' }],
};

const EVENTS = [
  anAdminEvent({ id: EVENT_ID, name: 'Flathead Classic', eventDate: '2026-10-03T20:00:00.000Z', status: 'completed' }),
  anAdminEvent({
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Winter Bream Bash',
    eventDate: '2026-07-04T21:00:00.000Z',
    status: 'completed',
  }),
];

/** Every report server: the financial summary echoes the period it was asked for. */
function reportsServer(overrides: Answers = {}) {
  return fakeServer({
    'admin.reports.financial': (p) => ok(SUMMARY(p?.from ?? FY.start, p?.to ?? FY.end)),
    'admin.reports.membership': () => ok(MEMBERSHIP),
    'admin.events.list': () => ok(EVENTS),
    ...overrides,
  });
}

const inputsOf = (server: FakeServer, procedure: string) =>
  server.calls
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === procedure)
    .map(([, input]) => input);

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

describe('dashboard charts', () => {
  it('draws labelled bars for members by type, revenue by month and catches by species', () => {
    renderWithProviders(<DashboardCharts overview={OVERVIEW} />, reportsServer());

    const members = screen.getByRole('group', { name: 'Members by type, last 12 months' });
    expect(
      within(members)
        .getAllByRole('img')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['October 2026: 10 adult, 3 junior, 1 family, 14 in total', 'November 2026: 12 adult, 3 junior, 2 family, 17 in total']);

    // The whole financial year, July to June, months without payments included.
    const revenue = screen.getByRole('group', { name: 'Revenue by month, FY 2026–27' });
    const bars = within(revenue).getAllByRole('img');
    expect(bars).toHaveLength(12);
    expect(bars[0].getAttribute('aria-label')).toBe(
      'July 2026: Membership fees $0.00, Event registrations $0.00, Sponsorships $0.00, total $0.00',
    );
    expect(
      within(revenue).getByRole('img', {
        name: 'August 2026: Membership fees $80.00, Event registrations $20.00, Sponsorships $0.00, total $100.00',
      }),
    ).toBeTruthy();
    expect(
      within(revenue).getByRole('img', {
        name: 'November 2026: Membership fees $40.00, Event registrations $20.00, Sponsorships $100.00, total $160.00',
      }),
    ).toBeTruthy();
    expect(bars[11].getAttribute('aria-label')).toMatch(/^June 2027: /);

    const catches = screen.getByRole('group', { name: 'Catches by species, FY 2026–27' });
    expect(
      within(catches)
        .getAllByRole('img')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Flathead: 12 catches', 'Bream: 1 catch']);

    expect(screen.getByText('Members by type')).toBeTruthy();
    expect(screen.getByText('Revenue by month')).toBeTruthy();
    expect(screen.getByText('Catches by species')).toBeTruthy();
  });

  it('says so when there is nothing to draw yet', () => {
    renderWithProviders(<DashboardCharts overview={EMPTY_OVERVIEW} />, reportsServer());
    expect(screen.getByText('No current members in the last 12 months.')).toBeTruthy();
    expect(screen.getByText('No payments yet this financial year.')).toBeTruthy();
    expect(screen.getByText('No catches logged yet this financial year.')).toBeTruthy();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});

describe('admin reports tab', () => {
  it('Financial Summary: generates the month table for the financial year, then for another period', async () => {
    const server = reportsServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminReportsTab />, server);
    const card = screen.getByRole('region', { name: 'Financial Summary' });

    expect((within(card).getByLabelText('From') as HTMLInputElement).value).toBe(formatAuDate(FY.start));
    expect((within(card).getByLabelText('To') as HTMLInputElement).value).toBe(formatAuDate(FY.end));
    expect(within(card).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/reports/financial.csv?from=${FY.start}&to=${FY.end}`,
    );
    expect(within(card).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/admin/reports/financial.pdf?from=${FY.start}&to=${FY.end}`,
    );
    expect(inputsOf(server, 'admin.reports.financial')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Generate Report' }));
    const table = await within(card).findByRole('table', { name: 'Financial Summary by month' });
    expect(inputsOf(server, 'admin.reports.financial')).toEqual([{ from: FY.start, to: FY.end }]);
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Month', 'Membership fees', 'Event registrations', 'Sponsorships', 'Total'],
      ['Aug 2026', '$80.00', '$20.00', '$0.00', '$100.00'],
      ['Nov 2026', '$40.00', '$20.00', '$1,000.00', '$1,060.00'],
      ['Total', '$120.00', '$40.00', '$1,000.00', '$1,160.00'],
    ]);
    expect(within(card).getByText(/7 payments/)).toBeTruthy();

    fireEvent.change(within(card).getByLabelText('From'), { target: { value: '2026-08-01' } });
    fireEvent.change(within(card).getByLabelText('To'), { target: { value: '2026-11-30' } });
    expect(within(card).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/reports/financial.csv?from=2026-08-01&to=2026-11-30',
    );
    await user.click(within(card).getByRole('button', { name: 'Generate Report' }));
    expect(await within(card).findByText(/01\/08\/2026 to 30\/11\/2026/)).toBeTruthy();
    expect(inputsOf(server, 'admin.reports.financial').at(-1)).toEqual({ from: '2026-08-01', to: '2026-11-30' });
  });

  it('refuses a period that ends before it starts', async () => {
    const server = reportsServer();
    renderWithProviders(<AdminReportsTab />, server);
    const card = screen.getByRole('region', { name: 'Financial Summary' });
    fireEvent.change(within(card).getByLabelText('To'), { target: { value: '2020-01-01' } });
    expect(within(card).getByText('The period must end on or after its first day.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Generate Report' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('Membership Report: shows counts by type and status, joined, renewed and who expires soon', async () => {
    const server = reportsServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminReportsTab />, server);
    const card = screen.getByRole('region', { name: 'Membership Report' });
    expect(within(card).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/reports/membership.csv?from=${FY.start}&to=${FY.end}`,
    );

    await user.click(within(card).getByRole('button', { name: 'Generate Report' }));
    const report = await within(card).findByTestId('membership-report');
    expect(inputsOf(server, 'admin.reports.membership')).toEqual([{ from: FY.start, to: FY.end }]);
    expect(within(report).getByText('Joined in period').nextSibling?.textContent).toBe('9');
    expect(within(report).getByText('Households renewed').nextSibling?.textContent).toBe('5');
    const adult = within(report).getByRole('rowheader', { name: 'Adult' }).closest('tr')!;
    expect(
      within(adult)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '12', '4', '16']);
    const total = within(report).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(
      within(total)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['2', '15', '4', '21']);
    const expiring = within(report).getByRole('table', { name: 'Expiring within 30 days' });
    expect(within(expiring).getByText('Mia Fisher')).toBeTruthy();
    expect(within(expiring).getByText('05/12/2026')).toBeTruthy();
  });

  it('Event Results: opens the PDF of the chosen event and links its CSV', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminReportsTab />, reportsServer());
    const card = screen.getByRole('region', { name: 'Event Results Report' });
    const select = (await within(card).findByLabelText('Event')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Flathead Classic (04/10/2026)',
      'Winter Bream Bash (05/07/2026)',
    ]);

    await user.click(within(card).getByRole('button', { name: 'Generate Report' }));
    expect(opened).toEqual([[`/api/admin/reports/events/${EVENT_ID}/results.pdf`, '_blank']]);

    await user.selectOptions(select, 'Winter Bream Bash (05/07/2026)');
    expect(within(card).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/reports/events/44444444-4444-4444-8444-444444444444/results.csv',
    );
  });
});

describe('admin accounting tab', () => {
  it('shows the figures of the financial year and exports the period for Xero', async () => {
    const server = reportsServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminAccountingTab />, server);

    await waitFor(() => expect(screen.getAllByTestId('accounting-figure')).toHaveLength(4));
    const figures = screen.getAllByTestId('accounting-figure');
    [
      ['Membership fees', '$120.00'],
      ['Event registrations', '$40.00'],
      ['Sponsorships', '$1,000.00'],
      ['Total', '$1,160.00'],
    ].forEach(([label, amount], i) => {
      expect(within(figures[i]).getByText(label)).toBeTruthy();
      expect(within(figures[i]).getByText(amount)).toBeTruthy();
    });
    expect(inputsOf(server, 'admin.reports.financial')).toEqual([{ from: FY.start, to: FY.end }]);

    await user.click(screen.getByRole('button', { name: 'Export to accounting' }));
    expect(opened).toEqual([[`/api/admin/export/accounting.csv?from=${FY.start}&to=${FY.end}`, '_blank']]);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    await waitFor(() => expect(inputsOf(server, 'admin.reports.financial').at(-1)).toEqual({ from: '2026-07-01', to: '2026-09-30' }));
    await user.click(screen.getByRole('button', { name: 'Export to accounting' }));
    expect(opened[1]).toEqual(['/api/admin/export/accounting.csv?from=2026-07-01&to=2026-09-30', '_blank']);

    expect(screen.getByText(/A Xero bank-statement CSV \(Date, Amount, Payee, Description, Reference, Account Code\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Content Management' }).getAttribute('href')).toBe('/admin/cms');
    expect(screen.getByRole('link', { name: 'Financial Summary CSV' }).getAttribute('href')).toBe(
      '/api/admin/reports/financial.csv?from=2026-07-01&to=2026-09-30',
    );
    await user.click(screen.getByRole('button', { name: 'Member List CSV' }));
    expect(opened[2]).toEqual(['/api/admin/export/members', '_blank']);
  });
});

const AUDIT = anAuditPage({
  total: 2,
  entityTypes: ['Event', 'Member'],
  rows: [
    anAuditEntry({
      id: 2,
      at: '2026-11-20T23:15:00.000Z',
      actor: 'sec@example.com',
      action: 'member.update',
      entityType: 'Member',
      entityId: '11111111-1111-4111-8111-111111111111',
      before: { firstName: 'Mia', expiryDate: '2026-12-05', status: 'active' },
      after: { firstName: 'Mia', expiryDate: '2027-12-05', status: 'active' },
    }),
    anAuditEntry({
      id: 1,
      at: '2026-11-19T01:00:00.000Z',
      actor: 'renewals',
      action: 'event.create',
      entityType: 'Event',
      entityId: '33333333-3333-4333-8333-333333333333',
      before: null,
      after: { name: 'Flathead Classic' },
    }),
  ],
});

describe('admin audit log', () => {
  it('lists who changed what and when, and filters by record type and id', async () => {
    const server = fakeServer({ 'admin.audit': () => ok(AUDIT) });
    const user = userEvent.setup();
    renderWithProviders(<AdminAuditTab />, server);

    const [update, create] = await screen.findAllByTestId('audit-entry');
    expect(
      within(update)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sat, 21 Nov 2026, 10:15 am', 'sec@example.com', 'member.update', 'Member 11111111', 'expiryDate: 2026-12-05 → 2027-12-05']);
    expect(within(create).getByText('Flathead Classic', { exact: false }).textContent).toBe('name: Flathead Classic');
    expect(inputsOf(server, 'admin.audit')).toEqual([{ page: 1, pageSize: 25 }]);

    await user.selectOptions(screen.getByLabelText('Record type'), 'Member');
    await waitFor(() => expect(inputsOf(server, 'admin.audit').at(-1)).toEqual({ entityType: 'Member', page: 1, pageSize: 25 }));

    await user.type(screen.getByLabelText('Record id'), '11111111-1111-4111-8111-111111111111');
    await waitFor(() =>
      expect(inputsOf(server, 'admin.audit').at(-1)).toEqual({
        entityType: 'Member',
        entityId: '11111111-1111-4111-8111-111111111111',
        page: 1,
        pageSize: 25,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Show every change to Event 33333333-3333-4333-8333-333333333333' }));
    await waitFor(() =>
      expect(inputsOf(server, 'admin.audit').at(-1)).toEqual({
        entityType: 'Event',
        entityId: '33333333-3333-4333-8333-333333333333',
        page: 1,
        pageSize: 25,
      }),
    );
    expect((screen.getByLabelText('Record type') as HTMLSelectElement).value).toBe('Event');
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<AdminAuditTab />, fakeServer({ 'admin.audit': () => ok(anAuditPage()) }));
    expect(await screen.findByText('No audit entries found.')).toBeTruthy();
  });
});
