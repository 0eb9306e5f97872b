import { Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { clubToday, formatAuDate } from '../../../shared/dates';
import type { WaitingEvent } from '../../../shared/judging.schema';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { JudgeCard } from './judge-card';
import { JudgedList } from './judged-list';

/** The event choice that shows every event's catches (`?event=all`). */
export const ALL_EVENTS = 'all';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event as the judges' choice names it: 'Today: Flathead Classic (12 waiting)', or with its date. */
function eventLabel(e: WaitingEvent): string {
  const when = e.today ? 'Today: ' : '';
  const date = e.today ? '' : `, ${formatAuDate(clubToday(new Date(e.eventDate)))}`;
  return `${when}${e.name}${date} (${e.waiting} waiting)`;
}

/**
 * Which event's catches to show: the judge's choice (an event id, or ALL_EVENTS); without one, today's event when
 * catches of it wait (the first of today's), else every event. Undefined while that is not yet known.
 */
function shownEvent(choice: string | undefined, events: { data?: WaitingEvent[]; isError: boolean }): string | null | undefined {
  if (choice === ALL_EVENTS) return null;
  if (choice) return choice;
  if (events.isError) return null;
  if (!events.data) return undefined;
  return events.data.find((e) => e.today && e.waiting > 0)?.id ?? null;
}

/** 'To judge': the choice of event (today's first), and the catches waiting, oldest first. */
function JudgeQueue({ choice, onChoose }: { choice: string | undefined; onChoose: (event: string) => void }) {
  const trpc = useTRPC();
  const events = useQuery({
    ...trpc.admin.catches.waitingEvents.queryOptions(choice && choice !== ALL_EVENTS ? { include: choice } : undefined),
    placeholderData: keepPreviousData,
  });
  const eventId = shownEvent(choice, events);
  const queue = useQuery({
    ...trpc.admin.catches.queue.queryOptions(eventId ? { eventId } : undefined),
    enabled: eventId !== undefined,
  });
  const items = queue.data ?? [];
  const list = events.data ?? [];
  const total = list.reduce((sum, e) => sum + e.waiting, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <NativeSelect
          label="Event"
          value={eventId ?? ALL_EVENTS}
          onChange={(e) => onChoose(e.currentTarget.value)}
          data={[
            ...list.map((e) => ({ value: e.id, label: eventLabel(e) })),
            { value: ALL_EVENTS, label: events.data ? `All events (${total} waiting)` : 'All events' },
          ]}
          style={{ flex: '1 1 260px', minWidth: 0 }}
        />
        {queue.data && items.length > 0 && (
          <Text size="sm" c="dimmed">
            {items.length === 1 ? '1 catch waiting' : `${items.length} catches waiting`}
          </Text>
        )}
      </Group>
      <QueryState
        query={queue}
        loading="Loading catches..."
        failure="Could not load the catches waiting for review. Please try again later."
        isEmpty={items.length === 0}
        empty={eventId ? 'No catches of this event are waiting for review.' : 'No catches waiting for review.'}
      >
        {items.map((item) => (
          <JudgeCard key={item.id} item={item} />
        ))}
      </QueryState>
    </Stack>
  );
}

/**
 * The judging queue: pending catches, oldest first, with everything needed to approve or reject them, of the event
 * chosen (`event`, an event id or ALL_EVENTS; kept by the caller, e.g. in the address); and 'Judged', to look back
 * on decisions, reopen one, disqualify or suspend. Without `onEventChange` the tab keeps the choice itself.
 */
export function AdminJudgingTab({ event, onEventChange }: { event?: string; onEventChange?: (event: string) => void }) {
  const [view, setView] = useState<'queue' | 'judged'>('queue');
  const [ownChoice, setOwnChoice] = useState(event);
  const choice = onEventChange ? event : ownChoice;

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Judging
      </Title>
      <SegmentedControl
        value={view}
        onChange={(value) => setView(value as typeof view)}
        data={[
          { value: 'queue', label: 'To judge' },
          { value: 'judged', label: 'Judged' },
        ]}
        aria-label="Catches to show"
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'judged' ? <JudgedList /> : <JudgeQueue choice={choice} onChoose={onEventChange ?? setOwnChoice} />}
    </Stack>
  );
}

/** The tab as the admin page shows it: the event chosen is in the address (/admin?tab=judging&event=<id> or all). */
export function AdminJudgingTabFromAddress() {
  const search: Record<string, string | undefined> = useSearch({ strict: false });
  const navigate = useNavigate();
  const event = search.event === ALL_EVENTS || UUID.test(search.event ?? '') ? search.event : undefined;
  return (
    <AdminJudgingTab
      event={event}
      onEventChange={(chosen) => void navigate({ to: '/admin', search: { tab: 'judging', event: chosen }, replace: true })}
    />
  );
}
