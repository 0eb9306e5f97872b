import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/**
 * The committee's mystery fish of one event: its state, the reveal's confirmation and the reveal itself, and refreshing
 * what shows it (the committee's view and the event's) after a change.
 */
export function useMysteryFishAdmin(eventId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fish = useQuery(trpc.admin.mysteryFish.get.queryOptions({ eventId }));
  const [confirming, setConfirming] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.mysteryFish.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.events.mysteryFish.pathKey() }),
    ]);
  const reveal = useMutation(
    trpc.admin.mysteryFish.reveal.mutationOptions({
      onSuccess: (answer) => {
        toast.success('Mystery fish revealed', answer.winner ? `Winner: ${answer.winner.anglerName}` : 'No winner');
        setConfirming(false);
        queryClient.setQueryData(trpc.admin.mysteryFish.get.queryKey({ eventId }), answer);
        void refresh();
      },
      onError: (error) => {
        toast.error('The mystery fish was not revealed', serverMessage(error));
        setConfirming(false);
      },
    }),
  );
  return { fish, confirming, setConfirming, refresh, reveal };
}

export type MysteryFishAdminState = ReturnType<typeof useMysteryFishAdmin>;
