import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPIRING_DAYS } from '../../shared/admin.schema';
import { addDays, clubLocalToInstant, clubToday, formatAuDate, type IsoDate } from '../../shared/dates';
import type { ShirtReport } from '../../shared/member-records.schema';
import { centsToAmount, formatAud, membershipLabels, SHIRT_SIZES } from '../../shared/membership';
import {
  financialYearOf,
  REVENUE_KINDS,
  REVENUE_LABELS,
  type AdminOverview,
  type FinancialSummary,
  type MembershipReport,
  type RevenueKind,
} from '../../shared/reports.schema';
import { provisionalNotice, RESULT_DIVISION_LABELS } from '../../shared/results';
import type { Clock } from '../clock';
import { Event, Member, Sponsor, type PaymentCovers, type PaymentEntries } from '../db/entities';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { CmsService } from '../content/cms.service';
import { CSV_BOM, csvLine, csvNumber } from '../platform/csv';
import type { JudgingService } from '../catches/judging.service';
import { memberListWhere } from '../membership/admin-members.service';
import { currentMemberWhere, effectiveStatusSql, expiringMemberWhere, membershipCoveredSql } from '../membership/member-status';
import { coveringLines } from '../payments/payment-people';
import { renderReportPdf } from '../platform/pdf';

/**
 * A payment's description naming the people it covers ('Family membership renewal — Ben, Lachlan and Mia Taylor'),
 * unless it names them already (descriptions written since they do).
 */
const withPeople = (description: string, covering: string | null) =>
  !covering || description.includes(covering) ? description : `${description} — ${covering}`;

export interface ReportsDeps {
  clock: Clock;
  cms: CmsService;
  judging: JudgingService;
  /** The club's name and colours, printed on every report. */
  club: ClubSettingsService;
}

interface Period {
  from: string;
  to: string;
}

const EXPORT_BATCH = 500;
const emptyMoney = () => ({ membership: 0, event: 0, sponsorship: 0, total: 0 });
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const NO_SIZE = 'No size on record';

/** By size (XS to XXL, then those without one), then by name. */
const shirtOrder = <T extends { shirtSize: (typeof SHIRT_SIZES)[number] | null; name: string }>(people: T[]) =>
  [...people].sort(
    (a, b) =>
      (a.shirtSize ? SHIRT_SIZES.indexOf(a.shirtSize) : SHIRT_SIZES.length) -
      (b.shirtSize ? SHIRT_SIZES.indexOf(b.shirtSize) : SHIRT_SIZES.length),
  );

