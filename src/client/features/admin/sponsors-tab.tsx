import { Anchor, Badge, Box, Button, Card, Group, Image, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { addYears, clubToday, formatAuDate } from '../../../shared/dates';
import { formatAud } from '../../../shared/membership';
import { MANUAL_METHOD_OPTIONS, PAYMENT_METHOD_LABELS, type ManualPaymentMethod } from '../../../shared/payments';
import {
  INVOICE_STATUS_LABELS,
  nextSeason,
  recordSponsorPaymentForm,
  seasonOf,
  SPONSOR_STATUSES,
  SPONSORSHIP_LABELS,
  sponsorReviewInput,
  type AdminSponsor,
  type InvoiceStatus,
  type SponsorInvoice,
  type SponsorStatus,
} from '../../../shared/sponsors.schema';
import { QueryState } from '../../components/query-state';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { GuardedModal } from '../../components/guarded-modal';
import { toast } from '../../components/toast';
import { useClubToday } from '../../lib/clock';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { ImageField } from '../../components/uploads/image-upload-field';
import { sponsorAmountText, sponsorHref, SPONSOR_LINK_PROPS } from '../../lib/sponsor-text';
import { FormButtons, RowButton } from '../../components/admin-row-actions';
import { DateField } from '../../components/forms/date-field';

const STATUS_LABELS: Record<SponsorStatus, string> = { pending: 'Pending', active: 'Active', declined: 'Declined' };
const STATUS_COLOURS: Record<SponsorStatus, string> = { pending: 'yellow', active: 'green', declined: 'red' };

const appliedOn = (iso: string) => formatAuDate(clubToday(new Date(iso)));
const INVOICE_COLOURS: Record<InvoiceStatus, string> = { unpaid: 'orange', pending: 'blue', paid: 'green', void: 'gray' };
const dollars = (amount: string) => formatAud(Math.round(Number(amount) * 100));

/** What the committee can do to a sponsor's invoices from the list. */
type InvoiceAction =
  | { kind: 'record'; sponsor: AdminSponsor; invoice: SponsorInvoice }
  | { kind: 'resend'; sponsor: AdminSponsor; invoice: SponsorInvoice }
  | { kind: 'renew'; sponsor: AdminSponsor; season: string };

function StatusBadge({ status }: { status: SponsorStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray'} variant="light">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

function InvoiceBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_COLOURS[status]} variant={status === 'paid' ? 'filled' : 'light'}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** One season's invoice: amount, status, how and when it was paid, and what can be done while it is unpaid. */
function InvoiceLine({
  sponsor,
  invoice,
  onAction,
}: {
  sponsor: AdminSponsor;
  invoice: SponsorInvoice;
  onAction: (action: InvoiceAction) => void;
}) {
  const paidText = invoice.paidOn
    ? `Paid ${formatAuDate(invoice.paidOn)}${invoice.method ? ` · ${PAYMENT_METHOD_LABELS[invoice.method]}` : ''}${invoice.reference ? ` · ${invoice.reference}` : ''}`
    : invoice.status === 'pending'
      ? 'PayPal is holding the payment'
      : invoice.status === 'void'
        ? 'Cancelled'
        : 'Awaiting payment';
  return (
    <Box data-testid="sponsor-invoice" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {invoice.season}
          </Text>
          <Text size="sm">{dollars(invoice.amount)}</Text>
          <InvoiceBadge status={invoice.status} />
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {paidText}
            {invoice.refunded !== '0.00' ? ` · ${dollars(invoice.refunded)} refunded` : ''}
          </Text>
        </Group>
        {invoice.status === 'unpaid' && (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => onAction({ kind: 'record', sponsor, invoice })}
              aria-label={`Record payment for ${sponsor.companyName} ${invoice.season}`}
            >
              Record payment
            </Button>
            {sponsor.status === 'active' && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => onAction({ kind: 'resend', sponsor, invoice })}
                aria-label={`Send pay link again to ${sponsor.companyName} for ${invoice.season}`}
              >
                Send pay link again
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Box>
  );
}

/** The seasons an active sponsor can still be invoiced for: this one (if it has no invoice) and the next. */
function renewableSeasons(sponsor: AdminSponsor, today: string): string[] {
  if (sponsor.status !== 'active') return [];
  const current = seasonOf(today);
  const invoiced = new Set(sponsor.invoices.filter((i) => i.status !== 'void').map((i) => i.season));
  return [current, nextSeason(current)].filter((season) => !invoiced.has(season));
}

function SponsorInvoices({
  sponsor,
  today,
  onAction,
}: {
  sponsor: AdminSponsor;
  today: string;
  onAction: (action: InvoiceAction) => void;
}) {
  const renewable = renewableSeasons(sponsor, today);
  if (!sponsor.invoices.length && !renewable.length) return null;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Season invoices
        </Text>
        <Group gap="xs" wrap="wrap">
          {renewable.map((season) => (
            <Button
              key={season}
              size="xs"
              variant="outline"
              onClick={() => onAction({ kind: 'renew', sponsor, season })}
              aria-label={`Renew for ${season}: ${sponsor.companyName}`}
            >
              Renew for {season}
            </Button>
          ))}
        </Group>
      </Group>
      {sponsor.invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet.
        </Text>
      ) : (
        sponsor.invoices.map((invoice) => <InvoiceLine key={invoice.id} sponsor={sponsor} invoice={invoice} onAction={onAction} />)
      )}
    </Stack>
  );
}

function SponsorRow({
  sponsor,
  today,
  onReview,
  onAction,
}: {
  sponsor: AdminSponsor;
  today: string;
  onReview: () => void;
  onAction: (action: InvoiceAction) => void;
}) {
  const ended = sponsor.endDate !== null && sponsor.endDate < today;
  const website = sponsorHref(sponsor.websiteUrl);
  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-sponsor">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {sponsor.logoUrl && <Image src={sponsor.logoUrl} alt={`${sponsor.companyName} logo`} h={40} w="auto" maw={100} fit="contain" />}
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {sponsor.companyName}
            </Title>
            <StatusBadge status={sponsor.status} />
            {ended && sponsor.status === 'active' && (
              <Badge color="gray" variant="outline">
                Ended
              </Badge>
            )}
          </Group>
          <RowButton label="Review" name={sponsor.companyName} onClick={onReview} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Detail label="Contact">{sponsor.contactPerson}</Detail>
          <Detail label="E-mail">
            <Anchor href={`mailto:${sponsor.email}`} inherit>
              {sponsor.email}
            </Anchor>
            {!sponsor.addressConfirmed && ` ${UNCONFIRMED}`}
          </Detail>
          <Detail label="Phone">
            <Anchor href={`tel:${sponsor.phone.replace(/[^\d+]/g, '')}`} inherit>
              {sponsor.phone}
            </Anchor>
          </Detail>
          <Detail label="Package">
            {SPONSORSHIP_LABELS[sponsor.sponsorshipType] ?? sponsor.sponsorshipType} · {sponsorAmountText(sponsor.amount)}
          </Detail>
          <Detail label="Applied">{appliedOn(sponsor.createdAt)}</Detail>
          <Detail label="End date">{sponsor.endDate ? formatAuDate(sponsor.endDate) : 'No end date'}</Detail>
          <Detail label="Website">
            {website ? (
              <Anchor href={website} {...SPONSOR_LINK_PROPS} inherit>
                {sponsor.websiteUrl}
              </Anchor>
            ) : (
              'None'
            )}
          </Detail>
          {sponsor.address && <Detail label="Address">{sponsor.address}</Detail>}
        </SimpleGrid>
        {sponsor.comments && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            “{sponsor.comments}”
          </Text>
        )}
        <SponsorInvoices sponsor={sponsor} today={today} onAction={onAction} />
      </Stack>
    </Card>
  );
}

