import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { EXPIRING_DAYS } from '../../../shared/admin.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { formatAud, MEMBER_STATUSES, MEMBERSHIP_TYPES, type MembershipType } from '../../../shared/membership';
import { REVENUE_KINDS, REVENUE_LABELS, type FinancialSummary, type MembershipReport } from '../../../shared/reports.schema';
import { SectionLoader } from '../../components/full-screen-loader';
import { QueryState } from '../../components/query-state';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { MEMBER_STATUS_LABELS } from './member-edit-form';
import {
  currentFinancialYear,
  DownloadButton,
  monthLabel,
  periodArgs,
  periodErrors,
  PeriodPicker,
  periodQuery,
  periodText,
  type Period,
} from './period-picker';

const TYPE_LABELS: Record<MembershipType, string> = { adult: 'Adult', junior: 'Junior', family: 'Family' };

function ReportCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A report over a period that is generated on request: the figures are fetched for the period
 * that was asked for, and asking again for the same period fetches them afresh.
 */
function useGenerated() {
  const [period, setPeriod] = useState<Period>(currentFinancialYear);
  const [generated, setGenerated] = useState<Period | null>(null);
  const valid = periodErrors(period) === null;
  return { period, setPeriod, generated, setGenerated, valid };
}

function EventResultsReport() {
  const trpc = useTRPC();
  const events = useQuery(trpc.admin.events.list.queryOptions());
  const [chosen, setChosen] = useState('');
  const list = events.data ?? [];
  const eventId = list.some((e) => e.id === chosen) ? chosen : (list[0]?.id ?? '');
  const base = eventId ? `/api/admin/reports/events/${encodeURIComponent(eventId)}/results` : null;

  return (
    <ReportCard title="Event Results Report" description="Category placings and champion points of one event, as a PDF to print or a CSV.">
      <QueryState
        query={events}
        loading="Loading events..."
        failure="Could not load the events. Please try again later."
        isEmpty={list.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            No events yet.
          </Text>
        }
      >
        <NativeSelect
          label="Event"
          value={eventId}
          onChange={(e) => setChosen(e.currentTarget.value)}
          data={list.map((e) => ({ value: e.id, label: `${e.name} (${formatAuDate(clubToday(new Date(e.eventDate)))})` }))}
          maw={420}
        />
      </QueryState>
      <Group gap="sm">
        <Button disabled={!base} onClick={() => base && window.open(`${base}.pdf`, '_blank')}>
          Generate Report
        </Button>
        <DownloadButton href={base && `${base}.csv`}>Download CSV</DownloadButton>
      </Group>
    </ReportCard>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </div>
  );
}

