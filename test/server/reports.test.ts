import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { clubToday } from '../../src/shared/dates';
import { financialYearOf } from '../../src/shared/reports.schema';
import { Payment } from '../../src/server/db/entities';
import { createAdmin, createMember, createUser, enterEvent } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let n = 0;

/** A payment as the provider left it; `at` is an instant (UTC). */
function pay(
  kind: 'membership' | 'event' | 'sponsorship',
  cents: number,
  at: string,
  status: 'completed' | 'refunded' | 'failed' | 'created' | 'void' = 'completed',
  payee = 'Pat Payer',
) {
  n += 1;
  return {
    kind,
    purpose: null,
    household: null,
    createdBy: null,
    description: `${kind} ${n}`,
    payee,
    amountCents: cents,
    currency: 'AUD',
    provider: 'demo' as const,
    providerOrderId: `ORDER-${n}`,
    providerCaptureId: status === 'completed' ? `CAPTURE-${n}` : null,
    status,
    capturedAt: new Date(at),
    lastError: null,
    rawResponse: null,
  };
}

/** The lines of a CSV download, after checking it starts with the UTF-8 BOM (which Response.text() would hide). */
async function csvLines(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3)).split('\r\n');
}

async function pdfText(res: Response) {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text;
}

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'treasurer@club.test' } });
  admin = (await createAdmin(t, { email: 'treasurer@club.test' })).client;
  const em = t.em();
  for (const p of [
    pay('membership', 4000, '2026-06-30T13:59:59Z'), // 30 June 23:59:59 in Sydney: the old financial year
    pay('membership', 12000, '2026-06-30T14:00:00Z', 'completed', 'Fay "Family" Finn'), // 1 July 00:00 in Sydney: the new one
    pay('sponsorship', 50000, '2026-08-15T02:00:00Z', 'completed', 'Tweed Tackle'),
    pay('membership', 3000, '2026-09-01T02:00:00Z', 'refunded'),
    pay('membership', 4000, '2026-09-02T02:00:00Z', 'failed'),
    pay('membership', 4000, '2026-09-03T02:00:00Z', 'created'),
    pay('event', 1000, '2026-12-31T13:30:00Z', 'completed', '=cmd|"/c calc"!A0'), // 1 January 2027, 00:30 in Sydney (daylight time)
  ])
    em.create(Payment, p);
  await em.flush();
});
afterAll(() => t?.close());

describe('financial figures', () => {
  it('adds captured payments by month and kind in the club time zone, without refunds or unfinished payments', async () => {
    const fy = await admin.trpc.admin.reports.financial.query({ from: '2026-07-01', to: '2027-06-30' });
    expect(fy.totals).toEqual({ membership: 12000, event: 1000, sponsorship: 50000, total: 63000 });
    expect(fy.months).toEqual([
      { month: '2026-07', membership: 12000, event: 0, sponsorship: 0, total: 12000 },
      { month: '2026-08', membership: 0, event: 0, sponsorship: 50000, total: 50000 },
      { month: '2027-01', membership: 0, event: 1000, sponsorship: 0, total: 1000 },
    ]);
    expect(fy.payments).toBe(3);
    const previous = await admin.trpc.admin.reports.financial.query({ from: '2025-07-01', to: '2026-06-30' });
    expect(previous.totals.total).toBe(4000);
    await expect(admin.trpc.admin.reports.financial.query({ from: '2027-01-01', to: '2026-01-01' })).rejects.toThrow(
      'The period must end on or after its first day.',
    );
  });

  it('knows the Australian financial year', () => {
    expect(financialYearOf('2026-06-30')).toEqual({ start: '2025-07-01', end: '2026-06-30', label: 'FY 2025–26' });
    expect(financialYearOf('2026-07-01')).toEqual({ start: '2026-07-01', end: '2027-06-30', label: 'FY 2026–27' });
  });

  it('shows this financial year on the dashboard', async () => {
    const shift = Date.parse('2026-11-21T02:00:00Z') - t.clock.now().getTime();
    t.clock.advance(shift);
    try {
      const overview = await admin.trpc.admin.overview.query();
      expect(overview).toMatchObject({ revenueYtdCents: 63000, financialYear: 'FY 2026–27' });
      expect(overview.revenueByMonth.map((m) => [m.month, m.total])).toEqual([
        ['2026-07', 12000],
        ['2026-08', 50000],
        ['2027-01', 1000],
      ]);
      expect(overview.membersByType.map((m) => m.month)).toEqual([
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ]);
    } finally {
      t.clock.advance(-shift);
    }
  });

  it('downloads the Financial Summary as CSV and as a PDF with the club name', async () => {
    const csv = await admin.fetch('/api/admin/reports/financial.csv?from=2026-07-01&to=2027-06-30');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="financial-summary-2026-07-01-to-2027-06-30.csv"');
    expect(await csvLines(csv)).toEqual([
      'Month,Membership fees,Event registrations,Sponsorships,Total',
      '2026-07,120.00,0.00,0.00,120.00',
      '2026-08,0.00,0.00,500.00,500.00',
      '2027-01,0.00,10.00,0.00,10.00',
      'Total,120.00,10.00,500.00,630.00',
      '',
    ]);
    const pdf = await admin.fetch('/api/admin/reports/financial.pdf?from=2026-07-01&to=2027-06-30');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf);
    expect(text).toContain(EXAMPLE_CLUB_PROFILE.name);
    expect(text).toContain('Financial Summary');
    expect(text).toContain('$630.00');
    expect(text).toContain('Jan 2027');
  });
});

