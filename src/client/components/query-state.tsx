import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { serverMessage } from '../lib/errors';
import { SectionLoader } from './full-screen-loader';

/** What QueryState needs of a TanStack query. */
export interface QueryLike<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
}

/** The red 'Could not load …' box: the server's own sentence when it gave one (unless `serverReason` is false), else `failure`. */
export function QueryError({
  error,
  failure,
  serverReason = true,
  title,
}: {
  error: unknown;
  failure: string;
  serverReason?: boolean;
  /** A heading above the sentence, for a failure that stands for a whole screen. */
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      {(serverReason ? serverMessage(error) : undefined) ?? failure}
    </Alert>
  );
}

export interface QueryStateProps<D> {
  query: QueryLike<D>;
  /** The spinner's words, e.g. 'Loading events...'. */
  loading: string;
  /** The screen's own 'Could not load …' sentence. */
  failure: string;
  /** Public cards say only `failure`; admin and member screens prefer the server's reason. */
  serverReason?: boolean;
  /**
   * For paged lists that keep the last page while the next loads: a failure replaces the list only when there
   * is nothing to show (the list shows it above itself otherwise).
   */
  keepData?: boolean;
  /** True when the answer has nothing to list; `empty` is shown instead (a string as dimmed text). */
  isEmpty?: boolean;
  empty?: ReactNode;
  /** The loaded content; as a function it runs only once the data is there, and is given it. */
  children: ReactNode | ((data: NonNullable<D>) => ReactNode);
}

/** One place for the loading, failed and empty states of a section that shows a query's answer. */
export function QueryState<D>({
  query,
  loading,
  failure,
  serverReason,
  keepData = false,
  isEmpty = false,
  empty,
  children,
}: QueryStateProps<D>) {
  if (query.isPending) return <SectionLoader label={loading} />;
  if (query.isError && !(keepData && query.data !== undefined))
    return <QueryError error={query.error} failure={failure} serverReason={serverReason} />;
  if (isEmpty && empty !== undefined) return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : <>{empty}</>;
  // Neither pending nor failed without data: the query has its answer.
  return <>{typeof children === 'function' ? children(query.data as NonNullable<D>) : children}</>;
}
