import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** The desk's list and the events list after an entrant is added or taken off. */
export function useRefreshDesk(eventId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.signOn.list.queryKey({ id: eventId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.events.list.queryKey() }),
    ]);
}
