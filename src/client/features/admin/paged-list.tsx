import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ListPager } from '../../components/list-pager';
import { QueryError, QueryState, type QueryLike } from '../../components/query-state';

/** How long the search box waits for typing to stop before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-side list's search text and page: the search is sent once typing stops, and a new search (like a new
 * filter, through `filter`) starts again on the first page.
 */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);

  // A new search starts again on the first page (the debounced text is what was sent).
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }

  return {
    search,
    setSearch,
    debouncedSearch,
    page,
    setPage,
    /** A filter's change handler: sets the value and goes back to the first page. */
    filter:
      <T,>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(1);
      },
  };
}

/** The search box of a server-side list. */
export function ListSearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={100}
      style={{ flex: '1 1 240px' }}
    />
  );
}

interface Page {
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a server-side list: its loading, failed and empty states; while the next page loads the last one
 * stays, dimmed, with a failure shown above it; the pager below.
 */
export function PagedList<D extends Page>({
  list,
  loading,
  failure,
  empty,
  pagesLabel,
  onPage,
  children,
}: {
  list: QueryLike<D> & { isPlaceholderData: boolean; isFetching: boolean };
  loading: string;
  failure: string;
  empty: string;
  pagesLabel: string;
  onPage: (page: number) => void;
  children: (data: D) => ReactNode;
}) {
  return (
    <QueryState
      query={list}
      loading={loading}
      failure={failure}
      keepData
      isEmpty={list.data?.total === 0}
      empty={
        <Text c="dimmed" py="md">
          {empty}
        </Text>
      }
    >
      {(data) => (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={list.isFetching}>
          {list.isError && <QueryError error={list.error} failure={failure} />}
          {children(data)}
          <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onChange={onPage} label={pagesLabel} />
        </Stack>
      )}
    </QueryState>
  );
}
