import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** Invalidates everything a registration changes. */
export function useRefreshEvents() {
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