/** The committee's figures, reports and exports. Every sum and count runs in PostgreSQL. */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  private today() {
    return clubToday(this.deps.clock.now());
  }

  /** The period asked for, or the current financial year. */
  period(input: { from?: string; to?: string }): Period {
    const fy = financialYearOf(this.today());
    return { from: input.from ?? fy.start, to: input.to ?? fy.end };
  }

  /** Instants bounding a period of club days: [start of `from`, start of the day after `to`). */
  private bounds(p: Period): [Date, Date] {
    return [clubLocalToInstant(`${p.from}T00:00`), clubLocalToInstant(`${addDays(p.to, 1)}T00:00`)];
  }

  async overview(em: EntityManager): Promise<AdminOverview> {
    const today = this.today();
    const fy = financialYearOf(today);
    const [members, activeEvents, sponsors, financial, membersByType, catchesBySpecies] = await Promise.all([
      this.memberCounts(em, today),
      em.fork().count(Event, { status: 'active' }),
      em.fork().count(Sponsor, { status: 'active', $or: [{ endDate: null }, { endDate: { $gte: today } }] }),
      this.financial(em.fork(), { from: fy.start, to: fy.end }),
      this.membersByType(em.fork(), today),
      em
        .fork()
        .getConnection()
        .execute<{ species: string; count: number }[]>(
          `select species, count(*)::int as count from catches where status <> 'rejected' and caught_at >= ? and caught_at < ? group by species order by count desc, species`,
          this.bounds({ from: fy.start, to: fy.end }),
        ),
    ]);
    return {
      // Everyone who has paid, current or not: the list's Current and Expired filters together.
      totalMembers: members.current + members.expired,
      members,
      activeEvents,
      sponsors,
      revenueYtdCents: financial.totals.total,
      financialYear: fy.label,
      membersByType,
      revenueByMonth: financial.months,
      catchesBySpecies,
    };
  }

  /** How many members each of the members list's status filters shows (the same rule, memberListWhere). */
  private async memberCounts(em: EntityManager, today: IsoDate): Promise<NonNullable<AdminOverview['members']>> {
    const count = (status?: 'active' | 'expired' | 'pending') => em.fork().count(Member, memberListWhere({ status }, today));
    const [all, current, expired, pending] = await Promise.all([count(), count('active'), count('expired'), count('pending')]);
    return { all, current, expired, pending };
  }

  /** Shirt sizes of the current members (paid up today), for the shirt order: counts per size and everyone's size. */
  async shirts(em: EntityManager): Promise<ShirtReport> {
    const day = this.today();
    const people = await em.find(
      Member,
      { $and: [{ isGuest: false }, currentMemberWhere(day)] },
      { orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' } },
    );
    return {
      day,
      sizes: SHIRT_SIZES.map((size) => ({ size, count: people.filter((m) => m.shirtSize === size).length })),
      missing: people.filter((m) => !m.shirtSize).length,
      total: people.length,
      people: people.map((m) => ({
        name: `${m.firstName} ${m.lastName}`,
        shirtSize: m.shirtSize ?? null,
        membershipType: m.membershipType,
        email: m.email ?? null,
      })),
    };
  }

  async shirtsCsv(em: EntityManager): Promise<{ day: string; csv: string }> {
    const r = await this.shirts(em);
    const labels = membershipLabels(await this.deps.club.membership(em));
    const lines = [csvLine([`Shirt order: current members on ${formatAuDate(r.day)}`]), csvLine([]), csvLine(['Size', 'Members'])];
    for (const s of r.sizes) lines.push(csvLine([s.size, s.count]));
    lines.push(csvLine([NO_SIZE, r.missing]), csvLine(['Total', r.total]), csvLine([]));
    lines.push(csvLine(['Name', 'Shirt size', 'Type', 'Email']));
    for (const p of shirtOrder(r.people)) lines.push(csvLine([p.name, p.shirtSize ?? NO_SIZE, labels[p.membershipType], p.email]));
    return { day: r.day, csv: CSV_BOM + lines.join('') };
  }

  async shirtsPdf(em: EntityManager): Promise<{ day: string; pdf: Buffer }> {
    const r = await this.shirts(em);
    const missing = r.people.filter((p) => !p.shirtSize);
    const labels = membershipLabels(await this.deps.club.membership(em));
    const pdf = await renderReportPdf(await this.deps.club.profile(em), {
      title: 'Shirt Order',
      subtitle: `Current members on ${formatAuDate(r.day)} · ${r.total} members · ${r.missing} without a size on record`,
      tables: [
        {
          heading: 'Sizes to order',
          columns: [
            { label: 'Size', width: 120 },
            { label: 'Members', width: 80, align: 'right' },
          ],
          rows: [...r.sizes.map((s) => [s.size, String(s.count)]), [NO_SIZE, String(r.missing)], ['Total', String(r.total)]],
        },
        {
          heading: 'No size on record: ask these members',
          columns: [
            { label: 'Name', width: 200 },
            { label: 'E-mail', width: 230 },
          ],
          rows: missing.map((p) => [p.name, p.email ?? '']),
          empty: 'Every current member has a shirt size on record.',
        },
        {
          heading: 'Members by size',
          columns: [
            { label: 'Size', width: 60 },
            { label: 'Name', width: 200 },
            { label: 'Type', width: 160 },
          ],
          rows: shirtOrder(r.people).map((p) => [p.shirtSize ?? NO_SIZE, p.name, labels[p.membershipType]]),
          empty: 'No current members.',
        },
      ],
    });
    return { day: r.day, pdf };
  }

  /** Members whose membership covered the last day of each of the last 12 months (today for this month), by type. */
  private async membersByType(em: EntityManager, today: string): Promise<AdminOverview['membersByType']> {
    const rows = await em.getConnection().execute<{ month: string; membership_type: string | null; count: number }[]>(
      `with months as (
         select to_char(m, 'YYYY-MM') as month,
                least((m + interval '1 month' - interval '1 day')::date, ?::date) as day
         from generate_series(date_trunc('month', ?::date) - interval '11 months', date_trunc('month', ?::date), interval '1 month') as m
       )
       select months.month, mem.membership_type, count(mem.id)::int as count
       from months
       left join members mem on ${membershipCoveredSql('months.day', 'mem')}
       group by months.month, mem.membership_type
       order by months.month`,
      [today, today, today],
    );
    const byMonth = new Map<string, { month: string; adult: number; junior: number; family: number }>();
    for (const row of rows) {
      const entry = byMonth.get(row.month) ?? { month: row.month, adult: 0, junior: 0, family: 0 };
      if (row.membership_type) entry[row.membership_type as 'adult' | 'junior' | 'family'] = row.count;
      byMonth.set(row.month, entry);
    }
    return [...byMonth.values()];
  }

  /**
   * Money received in the period by month and kind: completed payments only (unpaid invoices, failed and unfinished
   * payments are not revenue), with refunds netted, because a refund is a negative completed payment on its own date.
   * `payments` counts the payments received, not the refunds.
   */
  async financial(em: EntityManager, period: Period): Promise<FinancialSummary> {
    const { timeZone } = await this.deps.club.profile(em);
    const rows = await em.getConnection().execute<{ month: string; kind: RevenueKind; cents: number; count: number }[]>(
      `select to_char(captured_at at time zone ?, 'YYYY-MM') as month, kind, sum(amount_cents)::int as cents, (count(*) filter (where amount_cents > 0))::int as count
       from payments where status = 'completed' and captured_at >= ? and captured_at < ?
       group by 1, 2 order by 1, 2`,
      [timeZone, ...this.bounds(period)],
    );
    const totals = emptyMoney();
    const months = new Map<string, ReturnType<typeof emptyMoney> & { month: string }>();
    let payments = 0;
    for (const row of rows) {
      const month = months.get(row.month) ?? { month: row.month, ...emptyMoney() };
      month[row.kind] += row.cents;
      month.total += row.cents;
      totals[row.kind] += row.cents;
      totals.total += row.cents;
      payments += row.count;
      months.set(row.month, month);
    }
    return { from: period.from, to: period.to, totals, months: [...months.values()], payments };
  }

  async financialCsv(em: EntityManager, period: Period): Promise<string> {
    const f = await this.financial(em, period);
    const lines = [csvLine(['Month', ...REVENUE_KINDS.map((k) => REVENUE_LABELS[k]), 'Total'])];
    const amount = (cents: number) => csvNumber(centsToAmount(cents));
    for (const m of f.months) lines.push(csvLine([m.month, ...REVENUE_KINDS.map((k) => amount(m[k])), amount(m.total)]));
    lines.push(csvLine(['Total', ...REVENUE_KINDS.map((k) => amount(f.totals[k])), amount(f.totals.total)]));
    return CSV_BOM + lines.join('');
  }

  async financialPdf(em: EntityManager, period: Period): Promise<Buffer> {
    const f = await this.financial(em, period);
    return renderReportPdf(await this.deps.club.profile(em), {
      title: 'Financial Summary',
      subtitle: `${formatAuDate(f.from)} to ${formatAuDate(f.to)} · ${f.payments} payments · amounts in AUD`,
      tables: [
        {
          heading: 'By month',
          columns: [
            { label: 'Month', width: 95 },
            ...REVENUE_KINDS.map((k) => ({ label: REVENUE_LABELS[k], width: 110, align: 'right' as const })),
            { label: 'Total', width: 84, align: 'right' },
          ],
          rows: [
            ...f.months.map((m) => [monthLabel(m.month), ...REVENUE_KINDS.map((k) => formatAud(m[k])), formatAud(m.total)]),
            ['Total', ...REVENUE_KINDS.map((k) => formatAud(f.totals[k])), formatAud(f.totals.total)],
          ],
          empty: 'No payments in this period.',
        },
      ],
    });
  }

  async membership(em: EntityManager, period: Period): Promise<MembershipReport> {
    const today = this.today();
    const [from, to] = this.bounds(period);
    const connection = em.getConnection();
    const [byTypeAndStatus, joined, renewed, expiring] = await Promise.all([
      connection.execute<MembershipReport['byTypeAndStatus']>(
        `select membership_type as "membershipType",
                ${effectiveStatusSql('?')} as status,
                count(*)::int as count
         from members where not is_guest group by 1, 2 order by 1, 2`,
        [today],
      ),
      connection.execute<{ count: number }[]>(`select count(*)::int as count from members where member_since between ? and ?`, [
        period.from,
        period.to,
      ]),
      connection.execute<{ count: number }[]>(
        `select count(distinct household_id)::int as count from payments where kind = 'membership' and purpose = 'renewal' and status = 'completed' and captured_at >= ? and captured_at < ?`,
        [from, to],
      ),
      em.find(Member, expiringMemberWhere(today), { orderBy: { expiryDate: 'asc', lastName: 'asc' } }),
    ]);
    return {
      from: period.from,
      to: period.to,
      byTypeAndStatus,
      joined: joined[0].count,
      renewed: renewed[0].count,
      expiringSoon: expiring.map((m) => ({
        name: `${m.firstName} ${m.lastName}`,
        email: m.email ?? null,
        membershipType: m.membershipType,
        expiryDate: m.expiryDate!,
      })),
    };
  }

  async membershipCsv(em: EntityManager, period: Period): Promise<string> {
    const r = await this.membership(em, period);
    const labels = membershipLabels(await this.deps.club.membership(em));
    const lines = [csvLine(['Membership report', `${r.from} to ${r.to}`]), csvLine([]), csvLine(['Type', 'Status', 'Members'])];
    for (const row of r.byTypeAndStatus) lines.push(csvLine([labels[row.membershipType], row.status, row.count]));
    lines.push(csvLine([]), csvLine(['Joined in period', r.joined]), csvLine(['Households renewed in period', r.renewed]), csvLine([]));
    lines.push(csvLine([`Expiring within ${EXPIRING_DAYS} days`, 'Email', 'Type', 'Expiry']));
    for (const m of r.expiringSoon) lines.push(csvLine([m.name, m.email, labels[m.membershipType], m.expiryDate]));
    return CSV_BOM + lines.join('');
  }

  /**
   * Event Results: each division's and category's placings, champion points and prizes, each line marked
   * 'Provisional' or 'Final' as the screens mark the results (the results' own status), and while provisional a
   * last line saying what they wait for.
   */
  async eventResultsCsv(em: EntityManager, eventId: string): Promise<{ name: string; csv: string }> {
    const results = await this.deps.judging.results(em, eventId);
    const status = results.status === 'final' ? 'Final' : 'Provisional';
    const lines = [csvLine(['Event', 'Division', 'Category', 'Place', 'Angler', 'Size (cm)', 'Points', 'Prize', 'Status'])];
    for (const c of results.categories)
      for (const p of c.placings)
        lines.push(
          csvLine([
            results.eventName,
            RESULT_DIVISION_LABELS[c.division],
            c.species,
            p.place,
            p.anglerName,
            p.size,
            p.points,
            p.prize ?? '',
            status,
          ]),
        );
    const notice = provisionalNotice(results);
    if (notice) lines.push(csvLine([]), csvLine([notice]));
    return { name: results.eventName, csv: CSV_BOM + lines.join('') };
  }

  async eventResultsPdf(em: EntityManager, eventId: string): Promise<{ name: string; pdf: Buffer }> {
    const results = await this.deps.judging.results(em, eventId);
    const event = await em.findOneOrFail(Event, { id: eventId });
    // The club's own champion points per place: '5, 3, 2 and 1'.
    const points = (await this.deps.club.competition(em)).championPoints.map(String);
    const pointsText = points.length > 1 ? `${points.slice(0, -1).join(', ')} and ${points.at(-1)}` : points.join('');
    const pdf = await renderReportPdf(await this.deps.club.profile(em), {
      title: `Event Results: ${results.eventName}`,
      subtitle: `${event.location} · ${formatAuDate(clubToday(event.eventDate))}${pointsText ? ` · champion points ${pointsText}` : ''}`,
      notice: provisionalNotice(results),
      tables: results.categories.length
        ? results.categories.map((c) => ({
            heading: results.divisions ? `${RESULT_DIVISION_LABELS[c.division]}: ${c.species}` : c.species,
            columns: [
              { label: 'Place', width: 50 },
              { label: 'Angler', width: 170 },
              { label: 'Size (cm)', width: 80, align: 'right' },
              { label: 'Points', width: 60, align: 'right' },
              { label: 'Prize', width: 130 },
            ],
            rows: c.placings.map((p) => [String(p.place), p.anglerName, p.size.toFixed(1), String(p.points), p.prize ?? '']),
          }))
        : [{ heading: 'Results', columns: [], rows: [], empty: 'No verified catches for this event yet.' }],
    });
    return { name: results.eventName, pdf };
  }

  /**
   * 'Export to accounting': the period's money received as a Xero bank-statement CSV (precoded), oldest first,
   * with the account code of each kind from the settings; a refund is its own negative line on its date, and a
   * payment the committee recorded carries the reference they typed. Written in batches.
   */
  async *accountingCsv(em: EntityManager, period: Period): AsyncGenerator<string> {
    const codes = {
      membership: await this.deps.cms.settingValue(em, 'account_code_membership'),
      event: await this.deps.cms.settingValue(em, 'account_code_event'),
      sponsorship: await this.deps.cms.settingValue(em, 'account_code_sponsorship'),
    };
    const [from, to] = this.bounds(period);
    const { timeZone } = await this.deps.club.profile(em);
    yield CSV_BOM + csvLine(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Account Code']);
    // Keyset pages on (captured_at, id); the cursor keeps PostgreSQL's own microsecond text, which a JS Date would round.
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const batch: {
        id: string;
        at: string;
        day: string;
        amount_cents: number;
        kind: RevenueKind;
        payee: string | null;
        description: string;
        reference: string;
        covers: PaymentCovers | null;
        entries: PaymentEntries | null;
      }[] = await em.getConnection().execute(
        // A refund covers the people of the payment it returned money from.
        `select p.id, p.captured_at::text as at, to_char(p.captured_at at time zone ?, 'DD/MM/YYYY') as day, p.amount_cents, p.kind,
                p.payee, p.description, coalesce(p.reference, p.provider_capture_id, p.provider_order_id) as reference,
                coalesce(p.covers, o.covers) as covers, coalesce(p.entries, o.entries) as entries
           from payments p left join payments o on o.id = p.refund_of_id
          where p.status = 'completed' and p.captured_at >= ? and p.captured_at < ?
           ${after ? 'and (p.captured_at, p.id) > (?::timestamptz, ?::uuid)' : ''}
           order by p.captured_at, p.id limit ${EXPORT_BATCH}`,
        [timeZone, from, to, ...(after ? [after.at, after.id] : [])],
      );
      if (!batch.length) return;
      const covering = await coveringLines(em, batch);
      yield batch
        .map((p, i) =>
          csvLine([
            p.day,
            csvNumber(centsToAmount(p.amount_cents)),
            p.payee,
            withPeople(p.description, covering[i]),
            p.reference,
            codes[p.kind],
          ]),
        )
        .join('');
      const last = batch[batch.length - 1];
      after = { at: last.at, id: last.id };
    }
  }
}
