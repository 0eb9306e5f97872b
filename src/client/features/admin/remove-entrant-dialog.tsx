import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { DeskEntrant } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useRefreshDesk } from './use-refresh-desk';

/** What taking the entrant off does with their fee, said before it is done. */
export function feeBackSentence(entrant: Pick<DeskEntrant, 'fee' | 'feeBack' | 'paidBy'>): string {
  if (entrant.feeBack === 'paypal') return `Their $${entrant.fee} entry fee is refunded to their PayPal.`;
  if (entrant.feeBack === 'by_hand')
    return `Their $${entrant.fee} (${(entrant.paidBy ?? 'paid by hand').toLowerCase()}) is recorded as refunded: hand it back to them.`;
  return 'Nothing has been paid, so no money changes hands.';
}

/**
 * Takes an entrant off the event (at the sign-on desk or in the Entrants dialog) once the committee has read what
 * happens to the fee; a place freed goes to the waiting list.
 */
export function RemoveEntrantDialog({
  eventId,
  eventName,
  entrant,
  onClose,
}: {
  eventId: string;
  eventName: string;
  entrant: DeskEntrant | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshDesk(eventId);
  const remove = useMutation(
    trpc.admin.signOn.remove.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success('Entrant removed', message);
        void refresh();
        onClose();
      },
    }),
  );
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={entrant !== null} onClose={close} title="Remove an entrant">
      {entrant && (
        <Stack gap="sm">
          <Text>
            Take <strong>{entrant.name}</strong> off {eventName}?
          </Text>
          <Text>{feeBackSentence(entrant)}</Text>
          {remove.error && <Alert color="red">{serverMessage(remove.error) ?? 'Not removed. Please try again.'}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={close} disabled={remove.isPending}>
              Keep {entrant.name.split(' ')[0]}
            </Button>
            <Button
              color="red"
              mih={44}
              loading={remove.isPending}
              onClick={() => remove.mutate({ registrationId: entrant.registrationId })}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
