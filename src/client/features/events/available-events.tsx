import { Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ageLimitRefusal } from '../../../shared/entries';
import { UPCOMING_LIMIT } from '../../../shared/events';
import { useMembershipRules } from '../../lib/membership-rules';
import { AvailableEvent } from './available-event';
import { UpcomingEventsState } from './upcoming-events';
import type { MemberEventsState } from './use-member-events';

/** 'Available Events': the next few events, the rest of the season on request. */
export function AvailableEvents({ state }: { state: MemberEventsState }) {
  const { upcoming, events, registeredIds, waitingIds, gate, profile, juniorsFor, setEnterFor, setDue } = state;
  // The next few events; the rest of the season on request, so the tab is not a long scroll on a phone.
  const [allEvents, setAllEvents] = useState(false);
  const rules = useMembershipRules();
  const shownEvents = allEvents ? events : events.slice(0, UPCOMING_LIMIT);
  return (
    <Stack gap="sm" component="section">
      <Title order={3}>Available Events</Title>
      <UpcomingEventsState query={upcoming} count={events.length}>
        {shownEvents.map((e) => (
          <AvailableEvent
            key={e.id}
            event={e}
            registered={registeredIds.has(e.id)}
            waiting={waitingIds.has(e.id)}
            membersOnly={gate !== null}
            ageRefusal={profile.data ? ageLimitRefusal(rules, e, profile.data.dateOfBirth) : null}
            withJuniors={gate === null && juniorsFor(e) ? () => setEnterFor(e) : null}
            onDue={setDue}
          />
        ))}
        {events.length > UPCOMING_LIMIT && (
          <Button
            variant="subtle"
            onClick={() => setAllEvents((all) => !all)}
            aria-expanded={allEvents}
            style={{ alignSelf: 'flex-start' }}
          >
            {allEvents ? 'Show the next events only' : `Show all ${events.length} events`}
          </Button>
        )}
      </UpcomingEventsState>
    </Stack>
  );
}
