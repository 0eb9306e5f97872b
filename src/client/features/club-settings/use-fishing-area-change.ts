import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fishingAreaInput } from '../../../shared/fishing-area';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** What is wrong with a typed or chosen GeoJSON by the server's own rules, or null when it is a fishing area. */
export function fishingAreaProblem(geojson: string): string | null {
  const checked = fishingAreaInput.safeParse({ geojson });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'That GeoJSON could not be used.');
}

/**
 * A new fishing area: the GeoJSON typed or chosen, what is wrong with it (checked here with the server's own rules
 * before it is sent), and replacing the area with it.
 */
export function useFishingAreaChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [geojson, setGeojson] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const replace = useMutation(
    trpc.admin.fishingArea.replace.mutationOptions({
      onSuccess: (view) => {
        setGeojson('');
        queryClient.setQueryData(trpc.admin.fishingArea.get.queryKey(), view);
        toast.success(
          'Fishing area replaced',
          `${view.points.toLocaleString('en-AU')} points; catches logged from now on are checked against it.`,
        );
      },
      onError: (error) => setProblem(serverMessage(error) ?? 'Failed to replace the fishing area. Please try again.'),
    }),
  );

  const change = (text: string) => {
    setGeojson(text);
    setProblem(null);
  };
  const send = () => {
    const found = fishingAreaProblem(geojson);
    setProblem(found);
    if (!found) replace.mutate({ geojson });
  };
  return { geojson, change, problem, replace, send };
}
