import { Box, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { UPCOMING_LIMIT } from '../../../shared/events';
import { eventDetailsPath } from '../../../shared/screens';
import type { EventView } from '../../../shared/events.schema';
import { useTRPC, type Trpc } from '../../trpc';
import { EventImage } from '../../components/event-image';
import { useJoinDialog } from '../../components/join-dialog';
import { QueryState, type QueryLike } from '../../components/query-state';
import { EventLimitBadges } from './event-limit-badges';
import { entryPricesLine, formatClubDateTime, guestMayWait } from './event-text';

export const NO_UPCOMING_EVENTS = 'No upcoming events at the moment. Check back soon!';

// Loaded on first use: the landing page stays light for visitors who never open it.
const GuestEntryDialog = lazy(async () => ({ default: (await import('./guest-entry-dialog')).GuestEntryDialog }));

/** A visitor's way in: join the club to register, or enter as a guest where the event takes guests. */
export function JoinToRegister({ event, onGuest }: { event: EventView; onGuest: () => void }) {
  const { openJoin, preload: preloadJoin } = useJoinDialog();
  const [now] = useState(() => Date.now());
  return (
    <Stack gap="xs">
      <Button fullWidth color="teal" onClick={() => openJoin()} onPointerEnter={preloadJoin} onFocus={preloadJoin}>
        Join to Register
      </Button>
      {/* Guests only where the committee takes them; a full event takes them on its waiting list. */}
      {event.isOpen && event.nonMemberFee !== undefined && !event.membersOnly && (
        <Button fullWidth variant="light" color="teal" onClick={onGuest}>
          Enter as a guest
        </Button>
      )}
      {guestMayWait(event, now) && (
        <Button fullWidth variant="light" color="teal" onClick={onGuest}>
          Join the waiting list as a guest
        </Button>
      )}
    </Stack>
  );
}

/** The event's details page: its whole description, rules, prizes and fees (the card shows four lines). */
function LearnMore({ event }: { event: EventView }) {
  // The event's name is in the link's text (hidden), so a link read out of context or by a crawler says where it goes.
  return (
    <Button fullWidth variant="light" component={Link} to={eventDetailsPath(event.id)}>
      Learn More <VisuallyHidden component="span">about {event.name}</VisuallyHidden>
    </Button>
  );
}

/** The upcoming events' loading, failure (the public sentence, never the server's) and empty states. */
export function UpcomingEventsState({ query, count, children }: { query: QueryLike<unknown>; count: number; children: ReactNode }) {
  return (
    <QueryState
      query={query}
      loading="Loading events..."
      failure="Could not load the events. Please try again later."
      serverReason={false}
      isEmpty={count === 0}
      empty={<Text c="dimmed">{NO_UPCOMING_EVENTS}</Text>}
    >
      {children}
    </QueryState>
  );
}

/** The next few events, as the landing page and the home panel show them. */
export const upcomingEventsQuery = (trpc: Trpc) => trpc.events.upcoming.queryOptions({ limit: UPCOMING_LIMIT });

/** At most four upcoming events, for visitors ('Join to Register') or the home panel ('Learn More'). */
export function UpcomingEventsCard({ action }: { action: 'join' | 'learn-more' }) {
  const upcoming = useQuery(upcomingEventsQuery(useTRPC()));
  const events = (upcoming.data ?? []).slice(0, UPCOMING_LIMIT);
  const [guestFor, setGuestFor] = useState<EventView | null>(null);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="upcoming-events-title">
      <Title order={2} mb="md" id="upcoming-events-title">
        Upcoming Events
      </Title>
      <UpcomingEventsState query={upcoming} count={events.length}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {events.map((event) => (
            <Card key={event.id} withBorder radius="md" padding="sm" data-testid="upcoming-event">
              <Stack gap="xs" h="100%">
                <EventImage event={event} height={140} />
                <Text size="sm" c="teal.9" fw={600}>
                  {formatClubDateTime(event.eventDate)}
                </Text>
                <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                  {event.name}
                </Title>
                <EventLimitBadges event={event} />
                {event.description && (
                  <Text size="sm" c="dimmed" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
                    {event.description}
                  </Text>
                )}
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {event.location}
                  </Text>
                </Group>
                {entryPricesLine(event) && (
                  <Text size="sm" c="dimmed">
                    {entryPricesLine(event)}
                  </Text>
                )}
                <Box mt="auto">
                  {action === 'join' ? <JoinToRegister event={event} onGuest={() => setGuestFor(event)} /> : <LearnMore event={event} />}
                </Box>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </UpcomingEventsState>
      {guestFor && (
        <Suspense fallback={null}>
          <GuestEntryDialog event={guestFor} onClose={() => setGuestFor(null)} />
        </Suspense>
      )}
    </Card>
  );
}
