import { RECENT_CATCHES } from './catches';
import { UPCOMING_LIMIT } from './events';
import { FIRST_MEMBERS_PAGE } from './members-list';
import { ADMIN_DEFAULT_TAB, ADMIN_TABS, type AdminTab } from './tab-search';

/**
 * The screens of the single-page app, one entry each: its path and what the server needs to know of it (whether
 * search engines are welcome, whether it is drawn without the site's navigation or by the server, and what its first
 * screen reads and draws with). The client's router gives each its component (router.tsx, checked to cover every
 * one), the server answers 404 for any other page path and puts each page's first reads and code in its HTML
 * (first-screen.ts), and links are made from the same paths. No React here: the server imports it.
 */

/** A read a page's first screen draws from: a tRPC query procedure and its input. */
export interface FirstRead {
  readonly path: string;
  readonly input?: Readonly<Record<string, unknown>>;
}

/** Who the session check found: what a page shows depends on it. */
export type Who = 'visitor' | 'member' | 'admin';

/** The route modules a first screen may draw with (as Vite's manifest names them), preloaded with the page. */
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
  'features/club-settings/club-settings-tab.tsx',
] as const;
export type FirstScreenModule = (typeof FIRST_SCREEN_MODULES)[number];

/** A page as opened: its address's parameters, who is signed in, and the path's own `$param`. */
export interface OpenedPage {
  readonly search: URLSearchParams;
  readonly who: Who;
  readonly param?: string;
}

/** What a page's first screen reads (beyond the session check and the site settings) and the code it draws with. */
export interface FirstScreen {
  readonly reads?: readonly FirstRead[];
  readonly modules?: readonly FirstScreenModule[];
}

interface ScreenEntry {
  readonly path: string;
  /** Search engines are welcome (listed in the sitemap); 'kept out': disallowed in robots.txt. */
  readonly crawlers?: 'welcome' | 'kept out';
  /** Drawn without the site's navigation, footer and assistant (a projector shows only the page; the setup page). */
  readonly fullScreen?: true;
  /** The server draws the first screen into the HTML (pages opened first, drawn from their first reads alone). */
  readonly drawnOnServer?: true;
  readonly first?: (page: OpenedPage) => FirstScreen;
}

/** How many news articles the home panel shows. */
export const NEWS_LIMIT = 5;

/** The landing page (a visitor at /) and the home panel (/public) draw sections, upcoming events and sponsors. */
const sectionsReads = (pageSlug: 'landing' | 'home'): FirstRead[] => [
  { path: 'cms.sections', input: { pageSlug } },
  { path: 'events.upcoming', input: { limit: UPCOMING_LIMIT } },
  { path: 'sponsors.active' },
];

/**
 * The member's portal: its banner (whose height depends on the member's status) is asked for even before the session
 * check answers at /member (a visitor sent on to sign in is refused it); the dashboard's reads once someone is signed in.
 */
const portal = (who: Who): FirstScreen => ({
  reads: [
    { path: 'members.profile' },
    ...(who === 'visitor'
      ? []
      : [{ path: 'members.dashboard' }, { path: 'events.myRegistrations' }, { path: 'catches.mine', input: { limit: RECENT_CATCHES } }]),
  ],
  modules: [who === 'visitor' ? 'routes/sign-in.tsx' : 'routes/member.tsx'],
});

/** The administration's open tab as its address names it (any case; none or an unknown one: the default). */
export function adminTab(search: URLSearchParams): AdminTab {
  const tab = search.get('tab')?.trim().toLowerCase();
  return ADMIN_TABS.includes(tab as AdminTab) ? (tab as AdminTab) : ADMIN_DEFAULT_TAB;
}

