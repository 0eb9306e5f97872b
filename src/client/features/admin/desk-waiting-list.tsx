import { Alert, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeskView } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { DeskWaitlistGuestDialog } from './desk-waitlist-guest-dialog';
import { useRefreshDesk } from './use-refresh-desk';

type Waiting = DeskView['waiting'];

/** Enters someone from the waiting list: a freed or extra place goes to them first. */
function useEnterFromWaitingList(eventId: string) {
  const trpc = useTRPC();
  const refresh = useRefreshDesk(eventId);
  return useMutation(
    trpc.admin.events.addEntrant.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('Entered from the waiting list', message);
        void refresh();
      },
      onError: (error) => toast.error('Not entered', serverMessage(error)),
    }),
  );
}

/**
 * The waiting list at the desk, in order (members and guests alike), each with the button that gives them a place;
 * on a full event that takes guests, the button that puts a walk-up guest at the end of it.
 */
export function DeskWaitingList({ eventId, waiting }: { eventId: string; waiting: Waiting }) {
  const trpc = useTRPC();
  const enter = useEnterFromWaitingList(eventId);
  // The desk's own read (already in the cache): whether the event is full and takes guests.
  const desk = useQuery(trpc.admin.signOn.list.queryOptions({ id: eventId }));
  const [adding, setAdding] = useState(false);
  const view = desk.data;
  const guestsMayWait =
    view !== undefined && !view.membersOnly && view.maxParticipants !== null && view.counts.entered >= view.maxParticipants;
  if (!waiting.length && !guestsMayWait) return null;
  return (
    <Card withBorder padding="sm" data-testid="desk-waiting-list">
      <Text fw={600}>Waiting list</Text>
      {!waiting.length && (
        <Text size="sm" c="dimmed">
          Nobody is waiting.
        </Text>
      )}
      <Stack gap={4} mt={4}>
        {waiting.map((w) => (
          <Group key={w.memberId} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {w.position}. {w.name}
            </Text>
            <Button
              variant="light"
              mih={44}
              loading={enter.isPending && enter.variables?.memberId === w.memberId}
              aria-label={`Enter ${w.name}`}
              onClick={() => enter.mutate({ id: eventId, memberId: w.memberId })}
            >
              Enter
            </Button>
          </Group>
        ))}
      </Stack>
      {guestsMayWait && (
        <Button variant="light" mih={44} mt="xs" fullWidth onClick={() => setAdding(true)}>
          Put a guest on the waiting list
        </Button>
      )}
      <DeskWaitlistGuestDialog eventId={eventId} opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}

/**
 * In the Add member and Add guest dialogs while someone waits for a place: who is first, a button that enters them,
 * and the box the committee ticks to add someone else anyway (the server refuses it otherwise).
 */
export function WaitingFirstNotice({
  eventId,
  waiting,
  passOver,
  onPassOver,
  onEntered,
}: {
  eventId: string;
  waiting: Waiting;
  passOver: boolean;
  onPassOver: (passOver: boolean) => void;
  onEntered: () => void;
}) {
  const enter = useEnterFromWaitingList(eventId);
  const [first] = waiting;
  if (!first) return null;
  const others = waiting.length - 1;
  return (
    <Alert color="yellow" title="Someone is waiting for a place" data-testid="waiting-first">
      <Stack gap="xs">
        <Text size="sm">
          {first.name}
          {others ? ` and ${others} more are` : ' is'} on the waiting list. A place goes to them first.
        </Text>
        <Button
          mih={44}
          loading={enter.isPending}
          onClick={() => enter.mutate({ id: eventId, memberId: first.memberId }, { onSuccess: onEntered })}
        >
          Enter {first.name}
        </Button>
        <Checkbox
          label="Add someone else anyway"
          checked={passOver}
          onChange={(e) => onPassOver(e.currentTarget.checked)}
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
        />
      </Stack>
    </Alert>
  );
}
