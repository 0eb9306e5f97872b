import { Alert, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ageLimitRefusal, DIVISION_LABELS, ENTRY_PAYMENT_LABELS, type EntryPaymentState } from '../../../shared/entries';
import { UPCOMING_LIMIT } from '../../../shared/events';
import { clubToday } from '../../../shared/dates';
import type { EventView, MemberRegistration } from '../../../shared/events.schema';
import type { WaitlistView } from '../../../shared/entries.schema';
import type { MemberProfile } from '../../../shared/members.schema';
import { QueryState, type QueryLike } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { EventImage } from '../../components/event-image';
import { householdPayment, useJoinDialog } from '../../components/join-dialog';
import { CancelEntryButton } from './cancel-entry';
import { EnterHouseholdDialog, PayEntryDialog, type EntryDue } from './entry-dialogs';
import { EventLimitBadges } from './event-limit-badges';
import { householdEntrants } from './household-entrants';
import { calendarHref, entriesCloseLine, entryPricesLine, feeText, formatClubDateTime, maxText, placesLeftText } from './event-text';
import { UpcomingEventsState } from './upcoming-events';

function CalendarLink({ id }: { id: string }) {
  return (
    <Button component="a" href={calendarHref(id)} download variant="default" size="sm">
      Add to calendar
    </Button>
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
      queryClient.invalidateQueries({ queryKey: trpc.entries.myWaitlist.queryKey() }),
    ]);
}

const PAYMENT_COLOURS: Record<EntryPaymentState, string> = {
  free: 'gray',
  unpaid: 'orange',
  pay_at_sign_on: 'blue',
  paid: 'green',
  refunded: 'gray',
};

function RegisteredEvent({
  registration,
  ownId,
  onPay,
}: {
  registration: MemberRegistration;
  ownId: string | undefined;
  onPay: (due: EntryDue) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshEvents();
  const cancel = useMutation(
    trpc.events.cancel.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('Success', message);
        void refresh();
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to cancel registration. Please try again.'),
    }),
  );
  const state = registration.paymentState;
  const someoneElse = registration.memberId !== undefined && ownId !== undefined && registration.memberId !== ownId;
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
          {someoneElse && (
            <Text size="sm">
              Entrant: {registration.memberName}
              {registration.division === 'junior' ? ` · ${DIVISION_LABELS.junior} division` : ''}
            </Text>
          )}
          {state && state !== 'free' && registration.fee && (
            <Group gap="xs">
              <Text size="sm">Entry fee ${registration.fee}</Text>
              <Badge color={PAYMENT_COLOURS[state]} variant="light" data-testid="entry-payment-state">
                {ENTRY_PAYMENT_LABELS[state]}
              </Badge>
            </Group>
          )}
          <CalendarLink id={registration.eventId} />
        </Stack>
        <Stack gap="xs" style={{ flex: '0 0 auto' }}>
          {(state === 'unpaid' || state === 'pay_at_sign_on') && registration.canCancel && registration.fee && (
            <Button
              mih={44}
              color="teal"
              onClick={() => onPay({ eventId: registration.eventId, eventName: registration.name, amount: registration.fee! })}
            >
              Pay ${registration.fee} online
            </Button>
          )}
          {/* The server says whether it may still be cancelled (not once the event has started). */}
          {registration.canCancel && (
            <CancelEntryButton
              registration={registration}
              entrant={someoneElse ? (registration.memberName ?? null) : null}
              label={someoneElse ? `Cancel ${registration.memberName}` : 'Cancel Registration'}
              pending={cancel.isPending}
              onCancel={() => cancel.mutate({ id: registration.eventId, ...(someoneElse ? { memberId: registration.memberId } : {}) })}
            />
          )}
          {registration.canCancel && registration.refundOnCancel && (
            <Text size="xs" c="dimmed">
              Cancelling refunds the fee
            </Text>
          )}
        </Stack>
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

