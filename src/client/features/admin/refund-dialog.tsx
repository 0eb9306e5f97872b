import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { refundPaymentInput, refundSummary, type PaymentRow } from '../../../shared/admin-payments.schema';
import { centsToAmount, formatAud, NOT_AN_AMOUNT, parseAmountCents, refundCeilingMessage } from '../../../shared/membership';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** What the committee typed ('40', '40.5', '$40.00') in cents; null for anything else. */
const typedCents = (value: string) => parseAmountCents(value.trim().replace(/^\$\s*/, ''));

/** The shared refund input, with the amount read as typed and held to what is left of the payment. */
const refundForm = (leftCents: number) =>
  refundPaymentInput.extend({
    amount: z.string().transform((typed, ctx) => {
      const cents = typedCents(typed);
      if (cents === null || cents <= 0 || cents > leftCents) {
        ctx.addIssue({ code: 'custom', message: cents === null ? NOT_AN_AMOUNT : refundCeilingMessage(leftCents) });
        return z.NEVER;
      }
      return centsToAmount(cents);
    }),
  });

export const amountCents = (amount: string) => Math.round(Number(amount) * 100);

/** A random UUID (v4) for an idempotency key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newRequestKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The refund's state: the amount, reason and whether the membership ends, its review and the refund itself. */
function useRefund(payment: PaymentRow, onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const left = amountCents(payment.refundable);
  const [confirming, setConfirming] = useState(false);
  // One key per refund the committee decides on: a retried request refunds once.
  const [requestKey] = useState(newRequestKey);
  const form = useSchemaForm({
    schema: refundForm(left),
    initialValues: { amount: (left / 100).toFixed(2), reason: '', endMembership: false },
    toInput: (values) => ({ ...values, paymentId: payment.id, requestKey }),
  });
  const { amount, reason, endMembership } = form.values;
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
        if (form.applyServerError(error)) setConfirming(false);
        toast.error('Refund not made', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) setConfirming(true);
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
  const confirm = () => {
    const input = form.validate();
    if (input) refund.mutate(input);
  };
  return { left, confirming, setConfirming, form, reason, endMembership, members, review, busy, summary, confirm };
}

/** 'Please confirm': what the refund will do, before it is made. */
function RefundConfirmation({ state }: { state: ReturnType<typeof useRefund> }) {
  const { endMembership, summary, reason, setConfirming, busy, confirm } = state;
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
        <Button color="red" loading={busy} onClick={confirm}>
          Confirm refund
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * 'Refund' on a received payment: how much (what is left, unless changed), why, and whether the membership it paid
 * for ends; then a confirmation that says exactly what will happen before anything is done.
 */
export function RefundDialog({ payment, onDone }: { payment: PaymentRow; onDone: () => void }) {
  const state = useRefund(payment, onDone);
  const { left, confirming, form, members, review } = state;
  if (confirming) return <RefundConfirmation state={state} />;

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {payment.payee ?? 'Unknown payee'} paid {formatAud(amountCents(payment.amount))}
          {amountCents(payment.refunded) > 0 ? `; ${formatAud(amountCents(payment.refunded))} has been refunded already` : ''}. Up to{' '}
          {formatAud(left)} can be refunded.
        </Text>
        <TextInput label="Amount to refund" leftSection="$" inputMode="decimal" {...form.inputProps('amount')} withAsterisk />
        <Textarea
          label="Reason"
          description="Kept with the refund and in the audit log."
          rows={2}
          maxLength={300}
          {...form.inputProps('reason')}
          withAsterisk
        />
        {members.length > 0 && (
          <Checkbox
            label="End the membership"
            description={`${members.join(', ')} will stop being ${members.length > 1 ? 'members' : 'a member'} today. Leave it unticked to keep the membership until it expires.`}
            {...form.checkboxProps('endMembership')}
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
