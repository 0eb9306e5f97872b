import { screenAt, type FirstRead, type FirstScreen, type FirstScreenModule, type Who } from './screens';

/** A first read with its answer, as the page's HTML carries it. */
export interface FirstAnswer extends FirstRead {
  readonly data: unknown;
}

/** The id of the `<script type="application/json">` in the page's HTML that carries the first screen's answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * The attribute of the page's root element that says its first screen was drawn on the server, and when (ms since
 * the epoch): the app takes that drawing over, reading the clock as it was then.
 */
export const DRAWN_AT_ATTRIBUTE = 'data-drawn-at';

/** Where a page is opened: its path and its address's parameters (the open tab, the sign-on desk's event). */
export interface PageAddress {
  readonly pathname: string;
  readonly search: URLSearchParams;
}

/** Who the session check's answer (auth.me: null, or the user with their role) is. */
export function whoIs(me: unknown): Who {
  if (!me || typeof me !== 'object') return 'visitor';
  return (me as { role?: unknown }).role === 'admin' ? 'admin' : 'member';
}

/** What a page's screen asks of its first screen, for this person (nothing for a content page or an unknown path). */
function firstScreen({ pathname, search }: PageAddress, who: Who): FirstScreen {
  const opened = screenAt(pathname);
  return opened?.screen.first?.({ search, who, param: opened.param }) ?? {};
}

/**
 * What a page's first screen reads, for both sides: the session check, the site settings and what its screen asks
 * for (shared/screens.ts). The server answers these inside the page's HTML (`first-screen-html.ts`), and the client
 * asks for any it was not given together with the session check, before it draws (`client/first-screen.ts`). With
 * its data there at once, a page is drawn in one go, in time slices, instead of once per answer (each a long task on
 * a slow phone). `who`: whom the session check found (the client, before it has asked: a visitor); personal reads are
 * only asked for someone signed in.
 */
export function firstScreenReads(address: PageAddress, who: Who): FirstRead[] {
  return [{ path: 'auth.me' }, { path: 'cms.settings' }, ...(firstScreen(address, who).reads ?? [])];
}

/**
 * Whether the server draws a page's first screen into its HTML (the app then takes it over instead of drawing it):
 * the pages people open first, the public ones and the member's portal, whose screens draw from their first reads
 * alone. The others open with the header and the app draws them.
 */
export function drawnOnServer({ pathname, search }: PageAddress): boolean {
  // The installed app opens the portal on the tab the member left, which only the phone knows.
  if (search.get('from') === 'home-screen') return false;
  return screenAt(pathname)?.screen.drawnOnServer === true;
}

/**
 * The modules (as Vite's manifest names them) a page draws with for this person, which the server preloads with the
 * page: its route and, for the administration, its open tab. The client's router.tsx loads the same before it draws
 * (`preloadFirstScreen`). Admin code only for admins.
 */
export function firstScreenModules(address: PageAddress, who: Who): FirstScreenModule[] {
  return [...(firstScreen(address, who).modules ?? [])];
}