/** The administration's overview figures, above its tabs, and what the open tab shows first; admin code only for admins. */
function administration({ search, who }: OpenedPage): FirstScreen {
  if (who !== 'admin') return {};
  const tab = adminTab(search);
  // The sign-on desk opened by its address (/admin?signon=<event id>) shows on the Events tab.
  const desk = search.get('signon');
  if (tab === 'events') {
    return {
      reads: [
        { path: 'admin.overview' },
        { path: 'admin.events.list' },
        ...(desk ? [{ path: 'admin.signOn.list', input: { id: desk } }] : []),
      ],
      modules: ['routes/admin.tsx', 'features/admin/events-tab.tsx'],
    };
  }
  // A filter in the address (a dashboard figure's link) changes the list: the tab asks for that one itself.
  if (tab === 'members') {
    return {
      reads: [{ path: 'admin.overview' }, ...(search.has('status') ? [] : [{ path: 'admin.members.search', input: FIRST_MEMBERS_PAGE }])],
      modules: ['routes/admin.tsx', 'features/admin/members-tab.tsx'],
    };
  }
  // Club settings: the club's sections come with every page; the fishing area is the tab's own read.
  if (tab === 'club') {
    return {
      reads: [{ path: 'admin.overview' }, { path: 'admin.fishingArea.get' }],
      modules: ['routes/admin.tsx', 'features/club-settings/club-settings-tab.tsx'],
    };
  }
  return { reads: [{ path: 'admin.overview' }], modules: ['routes/admin.tsx'] };
}

export const SCREENS = {
  /** A visitor's landing page; a signed-in person's portal. */
  home: {
    path: '/',
    crawlers: 'welcome',
    drawnOnServer: true,
    // A site not yet set up says so to its first visitor, its operator.
    first: ({ who }) => (who === 'visitor' ? { reads: [...sectionsReads('landing'), { path: 'setup.status' }] } : portal(who)),
  },
  member: { path: '/member', crawlers: 'kept out', drawnOnServer: true, first: ({ who }) => portal(who) },
  /** The home panel; its picture of the month and results board load as the visitor scrolls down. */
  publicHome: {
    path: '/public',
    crawlers: 'welcome',
    drawnOnServer: true,
    first: ({ who }) => ({
      reads: [
        ...sectionsReads('home'),
        { path: 'cms.news', input: { limit: NEWS_LIMIT } },
        ...(who === 'visitor' ? [] : [{ path: 'members.profile' }]),
      ],
      modules: ['routes/public.tsx'],
    }),
  },
  /** The application form's code (with its schemas) comes with the page, there when the visitor reaches the form. */
  sponsor: {
    path: '/sponsor',
    crawlers: 'welcome',
    drawnOnServer: true,
    first: () => ({ reads: [{ path: 'sponsors.active' }], modules: ['routes/sponsor.tsx', 'features/sponsors/sponsor-form.tsx'] }),
  },
  sponsorPay: { path: '/sponsor/pay', crawlers: 'kept out' },
  /** Where the link proving a sponsor's contact address lands; the page POSTs its token (a GET spends nothing). */
  sponsorConfirm: { path: '/sponsor/confirm', crawlers: 'kept out' },
  /** Where a guest's e-mailed link lands: it signs them in to log catches in their one event. */
  guest: { path: '/guest' },
  contentPage: { path: '/pages/$slug' },
  emailVerified: { path: '/email-verified', crawlers: 'kept out' },
  /** Where the link confirming a new e-mail address lands; the page POSTs its token (a GET spends nothing). */
  emailChange: { path: '/email-change', crawlers: 'kept out' },
  signIn: { path: '/sign-in', crawlers: 'kept out' },
  /** The 'Sign out?' page a logout link from another site lands on. */
  signOut: { path: '/sign-out', crawlers: 'kept out' },
  /** Where a newsletter's unsubscribe link lands: it asks before unsubscribing (mail scanners open links). */
  unsubscribe: { path: '/unsubscribe' },
  admin: { path: '/admin', crawlers: 'kept out', first: administration },
  /**
   * First-run setup: the club's details and first administrator, made with the code from the log; 404 once one
   * exists. Drawn alone: the club it sets up has no name yet.
   */
  setup: { path: '/setup', crawlers: 'kept out', fullScreen: true },
  adminCms: { path: '/admin/cms', first: ({ who }) => (who === 'admin' ? { modules: ['routes/admin-cms.tsx'] } : {}) },
  /** An event's details: its whole description, rules, prizes, fees and how to enter. */
  eventDetails: {
    path: '/events/$eventId',
    drawnOnServer: true,
    first: ({ param }) => ({ reads: [{ path: 'events.byId', input: { id: param } }], modules: ['routes/event-details.tsx'] }),
  },
  /** An event's live board: its leaderboard per division and species while fishing, updating by itself. */
  eventLive: { path: '/events/$eventId/live' },
  /** The 4 pm presentation of an event's results, full screen for a projector or a TV. */
  eventPresentation: { path: '/events/$eventId/presentation', fullScreen: true },
  /** What a membership card's QR code opens: current or not, with the holder's name only (public). Its code is private. */
  verifyCard: { path: '/verify/$code', crawlers: 'kept out' },
} as const satisfies Record<string, ScreenEntry>;

