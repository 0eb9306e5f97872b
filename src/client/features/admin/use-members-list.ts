import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminMemberRow, MemberSearchInput } from '../../../shared/admin.schema';
import { MEMBERS_PAGE_SIZE } from '../../../shared/members-list';
import type { MembershipType } from '../../../shared/membership';
import { useTRPC } from '../../trpc';
import { memberExportUrl, useStatusFilter, type Direction, type SortColumn } from './members-filter';
import { useListSearch } from './paged-list';

/** The members tab's state: search, filters, sort and page, the list they give, and the member being edited. */
export function useMembersList() {
  const trpc = useTRPC();
  const { search, setSearch, debouncedSearch, page, setPage, filter } = useListSearch();
  const [type, setType] = useState<'' | MembershipType>('');
  const [status, setStatus] = useStatusFilter();
  // A filter from the address (a dashboard figure, Back) starts again on the first page, as a filter chosen here does.
  const [shownStatus, setShownStatus] = useState(status);
  if (shownStatus !== status) {
    setShownStatus(status);
    setPage(1);
  }
  const [sort, setSort] = useState<SortColumn>('name');
  const [direction, setDirection] = useState<Direction>('asc');
  const [editing, setEditing] = useState<AdminMemberRow | null>(null);
  const [lifting, setLifting] = useState<AdminMemberRow | null>(null);

  const input: MemberSearchInput = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    sort,
    direction,
    page,
    pageSize: MEMBERS_PAGE_SIZE,
  };
  const list = useQuery({ ...trpc.admin.members.search.queryOptions(input), placeholderData: keepPreviousData });

  const onSort = (column: SortColumn) => {
    if (column === sort) setDirection((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(column);
      setDirection('asc');
    }
    setPage(1);
  };

  // The export follows the filters on screen, including the search as typed; the note says what that holds.
  const exportFilters = { search: search.trim(), type, status: status || undefined };
  const exportCsv = () => {
    window.open(memberExportUrl(exportFilters), '_blank');
  };
  const filtered = Boolean(exportFilters.search || type || status);
  const clearFilters = () => {
    setSearch('');
    setType('');
    setStatus('');
    setPage(1);
  };
  const headers = { sort, direction, onSort };
  return {
    search,
    setSearch,
    setPage,
    filter,
    type,
    setType,
    status,
    setStatus,
    editing,
    setEditing,
    lifting,
    setLifting,
    list,
    exportFilters,
    exportCsv,
    filtered,
    clearFilters,
    headers,
  };
}

export type MembersListState = ReturnType<typeof useMembersList>;
