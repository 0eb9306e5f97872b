import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { formatAuDate } from '../../../shared/dates';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payments';
import {
  INVOICE_STATUS_LABELS,
  nextSeason,
  seasonOf,
  type AdminSponsor,
  type InvoiceStatus,
  type SponsorInvoice,
} from '../../../shared/sponsors.schema';
import { dollars, type InvoiceAction } from './sponsor-display';

const INVOICE_COLOURS: Record<InvoiceStatus, string> = { unpaid: 'orange', pending: 'blue', paid: 'green', void: 'gray' };

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

/** A sponsor's season invoices, and renewing it for a season not yet invoiced. */
export function SponsorInvoices({
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
