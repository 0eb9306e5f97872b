import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import type { ClubProfile } from '../shared/club-profile';
import { whoIs, type FirstAnswer } from '../shared/first-screen';
import type { MembershipRules } from '../shared/membership';
import { keepAnswers } from './first-screen';
import { setClubProfile } from './lib/club-profile';
import { setMembershipRules } from './lib/membership-rules';
import { App } from './providers';
import { createAppRouter, preloadFirstScreen } from './router';
import { createQueryClient, createTrpcClient } from './trpc';

/** A first screen drawn on the server: its HTML and the time it was drawn at (which the app takes over with). */
export interface DrawnPage {
  html: string;
  drawnAt: number;
}

/**
 * A page's first screen drawn on the server, as the app would draw it in the browser from the same answers: the
 * HTML the page opens with, which the app then takes over without drawing it again (main.tsx, `hydrateRoot`). Built
 * on its own (vite.render.config.ts) and loaded by the server from the build (http/first-screen-html.ts). Nothing
 * here asks the network: what the answers do not hold is drawn as the app draws it while it waits. Drawn in the
 * club's name and colours, from the profile the page carries to the browser too (the app takes over the same words),
 * and priced by the membership rules the page carries (the landing page's price cards).
 */
export async function renderPage(
  url: string,
  answers: readonly FirstAnswer[],
  club: ClubProfile,
  rules: MembershipRules,
): Promise<DrawnPage> {
  // One club per site: the page's profile and membership rules are the drawing's, as they are the app's in the browser.
  setClubProfile(club);
  setMembershipRules(rules);
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  keepAnswers(queryClient, trpcClient, answers);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }), onServer: true });
  const { pathname, searchParams } = new URL(url, 'http://site');
  const who = whoIs(answers.find((a) => a.path === 'auth.me')?.data);
  await Promise.all([router.load(), preloadFirstScreen({ pathname, search: searchParams }, who)]);
  const drawnAt = Date.now();
  const failures: unknown[] = [];
  // Every part of the screen, the ones whose code comes on demand included, before the HTML is given: none is left
  // for the browser to draw (the app takes each over once its code is there).
  const { prelude } = await prerender(
    <App queryClient={queryClient} trpcClient={trpcClient} router={router} drawnAt={drawnAt} />,
    // Each part inline, in order: none held back for an inline script to reveal (the site's policy runs none).
    { onError: (error) => void failures.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  if (failures.length) throw new AggregateError(failures, 'Drawing the first screen failed');
  queryClient.clear();
  return { html, drawnAt };
}
