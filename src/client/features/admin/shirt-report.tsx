import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAuDate } from '../../../shared/dates';
import type { ShirtReport } from '../../../shared/member-records.schema';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { DownloadButton } from './period-picker';
import { ReportCard } from './report-card';

function ShirtFigures({ report }: { report: ShirtReport }) {
  const missing = report.people.filter((p) => !p.shirtSize);
  return (
    <Stack gap="sm" data-testid="shirt-report">
      <Text size="sm" c="dimmed">
        Current members on {formatAuDate(report.day)}: {report.total.toLocaleString('en-AU')}
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 7 }} spacing="xs">
        {report.sizes.map((s) => (
          <div key={s.size}>
            <Text size="xs" c="dimmed" fw={600}>
              {s.size}
            </Text>
            <Text fz="lg" fw={700}>
              {s.count}
            </Text>
          </div>
        ))}
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            No size
          </Text>
          <Text fz="lg" fw={700} c={report.missing ? '#a33d00' : undefined}>
            {report.missing}
          </Text>
        </div>
      </SimpleGrid>
      {missing.length > 0 && (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table striped aria-label="Current members without a shirt size">
            <Table.Caption>No size on record: ask these members</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {missing.map((p) => (
                <Table.Tr key={`${p.name}-${p.email}`}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Shirt sizes of the current members for the shirt order (each member gets a shirt with the sponsors' logos). */
export function ShirtReportCard() {
  const trpc = useTRPC();
  const [shown, setShown] = useState(false);
  const report = useQuery({ ...trpc.admin.reports.shirts.queryOptions(), enabled: shown });
  return (
    <ReportCard
      title="Shirt Order"
      description="How many shirts of each size the current members need, who wears which, and who has no size on record."
    >
      <Group gap="sm">
        <Button onClick={() => (shown ? void report.refetch() : setShown(true))} loading={report.isFetching}>
          Generate Report
        </Button>
        <DownloadButton href="/api/admin/reports/shirts.csv">Download CSV</DownloadButton>
        <DownloadButton href="/api/admin/reports/shirts.pdf">Download PDF</DownloadButton>
      </Group>
      {shown && (
        <QueryState query={report} loading="Generating report..." failure="Could not generate the report. Please try again later.">
          {(data) => <ShirtFigures report={data} />}
        </QueryState>
      )}
    </ReportCard>
  );
}
