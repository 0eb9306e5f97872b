let updated = false;
let registered = false;

/** How long after the page has loaded the offline app starts downloading, so it does not compete with the first screen's reads. */
const INSTALL_AFTER_LOAD_MS = 3000;

/** Runs `work` once the page has loaded, a little later, when the main thread is idle. */
function whenPageSettled(work: () => void) {
  const later = () =>
    setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 5000 }) : work()), INSTALL_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Installs the service worker that lets the site open without signal (production builds only). A new
 * version takes over in the background; the page reloads itself at the next navigation (`reloadIfUpdated`),
 * so nobody is thrown out of a half-filled form. Queued catches live in IndexedDB and survive both.
 */
export function registerServiceWorker() {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  // The first take-over (a page opened before the worker was installed) is not an update; any later one is.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) updated = true;
    controlled = true;
  });
  // A phone that has the worker already gets its update check at once; a first install waits for the page to settle.
  const register = () =>
    navigator.serviceWorker.register('/sw.js').then(
      // A phone may keep the app open for days: look for a new version every hour.
      (registration) => setInterval(() => void registration.update().catch(() => undefined), 3600_000),
      (error: unknown) => console.warn('Offline mode is not available in this browser', error),
    );
  if (controlled) void register();
  else whenPageSettled(() => void register());
}

/** After an update has taken over, the next navigation loads the new version. */
export function reloadIfUpdated() {
  if (updated) window.location.reload();
}
