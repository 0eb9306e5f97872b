import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EventSelect, useChosenEvent } from '../../components/event-picker';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { DownloadButton } from './period-picker';
import { ReportCard } from './report-card';

/** One event's placings and champion points: a PDF opened in a new tab, or a CSV. */
export function EventResultsReport() {
  const trpc = useTRPC();
  const events = useQuery(trpc.admin.events.list.queryOptions());
  const list = events.data ?? [];
  const { eventId, choose } = useChosenEvent(list);
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
        <EventSelect events={list} value={eventId} onChange={choose} maw={420} />
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
