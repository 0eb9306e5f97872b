import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LiveBoard } from '../../../shared/catches.schema';
import { LIVE_BOARD_EVENT, LIVE_POLL_MS, liveBoardStreamPath } from '../../../shared/results';
import { useTRPC } from '../../trpc';

/** How the board keeps up: the event stream, asking every few seconds instead, or (re)connecting to the stream. */
export type LiveMode = 'live' | 'polling' | 'connecting';

/** Failed connections in a row after which the page gives up on the stream and asks every few seconds instead. */
const STREAM_ATTEMPTS = 3;
/** A stream that has sent nothing by then is held back by something on the way (a buffering proxy): poll instead. */
const FIRST_BOARD_MS = 10_000;

/**
 * An event's live board, kept up to date without a reload: from GET /api/events/{id}/live (server-sent events) while
 * the browser can follow it, and by asking `catches.liveBoard` every LIVE_POLL_MS when it cannot (no EventSource,
 * the stream refused or repeatedly dropped, or nothing arriving). Each board the stream sends replaces the query's
 * data, so the page reads one query either way.
 */
export function useLiveBoard(eventId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canStream = typeof EventSource === 'function';
  // Kept with the event it is about: another event starts again from the beginning.
  const [state, setState] = useState<{ eventId: string; mode: LiveMode }>({ eventId, mode: canStream ? 'connecting' : 'polling' });
  const mode = state.eventId === eventId ? state.mode : canStream ? 'connecting' : 'polling';

  useEffect(() => {
    if (!canStream) return;
    const setMode = (next: LiveMode) => setState({ eventId, mode: next });
    const key = trpc.catches.liveBoard.queryKey({ id: eventId });
    const source = new EventSource(liveBoardStreamPath(eventId));
    let failures = 0;
    let received = false;
    const giveUp = () => {
      source.close();
      setMode('polling');
    };
    const firstBoard = setTimeout(() => received || giveUp(), FIRST_BOARD_MS);
    source.addEventListener(LIVE_BOARD_EVENT, (event) => {
      received = true;
      failures = 0;
      queryClient.setQueryData(key, JSON.parse((event as MessageEvent<string>).data) as LiveBoard);
      setMode('live');
    });
    source.onerror = () => {
      failures += 1;
      // A refusal (404, a proxy's error page) closes it for good; the browser retries a dropped stream by itself.
      if (source.readyState === EventSource.CLOSED || failures >= STREAM_ATTEMPTS) giveUp();
      else setMode('connecting');
    };
    return () => {
      clearTimeout(firstBoard);
      source.close();
    };
  }, [eventId, canStream, trpc, queryClient]);

  const board = useQuery({
    ...trpc.catches.liveBoard.queryOptions({ id: eventId }),
    enabled: mode === 'polling',
    refetchInterval: mode === 'polling' ? LIVE_POLL_MS : false,
  });
  return { board, mode };
}
