import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, firstScreenReads, whoIs, type FirstAnswer } from '../shared/first-screen';
import type { FirstRead, Who } from '../shared/screens';
import { trpcOptions, type Trpc, type TrpcClient } from './trpc';

interface ReadOptions {
  queryKey: readonly unknown[];
}
type ProcedureOptions = { queryOptions(input?: unknown): ReadOptions; queryKey(input?: unknown): readonly unknown[] };

/** The query options of a read named by its path ('events.upcoming'), as `trpc.events.upcoming` gives them. */
function procedure(trpc: Trpc, read: FirstRead): ProcedureOptions {
  return read.path.split('.').reduce<unknown>((at, name) => (at as Record<string, unknown>)[name], trpc) as ProcedureOptions;
}

/** The first screen's answers the page's HTML carries (none for the app saved on the phone, which opens offline). */
function answersInPage(): FirstAnswer[] {
  const element = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return [];
  try {
    return JSON.parse(element.textContent) as FirstAnswer[];
  } catch {
    return [];
  }
}

/** Puts a page's first answers into the query cache, each under its read's key. */
export function keepAnswers(queryClient: QueryClient, trpcClient: TrpcClient, answers: readonly FirstAnswer[]): void {
  const trpc = trpcOptions(trpcClient, queryClient);
  for (const answer of answers) queryClient.setQueryData(procedure(trpc, answer).queryKey(answer.input), answer.data);
}

/**
 * Puts the answers the page's HTML carries into the cache, then asks for the rest of what the first screen shows
 * (shared/first-screen.ts) in one batched request with the session check, before anything is drawn. Says whether
 * the page came with its answers (then it is drawn once they and the route are ready, in one go) and whether they
 * found someone signed in.
 */
export function prefetchFirstScreen(queryClient: QueryClient, trpcClient: TrpcClient, pathname: string): { answered: boolean; who: Who } {
  const trpc = trpcOptions(trpcClient, queryClient);
  const answers = answersInPage();
  keepAnswers(queryClient, trpcClient, answers);
  const who = whoIs(answers.find((a) => a.path === 'auth.me')?.data);
  const address = { pathname, search: new URLSearchParams(window.location.search) };
  for (const read of firstScreenReads(address, who)) void queryClient.prefetchQuery(procedure(trpc, read).queryOptions(read.input));
  return { answered: answers.length > 0, who };
}
