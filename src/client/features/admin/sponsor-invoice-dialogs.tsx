import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { addYears } from '../../../shared/dates';
import { MANUAL_METHOD_OPTIONS, type ManualPaymentMethod } from '../../../shared/payments';
import { recordSponsorPaymentForm, SPONSORSHIP_LABELS, type AdminSponsor, type SponsorInvoice } from '../../../shared/sponsors.schema';
import { FormButtons } from '../../components/admin-row-actions';
import { DateField } from '../../components/forms/date-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { confirmFirst, dollars, type InvoiceAction } from './sponsor-display';

/** Money the committee received outside the site, recorded against a season's invoice. */
export function RecordSponsorPaymentForm({
  sponsor,
  invoice,
  onDone,
}: {
  sponsor: AdminSponsor;
  invoice: SponsorInvoice;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = useClubToday();
  const form = useSchemaForm({
    schema: recordSponsorPaymentForm(today),
    initialValues: { method: 'bank_transfer' as ManualPaymentMethod | '', paidOn: today, reference: '' },
    toInput: (v) => ({ invoiceId: invoice.id, ...v }),
  });

  const record = useMutation(
    trpc.admin.sponsors.recordPayment.mutationOptions({
      onSuccess: () => {
        toast.success('Payment recorded', `${sponsor.companyName} has paid for ${invoice.season}. A receipt is on its way to them.`);
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.sponsors.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.reports.financial.pathKey() }),
        ]);
        onDone();
      },
      onError: (error) => {
        if (!form.applyServerError(error)) toast.error('Failed to record the payment', serverMessage(error));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) record.mutate(input);
  };
  const busy = record.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {SPONSORSHIP_LABELS[sponsor.sponsorshipType]} · season {invoice.season} · {dollars(invoice.amount)}
        </Text>
        <NativeSelect label="Method" {...form.inputProps('method')} disabled={busy} data={MANUAL_METHOD_OPTIONS} />
        <DateField
          label="Paid on"
          description="The day the money arrived."
          min={addYears(today, -1)}
          max={today}
          {...form.inputProps('paidOn')}
          disabled={busy}
        />
        <TextInput
          label="Reference"
          description="Optional: a bank reference, receipt or cheque number."
          maxLength={120}
          {...form.inputProps('reference')}
          disabled={busy}
        />
        <FormButtons label="Record payment" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Renewing and resending e-mail the sponsor, so each is confirmed first. */
export function ConfirmInvoiceMail({
  action,
  onDone,
}: {
  action: Extract<InvoiceAction, { kind: 'renew' | 'resend' }>;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.sponsors.list.queryKey() });
  const renew = useMutation(
    trpc.admin.sponsors.renew.mutationOptions({
      onSuccess: () => (
        toast.success(
          'Sponsor renewed',
          action.sponsor.addressConfirmed
            ? `The invoice and pay link for ${action.kind === 'renew' ? action.season : ''} are on their way to ${action.sponsor.email}.`
            : confirmFirst(action.sponsor.email),
        ),
        void refresh(),
        onDone()
      ),
      onError: (error) => toast.error('Failed to renew the sponsor', serverMessage(error)),
    }),
  );
  const resend = useMutation(
    trpc.admin.sponsors.sendPayLink.mutationOptions({
      onSuccess: () => (
        toast.success(
          'Pay link sent',
          action.sponsor.addressConfirmed ? `A new pay link is on its way to ${action.sponsor.email}.` : confirmFirst(action.sponsor.email),
        ),
        void refresh(),
        onDone()
      ),
      onError: (error) => toast.error('Failed to send the pay link', serverMessage(error)),
    }),
  );
  const busy = renew.isPending || resend.isPending;
  const price = action.kind === 'resend' ? dollars(action.invoice.amount) : action.sponsor.amount ? dollars(action.sponsor.amount) : '';
  return (
    <Stack gap="sm">
      <Text size="sm">
        {action.kind === 'renew'
          ? `${action.sponsor.companyName} will be e-mailed an invoice for the ${action.season} season (${SPONSORSHIP_LABELS[action.sponsor.sponsorshipType]}, ${price}) with a link to pay it. It counts as revenue only once it is paid.`
          : `${action.sponsor.companyName} will be e-mailed a new pay link for ${action.invoice.season} (${price}). The link sent before stops working.`}
      </Text>
      <FormButtons
        label={action.kind === 'renew' ? `Renew for ${action.season}` : 'Send pay link'}
        busy={busy}
        onCancel={onDone}
        onConfirm={() =>
          action.kind === 'renew'
            ? renew.mutate({ id: action.sponsor.id, season: action.season })
            : resend.mutate({ invoiceId: action.invoice.id })
        }
      />
    </Stack>
  );
}
