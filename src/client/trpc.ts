import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../routers';
import { TRPC_MAX_BATCH } from '../shared/api-limits';
import { withRefusalsAsErrors } from './lib/errors';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** The query and mutation options of every procedure, as `useTRPC()` gives them in a component. */
export type Trpc = TRPCOptionsProxy<AppRouter>;

/** The same options outside React (prefetching before the first render). */
export const trpcOptions = (trpcClient: TrpcClient, queryClient: QueryClient): Trpc =>
  createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The typed API client. `fetchImpl` lets tests stand in for the network. */
export function createTrpcClient(options: { url?: string; fetch?: typeof fetch } = {}) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: options.url ?? '/trpc',
        maxItems: TRPC_MAX_BATCH,
        fetch: (url, init) => (options.fetch ? options.fetch(url, init) : fetch(url, init)).then(withRefusalsAsErrors),
      }),
    ],
  });
}

/** Cached data never goes stale, no refetch on focus or reconnect, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
