import { Badge, Button, Group, Modal, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatClubStamp } from '../../../shared/dates';
import { DELIVERY_STATUSES, type DeliveryStatus, type NewsletterView } from '../../../shared/newsletters.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { STATUS_COLOURS, STATUS_LABELS } from './delivery-status';
import { NewsletterIssue } from './newsletter-issue';

type Resend = { isPending: boolean; mutate: (input: { id: string; statuses: ('failed' | 'uncertain')[] }) => void };
type Deliveries = {
  rows: { id: number; name: string | null; email: string; status: DeliveryStatus; reason: string | null }[];
  total: number;
};

/** When and to whom it went, the outcomes counted, and sending again what failed or is uncertain. */
function DeliverySummary({ view, sending, resend }: { view: NewsletterView; sending: boolean; resend: Resend }) {
  const { counts, id } = view;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {view.segmentLabel}
        {view.queuedAt ? ` · sent ${formatClubStamp(view.queuedAt)}` : ''}
        {view.finishedAt ? ` · finished ${formatClubStamp(view.finishedAt)}` : sending ? ' · sending now' : ''}
      </Text>
      <Group gap="xs" data-testid="delivery-counts">
        {(['sent', 'queued', 'sending', 'failed', 'uncertain', 'skipped'] as const).map((s) => (
          <Badge key={s} color={STATUS_COLOURS[s]} variant="light">
            {STATUS_LABELS[s]}: {counts[s]}
          </Badge>
        ))}
      </Group>
      {counts.uncertain > 0 && (
        <Text size="sm" c="orange.9">
          Uncertain: the site stopped while these were being sent, so they may or may not have arrived. They are not sent again unless you
          choose to.
        </Text>
      )}
      {(counts.failed > 0 || counts.uncertain > 0) && (
        <Group gap="sm">
          {counts.failed > 0 && (
            <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate({ id, statuses: ['failed'] })}>
              Send again to failed ({counts.failed})
            </Button>
          )}
          {counts.uncertain > 0 && (
            <Button
              variant="light"
              color="orange"
              loading={resend.isPending}
              onClick={() => resend.mutate({ id, statuses: ['uncertain'] })}
            >
              Send again to uncertain ({counts.uncertain})
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** A page of the recipients, each with what their message came to. */
function DeliveriesTable({ data, page, setPage }: { data: Deliveries; page: number; setPage: (page: number) => void }) {
  return (
    <Stack gap="xs">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery-row">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {d.name ? `${d.name} · ` : ''}
                {d.email}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[d.status]} variant="light">
                  {STATUS_LABELS[d.status]}
                </Badge>
                {d.reason && (
                  <Text size="xs" c="dimmed">
                    {d.reason}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.total > 50 && <Pagination total={Math.ceil(data.total / 50)} value={page} onChange={setPage} aria-label="Recipient pages" />}
    </Stack>
  );
}

/** A sent newsletter: what each recipient's message came to, sending again what failed, and the issue itself. */
export function NewsletterDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const view = useQuery({
    ...trpc.admin.newsletters.get.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? 2000 : false),
  });
  const sending = view.data?.status === 'sending';
  const deliveries = useQuery({
    ...trpc.admin.newsletters.deliveries.queryOptions({ id, page, pageSize: 50, ...(status ? { status } : {}) }),
    refetchInterval: sending ? 2000 : false,
  });
  const issue = useQuery(trpc.admin.newsletters.read.queryOptions({ id }));
  const resend = useMutation(
    trpc.admin.newsletters.resend.mutationOptions({
      onSuccess: async () => {
        toast.success('Queued again');
        await queryClient.invalidateQueries({ queryKey: trpc.admin.newsletters.pathKey() });
      },
      onError: (error) => toast.error('Nothing was queued', serverMessage(error)),
    }),
  );
  const counts = view.data?.counts;

  return (
    <Modal opened onClose={onClose} title={view.data?.subject ?? 'Newsletter'} size="xl" fullScreen={phone}>
      <Stack gap="md">
        <QueryState query={view} loading="Loading..." failure="Could not load the newsletter.">
          {view.data && counts && <DeliverySummary view={view.data} sending={sending} resend={resend} />}
        </QueryState>
        <NativeSelect
          label="Show recipients"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as DeliveryStatus | '');
            setPage(1);
          }}
          data={[{ value: '', label: 'All' }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          maw={280}
        />
        <QueryState query={deliveries} loading="Loading recipients..." failure="Could not load the recipients.">
          {deliveries.data && <DeliveriesTable data={deliveries.data} page={page} setPage={setPage} />}
        </QueryState>
        {issue.data && <NewsletterIssue {...issue.data} />}
      </Stack>
    </Modal>
  );
}