/** Money the committee received outside the site, recorded against a season's invoice. */
function RecordPaymentForm({ sponsor, invoice, onDone }: { sponsor: AdminSponsor; invoice: SponsorInvoice; onDone: () => void }) {
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

/** An address the applicant has not proved gets no invoice, only a link to confirm it (the server's rule). */
const UNCONFIRMED = '(not confirmed yet: invoices wait until the sponsor confirms it)';
const confirmFirst = (email: string) =>
  `${email} is not confirmed yet: a link to confirm it is on its way, and the invoice follows once the sponsor confirms it.`;

/** Renewing and resending e-mail the sponsor, so each is confirmed first. */
function ConfirmInvoiceMail({ action, onDone }: { action: Extract<InvoiceAction, { kind: 'renew' | 'resend' }>; onDone: () => void }) {
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

/** The review form's values as the review procedure takes them: blanks are null. */
const reviewInput = (id: string) => (v: { status: string; websiteUrl: string; endDate: string; logoUrl: string }) => ({
  id,
  status: v.status as SponsorStatus,
  logoUrl: v.logoUrl.trim() || null,
  websiteUrl: v.websiteUrl.trim() || null,
  endDate: v.endDate.trim() || null,
});

/** The committee's review of one application: status, website, end date and logo. */
function ReviewForm({ sponsor, onDone }: { sponsor: AdminSponsor; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: sponsorReviewInput,
    initialValues: {
      status: sponsor.status as string,
      websiteUrl: sponsor.websiteUrl ?? '',
      endDate: sponsor.endDate ?? '',
      logoUrl: sponsor.logoUrl ?? '',
    },
    toInput: reviewInput(sponsor.id),
  });

  const review = useMutation(
    trpc.admin.sponsors.review.mutationOptions({
      onSuccess: () => {
        toast.success('Sponsor updated successfully');
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.sponsors.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.sponsors.active.queryKey() }),
        ]);
        onDone();
      },
      // Every field the server refused is marked at once; a refusal that names no field is a toast.
      onError: (error) => {
        if (!form.applyServerError(error)) toast.error('Failed to update sponsor', serverMessage(error));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What was typed goes (blanks as null); the server parses it again.
    if (form.validate()) review.mutate(reviewInput(sponsor.id)(form.values));
  };

  const busy = review.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {SPONSORSHIP_LABELS[sponsor.sponsorshipType]} · {sponsorAmountText(sponsor.amount)} · applied {appliedOn(sponsor.createdAt)}
        </Text>
        <NativeSelect
          label="Status"
          description="Only active sponsors are shown on the site."
          {...form.inputProps('status')}
          disabled={busy}
          data={SPONSOR_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <TextInput label="Website" type="url" placeholder="https://" {...form.inputProps('websiteUrl')} disabled={busy} />
        <DateField
          label="End Date"
          description="The last day the sponsor is shown. Leave blank for no end date."
          {...form.inputProps('endDate')}
          disabled={busy}
        />
        <ImageField
          uploadLabel="Upload logo"
          urlLabel="Logo URL"
          urlDescription="Or paste the address of a logo image."
          previewAlt={`${sponsor.companyName} logo`}
          value={form.values.logoUrl}
          onChange={(url) => form.setValue('logoUrl', url)}
          error={form.errors.logoUrl}
          disabled={busy}
        />
        <FormButtons label="Save" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Sponsor applications, filtered by status, each open to review. */
export function AdminSponsorsTab() {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useQuery(trpc.admin.sponsors.list.queryOptions());
  const [filter, setFilter] = useState<'all' | SponsorStatus>('all');
  const [reviewing, setReviewing] = useState<AdminSponsor | null>(null);
  const [action, setAction] = useState<InvoiceAction | null>(null);

  const sponsors = list.data ?? [];
  const shown = filter === 'all' ? sponsors : sponsors.filter((s) => s.status === filter);
  const count = (status: SponsorStatus) => sponsors.filter((s) => s.status === status).length;
  const today = useClubToday();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="xl">
          Sponsors
        </Title>
        <NativeSelect
          label="Filter by status"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as typeof filter)}
          data={[
            { value: 'all', label: `All (${sponsors.length})` },
            ...SPONSOR_STATUSES.map((s) => ({ value: s, label: `${STATUS_LABELS[s]} (${count(s)})` })),
          ]}
          w={200}
        />
      </Group>
      <QueryState
        query={list}
        loading="Loading sponsors..."
        failure="Could not load the sponsors. Please try again later."
        isEmpty={shown.length === 0}
        empty={<Text c="dimmed">{sponsors.length === 0 ? 'No sponsor applications yet.' : 'No sponsors with this status.'}</Text>}
      >
        {shown.map((sponsor) => (
          <SponsorRow key={sponsor.id} sponsor={sponsor} today={today} onReview={() => setReviewing(sponsor)} onAction={setAction} />
        ))}
      </QueryState>

      <GuardedModal
        opened={reviewing !== null}
        onClose={() => setReviewing(null)}
        title={reviewing ? `Review ${reviewing.companyName}` : 'Review'}
        size="lg"
        fullScreen={phone}
      >
        {reviewing && <ReviewForm key={reviewing.id} sponsor={reviewing} onDone={() => setReviewing(null)} />}
      </GuardedModal>

      <GuardedModal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={
          action?.kind === 'record'
            ? `Record payment: ${action.sponsor.companyName}`
            : action?.kind === 'renew'
              ? `Renew ${action.sponsor.companyName} for ${action.season}`
              : action
                ? `Send pay link again: ${action.sponsor.companyName}`
                : ''
        }
        fullScreen={phone && action?.kind === 'record'}
      >
        {action?.kind === 'record' && (
          <RecordPaymentForm key={action.invoice.id} sponsor={action.sponsor} invoice={action.invoice} onDone={() => setAction(null)} />
        )}
        {action && action.kind !== 'record' && <ConfirmInvoiceMail action={action} onDone={() => setAction(null)} />}
      </GuardedModal>
    </Stack>
  );
}
