import { dehydrate, hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';

const STORAGE_KEY = 'tcac.savedQueries';
/** Set when signing out: this page writes nothing more (see forgetSavedQueries). */
let leaving = false;
/** What the portal, the fish-logging screen and the membership card need to open without signal; never admin data. */
const SAVED_ROUTERS = new Set(['auth', 'members', 'events', 'catches', 'memberCard']);
const SAVE_DELAY_MS = 1000;

const routerOf = (query: Query) => (Array.isArray(query.queryKey[0]) ? String(query.queryKey[0][0]) : '');
const isMe = (query: Query) => Array.isArray(query.queryKey[0]) && query.queryKey[0].join('.') === 'auth.me';

/**
 * Keeps the signed-in member's last answers on the phone, so the portal opens with them when there is
 * no signal. They are shown at once and asked for again (now, or when the signal returns). Nothing is
 * kept for visitors, and signing out forgets it (`forgetSavedQueries`).
 */
export function keepQueriesOnDevice(queryClient: QueryClient) {
  // TanStack Query assumes a network until told otherwise: a page opened without signal waits for it
  // (paused queries) instead of failing every read.
  onlineManager.setOnline(navigator.onLine);
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) {
      hydrate(queryClient, JSON.parse(saved));
      void queryClient.invalidateQueries();
    }
  } catch {
    forgetSavedQueries();
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    if (leaving) return;
    const cache = queryClient.getQueryCache();
    const me = cache.getAll().find(isMe);
    if (!me?.state.data) {
      if (me?.state.status === 'success') forgetSavedQueries();
      return;
    }
    // A read that failed on a weak signal still holds its last answer: that is kept too.
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.data !== undefined && SAVED_ROUTERS.has(routerOf(q)) });
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or blocked: the site still works online.
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && !timer) timer = setTimeout(save, SAVE_DELAY_MS);
  });
  // Leaving the page (or the phone putting the app away) writes what is waiting at once.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
}

/**
 * Drops what is kept on the phone. `leaving`: the page is about to be left for a signed-out one, so nothing may be
 * written back before it goes (a save waiting for `pagehide` would restore the member's answers on the next page).
 */
export function forgetSavedQueries(options: { leaving?: boolean } = {}) {
  if (options.leaving) leaving = true;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Drops the lists the sign-on desk keeps on the device for a morning without signal (names, phone numbers, juniors'
 * medical notes), on signing out; taps not yet sent stay to be sent. Loaded only then, never on a page's first screen.
 */
export function forgetDeviceLists(): Promise<void> {
  return import('../features/admin/desk-queue').then((desk) => desk.forgetDeskViews()).catch(() => undefined);
}
