import { RECENT_CATCHES } from './catches';
import { UPCOMING_LIMIT } from './events';
import { ROUTES } from './routes';

/** How many news articles the home panel shows. */
export const NEWS_LIMIT = 5;

/** A read a page's first screen draws from: a tRPC query procedure and its input. */
export interface FirstRead {
  readonly path: string;
  readonly input?: Readonly<Record<string, unknown>>;
}

/** A first read with its answer, as the page's HTML carries it. */
export interface FirstAnswer extends FirstRead {
  readonly data: unknown;
}

/** The id of the `<script type="application/json">` in the page's HTML that carries the first screen's answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * What each page's first screen reads, in one list for both sides: the server answers these inside the page's HTML
 * (`first-screen-html.ts`), and the client asks for any it was not given together with the session check, before
 * it draws (`client/first-screen.ts`). With its data there at once, a page is drawn in one go, in time slices, instead
 * of once per answer (each a long task on a slow phone). `signedIn`: whether the session check found someone; the
 * member's own reads are only asked for then.
 */
export function firstScreenReads(pathname: string, signedIn: boolean): FirstRead[] {
  const reads: FirstRead[] = [{ path: 'auth.me' }, { path: 'cms.settings' }];
  // The landing page (a visitor at /) and the home panel (/public) draw sections, upcoming events and sponsors.
  const sections = pathname === ROUTES.home ? 'landing' : pathname === ROUTES.publicHome ? 'home' : null;
  if (sections) {
    reads.push(
      { path: 'cms.sections', input: { pageSlug: sections } },
      { path: 'events.upcoming', input: { limit: UPCOMING_LIMIT } },
      { path: 'sponsors.active' },
    );
  }
  // The home panel also shows the news (its picture of the month and results board load as the visitor scrolls down).
  if (pathname === ROUTES.publicHome) {
    reads.push({ path: 'cms.news', input: { limit: NEWS_LIMIT } });
    if (signedIn) reads.push({ path: 'members.profile' });
  }
  if (pathname === ROUTES.sponsor) reads.push({ path: 'sponsors.active' });
  // The portal's banner (its height depends on the member's status) is asked for even before the session check
  // answers (a visitor sent on to sign in is refused it); the dashboard's reads once someone is signed in.
  if (pathname === ROUTES.member) {
    reads.push({ path: 'members.profile' });
    if (signedIn) {
      reads.push(
        { path: 'members.dashboard' },
        { path: 'events.myRegistrations' },
        { path: 'catches.mine', input: { limit: RECENT_CATCHES } },
      );
    }
  }
  return reads;
}
