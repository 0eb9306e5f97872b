import { createRootRoute, createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { firstScreenModules, type PageAddress } from '../shared/first-screen';
import { ROUTES, type FirstScreenModule, type Who } from '../shared/screens';
import { AppLayout } from './components/app-shell';
import { SectionLoader } from './components/full-screen-loader';
import { useAuth } from './lib/use-auth';
import { ADMIN_TABS, CMS_TABS, tabSearch } from '../shared/tab-search';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';

/**
 * Only the landing page is in the main bundle; every other screen loads when first visited, so a
 * visitor on a phone downloads what the landing page needs and no more. Admin code never loads for visitors.
 */
function onDemand<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  let loaded: ComponentType | undefined;
  const fetchScreen = () => load().then((module) => (loaded = module[name] as ComponentType));
  const Screen = lazy(async () => ({ default: await fetchScreen() }));
  function OnDemandScreen() {
    // Once its code is here (the router asks for it while it loads the route: `preload`), the screen draws at once,
    // without a loader first; decided once per visit, so it never swaps under the person using it.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<SectionLoader />}>
        <Screen />
      </Suspense>
    );
  }
  OnDemandScreen.preload = async () => void (await fetchScreen());
  return OnDemandScreen;
}

const MemberPortalPage = onDemand(() => import('./routes/member'), 'MemberPortalPage');
const PublicHomePage = onDemand(() => import('./routes/public'), 'PublicHomePage');
const SponsorPage = onDemand(() => import('./routes/sponsor'), 'SponsorPage');
const SponsorPayPage = onDemand(() => import('./routes/sponsor-pay'), 'SponsorPayPage');
const SponsorConfirmPage = onDemand(() => import('./routes/sponsor-confirm'), 'SponsorConfirmPage');
const GuestPage = onDemand(() => import('./routes/guest'), 'GuestPage');
const ContentPage = onDemand(() => import('./routes/content-page'), 'ContentPage');
const EmailVerifiedPage = onDemand(() => import('./routes/email-verified'), 'EmailVerifiedPage');
const EmailChangePage = onDemand(() => import('./routes/email-change'), 'EmailChangePage');
const SignInPage = onDemand(() => import('./routes/sign-in'), 'SignInPage');
const MemberSignInPage = onDemand(() => import('./routes/sign-in'), 'MemberSignInPage');
const SignOutPage = onDemand(() => import('./routes/sign-out'), 'SignOutPage');
const UnsubscribePage = onDemand(() => import('./routes/unsubscribe'), 'UnsubscribePage');
const AdminSignInPage = onDemand(() => import('./routes/sign-in'), 'AdminSignInPage');
const EventDetailsPage = onDemand(() => import('./routes/event-details'), 'EventDetailsPage');
const EventLivePage = onDemand(() => import('./routes/event-live'), 'EventLivePage');
const EventPresentationPage = onDemand(() => import('./routes/event-presentation'), 'EventPresentationPage');
const VerifyCardPage = onDemand(() => import('./routes/verify-card'), 'VerifyCardPage');
const SetupPage = onDemand(() => import('./routes/setup'), 'SetupPage');
const AdminPage = onDemand(() => import('./routes/admin'), 'default');
const AdminCmsPage = onDemand(() => import('./routes/admin-cms'), 'default');

/** '/' is the member portal when signed in, the landing page otherwise. */
function HomeRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <MemberPortalPage /> : <LandingPage />;
}

/** Signed out, /member (a bookmark, the link in a receipt, an expired session) asks the person to sign in. */
function MemberRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <MemberPortalPage /> : <MemberSignInPage />;
}

/**
 * Admin routes exist only for admins; a signed-in member gets the not-found page. Signed out, the sign-in
 * card: an admin following a link (the sponsor notice's /admin?tab=sponsors) signs in and lands on it.
 */
