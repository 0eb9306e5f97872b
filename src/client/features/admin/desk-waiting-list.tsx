import { Alert, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { DeskView } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
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

/** The waiting list at the desk, in order, each with the button that gives them a place. */
export function DeskWaitingList({ eventId, waiting }: { eventId: string; waiting: Waiting }) {
  const enter = useEnterFromWaitingList(eventId);
  if (!waiting.length) return null;
  return (
    <Card withBorder padding="sm" data-testid="desk-waiting-list">
      <Text fw={600}>Waiting list</Text>
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