function AvailableEvent({
  event,
  registered,
  waiting,
  membersOnly,
  ageRefusal,
  withJuniors,
  onDue,
}: {
  event: EventView;
  registered: boolean;
  waiting: boolean;
  membersOnly: boolean;
  /** Why the member may not enter this event themselves (its ages), or null. */
  ageRefusal: string | null;
  /** Opens 'Enter with my juniors' (offered while the household has juniors the event may still take). */
  withJuniors: (() => void) | null;
  onDue: (due: EntryDue) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshEvents();
  const register = useMutation(
    trpc.events.register.mutationOptions({
      onSuccess: (entry) => {
        toast.success('Success', 'Successfully registered for the event!');
        void refresh();
        // The event takes its fee online (no paying at the desk): the payment follows at once.
        if (entry.paymentState === 'unpaid' && entry.fee) onDue({ eventId: event.id, eventName: event.name, amount: entry.fee });
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to register for event. Please try again.'),
    }),
  );
  const joinWaitlist = useMutation(
    trpc.entries.joinWaitlist.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('On the waiting list', message);
        void refresh();
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Could not join the waiting list. Please try again.'),
    }),
  );
  const places = placesLeftText(event);
  const prices = entryPricesLine(event);
  const juniorsButton = withJuniors && (
    <Button mih={44} variant="light" color="teal" onClick={withJuniors}>
      Enter with my juniors
    </Button>
  );
  const closes = entriesCloseLine(event);
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
            <EventLimitBadges event={event} />
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
        {(prices || closes) && (
          <Group gap="lg" wrap="wrap">
            {prices && <Text size="sm">{prices}</Text>}
            {closes && (
              <Text size="sm" c="dimmed">
                {closes}
              </Text>
            )}
          </Group>
        )}
        <Group justify="space-between" gap="sm">
          <CalendarLink id={event.id} />
          {registered ? (
            <Group gap="xs">
              {event.isOpen && juniorsButton}
              <Badge color="green" variant="light" size="lg">
                Registered
              </Badge>
            </Group>
          ) : waiting ? (
            <Badge color="blue" variant="light" size="lg">
              On the waiting list
            </Badge>
          ) : event.isFull ? (
            <Group gap="xs">
              <Button mih={44} disabled>
                Event Full
              </Button>
              {!membersOnly && event.status === 'active' && (
                <Button mih={44} variant="light" loading={joinWaitlist.isPending} onClick={() => joinWaitlist.mutate({ id: event.id })}>
                  Join Waiting List
                </Button>
              )}
            </Group>
          ) : event.isOpen && membersOnly ? (
            <Text size="sm" c="dimmed">
              Paid-up members only
            </Text>
          ) : event.isOpen ? (
            <Group gap="xs">
              {juniorsButton}
              {ageRefusal === null ? (
                <Button mih={44} color="teal" disabled={register.isPending} onClick={() => register.mutate({ id: event.id })}>
                  {register.isPending ? 'Registering...' : 'Register Now'}
                </Button>
              ) : (
                !withJuniors && (
                  <Text size="sm" c="dimmed">
                    {ageRefusal}
                  </Text>
                )
              )}
            </Group>
          ) : (
            <Button mih={44} disabled>
              Registration Closed
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

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

/** The 'Event Day - Mobile Check-in' card (SPEC §2.8): its button brings the fish-logging section. */
function CheckInCard({ onLogCatch }: { onLogCatch: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" bg="teal.0">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Title order={3}>Event Day - Mobile Check-in</Title>
          <Text size="sm" c="dimmed">
            At the water on an event day? Log your catch from your phone.
          </Text>
        </Stack>
        <Button mih={44} color="teal" onClick={onLogCatch}>
          Log a Catch
        </Button>
      </Group>
    </Card>
  );
}

/** 'My Registered Events': from today on, then the past ones folded away. */
function RegisteredEvents({
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

/** 'Waiting Lists': where the member (or one of their household) waits for a place, each with its way out. */
function WaitingLists({ waitlist, ownId, onChange }: { waitlist: WaitlistView[]; ownId: string | undefined; onChange: () => void }) {
  const trpc = useTRPC();
  const leave = useMutation(
    trpc.entries.leaveWaitlist.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('Success', message);
        onChange();
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Could not leave the waiting list. Please try again.'),
    }),
  );
  if (waitlist.length === 0) return null;
  return (
    <Stack gap="sm" component="section" data-testid="my-waitlist">
      <Title order={3}>Waiting Lists</Title>
      {waitlist.map((w) => (
        <Card key={`${w.eventId}-${w.memberId}`} withBorder radius="md" padding="md">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Text fw={600}>{w.name}</Text>
              <Text size="sm">{formatClubDateTime(w.eventDate)}</Text>
              <Text size="sm">
                {w.memberId === ownId ? 'You are' : `${w.memberName} is`} number {w.position} on the waiting list.
              </Text>
            </Stack>
            <Button
              mih={44}
              variant="light"
              color="red"
              loading={leave.isPending}
              onClick={() => leave.mutate({ id: w.eventId, ...(w.memberId !== ownId ? { memberId: w.memberId } : {}) })}
            >
              Leave waiting list
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
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
  // Only a full event has a waiting list, so only then is there anything to ask about.
  const waitlist = useQuery({ ...trpc.entries.myWaitlist.queryOptions(), enabled: (upcoming.data ?? []).some((e) => e.isFull) });
  const refresh = useRefreshEvents();
  const [due, setDue] = useState<EntryDue | null>(null);
  const [enterFor, setEnterFor] = useState<EventView | null>(null);
  const registrations = mine.data ?? [];
  const ownId = profile.data?.id;
  // The member's own entries mark an event 'Registered'; a junior's entry alone does not.
  const registeredIds = new Set(registrations.filter((r) => !r.memberId || r.memberId === ownId).map((r) => r.eventId));
  const waitingIds = new Set((waitlist.data ?? []).filter((w) => w.memberId === ownId).map((w) => w.eventId));
  // Whom 'Enter with my juniors' offers for an event: the household's juniors on its day not entered yet.
  const juniorsFor = (e: EventView) => (profile.data ? householdEntrants(e, profile.data, registrations).juniors.length > 0 : false);
  const events = upcoming.data ?? [];
  // The next few events; the rest of the season on request, so the tab is not a long scroll on a phone.
  const [allEvents, setAllEvents] = useState(false);
  const shownEvents = allEvents ? events : events.slice(0, UPCOMING_LIMIT);
  // The fish-logging form is drawn when asked for (its own tab has it open); the check-in button brings it here.
  const [logging, setLogging] = useState(0);
  useEffect(() => {
    if (!logging) return;
    const section = document.getElementById('catch-logging');
    section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen-reader users carry on from the form, not from the button they left behind.
    section?.focus({ preventScroll: true });
  }, [logging]);

  return (
    <Stack gap="lg">
      {gate && <MembershipNeeded gate={gate} />}
      <CheckInCard onLogCatch={() => setLogging((n) => n + 1)} />
      <RegisteredEvents query={mine} ownId={ownId} onPay={setDue} />
      <WaitingLists waitlist={waitlist.data ?? []} ownId={ownId} onChange={() => void refresh()} />

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
              ageRefusal={profile.data ? ageLimitRefusal(e, profile.data.dateOfBirth) : null}
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

      <PayEntryDialog due={due} onClose={() => setDue(null)} />
      {profile.data && (
        <EnterHouseholdDialog
          event={enterFor}
          profile={profile.data}
          registrations={registrations}
          onClose={() => setEnterFor(null)}
          onDue={setDue}
        />
      )}

      <section id="catch-logging" tabIndex={-1} aria-label="Fish logging" style={{ outline: 'none' }}>
        {logging > 0 && catchLogging}
      </section>
    </Stack>
  );
}
