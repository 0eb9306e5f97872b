import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EventView } from '../../../shared/events.schema';
import { EventImage } from '../../components/event-image';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { CalendarLink } from './calendar-link';
import type { EntryDue } from './entry-dialogs';
import { EventLimitBadges } from './event-limit-badges';
import { entriesCloseLine, entryPricesLine, feeText, formatClubDateTime, maxText, placesLeftText } from './event-text';
import { useRefreshEntries } from './use-refresh-entries';

interface AvailableEventProps {
  event: EventView;
  registered: boolean;
  waiting: boolean;
  membersOnly: boolean;
  /** Why the member may not enter this event themselves (its ages), or null. */
  ageRefusal: string | null;
  /** Opens 'Enter with my juniors' (offered while the household has juniors the event may still take). */
  withJuniors: (() => void) | null;
  onDue: (due: EntryDue) => void;
}

/** Registering for the event, and joining its waiting list. */
function useEventEntry(event: EventView, onDue: (due: EntryDue) => void) {
  const trpc = useTRPC();
  const refresh = useRefreshEntries();
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
  return { register, joinWaitlist };
}

/** A text of the event under its heading ('Event Rules:', 'Prizes:'). */
function EventText({ heading, text }: { heading: string; text: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {heading}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </div>
  );
}

/** The event: its picture, name, limits, place, day and texts. */
function AvailableEventHeader({ event }: { event: EventView }) {
  return (
    <>
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
      {event.rules && <EventText heading="Event Rules:" text={event.rules} />}
      {event.prizes && <EventText heading="Prizes:" text={event.prizes} />}
    </>
  );
}

/** The fee, the places, the prices and when entries close. */
function AvailableEventFees({ event }: { event: EventView }) {
  const places = placesLeftText(event);
  const prices = entryPricesLine(event);
  const closes = entriesCloseLine(event);
  return (
    <>
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
    </>
  );
}

/** What the member can do about the event: registered, waiting, full, members only, open or closed. */
function AvailableEventAction({ props, juniorsButton }: { props: AvailableEventProps; juniorsButton: ReactNode }) {
  const { event, registered, waiting, membersOnly, ageRefusal, withJuniors, onDue } = props;
  const { register, joinWaitlist } = useEventEntry(event, onDue);
  if (registered)
    return (
      <Group gap="xs">
        {event.isOpen && juniorsButton}
        <Badge color="green" variant="light" size="lg">
          Registered
        </Badge>
      </Group>
    );
  if (waiting)
    return (
      <Badge color="blue" variant="light" size="lg">
        On the waiting list
      </Badge>
    );
  if (event.isFull)
    return (
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
    );
  if (event.isOpen && membersOnly)
    return (
      <Text size="sm" c="dimmed">
        Paid-up members only
      </Text>
    );
  if (event.isOpen)
    return (
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
    );
  return (
    <Button mih={44} disabled>
      Registration Closed
    </Button>
  );
}

export function AvailableEvent(props: AvailableEventProps) {
  const { event, withJuniors } = props;
  const juniorsButton = withJuniors && (
    <Button mih={44} variant="light" color="teal" onClick={withJuniors}>
      Enter with my juniors
    </Button>
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid="available-event">
      <Stack gap="sm">
        <AvailableEventHeader event={event} />
        <AvailableEventFees event={event} />
        <Group justify="space-between" gap="sm">
          <CalendarLink id={event.id} />
          <AvailableEventAction props={props} juniorsButton={juniorsButton} />
        </Group>
      </Stack>
    </Card>
  );
}
