import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClubProfile } from '../../shared/club-profile';
import type { MembershipRules } from '../../shared/membership';
import type { FirstAnswer } from '../../shared/first-screen';

/** A first screen drawn on the server, ready to go inside the page's root element, and when it was drawn. */
export interface DrawnScreen {
  html: string;
  drawnAt: number;
}

/** The client's server-side drawing (src/client/render-page.tsx) as its build exports it. */
interface RenderModule {
  renderPage(url: string, answers: readonly FirstAnswer[], club: ClubProfile, rules: MembershipRules): Promise<DrawnScreen>;
}

/** How many drawn screens are kept: the public pages for visitors, each minute, are the ones asked again and again. */
const KEPT = 32;
const MINUTE_MS = 60_000;

/**
 * The first screens of pages drawn on the server from their first answers and the club's profile (its name and
 * colours on the screen), when the build has the drawing (`dist/render`, beside the client's files). A page drawn the
 * same minute from the same answers and profile (every visitor of the landing page) is drawn once. A drawing that
 * fails is logged and the page opens as before: the app draws it.
 */
export function serverDrawnPages(clientDir: string) {
  const file = path.join(clientDir, '..', 'render', 'render-page.js');
  if (!existsSync(file)) return undefined;
  let module: Promise<RenderModule> | undefined;
  const kept = new Map<string, DrawnScreen>();

  return async function draw(
    log: FastifyBaseLogger,
    url: string,
    answers: readonly FirstAnswer[],
    /** The profile the page carries (its `club-profile` script), so the drawing names the club as the app will. */
    club: ClubProfile,
    /** The membership rules the page carries (its price cards), for the same reason. */
    rules: MembershipRules,
  ): Promise<DrawnScreen | undefined> {
    const key = createHash('sha256')
      .update(`${Math.floor(Date.now() / MINUTE_MS)} ${url} ${JSON.stringify(answers)} ${JSON.stringify(club)} ${JSON.stringify(rules)}`)
      .digest('base64');
    const known = kept.get(key);
    if (known) return known;
    try {
      module ??= import(pathToFileURL(file).href) as Promise<RenderModule>;
      const drawn = await (await module).renderPage(url, answers, club, rules);
      kept.set(key, drawn);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return drawn;
    } catch (error) {
      log.warn({ err: error, path: url.split('?')[0] }, 'A first screen could not be drawn on the server; the app draws it');
      return undefined;
    }
  };
}
