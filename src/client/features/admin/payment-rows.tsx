import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  PAYMENT_STATUS_LABELS,
  type PAYMENT_LIST_KINDS,
  type PaymentListStatus,
  type PaymentRow,
} from '../../../shared/admin-payments.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { formatAud } from '../../../shared/membership';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payments';
import { amountCents } from './refund-dialog';

export type Kind = (typeof PAYMENT_LIST_KINDS)[number];
export const KIND_LABELS: Record<Kind, string> = { membership: 'Membership', event: 'Event', sponsorship: 'Sponsorship' };
const PURPOSE_LABELS: Record<string, string> = { join: 'Joining', renewal: 'Renewal', refund: 'Refund' };
const STATUS_COLOURS: Record<PaymentListStatus, string> = {
  completed: 'green',
  pending: 'yellow',
  created: 'gray',
  declined: 'red',
  failed: 'red',
  refunded: 'orange',
  void: 'gray',
};

const day = (iso: string) => formatAuDate(clubToday(new Date(iso)));
const purposeOf = (p: PaymentRow) => `${KIND_LABELS[p.kind]}${p.purpose ? ` · ${PURPOSE_LABELS[p.purpose] ?? p.purpose}` : ''}`;
const methodOf = (p: PaymentRow) => (p.method ? PAYMENT_METHOD_LABELS[p.method] : p.provider === 'paypal' ? 'PayPal' : '—');
/** '$40.00', and '-$40.00' for money returned. */
const money = (amount: string) => formatAud(amountCents(amount));
/** Who the payment was for, when that says more than the payee alone ('Ben, Lachlan and Mia Taylor'). */
const coveringOf = (p: PaymentRow) => (p.covering && p.covering !== p.payee ? p.covering : null);
const canRefund = (p: PaymentRow) => p.status === 'completed' && p.purpose !== 'refund' && amountCents(p.refundable) > 0;

function StatusBadge({ payment }: { payment: PaymentRow }) {
  const partly = amountCents(payment.refunded) > 0;
  if (payment.purpose === 'refund') {
    return (
      <Badge color="orange" variant="light">
        Money returned
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={STATUS_COLOURS[payment.status] ?? 'gray'} variant="light">
        {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
      </Badge>
      {partly && (
        <Badge color="orange" variant="light">
          {amountCents(payment.refundable) === 0 ? 'Refunded' : 'Part refunded'}
        </Badge>
      )}
    </Group>
  );
}

function RefundButton({ payment, onRefund }: { payment: PaymentRow; onRefund: () => void }) {
  if (!canRefund(payment)) return null;
  return (
    <Button
      variant="light"
      color="red"
      size="xs"
      onClick={onRefund}
      aria-label={`Refund ${payment.payee ?? 'payment'} ${formatAud(amountCents(payment.amount))} of ${day(payment.date)}`}
    >
      Refund
    </Button>
  );
}

/** On a phone: one card per payment, everything readable without scrolling sideways. */
function PaymentCard({ payment, onRefund }: { payment: PaymentRow; onRefund: () => void }) {
  const refunded = amountCents(payment.refunded);
  return (
    <Card withBorder padding="sm" component="li" data-testid="admin-payment">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {payment.payee ?? 'Unknown payee'}
          </Text>
          <Text size="xs" c="dimmed">
            {day(payment.date)} · {purposeOf(payment)} · {methodOf(payment)}
          </Text>
          {coveringOf(payment) && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              For {coveringOf(payment)}
            </Text>
          )}
        </div>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} c={payment.amount.startsWith('-') ? 'red' : undefined}>
          {money(payment.amount)}
        </Text>
      </Group>
      <Group justify="space-between" mt="xs" gap="xs">
        <StatusBadge payment={payment} />
        <RefundButton payment={payment} onRefund={onRefund} />
      </Group>
      {payment.note && (
        <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {payment.note}
        </Text>
      )}
      {(payment.reference || refunded > 0) && (
        <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {payment.reference ? `Ref ${payment.reference}` : ''}
          {payment.reference && refunded > 0 ? ' · ' : ''}
          {refunded > 0 ? `${formatAud(refunded)} refunded` : ''}
        </Text>
      )}
    </Card>
  );
}

/** One payment as a row of the table. */
function PaymentTableRow({ payment: p, onRefund }: { payment: PaymentRow; onRefund: () => void }) {
  return (
    <Table.Tr data-testid="admin-payment">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(p.date)}</Table.Td>
      <Table.Td>
        <Text size="sm">{p.payee ?? '—'}</Text>
        {p.note && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {p.note}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{purposeOf(p)}</Text>
        {coveringOf(p) && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {coveringOf(p)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{methodOf(p)}</Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(p.amount)}</Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        {amountCents(p.refunded) > 0 ? formatAud(amountCents(p.refunded)) : '—'}
      </Table.Td>
      <Table.Td>
        <StatusBadge payment={p} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 180 }}>{p.reference ?? '—'}</Table.Td>
      <Table.Td>
        <RefundButton payment={p} onRefund={onRefund} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The page of payments: cards on a phone, a table otherwise. */
export function PaymentsList({
  rows,
  phone,
  onRefund,
}: {
  rows: PaymentRow[];
  phone: boolean | undefined;
  onRefund: (payment: PaymentRow) => void;
}) {
  if (phone)
    return (
      <Stack component="ul" gap="sm" aria-label="Payments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((p) => (
          <PaymentCard key={p.id} payment={p} onRefund={() => onRefund(p)} />
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Payee</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Refunded</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <PaymentTableRow key={p.id} payment={p} onRefund={() => onRefund(p)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
