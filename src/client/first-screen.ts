import type { QueryClient } from '@tanstack/react-query';
import { ROUTES } from '../shared/routes';
import { upcomingEventsQuery } from './features/events/upcoming-events';
import { pageSectionsQuery } from './features/public-content/page-sections';
import { siteSettingsQuery } from './features/public-content/use-site-settings';
import { activeSponsorsQuery } from './features/sponsors/current-sponsors';
import { currentUserQuery } from './lib/use-auth';
import { trpcOptions, type TrpcClient } from './trpc';

/**
 * Asks for what the first screen shows together with the session check, before anything is drawn: one batched
 * request on the way in, instead of the session check first and the page's reads once the screen knows it is a
 * visitor. Only the public first views; a member's screens ask for theirs as they open.
 */
export function prefetchFirstScreen(queryClient: QueryClient, trpcClient: TrpcClient, pathname: string): void {
  const trpc = trpcOptions(trpcClient, queryClient);
  void queryClient.prefetchQuery(currentUserQuery(trpc));
  void queryClient.prefetchQuery(siteSettingsQuery(trpc));
  // The landing page (a visitor at /) and the home panel (/public) draw sections, upcoming events and sponsors.
  const sections = pathname === ROUTES.home ? 'landing' : pathname === ROUTES.publicHome ? 'home' : null;
  if (!sections) return;
  void queryClient.prefetchQuery(pageSectionsQuery(trpc, sections));
  void queryClient.prefetchQuery(upcomingEventsQuery(trpc));
  void queryClient.prefetchQuery(activeSponsorsQuery(trpc));
}
