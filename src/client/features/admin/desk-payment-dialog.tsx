import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { DeskEntrant } from '../../../shared/entries.schema';
import { MANUAL_METHOD_OPTIONS, type ManualPaymentMethod } from '../../../shared/payments';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { newRequestKey } from './refund-dialog';
import type { DeskQueue } from './use-desk-queue';

const METHODS = MANUAL_METHOD_OPTIONS.filter((o) => o.value === 'cash' || o.value === 'card').map((o) => ({
  value: o.value,
  label: o.value === 'card' ? 'Card' : o.label,
}));

/**
 * Cash or a card at the desk for one entrant: the amount is always the server's; a double tap records once, and
 * without signal it is kept on the device and recorded once when the signal returns.
 */
export function TakePaymentDialog({ queue, entrant, onClose }: { queue: DeskQueue; entrant: DeskEntrant | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [method, setMethod] = useState<ManualPaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const record = async (paying: DeskEntrant) => {
    const how = method === 'card' ? 'by card' : 'cash';
    const label = `$${paying.fee} ${how} from ${paying.name}`;
    setBusy(true);
    setError(null);
    const result = await queue.perform(
      { kind: 'payment', input: { registrationId: paying.registrationId, method, reference, requestKey } },
      label,
    );
    setBusy(false);
    if (result.kind === 'refused') return setError(result.message);
    if (result.kind === 'sent') toast.success('Payment recorded', result.message ?? label);
    else toast.info('Kept on this device', `${label}: recorded once the signal returns.`);
    setRequestKey(newRequestKey());
    setReference('');
    close();
  };
  return (
    <GuardedModal opened={entrant !== null} onClose={close} title="Take payment" fullScreen={phone} dirty={reference.trim() !== ''}>
      {entrant && (
        <Stack gap="sm">
          <Text>
            Entry fee for {entrant.name}:{' '}
            <Text span fw={700} fz="lg">
              ${entrant.fee}
            </Text>
          </Text>
          <SegmentedControl fullWidth size="lg" value={method} onChange={(v) => setMethod(v as ManualPaymentMethod)} data={METHODS} />
          <TextInput
            size="lg"
            label="Reference (optional)"
            placeholder="Receipt book number"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button mih={44} loading={busy} onClick={() => void record(entrant)}>
              Record ${entrant.fee}
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}
