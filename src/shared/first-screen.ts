import { FIRST_MEMBERS_PAGE } from './members-list';
import { RECENT_CATCHES } from './catches';
import { UPCOMING_LIMIT } from './events';
import { matchRoute, ROUTES } from './routes';
import { ADMIN_DEFAULT_TAB, ADMIN_TABS, type AdminTab } from './tab-search';

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
 * The attribute of the page's root element that says its first screen was drawn on the server, and when (ms since
 * the epoch): the app takes that drawing over, reading the clock as it was then.
 */
export const DRAWN_AT_ATTRIBUTE = 'data-drawn-at';

/** Who the session check found: what a page shows depends on it. */
export type Who = 'visitor' | 'member' | 'admin';

/** Where a page is opened: its path and its address's parameters (the open tab, the sign-on desk's event). */
export interface PageAddress {
  readonly pathname: string;
  readonly search: URLSearchParams;
}

/** The administration's open tab as its address names it (any case; none or an unknown one: the default). */
function adminTab(search: URLSearchParams): AdminTab {
  const tab = search.get('tab')?.trim().toLowerCase();
  return ADMIN_TABS.includes(tab as AdminTab) ? (tab as AdminTab) : ADMIN_DEFAULT_TAB;
}

/** The event of an event's details page (/events/<id>). */
function detailsEvent(pathname: string): string | null {
  const match = /^\/events\/([^/]+)\/?$/i.exec(pathname);
  return match && matchRoute(pathname).kind === 'page' ? decodeURIComponent(match[1]) : null;
}

/** Who the session check's answer (auth.me: null, or the user with their role) is. */
export function whoIs(me: unknown): Who {
  if (!me || typeof me !== 'object') return 'visitor';
  return (me as { role?: unknown }).role === 'admin' ? 'admin' : 'member';
}

/**
 * What each page's first screen reads, in one list for both sides: the server answers these inside the page's HTML
 * (`first-screen-html.ts`), and the client asks for any it was not given together with the session check, before
 * it draws (`client/first-screen.ts`). With its data there at once, a page is drawn in one go, in time slices, instead
 * of once per answer (each a long task on a slow phone). `who`: whom the session check found (the client, before it
 * has asked: a visitor); personal reads are only asked for someone signed in.
 */
export function firstScreenReads({ pathname, search }: PageAddress, who: Who): FirstRead[] {
  const reads: FirstRead[] = [{ path: 'auth.me' }, { path: 'cms.settings' }];
  const signedIn = who !== 'visitor';
  // A signed-in person's / is their portal.
  const portal = pathname === ROUTES.member || (signedIn && pathname === ROUTES.home);
  // The landing page (a visitor at /) and the home panel (/public) draw sections, upcoming events and sponsors.
  const sections = pathname === ROUTES.home && !signedIn ? 'landing' : pathname === ROUTES.publicHome ? 'home' : null;
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
  // answers at /member (a visitor sent on to sign in is refused it); the dashboard's reads once someone is signed in.
  if (portal) {
    reads.push({ path: 'members.profile' });
    if (signedIn) {
      reads.push(
        { path: 'members.dashboard' },
        { path: 'events.myRegistrations' },
        { path: 'catches.mine', input: { limit: RECENT_CATCHES } },
      );
    }
  }
  // The administration's overview figures, above its tabs, and what the open tab shows first.
  if (pathname === ROUTES.admin && who === 'admin') reads.push({ path: 'admin.overview' }, ...adminTabReads(search));
  const event = detailsEvent(pathname);
  if (event) reads.push({ path: 'events.byId', input: { id: event } });
  return reads;
}

/** The first read of the administration's open tab: the members list unfiltered, the events list or the day's sign-on desk. */
function adminTabReads(search: URLSearchParams): FirstRead[] {
  const tab = adminTab(search);
  // The sign-on desk opened by its address (/admin?signon=<event id>) shows on the Events tab.
  const desk = search.get('signon');
  if (tab === 'events') return [{ path: 'admin.events.list' }, ...(desk ? [{ path: 'admin.signOn.list', input: { id: desk } }] : [])];
  // A filter in the address (a dashboard figure's link) changes the list: the tab asks for that one itself.
  if (tab === 'members' && !search.has('status')) return [{ path: 'admin.members.search', input: FIRST_MEMBERS_PAGE }];
  return [];
}

/**
 * Whether the server draws a page's first screen into its HTML (the app then takes it over instead of drawing it):
 * the pages people open first, the public ones and the member's portal, whose screens draw from their first reads
 * alone. The others open with the header and the app draws them.
 */
export function drawnOnServer({ pathname, search }: PageAddress): boolean {
  // The installed app opens the portal on the tab the member left, which only the phone knows.
  if (search.get('from') === 'home-screen') return false;
  const pages: readonly string[] = [ROUTES.home, ROUTES.publicHome, ROUTES.sponsor, ROUTES.member];
  return pages.includes(pathname) || detailsEvent(pathname) !== null;
}

/** The route modules a first screen may draw with (as Vite's manifest names them). */
export const FIRST_SCREEN_MODULES = [
  'routes/public.tsx',
  'routes/sponsor.tsx',
  'features/sponsors/sponsor-form.tsx',
  'routes/sign-in.tsx',
  'routes/member.tsx',
  'routes/admin.tsx',
  'routes/admin-cms.tsx',
  'routes/event-details.tsx',
  'features/admin/members-tab.tsx',
  'features/admin/events-tab.tsx',
] as const;
type FirstScreenModule = (typeof FIRST_SCREEN_MODULES)[number];

/**
 * The modules (as Vite's manifest names them) a page draws with for this person, which the server preloads with the
 * page: its route and, for the administration, its open tab. The client's router.tsx (`preloadPersonalScreen` and each
 * route's `preload`) loads the route before it draws. Admin code only for admins.
 */
export function firstScreenModules({ pathname, search }: PageAddress, who: Who): FirstScreenModule[] {
  if (pathname === ROUTES.publicHome) return ['routes/public.tsx'];
  // The application form's code (with its schemas) with the page: the page is drawn by the server, so it comes
  // beside the app's script and is there when the visitor reaches the form.
  if (pathname === ROUTES.sponsor) return ['routes/sponsor.tsx', 'features/sponsors/sponsor-form.tsx'];
  if (pathname === ROUTES.member) return [who === 'visitor' ? 'routes/sign-in.tsx' : 'routes/member.tsx'];
  if (pathname === ROUTES.home) return who === 'visitor' ? [] : ['routes/member.tsx'];
  if (detailsEvent(pathname)) return ['routes/event-details.tsx'];
  if (who !== 'admin') return [];
  if (pathname === ROUTES.adminCms) return ['routes/admin-cms.tsx'];
  if (pathname !== ROUTES.admin) return [];
  const tab = adminTab(search);
  if (tab === 'members') return ['routes/admin.tsx', 'features/admin/members-tab.tsx'];
  if (tab === 'events') return ['routes/admin.tsx', 'features/admin/events-tab.tsx'];
  return ['routes/admin.tsx'];
}
