import { Alert, Badge, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { MEMBERSHIP_TYPE_NAMES } from '../../../shared/membership';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatAuDate, formatClubDateTime } from '../../../shared/dates';
import { REMINDER_KIND_LABELS, type MemberRecord } from '../../../shared/member-records.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { AuditChanges } from './audit-tab';
import { ListSearchBox } from './paged-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Invalidates what an edit of a member changes: the list, the dashboard's figures and the member's record. */
export function useRefreshMembers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.members.search.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.members.get.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.overview.queryKey() }),
    ]);
}

/** The usual answers of a member action: the server's sentence as a toast, then the record and the list refreshed. */
function useAnswers(failure: string) {
  const refresh = useRefreshMembers();
  return <O,>(success: (out: O) => string) => ({
    onSuccess: (out: O) => {
      toast.success(success(out));
      void refresh();
    },
    onError: (error: unknown) => toast.error(failure, serverMessage(error)),
  });
}

/** 'Waiting for confirmation of <new>': send the link again, or cancel the change. */
export function EmailChangePanel({ record }: { record: MemberRecord }) {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.admin.members.resendEmailChange.mutationOptions(useAnswers('Could not send the link again')((out) => out.message)),
  );
  const cancel = useMutation(
    trpc.admin.members.cancelEmailChange.mutationOptions(useAnswers('Could not cancel the change')((out) => out.message)),
  );
  const change = record.emailChange;
  if (!change) return null;
  return (
    <Alert color="yellow" title={`Waiting for confirmation of ${change.newEmail}`} role="status">
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {change.step === 'identity' ? 'The member asked; the link to their current address (to make sure it is them) was' : 'Link'} sent{' '}
          {formatClubDateTime(change.sentAt)}, valid until {formatClubDateTime(change.expiresAt)}. Until it is confirmed the address stays{' '}
          {record.email ?? 'empty'}.
        </Text>
        <Group gap="xs">
          <Button size="sm" variant="default" loading={resend.isPending} onClick={() => resend.mutate({ memberId: record.id })}>
            Send the link again
          </Button>
          <Button size="sm" color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate({ memberId: record.id })}>
            Cancel the change
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The household: who is in it, and make primary / take out / move into another household. */
export function HouseholdPanel({ record }: { record: MemberRecord }) {
  const trpc = useTRPC();
  const household = useMutation(
    trpc.admin.members.household.mutationOptions(
      useAnswers('Could not change the household')((r) => `${r.firstName} ${r.lastName}'s household is saved.`),
    ),
  );
  const [moving, setMoving] = useState(false);
  const people = record.household.people;
  const name = `${record.firstName} ${record.lastName}`;
  return (
    <Section title="Household">
      <Text size="sm" c="dimmed">
        {MEMBERSHIP_TYPE_NAMES[record.household.membershipType]} membership · {people.length} {people.length === 1 ? 'person' : 'people'}.
        The primary member receives the household's receipts and renewal reminders.
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {people.map((p) => (
          <Group key={p.id} component="li" gap="xs" wrap="wrap">
            <Text size="sm" fw={p.id === record.id ? 700 : 400}>
              {p.firstName} {p.lastName}
            </Text>
            <Text size="xs" c="dimmed">
              {MEMBERSHIP_TYPE_NAMES[p.membershipType]}
            </Text>
            {p.isPrimary && (
              <Badge size="sm" variant="light">
                Primary
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      <Group gap="xs">
        {!record.isPrimary && (
          <Button
            size="sm"
            variant="default"
            loading={household.isPending}
            onClick={() => household.mutate({ action: 'makePrimary', memberId: record.id })}
          >
            Make {record.firstName} the primary member
          </Button>
        )}
        {!record.isPrimary && (
          <Button
            size="sm"
            variant="default"
            loading={household.isPending}
            onClick={() => household.mutate({ action: 'leave', memberId: record.id })}
          >
            Take {record.firstName} out into a household of their own
          </Button>
        )}
        <Button size="sm" variant="default" onClick={() => setMoving((m) => !m)} aria-expanded={moving}>
          Move {record.firstName} to another household
        </Button>
      </Group>
      {moving && (
        <MoveToHousehold
          name={name}
          memberId={record.id}
          busy={household.isPending}
          onMove={(intoMemberId) => household.mutate({ action: 'move', memberId: record.id, intoMemberId })}
        />
      )}
    </Section>
  );
}

function MoveToHousehold({
  name,
  memberId,
  busy,
  onMove,
}: {
  name: string;
  memberId: string;
  busy: boolean;
  onMove: (intoMemberId: string) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [into, setInto] = useState('');
  const found = useQuery({
    ...trpc.admin.members.search.queryOptions({ search: debounced, pageSize: 10, sort: 'name' }),
    enabled: debounced.length >= 2,
  });
  const options = (found.data?.rows ?? []).filter((r) => r.id !== memberId);
  return (
    <Stack gap="xs">
      <ListSearchBox label="Find a member of the household" placeholder="Name or e-mail" value={search} onChange={setSearch} />
      {debounced.length >= 2 && (
        <NativeSelect
          label="Household of"
          value={into}
          onChange={(e) => setInto(e.currentTarget.value)}
          data={[
            { value: '', label: found.isPending ? 'Searching...' : options.length ? 'Choose a member' : 'No member found' },
            ...options.map((r) => ({ value: r.id, label: `${r.firstName} ${r.lastName}${r.email ? ` (${r.email})` : ''}` })),
          ]}
        />
      )}
      <Group>
        <Button size="sm" disabled={!into} loading={busy} onClick={() => onMove(into)}>
          Move {name} there
        </Button>
      </Group>
    </Stack>
  );
}

/** The renewal reminders sent to the household, and one more by hand. */
export function RemindersPanel({ record }: { record: MemberRecord }) {
  const trpc = useTRPC();
  // One press of the button: a second press or a retried request with the same key sends nothing more.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const answers = useAnswers('Could not send the reminder')((out: { message: string }) => out.message);
  const send = useMutation(
    trpc.admin.members.sendRenewalReminder.mutationOptions({ ...answers, onSettled: () => setRequestKey(crypto.randomUUID()) }),
  );
  return (
    <Section title="Renewal reminders">
      {record.reminders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No renewal reminder has gone out to this household yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table striped aria-label="Renewal reminders sent">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Which</Table.Th>
                <Table.Th>To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.reminders.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatClubDateTime(r.sentAt)}</Table.Td>
                  <Table.Td>
                    {REMINDER_KIND_LABELS[r.kind]}
                    {r.sentBy ? ` by ${r.sentBy}` : ''}
                    <Text size="xs" c="dimmed">
                      for the end on {formatAuDate(r.expiryDate)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {record.reminder.refusal ? (
        <Text size="sm" c="dimmed">
          {record.reminder.refusal}
        </Text>
      ) : (
        <Group gap="xs" align="center">
          <Button size="sm" variant="light" loading={send.isPending} onClick={() => send.mutate({ memberId: record.id, requestKey })}>
            Send a renewal reminder now
          </Button>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            to {record.reminder.to}
          </Text>
        </Group>
      )}
    </Section>
  );
}

/** Who changed this member's record and what, newest first: the committee's edits and the member's own. */
export function HistoryPanel({ record }: { record: MemberRecord }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.admin.audit.queryOptions({ entityType: 'Member', entityId: record.id, page: 1, pageSize: 10 }));
  return (
    <Section title="History">
      <QueryState query={history} loading="Loading the history..." failure="Could not load the history. Please try again later.">
        {history.data && history.data.rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No changes recorded yet.
          </Text>
        )}
        {history.data?.rows.map((entry) => (
          <Stack key={entry.id} gap={2} data-testid="member-history-entry">
            <Text size="sm">
              <Text span fw={600} inherit>
                {formatClubDateTime(entry.at)}
              </Text>{' '}
              · {entry.actor} · {entry.action}
            </Text>
            <AuditChanges entry={entry} />
          </Stack>
        ))}
        {history.data && history.data.total > history.data.rows.length && (
          <Text size="xs" c="dimmed">
            The last {history.data.rows.length} of {history.data.total} changes; the Audit Log tab has them all.
          </Text>
        )}
      </QueryState>
    </Section>
  );
}