describe('Export to accounting', () => {
  it("writes the period's payments as a Xero bank-statement CSV with each kind's account code from the settings", async () => {
    await admin.trpc.admin.cms.settings.save.mutate({ settingKey: 'account_code_sponsorship', settingValue: '260', settingType: 'text' });
    const res = await admin.fetch('/api/admin/export/accounting.csv?from=2026-07-01&to=2027-06-30');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await csvLines(res)).toEqual([
      '*Date,*Amount,Payee,Description,Reference,Account Code',
      '01/07/2026,120.00,"Fay ""Family"" Finn",membership 2,CAPTURE-2,200',
      '15/08/2026,500.00,Tweed Tackle,sponsorship 3,CAPTURE-3,260',
      `01/01/2027,10.00,"'=cmd|""/c calc""!A0",event 7,CAPTURE-7,201`,
      '',
    ]);
  });

  it('pages through thousands of payments with microsecond times, each once', async () => {
    await t.em().getConnection()
      .execute(`insert into payments (id, kind, description, payee, amount_cents, currency, provider, provider_order_id, provider_capture_id, status, captured_at, created_at, updated_at)
      select gen_random_uuid(), 'membership', 'Bulk', 'Bulk payer', 4000, 'AUD', 'demo', 'BULK-' || g, 'BULK-CAP-' || g, 'completed',
             timestamptz '2024-03-01 10:00:00.123456+00' + (g % 7) * interval '1 microsecond', now(), now()
      from generate_series(1, 1234) g`);
    const lines = await csvLines(await admin.fetch('/api/admin/export/accounting.csv?from=2024-01-01&to=2024-12-31'));
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((r) => r.split(',')[4])).size).toBe(1234);
  });
});

describe('membership and event results', () => {
  it('counts members by type and status and lists those expiring soon', async () => {
    await createMember(t, { email: 'new@example.com', firstName: 'Nia', lastName: 'New' });
    const today = clubToday(t.clock.now());
    const report = await admin.trpc.admin.reports.membership.query({ from: today, to: today });
    expect(report.byTypeAndStatus).toContainEqual({ membershipType: 'adult', status: 'active', count: 1 });
    expect(report.joined).toBe(1);
    const csv = await (await admin.fetch(`/api/admin/reports/membership.csv?from=${today}&to=${today}`)).text();
    expect(csv).toContain('Adult,active,1');
    expect(csv).toContain('Joined in period,1');
  });

  it('reports an event’s placings and points as CSV and PDF', async () => {
    const today = clubToday(t.clock.now());
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Tailor Tussle',
      location: 'Fingal Head',
      eventDate: `${today}T00:05`,
      // Fishing all day, so the catch is logged whenever the tests run.
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const angler = await createMember(t, { email: 'tess@example.com', firstName: 'Tess', lastName: 'Tailor' });
    await enterEvent(t, event.id, angler.memberId);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      fishType: 'Tailor',
      size: '41.5',
      fishKeptOrReleased: 'kept',
      eventId: event.id,
      memberId: angler.memberId,
      rulesWaiverAccepted: 'true',
      dataAccuracyAcknowledged: 'true',
    }))
      form.set(k, v);
    form.set(
      'photo',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        { type: 'image/jpeg' },
      ),
      'c.jpg',
    );
    const logged = await (await angler.client.fetch('/api/catches', { method: 'POST', body: form })).json();
    await admin.trpc.admin.catches.judge.mutate({ id: logged.catch.id, action: 'approve' });

    const csv = await admin.fetch(`/api/admin/reports/events/${event.id}/results.csv`);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="results-tailor-tussle.csv"');
    expect((await csvLines(csv)).slice(0, 2)).toEqual([
      'Event,Division,Category,Place,Angler,Size (cm),Points,Prize,Status',
      // Fishing is open until 11:59 pm: the results may still change.
      'Tailor Tussle,Open,Tailor,1,Tess Tailor,41.5,3,$100 tackle voucher,Provisional',
    ]);
    const text = await pdfText(await admin.fetch(`/api/admin/reports/events/${event.id}/results.pdf`));
    expect(text).toContain(EXAMPLE_CLUB_PROFILE.name);
    expect(text).toContain('Event Results: Tailor Tussle');
    expect(text).toContain('Tess Tailor');
    expect((await admin.fetch(`/api/admin/reports/events/not-an-id/results.pdf`)).status).toBe(400);
    expect((await admin.fetch(`/api/admin/reports/events/${crypto.randomUUID()}/results.pdf`)).status).toBe(404);
  });

  it('invoices an accepted sponsorship once, and counts it only when the money arrives', async () => {
    await t.client().json('POST', '/api/sponsors/register', {
      companyName: 'Cabarita Cafe',
      contactPerson: 'Cam',
      email: 'cam@cafe.example',
      phone: '02 6676 1111',
      sponsorshipType: 'website',
    });
    const [sponsor] = (await admin.trpc.admin.sponsors.list.query()).filter((s) => s.companyName === 'Cabarita Cafe');
    const today = clubToday(t.clock.now());
    const fy = financialYearOf(today);
    const before = await admin.trpc.admin.reports.financial.query({ from: fy.start, to: fy.end });
    await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'active' });
    await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'active', websiteUrl: 'https://cafe.example' });
    const recorded = await t.em().find(Payment, { kind: 'sponsorship', payee: 'Cabarita Cafe' });
    expect(recorded.map((p) => [p.amountCents, p.status, p.capturedAt])).toEqual([[50000, 'created', null]]);
    expect((await admin.trpc.admin.reports.financial.query({ from: fy.start, to: fy.end })).totals).toEqual(before.totals);

    await admin.trpc.admin.sponsors.recordPayment.mutate({
      invoiceId: recorded[0].id,
      method: 'bank_transfer',
      paidOn: today,
      reference: 'EFT 77',
    });
    const after = await admin.trpc.admin.reports.financial.query({ from: fy.start, to: fy.end });
    expect(after.totals.sponsorship - before.totals.sponsorship).toBe(50000);
    expect(after.payments - before.payments).toBe(1);
  });
});

