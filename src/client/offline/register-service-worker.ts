let updated = false;
let registered = false;

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
  navigator.serviceWorker.register('/sw.js').then(
    // A phone may keep the app open for days: look for a new version every hour.
    (registration) => setInterval(() => void registration.update().catch(() => undefined), 3600_000),
    (error: unknown) => console.warn('Offline mode is not available in this browser', error),
  );
}

/** After an update has taken over, the next navigation loads the new version. */
export function reloadIfUpdated() {
  if (updated) window.location.reload();
}
