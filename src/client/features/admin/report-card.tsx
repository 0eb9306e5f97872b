import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from '../../components/query-state';
import { PeriodPicker } from './period-picker';
import type { GeneratedPeriod } from './use-period';

/** A report's card on the Reports tab: its heading, what it holds, and its controls. */
export function ReportCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
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
 * A report over a period, generated on request: the period, 'Generate Report' and the downloads, then (once
 * generated) the report's answer, its spinner or the server's reason it failed.
 */
export function PeriodReportCard<D>({
  title,
  description,
  period,
  report,
  downloads,
  children,
}: {
  title: string;
  description: string;
  period: GeneratedPeriod;
  report: QueryLike<D> & { isFetching: boolean; refetch: () => unknown };
  downloads: ReactNode;
  children: (data: NonNullable<D>) => ReactNode;
}) {
  return (
    <ReportCard title={title} description={description}>
      <PeriodPicker value={period.period} onChange={period.setPeriod} />
      <Group gap="sm">
        <Button onClick={() => period.generate(report.refetch)} disabled={!period.valid} loading={report.isFetching}>
          Generate Report
        </Button>
        {downloads}
      </Group>
      {period.enabled && (
        <QueryState query={report} loading="Generating report..." failure="Could not generate the report. Please try again later.">
          {children}
        </QueryState>
      )}
    </ReportCard>
  );
}
