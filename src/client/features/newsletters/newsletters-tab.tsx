import { Badge, Button, Group, Modal, NativeSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { DELIVERY_STATUSES, type DeliveryStatus, type NewsletterSummary, type NewsletterView } from '../../../shared/newsletters.schema';
import { AdminListRow } from '../../components/admin-list';
import { ConfirmDelete } from '../../components/admin-row-actions';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { formatClubStamp } from '../../../shared/dates';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { ComposeNewsletter } from './compose-newsletter';
import { NewsletterIssue } from './newsletter-issue';

const STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (unsubscribed)',
  uncertain: 'Uncertain',
};
const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
  uncertain: 'orange',
};

/** 'Sent 12 · Waiting 30 · Failed 1', leaving out what is zero. */
function outcomeLine(n: NewsletterSummary) {
  const parts = (['sent', 'queued', 'sending', 'failed', 'uncertain', 'skipped'] as const)
    .filter((s) => n.counts[s] > 0)
    .map((s) => `${STATUS_LABELS[s]} ${n.counts[s].toLocaleString('en-AU')}`);
  return parts.join(' · ');
}

type Open = { kind: 'none' } | { kind: 'compose'; newsletter: NewsletterView | null } | { kind: 'view'; id: string };

/**
 * Admin → Newsletters: drafts and sent newsletters (each with its recipients' outcomes), writing one, and a
 * news article's draft when the CMS sends one here (`openId`).
 */
export function AdminNewslettersTab({ openId, onOpened }: { openId?: string; onOpened?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({
    ...trpc.admin.newsletters.list.queryOptions(),
    // While one is sending, its figures move on by themselves.
    refetchInterval: (q) => (q.state.data?.some((n) => n.status === 'sending') ? 3000 : false),
  });
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [deleting, setDeleting] = useState<NewsletterSummary | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.newsletters.list.queryKey() });
  const remove = useMutation(
    trpc.admin.newsletters.remove.mutationOptions({
      onSuccess: async () => {
        toast.success('Draft deleted');
        setDeleting(null);
        await refresh();
      },
      onError: (error) => toast.error('The draft was not deleted', serverMessage(error)),
    }),
  );

  const edit = async (id: string) => {
    try {
      const newsletter = await queryClient.fetchQuery(trpc.admin.newsletters.get.queryOptions({ id }));
      setOpen(newsletter.status === 'draft' ? { kind: 'compose', newsletter } : { kind: 'view', id });
    } catch (error) {
      toast.error('Could not open the newsletter', serverMessage(error));
    }
  };
  // A draft made from a news article opens at once.
  const edited = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!openId || edited.current === openId) return;
    edited.current = openId;
    void edit(openId).then(() => onOpened?.());
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          Newsletters
        </Title>
        <Button onClick={() => setOpen({ kind: 'compose', newsletter: null })}>Write a newsletter</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Newsletters and notices to members by e-mail. Each goes out at a steady pace with the website sponsors&apos; logos and an
        unsubscribe link; receipts, sign-in links and reminders are not affected by unsubscribing.
      </Text>
      <QueryState query={list} loading="Loading newsletters..." failure="Could not load the newsletters. Please try again later.">
        {list.data?.length === 0 ? (
          <Text c="dimmed">No newsletters yet. Write the first one!</Text>
        ) : (
          list.data?.map((n) => (
            <AdminListRow
              key={n.id}
              testId="newsletter-row"
              actions={
                n.status === 'draft' ? (
                  <Group gap="xs">
                    <Button variant="light" mih={44} onClick={() => void edit(n.id)} aria-label={`Edit ${n.subject}`}>
                      Edit
                    </Button>
                    <Button variant="subtle" color="red" mih={44} onClick={() => setDeleting(n)} aria-label={`Delete ${n.subject}`}>
                      Delete
                    </Button>
                  </Group>
                ) : (
                  <Button variant="light" mih={44} onClick={() => setOpen({ kind: 'view', id: n.id })} aria-label={`Open ${n.subject}`}>
                    Open
                  </Button>
                )
              }
            >
              <Group gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {n.subject}
                </Text>
                <Badge color={n.status === 'draft' ? 'gray' : n.status === 'sending' ? 'blue' : 'green'} variant="light">
                  {n.status === 'draft' ? 'Draft' : n.status === 'sending' ? 'Sending' : 'Sent'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {n.segmentLabel}
                {n.queuedAt
                  ? ` · sent ${formatClubStamp(n.queuedAt)}${n.sentBy ? ` by ${n.sentBy}` : ''}`
                  : ` · last changed ${formatClubStamp(n.updatedAt)}`}
              </Text>
              {n.status !== 'draft' && <Text size="sm">{outcomeLine(n)}</Text>}
            </AdminListRow>
          ))
        )}
      </QueryState>

      <ComposeNewsletter
        opened={open.kind === 'compose'}
        initial={open.kind === 'compose' ? open.newsletter : null}
        onClose={() => setOpen({ kind: 'none' })}
      />
      {open.kind === 'view' && <NewsletterDetail id={open.id} onClose={() => setOpen({ kind: 'none' })} />}
      <ConfirmDelete
        noun="draft"
        name={deleting?.subject}
        opened={deleting !== null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}

/** A sent newsletter: what each recipient's message came to, sending again what failed, and the issue itself. */
function NewsletterDetail({ id, onClose }: { id: string; onClose: () => void }) {
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
          {view.data && counts && (
            <Stack gap="xs">
              <Text size="sm">
                {view.data.segmentLabel}
                {view.data.queuedAt ? ` · sent ${formatClubStamp(view.data.queuedAt)}` : ''}
                {view.data.finishedAt ? ` · finished ${formatClubStamp(view.data.finishedAt)}` : sending ? ' · sending now' : ''}
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
                  Uncertain: the site stopped while these were being sent, so they may or may not have arrived. They are not sent again
                  unless you choose to.
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
          )}
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
          {deliveries.data && (
            <Stack gap="xs">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Recipient</Table.Th>
                    <Table.Th>Outcome</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {deliveries.data.rows.map((d) => (
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
              {deliveries.data.total > 50 && (
                <Pagination total={Math.ceil(deliveries.data.total / 50)} value={page} onChange={setPage} aria-label="Recipient pages" />
              )}
            </Stack>
          )}
        </QueryState>
        {issue.data && <NewsletterIssue {...issue.data} />}
      </Stack>
    </Modal>
  );
}

/** The tab as the admin page shows it: `?newsletter=<id>` (a news article's draft, from the CMS) opens that draft. */
export function NewslettersTabFromAddress() {
  const search: Record<string, string | undefined> = useSearch({ strict: false });
  const navigate = useNavigate();
  return (
    <AdminNewslettersTab
      openId={search.newsletter}
      onOpened={() => void navigate({ to: '/admin', search: { tab: 'newsletters' }, replace: true })}
    />
  );
}
