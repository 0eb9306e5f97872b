// Mantine's base styles; each component's own come with it (the mantineStylesPerComponent plugin in vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './components/touch-targets.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DRAWN_AT_ATTRIBUTE } from '../shared/first-screen';
import { prefetchFirstScreen } from './first-screen';
import { keepClubClock } from './lib/club-clock';
import { keepClubProfile } from './lib/club-profile';
import { keepClubDocuments } from './lib/club-documents';
import { keepCompetitionRules } from './lib/competition-rules';
import { keepMembershipRules } from './lib/membership-rules';
import { keepClubSpecies } from './lib/species';
import { keepQueriesOnDevice } from './offline/query-persistence';
import { reloadIfUpdated } from './offline/register-service-worker';
import { App } from './providers';
import { createAppRouter, preloadFirstScreen } from './router';
import { createQueryClient, createTrpcClient } from './trpc';

/** The longest a page that came with its data waits for its route's code before it draws. */
const ROUTE_WAIT_MS = 1500;

/** Gives the browser a turn (a tap, a frame) between the steps of the start, so that none of them is one long task. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in three tasks instead of one, each a fraction of what a slow phone would otherwise spend without
 * answering a tap (Lighthouse's blocking time): after the bundle's evaluation, the data the page came with and the
 * requests for the rest; then the router; then the first drawing.
 */
async function start() {
  keepClubClock();
  keepClubProfile();
  keepMembershipRules();
  keepCompetitionRules();
  keepClubSpecies();
  keepClubDocuments();
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  keepQueriesOnDevice(queryClient);
  const { pathname } = window.location;
  const { answered, who } = prefetchFirstScreen(queryClient, trpcClient, pathname);
  await yieldToBrowser();
  const router = createAppRouter();
  router.subscribe('onResolved', reloadIfUpdated);

  const container = document.getElementById('root')!;
  // When the server drew the first screen (none: the app draws it).
  const drawnAt = Number(container.getAttribute(DRAWN_AT_ATTRIBUTE)) || undefined;
  const tree = <App queryClient={queryClient} trpcClient={trpcClient} router={router} drawnAt={drawnAt} />;
  const routeReady = Promise.all([
    router.load(),
    preloadFirstScreen({ pathname, search: new URLSearchParams(window.location.search) }, who),
  ]);
  if (drawnAt) {
    // The server drew the first screen from the same answers: once the route's code is here, the app takes that
    // drawing over as it stands instead of drawing it again; as a transition, which React does in slices of a few
    // milliseconds (a tap is answered meanwhile) rather than in one long task.
    // The router draws as it did on the server (no suspense boundary of its own around the routes), as its own
    // server-side start would set it.
    router.ssr = { manifest: undefined };
    await routeReady.catch(() => undefined);
    const drawnFor = window.location.href;
    startTransition(
      () =>
        void hydrateRoot(container, tree, {
          // A person who moves on before the drawing is taken over (a tap on a link while a slow phone wakes the
          // page) leaves a part of it to be drawn afresh, as React says: not a fault. Any other is the drawing and the
          // app disagreeing, and is reported as an error.
          onRecoverableError: (error) => (window.location.href === drawnFor ? reportError(error) : console.warn(error)),
        }),
    );
  } else if (answered) {
    // The page came with its data: draw it once its route's code is here, as a transition, which React draws in
    // slices of a few milliseconds instead of one long task (a slow phone stays responsive; Lighthouse's blocking time).
    // Never wait long for a route on a weak signal: the screen then draws what it has and the route when it comes.
    await Promise.race([routeReady.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]);
    startTransition(() => createRoot(container).render(tree));
  } else {
    createRoot(container).render(tree);
  }
}
void start();
