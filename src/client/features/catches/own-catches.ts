import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../trpc';

/**
 * A catch reached the club: what shows the sender's own catches is asked again at once (a member's list and
 * dashboard, a guest's list), rather than when its next refresh comes round.
 */
export function refreshOwnCatches(queryClient: QueryClient, trpc: Trpc): void {
  for (const queryKey of [trpc.catches.mine.queryKey(), trpc.members.dashboard.queryKey(), trpc.guests.myCatches.queryKey()]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