describe('refunds and invoices', () => {
  it('nets a refund against the month it was made, counts only payments received, and exports the refund as its own negative line', async () => {
    const em = t.em();
    const original = em.create(Payment, {
      ...pay('membership', 4000, '2022-09-01T02:00:00Z', 'completed', 'Rae Refund'),
      refundedCents: 1500,
    });
    em.create(Payment, {
      ...pay('membership', -1500, '2022-10-05T03:00:00Z', 'completed', 'Rae Refund'),
      purpose: 'refund',
      refundOf: original,
      description: 'Refund: membership fee',
      providerCaptureId: 'RF-123',
    });
    // An unpaid sponsor invoice and a cancelled one are not money received.
    em.create(Payment, { ...pay('sponsorship', 50000, '2022-09-10T02:00:00Z', 'created', 'Unpaid Sponsor'), capturedAt: null });
    em.create(Payment, { ...pay('sponsorship', 100000, '2022-09-11T02:00:00Z', 'void', 'Cancelled Sponsor'), capturedAt: null });
    await em.flush();

    const fy = await admin.trpc.admin.reports.financial.query({ from: '2022-07-01', to: '2023-06-30' });
    expect(fy.totals).toEqual({ membership: 2500, event: 0, sponsorship: 0, total: 2500 });
    expect(fy.months).toEqual([
      { month: '2022-09', membership: 4000, event: 0, sponsorship: 0, total: 4000 },
      { month: '2022-10', membership: -1500, event: 0, sponsorship: 0, total: -1500 },
    ]);
    expect(fy.payments).toBe(1);
    expect(await csvLines(await admin.fetch('/api/admin/reports/financial.csv?from=2022-07-01&to=2023-06-30'))).toEqual([
      'Month,Membership fees,Event registrations,Sponsorships,Total',
      '2022-09,40.00,0.00,0.00,40.00',
      '2022-10,-15.00,0.00,0.00,-15.00',
      'Total,25.00,0.00,0.00,25.00',
      '',
    ]);
    const pdf = await pdfText(await admin.fetch('/api/admin/reports/financial.pdf?from=2022-07-01&to=2023-06-30'));
    expect(pdf).toContain('-$15.00');
    expect(pdf).toContain('$25.00');
    const xero = await csvLines(await admin.fetch('/api/admin/export/accounting.csv?from=2022-07-01&to=2023-06-30'));
    expect(xero.slice(1, -1)).toEqual([
      expect.stringMatching(/^01\/09\/2022,40\.00,Rae Refund,membership \d+,CAPTURE-\d+,200$/),
      '05/10/2022,-15.00,Rae Refund,Refund: membership fee,RF-123,200',
    ]);
  });
});

describe('access', () => {
  it('keeps every report and export to admins', async () => {
    const member = (await createUser(t)).client;
    for (const url of [
      '/api/admin/reports/financial.csv',
      '/api/admin/reports/financial.pdf',
      '/api/admin/reports/membership.csv',
      `/api/admin/reports/events/${crypto.randomUUID()}/results.csv`,
      '/api/admin/export/accounting.csv',
    ]) {
      expect((await t.client().fetch(url)).status, url).toBe(401);
      expect((await member.fetch(url)).status, url).toBe(403);
    }
  });
});
