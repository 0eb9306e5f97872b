import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { refundSummary, type PaymentRow } from '../../../shared/admin-payments.schema';
import { formatAud, NOT_AN_AMOUNT, parseAmountCents, refundCeilingMessage } from '../../../shared/membership';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** What the committee typed ('40', '40.5', '$40.00') in cents; null for anything else. */
const typedCents = (value: string) => parseAmountCents(value.trim().replace(/^\$\s*/, ''));

export const amountCents = (amount: string) => Math.round(Number(amount) * 100);

/** A random UUID (v4) for an idempotency key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newRequestKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * 'Refund' on a received payment: how much (what is left, unless changed), why, and whether the membership it paid
 * for ends; then a confirmation that says exactly what will happen before anything is done.
 */
export function RefundDialog({ payment, onDone }: { payment: PaymentRow; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const left = amountCents(payment.refundable);
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [endMembership, setEndMembership] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  // One key per refund the committee decides on: a retried request refunds once.
  const [requestKey] = useState(newRequestKey);
  const members = payment.covers.map((c) => c.name);
  const cents = typedCents(amount);

  const refund = useMutation(
    trpc.admin.payments.refund.mutationOptions({
      onSuccess: (result) => {
        const ended = result.endedMembers.length ? ` The membership of ${result.endedMembers.join(', ')} has ended.` : '';
        const how = result.throughPayPal ? 'PayPal has returned' : 'Recorded a refund of';
        toast.success(
          result.refunded ? 'Refund made' : 'Refund already made',
          `${how} $${result.amount}${result.payee ? ` to ${result.payee}` : ''}.${ended}`,
        );
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.payments.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.members.search.queryKey() }),
        ]);
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors({ amount: fields.amount, reason: fields.reason });
        if (fields.amount || fields.reason) setConfirming(false);
        toast.error('Refund not made', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (cents === null) found.amount = NOT_AN_AMOUNT;
    else if (cents <= 0 || cents > left) found.amount = refundCeilingMessage(left);
    if (!reason.trim()) found.reason = 'Please give a reason for the refund.';
    setErrors(found);
    if (!found.amount && !found.reason) setConfirming(true);
  };

  const busy = refund.isPending;
  const summary = refundSummary({
    amountCents: cents ?? 0,
    payee: payment.payee,
    provider: payment.provider,
    method: payment.method,
    endMembership,
    members,
  });

  if (confirming) {
    return (
      <Stack gap="md">
        <Alert color={endMembership ? 'red' : 'yellow'} variant="light" title="Please confirm">
          <Text size="sm" data-testid="refund-summary">
            {summary}
          </Text>
        </Alert>
        <Text size="sm" c="dimmed">
          Reason: {reason.trim()}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
            Back
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() =>
              refund.mutate({
                paymentId: payment.id,
                amount: ((cents ?? 0) / 100).toFixed(2),
                reason: reason.trim(),
                endMembership,
                requestKey,
              })
            }
          >
            Confirm refund
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {payment.payee ?? 'Unknown payee'} paid {formatAud(amountCents(payment.amount))}
          {amountCents(payment.refunded) > 0 ? `; ${formatAud(amountCents(payment.refunded))} has been refunded already` : ''}. Up to{' '}
          {formatAud(left)} can be refunded.
        </Text>
        <TextInput
          label="Amount to refund"
          leftSection="$"
          inputMode="decimal"
          value={amount}
          onChange={(e) => (setAmount(e.currentTarget.value), setErrors((x) => ({ ...x, amount: undefined })))}
          error={errors.amount}
          withAsterisk
        />
        <Textarea
          label="Reason"
          description="Kept with the refund and in the audit log."
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => (setReason(e.currentTarget.value), setErrors((x) => ({ ...x, reason: undefined })))}
          error={errors.reason}
          withAsterisk
        />
        {members.length > 0 && (
          <Checkbox
            label="End the membership"
            description={`${members.join(', ')} will stop being ${members.length > 1 ? 'members' : 'a member'} today. Leave it unticked to keep the membership until it expires.`}
            checked={endMembership}
            onChange={(e) => setEndMembership(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Review refund</Button>
        </Group>
      </Stack>
    </form>
  );
}
