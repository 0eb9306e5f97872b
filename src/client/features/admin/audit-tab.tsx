import { Anchor, Code, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatClubDateTime } from '../../../shared/dates';
import { ListPager } from '../../components/list-pager';
import { QueryState } from '../../components/query-state';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditEntry } from './use-audit-log';

const MAX_CHANGES = 6;
const MAX_VALUE = 40;

/** A stored value as a short text: '—' for nothing, JSON for objects, cut at 40 characters. */
function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** The keys whose value differs between before and after, in the order they first appear. */
export function changedKeys(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null));
}

/** The fields an audit entry changed, before → after (at most six shown). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const keys = changedKeys(entry.before, entry.after);
  if (keys.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No field changes
      </Text>
    );
  }
  const shown = keys.slice(0, MAX_CHANGES);
  return (
    <Stack gap={2}>
      {shown.map((k) => (
        <Text key={k} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} inherit>
            {k}
          </Text>
          : {entry.before ? `${valueText(entry.before[k])} → ` : ''}
          {entry.after ? valueText(entry.after[k]) : '(deleted)'}
        </Text>
      ))}
      {keys.length > shown.length && (
        <Text size="xs" c="dimmed">
          and {keys.length - shown.length} more
        </Text>
      )}
    </Stack>
  );
}

/** An audit entry: when, who, the action, the record (its short id shows every change to it) and what changed. */
function AuditEntryRow({ entry, onShowRecord }: { entry: AuditEntry; onShowRecord: (entry: AuditEntry) => void }) {
  return (
    <Table.Tr data-testid="audit-entry" style={{ verticalAlign: 'top' }}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatClubDateTime(entry.at)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.actor}</Table.Td>
      <Table.Td>
        <Code>{entry.action}</Code>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {entry.entityType}{' '}
        <Anchor
          component="button"
          type="button"
          size="sm"
          title={entry.entityId}
          onClick={() => onShowRecord(entry)}
          aria-label={`Show every change to ${entry.entityType} ${entry.entityId}`}
        >
          {entry.entityId.slice(0, 8)}
        </Anchor>
      </Table.Td>
      <Table.Td miw={220}>
        <AuditChanges entry={entry} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A page of the audit log as a table. */
function AuditTable({ rows, onShowRecord }: { rows: AuditEntry[]; onShowRecord: (entry: AuditEntry) => void }) {
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table striped verticalSpacing="sm" aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Record</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <AuditEntryRow key={entry.id} entry={entry} onShowRecord={onShowRecord} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The audit trail: who changed what and when, newest first, filterable by record type and id. */
export function AdminAuditTab() {
  const { log, types, entityType, setEntityType, entityId, setEntityId, page, setPage, filter, showRecord } = useAuditLog();

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Audit Log
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Record type"
          value={entityType}
          onChange={(e) => filter(setEntityType)(e.currentTarget.value)}
          data={[{ value: '', label: 'All records' }, ...types.map((t) => ({ value: t, label: t }))]}
          style={{ flex: '0 1 220px' }}
        />
        <TextInput
          label="Record id"
          placeholder="The record's full id"
          value={entityId}
          onChange={(e) => setEntityId(e.currentTarget.value)}
          maxLength={80}
          style={{ flex: '1 1 260px' }}
        />
      </Group>
      <QueryState
        query={log}
        loading="Loading the audit log..."
        failure="Could not load the audit log. Please try again later."
        keepData
        isEmpty={log.data?.total === 0}
        empty={
          <Text c="dimmed" py="md">
            No audit entries found.
          </Text>
        }
      >
        {(data) => (
          <Stack gap="sm" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }} aria-busy={log.isFetching}>
            <AuditTable rows={data.rows} onShowRecord={showRecord} />
            <ListPager page={page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onChange={setPage} label="Audit log pages" />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