function MembershipFigures({ report }: { report: MembershipReport }) {
  const count = (type: MembershipType, status?: string) =>
    report.byTypeAndStatus
      .filter((r) => r.membershipType === type && (!status || r.status === status))
      .reduce((sum, r) => sum + r.count, 0);
  const statusTotal = (status: string) => report.byTypeAndStatus.filter((r) => r.status === status).reduce((sum, r) => sum + r.count, 0);
  const total = report.byTypeAndStatus.reduce((sum, r) => sum + r.count, 0);
  return (
    <Stack gap="md" data-testid="membership-report">
      <Text size="sm" c="dimmed">
        {periodText(report)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label="Joined in period" value={report.joined.toLocaleString('en-AU')} />
        <Figure label="Households renewed" value={report.renewed.toLocaleString('en-AU')} />
        <Figure label={`Expiring within ${EXPIRING_DAYS} days`} value={report.expiringSoon.length.toLocaleString('en-AU')} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={420} type="native">
        <Table withTableBorder striped>
          <Table.Caption>Members by type and status today</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              {MEMBER_STATUSES.map((s) => (
                <Table.Th key={s} ta="right">
                  {MEMBER_STATUS_LABELS[s]}
                </Table.Th>
              ))}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MEMBERSHIP_TYPES.map((t) => (
              <Table.Tr key={t}>
                <Table.Th scope="row">{TYPE_LABELS[t]}</Table.Th>
                {MEMBER_STATUSES.map((s) => (
                  <Table.Td key={s} ta="right">
                    {count(t, s).toLocaleString('en-AU')}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{count(t).toLocaleString('en-AU')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              {MEMBER_STATUSES.map((s) => (
                <Table.Th key={s} ta="right">
                  {statusTotal(s).toLocaleString('en-AU')}
                </Table.Th>
              ))}
              <Table.Th ta="right">{total.toLocaleString('en-AU')}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <div>
        <Title order={4} fz="sm" mb={4}>
          Expiring within {EXPIRING_DAYS} days
        </Title>
        {report.expiringSoon.length === 0 ? (
          <Text size="sm" c="dimmed">
            No memberships expire in the next {EXPIRING_DAYS} days.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480} type="native">
            <Table striped aria-label={`Expiring within ${EXPIRING_DAYS} days`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Expiry</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.expiringSoon.map((m) => (
                  <Table.Tr key={`${m.name}-${m.email}-${m.expiryDate}`}>
                    <Table.Td>{m.name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email ?? '—'}</Table.Td>
                    <Table.Td>{TYPE_LABELS[m.membershipType]}</Table.Td>
                    <Table.Td>{formatAuDate(m.expiryDate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Stack>
  );
}

function MembershipReportCard() {
  const trpc = useTRPC();
  const { period, setPeriod, generated, setGenerated, valid } = useGenerated();
  const report = useQuery({ ...trpc.admin.reports.membership.queryOptions(periodArgs(generated ?? period)), enabled: generated !== null });

  const generate = () => {
    if (!valid) return;
    if (generated && generated.from === period.from && generated.to === period.to) void report.refetch();
    else setGenerated(period);
  };

  return (
    <ReportCard
      title="Membership Report"
      description="Members by type and status, who joined and renewed in the period, and who expires soon."
    >
      <PeriodPicker value={period} onChange={setPeriod} />
      <Group gap="sm">
        <Button onClick={generate} disabled={!valid} loading={report.isFetching}>
          Generate Report
        </Button>
        <DownloadButton href={valid ? `/api/admin/reports/membership.csv${periodQuery(period)}` : null}>Download CSV</DownloadButton>
      </Group>
      {generated &&
        (report.isPending ? (
          <SectionLoader label="Generating report..." />
        ) : report.isError ? (
          <Alert color="red" variant="light">
            {serverMessage(report.error) ?? 'Could not generate the report. Please try again later.'}
          </Alert>
        ) : (
          <MembershipFigures report={report.data} />
        ))}
    </ReportCard>
  );
}

/** The Financial Summary's month table: one row per month with payments, then the totals. */
export function FinancialTable({ summary }: { summary: FinancialSummary }) {
  if (summary.months.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments in this period.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder striped aria-label="Financial Summary by month">
        <Table.Caption>
          {periodText(summary)} · {summary.payments.toLocaleString('en-AU')} {summary.payments === 1 ? 'payment' : 'payments'}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            {REVENUE_KINDS.map((k) => (
              <Table.Th key={k} ta="right">
                {REVENUE_LABELS[k]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row" fw={500}>
                {monthLabel(m.month)}
              </Table.Th>
              {REVENUE_KINDS.map((k) => (
                <Table.Td key={k} ta="right">
                  {formatAud(m[k])}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {formatAud(m.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {REVENUE_KINDS.map((k) => (
              <Table.Th key={k} ta="right">
                {formatAud(summary.totals[k])}
              </Table.Th>
            ))}
            <Table.Th ta="right">{formatAud(summary.totals.total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function FinancialSummaryCard() {
  const trpc = useTRPC();
  const { period, setPeriod, generated, setGenerated, valid } = useGenerated();
  const summary = useQuery({ ...trpc.admin.reports.financial.queryOptions(periodArgs(generated ?? period)), enabled: generated !== null });

  const generate = () => {
    if (!valid) return;
    if (generated && generated.from === period.from && generated.to === period.to) void summary.refetch();
    else setGenerated(period);
  };
  const query = periodQuery(period);

  return (
    <ReportCard
      title="Financial Summary"
      description="Captured payments by month: membership fees, event registrations and sponsorships. Refunds are not revenue."
    >
      <PeriodPicker value={period} onChange={setPeriod} />
      <Group gap="sm">
        <Button onClick={generate} disabled={!valid} loading={summary.isFetching}>
          Generate Report
        </Button>
        <DownloadButton href={valid ? `/api/admin/reports/financial.csv${query}` : null}>Download CSV</DownloadButton>
        <DownloadButton href={valid ? `/api/admin/reports/financial.pdf${query}` : null}>Download PDF</DownloadButton>
      </Group>
      {generated &&
        (summary.isPending ? (
          <SectionLoader label="Generating report..." />
        ) : summary.isError ? (
          <Alert color="red" variant="light">
            {serverMessage(summary.error) ?? 'Could not generate the report. Please try again later.'}
          </Alert>
        ) : (
          <FinancialTable summary={summary.data} />
        ))}
    </ReportCard>
  );
}

/** SPEC §2.13 reports tab: Event Results, Membership and Financial Summary, each generated on request. */
export function AdminReportsTab() {
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Reports
      </Title>
      <EventResultsReport />
      <MembershipReportCard />
      <FinancialSummaryCard />
    </Stack>
  );
}
