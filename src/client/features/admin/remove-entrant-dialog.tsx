import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeskEntrant } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { isPending } from './desk-queue';
import type { DeskQueue } from './use-desk-queue';
import { useRefreshDesk } from './use-refresh-desk';

/**
 * What taking the entrant off does with their fee, said before it is done: money taken by hand goes back by hand
 * (recorded as refunded, unless the walk-up never reached the club), PayPal refunds a PayPal payment.
 */
export function feeBackSentence(entrant: Pick<DeskEntrant, 'registrationId' | 'fee' | 'feeBack' | 'paidBy'>): string {
  if (entrant.feeBack === 'paypal') return `Their $${entrant.fee} entry fee is refunded to their PayPal.`;
  const paid = `Their $${entrant.fee} (${(entrant.paidBy ?? 'paid by hand').toLowerCase()})`;
  if (entrant.feeBack === 'by_hand' && isPending(entrant.registrationId))
    return `${paid} was taken here and never sent to the club: hand it back to them.`;
  if (entrant.feeBack === 'by_hand') return `${paid} is recorded as refunded: hand it back to them.`;
  return 'Nothing has been paid, so no money changes hands.';
}

/** Taking an entrant off from the sign-on desk: kept on the device and sent once; a walk-up not yet sent just goes. */
async function removeAtDesk(queue: DeskQueue, entrant: DeskEntrant): Promise<string | null> {
  if (isPending(entrant.registrationId)) {
    await queue.takeBackWalkUp(entrant.registrationId);
    toast.success('Entrant removed', `${entrant.name} was never sent to the club: they are off the list.`);
    return null;
  }
  const result = await queue.perform({ kind: 'remove', input: { registrationId: entrant.registrationId } }, `Remove ${entrant.name}`);
  if (result.kind === 'refused') return result.message;
  if (result.kind === 'sent') toast.success('Entrant removed', result.message ?? `${entrant.name} is no longer entered.`);
  else toast.info('Kept on this device', `${entrant.name} comes off the list once the signal returns.`);
  return null;
}

/**
 * Takes an entrant off the event (at the sign-on desk, through its `queue`, or in the Entrants dialog) once the
 * committee has read what happens to the fee; a place freed goes to the waiting list.
 */
export function RemoveEntrantDialog({
  eventId,
  eventName,
  entrant,
  queue,
  onClose,
}: {
  eventId: string;
  eventName: string;
  entrant: DeskEntrant | null;
  queue?: DeskQueue;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshDesk(eventId);
  const [deskBusy, setDeskBusy] = useState(false);
  const [deskError, setDeskError] = useState<string | null>(null);
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
    setDeskError(null);
    onClose();
  };
  const confirm = async (leaving: DeskEntrant) => {
    if (!queue) return remove.mutate({ registrationId: leaving.registrationId });
    setDeskBusy(true);
    const refused = await removeAtDesk(queue, leaving);
    setDeskBusy(false);
    if (refused) setDeskError(refused);
    else close();
  };
  const error = deskError ?? (remove.error ? (serverMessage(remove.error) ?? 'Not removed. Please try again.') : null);
  return (
    <Modal opened={entrant !== null} onClose={close} title="Remove an entrant">
      {entrant && (
        <Stack gap="sm">
          <Text>
            Take <strong>{entrant.name}</strong> off {eventName}?
          </Text>
          <Text>{feeBackSentence(entrant)}</Text>
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={close} disabled={remove.isPending || deskBusy}>
              Keep {entrant.name.split(' ')[0]}
            </Button>
            <Button color="red" mih={44} loading={remove.isPending || deskBusy} onClick={() => void confirm(entrant)}>
              Remove
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
