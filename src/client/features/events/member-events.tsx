import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EventView, MemberRegistration } from '../../../shared/events.schema';
import type { MemberProfile } from '../../../shared/members.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { EventImage } from '../../components/event-image';
import { householdPayment, useJoinDialog } from '../../components/join-dialog';
import { calendarHref, feeText, formatClubDateTime, maxText, placesLeftText } from './event-text';
import { UpcomingEventsState } from './upcoming-events';

function CalendarLink({ id }: { id: string }) {
  return (
    <Anchor href={calendarHref(id)} download size="sm">
      Add to calendar
    </Anchor>
  );
}

/** Invalidates everything a registration changes. */
function useRefreshEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.events.myRegistrations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.events.upcoming.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.members.dashboard.queryKey() }),
    ]);
}

function RegisteredEvent({ registration }: { registration: MemberRegistration }) {
  const trpc = useTRPC();
  const refresh = useRefreshEvents();
  const cancel = useMutation(
    trpc.events.cancel.mutationOptions({
      onSuccess: () => {
        toast.success('Success', 'Registration cancelled successfully.');
        void refresh();
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to cancel registration. Please try again.'),
    }),
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid="registered-event">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs">
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {registration.name}
            </Title>
            <Badge color="green" variant="light">
              Registered
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {registration.location}
          </Text>
          <Text size="sm">{formatClubDateTime(registration.eventDate)}</Text>
          <CalendarLink id={registration.eventId} />
        </Stack>
        {/* The server says whether it may still be cancelled (not once the event has started). */}
        {registration.canCancel && (
          <Button color="red" variant="light" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: registration.eventId })}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Registration'}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Why this person cannot register for events yet (the club registers paid-up members only). */
type Gate = { kind: 'join' } | { kind: 'pay' | 'processing' | 'renew'; profile: MemberProfile };

function gateFor(profile: MemberProfile | null): Gate | null {
  if (!profile) return { kind: 'join' };
  if (profile.status === 'active') return null;
  if (profile.paymentState === 'awaiting_payment') return { kind: 'pay', profile };
  if (profile.paymentState === 'processing') return { kind: 'processing', profile };
  return { kind: 'renew', profile };
}

/** Says that registering needs a paid-up membership, with the way to get there (instead of Register buttons that fail). */
function MembershipNeeded({ gate }: { gate: Gate }) {
  const { openJoin, openPayment } = useJoinDialog();
  const reason =
    gate.kind === 'join'
      ? 'You are not a member of the club yet.'
      : gate.kind === 'pay'
        ? 'Your registration is waiting for payment.'
        : gate.kind === 'processing'
          ? 'PayPal is still processing your payment; you can register as soon as it is released.'
          : gate.profile.status === 'expired'
            ? 'Your membership has expired.'
            : 'Your membership is not active.';
  return (
    <Alert color="yellow" variant="light" title="Paid-up membership needed" data-testid="membership-needed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Registering for events needs a paid-up club membership. {reason}</Text>
        {gate.kind === 'join' && (
          <Button color="teal" onClick={() => openJoin()}>
            Join the Club
          </Button>
        )}
        {gate.kind === 'pay' && <Button onClick={() => openPayment(householdPayment(gate.profile))}>Complete payment</Button>}
        {gate.kind === 'renew' && <Button onClick={() => openPayment(householdPayment(gate.profile))}>Renew Membership</Button>}
      </Stack>
    </Alert>
  );
}

function AvailableEvent({ event, registered, membersOnly }: { event: EventView; registered: boolean; membersOnly: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshEvents();
  const register = useMutation(
    trpc.events.register.mutationOptions({
      onSuccess: () => {
        toast.success('Success', 'Successfully registered for the event!');
        void refresh();
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to register for event. Please try again.'),
    }),
  );
  const places = placesLeftText(event);
  return (
    <Card withBorder radius="md" padding="md" data-testid="available-event">
      <Stack gap="sm">
        <Group align="flex-start" gap="md" wrap="wrap">
          <div style={{ flex: '0 0 auto', width: 160, maxWidth: '100%' }}>
            <EventImage event={event} height={110} />
          </div>
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {event.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {event.location}
            </Text>
            <Text size="sm" fw={500}>
              {formatClubDateTime(event.eventDate)}
            </Text>
            {event.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {event.description}
              </Text>
            )}
          </Stack>
        </Group>
        {event.rules && (
          <div>
            <Text size="sm" fw={600}>
              Event Rules:
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {event.rules}
            </Text>
          </div>
        )}
        {event.prizes && (
          <div>
            <Text size="sm" fw={600}>
              Prizes:
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {event.prizes}
            </Text>
          </div>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm">{feeText(event.registrationFee)}</Text>
          <Text size="sm">{maxText(event.maxParticipants)}</Text>
          {places && (
            <Text size="sm" c={event.isFull ? 'red' : 'dimmed'}>
              {places}
            </Text>
          )}
        </Group>
        <Group justify="space-between" gap="sm">
          <CalendarLink id={event.id} />
          {registered ? (
            <Badge color="green" variant="light" size="lg">
              Registered
            </Badge>
          ) : event.isFull ? (
            <Button disabled>Event Full</Button>
          ) : event.isOpen && membersOnly ? (
            <Text size="sm" c="dimmed">
              Paid-up members only
            </Text>
          ) : event.isOpen ? (
            <Button color="teal" disabled={register.isPending} onClick={() => register.mutate({ id: event.id })}>
              {register.isPending ? 'Registering...' : 'Register Now'}
            </Button>
          ) : (
            <Button disabled>Registration Closed</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** SPEC §2.8: the member events screen (portal Events tab); `catchLogging` (the fish logging screen) is placed below the events by the route. */
export function MemberEvents({ catchLogging }: { catchLogging?: ReactNode }) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.events.myRegistrations.queryOptions());
  const upcoming = useQuery(trpc.events.upcoming.queryOptions());
  const profile = useQuery(trpc.members.profile.queryOptions());
  // Known only once the profile has loaded; until then (or if it cannot be read) the server has the last word.
  const gate = profile.isSuccess ? gateFor(profile.data) : null;
  const registrations = mine.data ?? [];
  const registeredIds = new Set(registrations.map((r) => r.eventId));
  const events = upcoming.data ?? [];
  const logCatch = () => {
    const section = document.getElementById('catch-logging');
    section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen-reader users carry on from the form, not from the button they left behind.
    section?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="lg">
      {gate && <MembershipNeeded gate={gate} />}
      <Card withBorder radius="md" padding="md" bg="teal.0">
        <Group justify="space-between" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Title order={3}>Event Day - Mobile Check-in</Title>
            <Text size="sm" c="dimmed">
              At the water on an event day? Log your catch from your phone.
            </Text>
          </Stack>
          <Button color="teal" onClick={logCatch}>
            Log a Catch
          </Button>
        </Group>
      </Card>

      <Stack gap="sm" component="section">
        <Title order={3}>My Registered Events</Title>
        <QueryState
          query={mine}
          loading="Loading your events..."
          failure="Could not load your events. Please try again later."
          isEmpty={registrations.length === 0}
          empty="You have not registered for any events yet."
        >
          {registrations.map((r) => (
            <RegisteredEvent key={r.id} registration={r} />
          ))}
        </QueryState>
      </Stack>

      <Stack gap="sm" component="section">
        <Title order={3}>Available Events</Title>
        <UpcomingEventsState query={upcoming} count={events.length}>
          {events.map((e) => (
            <AvailableEvent key={e.id} event={e} registered={registeredIds.has(e.id)} membersOnly={gate !== null} />
          ))}
        </UpcomingEventsState>
      </Stack>

      <section id="catch-logging" tabIndex={-1} aria-label="Fish logging" style={{ scrollMarginTop: 72, outline: 'none' }}>
        {catchLogging}
      </section>
    </Stack>
  );
}
