import { Anchor, Code, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditPage, AuditSearchInput } from '../../../shared/admin.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { useTRPC } from '../../trpc';
import { ListPager } from '../../components/list-pager';
import { QueryState } from '../../components/query-state';
import { useListSearch } from './paged-list';

export const AUDIT_PAGE_SIZE = 25;
const MAX_CHANGES = 6;
const MAX_VALUE = 40;

type Entry = AuditPage['rows'][number];

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
export function AuditChanges({ entry }: { entry: Entry }) {
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

/** The audit trail: who changed what and when, newest first, filterable by record type and id. */
export function AdminAuditTab() {
  const trpc = useTRPC();
  const [entityType, setEntityType] = useState('');
  // The record id is typed like a search: sent once typing pauses, and a new one starts again on page 1.
  const { search: entityId, setSearch: setEntityId, debouncedSearch: debouncedId, page, setPage, filter } = useListSearch();

  const input: AuditSearchInput = {
    ...(entityType ? { entityType } : {}),
    ...(debouncedId ? { entityId: debouncedId } : {}),
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
  const log = useQuery({ ...trpc.admin.audit.queryOptions(input), placeholderData: keepPreviousData });
  const data = log.data;
  const types = [...new Set([...(data?.entityTypes ?? []), ...(entityType ? [entityType] : [])])];

  const showRecord = (entry: Entry) => {
    setEntityType(entry.entityType);
    setEntityId(entry.entityId);
    setPage(1);
  };

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
        isEmpty={data?.total === 0}
        empty={
          <Text c="dimmed" py="md">
            No audit entries found.
          </Text>
        }
      >
        {(data) => (
          <Stack gap="sm" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }} aria-busy={log.isFetching}>
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
                  {data.rows.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="audit-entry" style={{ verticalAlign: 'top' }}>
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
                          onClick={() => showRecord(entry)}
                          aria-label={`Show every change to ${entry.entityType} ${entry.entityId}`}
                        >
                          {entry.entityId.slice(0, 8)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td miw={220}>
                        <AuditChanges entry={entry} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPager page={page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onChange={setPage} label="Audit log pages" />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
