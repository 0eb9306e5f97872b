import { Button, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MANUAL_METHOD_OPTIONS } from '../../../shared/admin-payments.schema';
import { formatAud } from '../../../shared/membership';
import { DateField } from '../../components/forms/date-field';
import type { Mode } from './record-payment-fields';
import { RecordPaymentFee } from './record-payment-fee';
import { RecordPaymentMemberSearch, RecordPaymentPickedMember } from './record-payment-member-search';
import { RecordPaymentNewMember } from './record-payment-new-member';
import { amountCents } from './refund-dialog';
import { useRecordPayment } from './use-record-payment';

/**
 * 'Record payment': money the club took by hand (cash, bank transfer, a card at the desk, cheque), for a new member
 * (the join form's fields, with anyone paying with them) or to renew a member found by name. The fee shown is the
 * server's and is the only amount that can be recorded; the member gets the receipt and a link to sign in.
 */
export function RecordPaymentDialog({ onDone }: { onDone: () => void }) {
  const state = useRecordPayment(onDone);
  const { submit, mode, setMode, form, busy, picked, setPicked, today, fee, feeIsCurrent, err } = state;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(v) => (setMode(v as Mode), form.setErrors({}))}
          data={[
            { value: 'new', label: 'New member' },
            { value: 'renewal', label: 'Renew a member' },
          ]}
          aria-label="Who paid"
          disabled={busy}
        />

        {mode === 'new' ? (
          <RecordPaymentNewMember state={state} />
        ) : picked ? (
          <RecordPaymentPickedMember picked={picked} onChange={() => setPicked(null)} />
        ) : (
          <RecordPaymentMemberSearch state={state} />
        )}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect label="Method" withAsterisk {...form.inputProps('method')} data={MANUAL_METHOD_OPTIONS} />
          <DateField label="Paid on" withAsterisk {...form.inputProps('paidOn')} max={today} />
        </SimpleGrid>
        <TextInput
          label="Reference"
          description="Receipt number, bank reference or cheque number (optional)."
          {...form.inputProps('reference')}
          maxLength={120}
        />

        <RecordPaymentFee state={state} />
        {err('amount') && (
          <Text size="sm" c="red">
            {err('amount')}
          </Text>
        )}

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!feeIsCurrent || fee?.paypalPending}>
            {fee ? `Record ${formatAud(amountCents(fee.amount))} payment` : 'Record payment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
