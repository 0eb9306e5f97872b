import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatAud } from '../../../shared/membership';
import { REVENUE_KINDS, REVENUE_LABELS, type FinancialSummary } from '../../../shared/reports.schema';
import { useTRPC } from '../../trpc';
import { DownloadButton, monthLabel, periodText } from './period-picker';
import { PeriodReportCard } from './report-card';
import { useGeneratedPeriod } from './use-period';

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

/** Captured payments by month and kind, shown here and as CSV and PDF downloads. */
export function FinancialSummaryCard() {
  const trpc = useTRPC();
  const period = useGeneratedPeriod();
  const summary = useQuery({ ...trpc.admin.reports.financial.queryOptions(period.args), enabled: period.enabled });
  const href = (file: string) => (period.valid ? `/api/admin/reports/${file}${period.query}` : null);

  return (
    <PeriodReportCard
      title="Financial Summary"
      description="Captured payments by month: membership fees, event registrations and sponsorships. Refunds are not revenue."
      period={period}
      report={summary}
      downloads={
        <>
          <DownloadButton href={href('financial.csv')}>Download CSV</DownloadButton>
          <DownloadButton href={href('financial.pdf')}>Download PDF</DownloadButton>
        </>
      }
    >
      {(data) => <FinancialTable summary={data} />}
    </PeriodReportCard>
  );
}
