import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { fishingHoursText } from '../../shared/events';
import type { EventView } from '../../shared/events.schema';
import { eventLivePath, ROUTES } from '../../shared/screens';
import { EventImage } from '../components/event-image';
import { SectionLoader } from '../components/full-screen-loader';
import { QueryError } from '../components/query-state';
import {
  calendarHref,
  entriesCloseLine,
  entryPricesLine,
  feeText,
  formatClubDateTime,
  maxText,
  guestMayWait,
  placesLeftText,
} from '../features/events/event-text';
import { EventLimitBadges } from '../features/events/event-limit-badges';
import { JoinToRegister } from '../features/events/upcoming-events';
import { useAuth } from '../lib/use-auth';
import { useTRPC } from '../trpc';

const GuestEntryDialog = lazy(async () => ({ default: (await import('../features/events/guest-entry-dialog')).GuestEntryDialog }));

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Where the event stands: cancelled, over, full or with entries closed (nothing for an event open to entries). */
function StatusBadge({ event, started }: { event: EventView; started: boolean }) {
  if (event.status === 'cancelled') return <Badge color="red">Cancelled</Badge>;
  if (started) return <Badge color="gray">{event.acceptsCatchesToday ? 'Today' : 'Finished'}</Badge>;
  if (event.isFull) return <Badge color="orange">Full</Badge>;
  if (!event.isOpen) return <Badge color="gray">Entries closed</Badge>;
  return null;
}

/** How to take part: visitors join, enter as a guest or wait for a place as one; members register in their portal. */
function HowToEnter({ event, onGuest }: { event: EventView; onGuest: () => void }) {
  const { isAuthenticated } = useAuth();
  // A full event's waiting list is offered here to guests; members find theirs in the portal.
  if (isAuthenticated && !event.isOpen) return null;
  if (isAuthenticated)
    return (
      <Button component={Link} to={ROUTES.member} search={{ tab: 'events' } as never}>
        Register in My Portal
      </Button>
    );
  return <JoinToRegister event={event} onGuest={onGuest} />;
}

function EventDetails({ event }: { event: EventView }) {
  const [guest, setGuest] = useState(false);
  const [now] = useState(() => Date.now());
  const started = new Date(event.eventDate).getTime() <= now;
  const places = placesLeftText(event);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby="event-title">
      <Stack gap="md">
        <EventImage event={event} height={220} />
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" c="teal.9" fw={600}>
              {formatClubDateTime(event.eventDate)}
            </Text>
            <StatusBadge event={event} started={started} />
          </Group>
          <Title order={1} id="event-title" fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {event.name}
          </Title>
          <EventLimitBadges event={event} />
          <Text>{event.location}</Text>
          <Text size="sm" c="dimmed">
            Fishing {fishingHoursText(event)}
          </Text>
        </Stack>
        {event.description && (
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="event-description">
            {event.description}
          </Text>
        )}
        {event.rules && <Detail label="Event Rules">{event.rules}</Detail>}
        {event.prizes && <Detail label="Prizes">{event.prizes}</Detail>}
        <Stack gap={2}>
          <Text size="sm">{entryPricesLine(event) ?? feeText(event.registrationFee)}</Text>
          <Text size="sm">
            {maxText(event.maxParticipants)}
            {places && !started ? ` (${places})` : ''}
          </Text>
          {!started && entriesCloseLine(event) && <Text size="sm">{entriesCloseLine(event)}</Text>}
        </Stack>
        <Group gap="sm">
          {!started && (event.isOpen || guestMayWait(event, now)) && <HowToEnter event={event} onGuest={() => setGuest(true)} />}
          {started && event.status !== 'cancelled' && (
            <Button component={Link} to={eventLivePath(event.id)} variant="light">
              Live board and results
            </Button>
          )}
          {event.status !== 'cancelled' && (
            <Button component="a" href={calendarHref(event.id)} variant="default">
              Add to calendar
            </Button>
          )}
        </Group>
      </Stack>
      {guest && (
        <Suspense fallback={null}>
          <GuestEntryDialog event={event} onClose={() => setGuest(false)} />
        </Suspense>
      )}
    </Card>
  );
}

/** /events/<id>: one event's whole description, rules, prizes, fees and how to enter, open to everyone. */
export function EventDetailsPage() {
  const { eventId = '' } = useParams({ strict: false });
  const trpc = useTRPC();
  const event = useQuery({ ...trpc.events.byId.queryOptions({ id: eventId }), retry: false });
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={ROUTES.publicHome} size="sm">
          ← All upcoming events
        </Anchor>
        {event.isPending && <SectionLoader label="Loading the event..." />}
        {event.isError && <QueryError error={event.error} title="Could not load the event" failure="Please try again later." />}
        {event.data && <EventDetails event={event.data} />}
      </Stack>
    </Container>
  );
}
