import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EXPIRING_DAYS } from '../../../shared/admin.schema';
import { formatAuDate } from '../../../shared/dates';
import { MEMBER_STATUSES, MEMBERSHIP_TYPE_NAMES, MEMBERSHIP_TYPES, type MembershipType } from '../../../shared/membership';
import type { MembershipReport } from '../../../shared/reports.schema';
import { useTRPC } from '../../trpc';
import { MEMBER_STATUS_LABELS } from './member-edit-form';
import { DownloadButton, periodText } from './period-picker';
import { PeriodReportCard } from './report-card';
import { useGeneratedPeriod } from './use-period';

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

/** Members by type and status today, with the totals. */
function MembersByTypeTable({ report }: { report: MembershipReport }) {
  const count = (type: MembershipType, status?: string) =>
    report.byTypeAndStatus
      .filter((r) => r.membershipType === type && (!status || r.status === status))
      .reduce((sum, r) => sum + r.count, 0);
  const statusTotal = (status: string) => report.byTypeAndStatus.filter((r) => r.status === status).reduce((sum, r) => sum + r.count, 0);
  const total = report.byTypeAndStatus.reduce((sum, r) => sum + r.count, 0);
  return (
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
              <Table.Th scope="row">{MEMBERSHIP_TYPE_NAMES[t]}</Table.Th>
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
  );
}

function MembershipFigures({ report }: { report: MembershipReport }) {
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
      <MembersByTypeTable report={report} />
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
                    <Table.Td>{MEMBERSHIP_TYPE_NAMES[m.membershipType]}</Table.Td>
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

/** Members by type and status, who joined and renewed in the period, and who expires soon. */
export function MembershipReportCard() {
  const trpc = useTRPC();
  const period = useGeneratedPeriod();
  const report = useQuery({ ...trpc.admin.reports.membership.queryOptions(period.args), enabled: period.enabled });

  return (
    <PeriodReportCard
      title="Membership Report"
      description="Members by type and status, who joined and renewed in the period, and who expires soon."
      period={period}
      report={report}
      downloads={
        <DownloadButton href={period.valid ? `/api/admin/reports/membership.csv${period.query}` : null}>Download CSV</DownloadButton>
      }
    >
      {(data) => <MembershipFigures report={data} />}
    </PeriodReportCard>
  );
}
