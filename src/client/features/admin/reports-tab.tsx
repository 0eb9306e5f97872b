import { Stack, Title } from '@mantine/core';
import { EventResultsReport } from './event-results-report';
import { FinancialSummaryCard } from './financial-report';
import { MembershipReportCard } from './membership-report';
import { ShirtReportCard } from './shirt-report';

/** The reports tab: Event Results, Membership, Shirt Order and Financial Summary, each generated on request. */
export function AdminReportsTab() {
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Reports
      </Title>
      <EventResultsReport />
      <MembershipReportCard />
      <ShirtReportCard />
      <FinancialSummaryCard />
    </Stack>
  );
}
