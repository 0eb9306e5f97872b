import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { DownloadButton } from './period-picker';
import { ReportCard } from './report-card';

/** One event's placings and champion points: a PDF opened in a new tab, or a CSV. */
export function EventResultsReport() {
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
