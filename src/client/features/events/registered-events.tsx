import { Button, Collapse, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { clubToday } from '../../../shared/dates';
import type { MemberRegistration } from '../../../shared/events.schema';
import { QueryState, type QueryLike } from '../../components/query-state';
import type { EntryDue } from './entry-dialogs';
import { RegisteredEvent } from './registered-event';

/**
 * The member's registrations from today on, soonest first, and the ones before today (club time), latest first: the
 * next event's 'Cancel Registration' is at the top, not under a season of past ones.
 */
function splitByDay<R extends { eventDate: string }>(registrations: R[]): { comingUp: R[]; past: R[] } {
  const today = clubToday(new Date());
  const byDate = (a: R, b: R) => a.eventDate.localeCompare(b.eventDate);
  return {
    comingUp: registrations.filter((r) => clubToday(new Date(r.eventDate)) >= today).sort(byDate),
    past: registrations.filter((r) => clubToday(new Date(r.eventDate)) < today).sort((a, b) => byDate(b, a)),
  };
}

/** 'My Registered Events': from today on, then the past ones folded away. */
export function RegisteredEvents({
  query,
  ownId,
  onPay,
}: {
  query: QueryLike<MemberRegistration[]>;
  ownId: string | undefined;
  onPay: (due: EntryDue) => void;
}) {
  const registrations = query.data ?? [];
  const [showPast, setShowPast] = useState(false);
  const { comingUp, past } = splitByDay(registrations);
  return (
    <Stack gap="sm" component="section">
      <Title order={3}>My Registered Events</Title>
      <QueryState
        query={query}
        loading="Loading your events..."
        failure="Could not load your events. Please try again later."
        isEmpty={registrations.length === 0}
        empty="You have not registered for any events yet."
      >
        {comingUp.length === 0 && <Text c="dimmed">No upcoming events registered: see the available events below.</Text>}
        {comingUp.map((r) => (
          <RegisteredEvent key={r.id} registration={r} ownId={ownId} onPay={onPay} />
        ))}
        {past.length > 0 && (
          <>
            <Button
              mih={44}
              variant="subtle"
              onClick={() => setShowPast((shown) => !shown)}
              aria-expanded={showPast}
              style={{ alignSelf: 'flex-start' }}
            >
              {showPast ? 'Hide past events' : `Show past events (${past.length})`}
            </Button>
            <Collapse expanded={showPast}>
              <Stack gap="sm" data-testid="past-registrations">
                {past.map((r) => (
                  <RegisteredEvent key={r.id} registration={r} ownId={ownId} onPay={onPay} />
                ))}
              </Stack>
            </Collapse>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
