import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditPage, AuditSearchInput } from '../../../shared/admin.schema';
import { useTRPC } from '../../trpc';
import { useListSearch } from './paged-list';

export const AUDIT_PAGE_SIZE = 25;

export type AuditEntry = AuditPage['rows'][number];

/**
 * The audit log a page at a time, filtered by record type and record id (typed like a search: sent once typing
 * pauses, and a new one starts again on page 1); the record types to choose from include the one chosen.
 */
export function useAuditLog() {
  const trpc = useTRPC();
  const [entityType, setEntityType] = useState('');
  const { search: entityId, setSearch: setEntityId, debouncedSearch: debouncedId, page, setPage, filter } = useListSearch();

  const input: AuditSearchInput = {
    ...(entityType ? { entityType } : {}),
    ...(debouncedId ? { entityId: debouncedId } : {}),
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
  const log = useQuery({ ...trpc.admin.audit.queryOptions(input), placeholderData: keepPreviousData });
  const types = [...new Set([...(log.data?.entityTypes ?? []), ...(entityType ? [entityType] : [])])];

  /** Every change to the entry's record. */
  const showRecord = (entry: AuditEntry) => {
    setEntityType(entry.entityType);
    setEntityId(entry.entityId);
    setPage(1);
  };
  return { log, types, entityType, setEntityType, entityId, setEntityId, page, setPage, filter, showRecord };
}
