import { Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PAYMENT_LIST_KINDS,
  PAYMENT_LIST_STATUSES,
  PAYMENT_STATUS_LABELS,
  type PaymentListInput,
  type PaymentListStatus,
  type PaymentRow,
} from '../../../shared/admin-payments.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { formatAud } from '../../../shared/membership';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payments';
import { useTRPC } from '../../trpc';
import { GuardedModal } from '../../components/guarded-modal';
import { ListSearchBox, PagedList, useListSearch } from './paged-list';
import { RecordPaymentDialog } from './record-payment-dialog';
import { amountCents, RefundDialog } from './refund-dialog';

const FAILURE = 'Could not load the payments. Please try again later.';

export const PAYMENTS_PAGE_SIZE = 25;

type Kind = (typeof PAYMENT_LIST_KINDS)[number];
const KIND_LABELS: Record<Kind, string> = { membership: 'Membership', event: 'Event', sponsorship: 'Sponsorship' };
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

/** The committee's payments: everything received, refunded or waiting; record money taken by hand; refund. */
export function AdminPaymentsTab() {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const { search, setSearch, debouncedSearch, page, setPage, filter } = useListSearch();
  const [kind, setKind] = useState<'' | Kind>('');
  const [status, setStatus] = useState<'' | PaymentListStatus>('');
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);

  const input: PaymentListInput = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    page,
    pageSize: PAYMENTS_PAGE_SIZE,
  };
  const list = useQuery({ ...trpc.admin.payments.list.queryOptions(input), placeholderData: keepPreviousData });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="xl">
          Payments
        </Title>
        <Button onClick={() => setRecording(true)}>Record payment</Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchBox label="Search payments" placeholder="Search by payee, member or reference" value={search} onChange={setSearch} />
        <NativeSelect
          label="Kind"
          value={kind}
          onChange={(e) => filter(setKind)(e.currentTarget.value as typeof kind)}
          data={[{ value: '', label: 'All kinds' }, ...PAYMENT_LIST_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))]}
          style={{ flex: '0 1 160px' }}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(e) => filter(setStatus)(e.currentTarget.value as typeof status)}
          data={[
            { value: '', label: 'All' },
            ...PAYMENT_LIST_STATUSES.filter((s) => s !== 'refunded').map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
          ]}
          style={{ flex: '0 1 180px' }}
        />
      </Group>

      <PagedList
        list={list}
        loading="Loading payments..."
        failure={FAILURE}
        empty="No payments found."
        pagesLabel="Payment pages"
        onPage={setPage}
      >
        {(data) => (
          <>
            {phone ? (
              <Stack component="ul" gap="sm" aria-label="Payments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.rows.map((p) => (
                  <PaymentCard key={p.id} payment={p} onRefund={() => setRefunding(p)} />
                ))}
              </Stack>
            ) : (
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
                    {data.rows.map((p) => (
                      <Table.Tr key={p.id} data-testid="admin-payment">
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
                          <RefundButton payment={p} onRefund={() => setRefunding(p)} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </PagedList>

      <GuardedModal opened={recording} onClose={() => setRecording(false)} title="Record payment" size="lg" fullScreen={phone}>
        {recording && <RecordPaymentDialog onDone={() => setRecording(false)} />}
      </GuardedModal>
      <GuardedModal
        opened={refunding !== null}
        onClose={() => setRefunding(null)}
        title={refunding ? `Refund ${refunding.payee ?? 'payment'}` : 'Refund'}
        size="md"
        fullScreen={phone}
      >
        {refunding && <RefundDialog key={refunding.id} payment={refunding} onDone={() => setRefunding(null)} />}
      </GuardedModal>
    </Stack>
  );
}