function adminOnly(Screen: ComponentType) {
  return function AdminRoute() {
    const { isAdmin, isAuthenticated } = useAuth();
    if (!isAuthenticated) return <AdminSignInPage />;
    if (!isAdmin) return <NotFoundPage />;
    return <Screen />;
  };
}

/** The code each first-screen module stands for (shared/screens.ts names them as Vite's manifest does). */
const FIRST_SCREEN_CODE: Record<FirstScreenModule, (() => Promise<void>) | undefined> = {
  'routes/public.tsx': PublicHomePage.preload,
  'routes/sponsor.tsx': SponsorPage.preload,
  'features/sponsors/sponsor-form.tsx': undefined,
  'routes/sign-in.tsx': MemberSignInPage.preload,
  'routes/member.tsx': MemberPortalPage.preload,
  'routes/admin.tsx': AdminPage.preload,
  'routes/admin-cms.tsx': AdminCmsPage.preload,
  'routes/event-details.tsx': EventDetailsPage.preload,
  // The admin page loads its open tab's code itself (the page's HTML preloads it).
  'features/admin/members-tab.tsx': undefined,
  'features/admin/events-tab.tsx': undefined,
  'features/club-settings/club-settings-tab.tsx': undefined,
};

/**
 * The code of the screen a page draws for this person, loaded before the first draw (main.tsx): the modules its first
 * screen draws with (shared/screens.ts), which the server preloads with the page. The router loads every route's own
 * code (`preload`) but not what /, /member and the admin pages choose by who is signed in.
 */
export function preloadFirstScreen(address: PageAddress, who: Who): Promise<void> {
  const modules = firstScreenModules(address, who);
  return Promise.all(modules.map((module) => FIRST_SCREEN_CODE[module]?.())).then(() => undefined);
}

const rootRoute = createRootRoute({ component: AppLayout, notFoundComponent: NotFoundPage });

// One route per screen of shared/screens.ts (a test checks that none is missing).
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.home, component: HomeRoute }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.member, component: MemberRoute }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.publicHome, component: PublicHomePage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.sponsor, component: SponsorPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.sponsorPay, component: SponsorPayPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.sponsorConfirm, component: SponsorConfirmPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.guest, component: GuestPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.contentPage, component: ContentPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.emailVerified, component: EmailVerifiedPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.emailChange, component: EmailChangePage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.signIn, component: SignInPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.signOut, component: SignOutPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.unsubscribe, component: UnsubscribePage }),
  // The open tab is in the address (/admin?tab=judging): Back, reload and e-mailed links keep the place.
  createRoute({
    getParentRoute: () => rootRoute,
    path: ROUTES.admin,
    validateSearch: tabSearch(ADMIN_TABS),
    component: adminOnly(AdminPage),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: ROUTES.adminCms,
    validateSearch: tabSearch(CMS_TABS),
    component: adminOnly(AdminCmsPage),
  }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.eventDetails, component: EventDetailsPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.eventLive, component: EventLivePage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.eventPresentation, component: EventPresentationPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.verifyCard, component: VerifyCardPage }),
  createRoute({ getParentRoute: () => rootRoute, path: ROUTES.setup, component: SetupPage }),
]);

/**
 * Search parameters are plain strings (the default parser would JSON-decode them, turning a
 * token of digits into a number): `?verified=true` stays the string 'true'.
 */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The router restores a page's scroll (or goes to the top) once it has drawn, except the first time when the person
 * has scrolled already: a page drawn by the server is read, and scrolled, before the app takes it over.
 */
function unlessAlreadyScrolled() {
  let first = true;
  return () => {
    const keep = first && window.scrollY > 0;
    first = false;
    return !keep;
  };
}

/** `onServer`: drawing a page's first screen on the server (the browser's router alone restores the scroll). */
export function createAppRouter(options: { history?: RouterHistory; onServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: options.onServer ? false : unlessAlreadyScrolled(),
    ...(options.history ? { history: options.history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
