import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fishingAreaInput, type FishingAreaView } from '../../../shared/fishing-area';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/**
 * A new fishing area: the GeoJSON typed or chosen, what is wrong with it (checked here with the server's own rules
 * before it is sent), replacing the area with it, and going back to the club's default.
 */
export function useFishingAreaChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [geojson, setGeojson] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const saved = (view: FishingAreaView, title: string) => {
    queryClient.setQueryData(trpc.admin.fishingArea.get.queryKey(), view);
    toast.success(title, `${view.points.toLocaleString('en-AU')} points; catches logged from now on are checked against it.`);
  };
  const replace = useMutation(
    trpc.admin.fishingArea.replace.mutationOptions({
      onSuccess: (view) => {
        setGeojson('');
        saved(view, 'Fishing area replaced');
      },
      onError: (error) => setProblem(serverMessage(error) ?? 'Failed to replace the fishing area. Please try again.'),
    }),
  );
  const reset = useMutation(
    trpc.admin.fishingArea.reset.mutationOptions({
      onSuccess: (view) => saved(view, "Back to the club's default fishing area"),
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Failed to reset the fishing area. Please try again.'),
    }),
  );

  const send = () => {
    const checked = fishingAreaInput.safeParse({ geojson });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'That GeoJSON could not be used.');
    setProblem(null);
    replace.mutate({ geojson });
  };
  return { geojson, setGeojson, problem, setProblem, replace, reset, send };
}
