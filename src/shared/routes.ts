/**
 * The paths of the single-page app. The client's router builds its routes from these and the
 * server answers 404 for any other page path, so the two cannot disagree. No React here: the server imports it.
 */
export const ROUTES = {
  home: '/',
  member: '/member',
  publicHome: '/public',
  sponsor: '/sponsor',
  sponsorPay: '/sponsor/pay',
  /** Where the link proving a sponsor's contact address lands; the page POSTs its token (a GET spends nothing). */
  sponsorConfirm: '/sponsor/confirm',
  /** Where a guest's e-mailed link lands: it signs them in to log catches in their one event. */
  guest: '/guest',
  contentPage: '/pages/$slug',
  emailVerified: '/email-verified',
  /** Where the link confirming a new e-mail address lands; the page POSTs its token (a GET spends nothing). */
  emailChange: '/email-change',
  signIn: '/sign-in',
  /** The 'Sign out?' page a logout link from another site lands on. */
  signOut: '/sign-out',
  /** Where a newsletter's unsubscribe link lands: it asks before unsubscribing (mail scanners open links). */
  unsubscribe: '/unsubscribe',
  admin: '/admin',
  adminCms: '/admin/cms',
  /** An event's details: its whole description, rules, prizes, fees and how to enter. */
  eventDetails: '/events/$eventId',
  /** An event's live board: its leaderboard per division and species while fishing, updating by itself. */
  eventLive: '/events/$eventId/live',
  /** The 4 pm presentation of an event's results, full screen for a projector or a TV. */
  eventPresentation: '/events/$eventId/presentation',
  /** What a membership card's QR code opens: current or not, with the holder's name only (public). */
  verifyCard: '/verify/$code',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** The pages anyone may find through a search engine (besides the published content pages). */
export const PUBLIC_ROUTES: readonly RoutePath[] = [ROUTES.home, ROUTES.publicHome, ROUTES.sponsor];

/** The address of an event's details page. */
export const eventDetailsPath = (eventId: string) => ROUTES.eventDetails.replace('$eventId', encodeURIComponent(eventId));
/** The address of an event's live board. */
export const eventLivePath = (eventId: string) => ROUTES.eventLive.replace('$eventId', encodeURIComponent(eventId));
/** The address of an event's presentation. */
export const eventPresentationPath = (eventId: string) => ROUTES.eventPresentation.replace('$eventId', encodeURIComponent(eventId));

/** Pages drawn without the site's navigation, footer and assistant (a projector shows only the page). */
export const isFullScreenPage = (pathname: string) => /^\/events\/[^/]+\/presentation\/?$/i.test(pathname);

/** The app's address of a published content page. */
export const contentPagePath = (slug: string) => ROUTES.contentPage.replace('$slug', encodeURIComponent(slug));

export type RouteMatch = { kind: 'page' } | { kind: 'content'; slug: string } | { kind: 'none' };

/**
 * Which route of the app a request path (no query string) is, as the client's router reads it: any case, a
 * trailing slash ignored, and a `$param` matching one non-empty segment.
 */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/');
  for (const route of Object.values(ROUTES)) {
    const parts = route.split('/');
    if (parts.length !== segments.length) continue;
    let slug: string | undefined;
    const matches = parts.every((part, i) => {
      if (!part.startsWith('$')) return part === segments[i].toLowerCase();
      if (!segments[i]) return false;
      slug = segments[i];
      return true;
    });
    if (!matches) continue;
    if (route !== ROUTES.contentPage) return { kind: 'page' };
    try {
      return { kind: 'content', slug: decodeURIComponent(slug!) };
    } catch {
      return { kind: 'none' };
    }
  }
  return { kind: 'none' };
}