export type ScreenKey = keyof typeof SCREENS;

/** Each screen's path, by its key. */
export const ROUTES = Object.fromEntries(Object.entries(SCREENS).map(([key, screen]) => [key, screen.path])) as {
  readonly [K in ScreenKey]: (typeof SCREENS)[K]['path'];
};

export type RoutePath = (typeof ROUTES)[ScreenKey];

const entries = Object.entries(SCREENS) as [ScreenKey, ScreenEntry][];

/** The pages anyone may find through a search engine (besides the published content pages). */
export const PUBLIC_ROUTES: readonly string[] = entries.filter(([, s]) => s.crawlers === 'welcome').map(([, s]) => s.path);

/** Where search engines are not welcome, as robots.txt writes a path (a `$param` and what follows cut off). */
export const KEPT_FROM_CRAWLERS: readonly string[] = entries
  .filter(([, s]) => s.crawlers === 'kept out')
  .map(([, s]) => s.path.split('$')[0]);

/** The address of an event's details page. */
export const eventDetailsPath = (eventId: string) => ROUTES.eventDetails.replace('$eventId', encodeURIComponent(eventId));
/** The address of an event's live board. */
export const eventLivePath = (eventId: string) => ROUTES.eventLive.replace('$eventId', encodeURIComponent(eventId));
/** The address of an event's presentation. */
export const eventPresentationPath = (eventId: string) => ROUTES.eventPresentation.replace('$eventId', encodeURIComponent(eventId));
/** The app's address of a published content page. */
export const contentPagePath = (slug: string) => ROUTES.contentPage.replace('$slug', encodeURIComponent(slug));

export type RouteMatch = { kind: 'page'; screen: ScreenKey; param?: string } | { kind: 'content'; slug: string } | { kind: 'none' };

/**
 * Which screen a request path (no query string) is, as the client's router reads it: any case, a trailing slash
 * ignored, and a `$param` matching one non-empty segment (given decoded; a content page's as its slug).
 */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/');
  for (const [screen, { path: route }] of entries) {
    const parts = route.split('/');
    if (parts.length !== segments.length) continue;
    let raw: string | undefined;
    const matches = parts.every((part, i) => {
      if (!part.startsWith('$')) return part === segments[i].toLowerCase();
      if (!segments[i]) return false;
      raw = segments[i];
      return true;
    });
    if (!matches) continue;
    let param: string | undefined;
    try {
      param = raw === undefined ? undefined : decodeURIComponent(raw);
    } catch {
      return { kind: 'none' };
    }
    return screen === 'contentPage' ? { kind: 'content', slug: param! } : { kind: 'page', screen, param };
  }
  return { kind: 'none' };
}

/** The screen a path opens (none for a content page or an unknown path). */
export function screenAt(pathname: string): { screen: ScreenEntry; param?: string } | undefined {
  const match = matchRoute(pathname);
  return match.kind === 'page' ? { screen: SCREENS[match.screen], param: match.param } : undefined;
}

/** Pages drawn without the site's navigation, footer and assistant (a projector shows only the page). */
export const isFullScreenPage = (pathname: string) => screenAt(pathname)?.screen.fullScreen === true;
