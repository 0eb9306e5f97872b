import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { MemberRegistration } from '../../../shared/events.schema';

/**
 * 'Cancel Registration': at once for an entry nothing was paid for; a paid one asks first, saying what happens to the
 * fee (refunded while entries are open, kept once they have closed), so one stray tap at the ramp refunds nothing.
 */
export function CancelEntryButton({
  registration,
  entrant,
  label,
  pending,
  onCancel,
}: {
  registration: MemberRegistration;
  /** The junior's name when the adult cancels a junior's entry; null for the reader's own. */
  entrant: string | null;
  label: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const paid = registration.paymentState === 'paid' && Boolean(registration.fee);
  return (
    <>
      <Button mih={44} color="red" variant="light" disabled={pending} onClick={() => (paid ? setAsking(true) : onCancel())}>
        {pending ? 'Cancelling...' : label}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Cancel the entry in ${registration.name}?`} fullScreen={phone}>
        <Stack gap="md">
          <Text>
            {registration.refundOnCancel
              ? `The $${registration.fee} entry fee is refunded the way it was paid; it can take a few days to show.`
              : `Entries have closed, so the $${registration.fee} entry fee is not refunded.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button mih={44} variant="default" onClick={() => setAsking(false)}>
              Keep the entry
            </Button>
            <Button
              mih={44}
              color="red"
              loading={pending}
              onClick={() => {
                setAsking(false);
                onCancel();
              }}
            >
              {entrant ? `Cancel ${entrant}'s entry` : 'Cancel my entry'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
