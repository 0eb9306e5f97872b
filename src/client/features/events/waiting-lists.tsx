import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { WaitlistView } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { formatClubDateTime } from './event-text';

/** 'Waiting Lists': where the member (or one of their household) waits for a place, each with its way out. */
export function WaitingLists({ waitlist, ownId, onChange }: { waitlist: WaitlistView[]; ownId: string | undefined; onChange: () => void }) {
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
