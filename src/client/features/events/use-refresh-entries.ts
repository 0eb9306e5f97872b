import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** Invalidates everything an entry, its payment or a waiting-list place changes. */
export function useRefreshEntries() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.events.myRegistrations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.events.upcoming.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.members.dashboard.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.entries.myWaitlist.queryKey() }),
    ]);
}
