import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
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
import { useTRPC } from '../../trpc';
import { GuardedModal } from '../../components/guarded-modal';
import { ListSearchBox, PagedList, useListSearch } from './paged-list';
import { KIND_LABELS, PaymentsList, type Kind } from './payment-rows';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';

const FAILURE = 'Could not load the payments. Please try again later.';

export const PAYMENTS_PAGE_SIZE = 25;
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
        {(data) => <PaymentsList rows={data.rows} phone={phone} onRefund={setRefunding} />}
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
