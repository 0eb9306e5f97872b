// The service worker of the installable site. Built by the `service-worker` plugin in vite.config.ts into
// /sw.js, which prepends the two constants below: every file of this build, and a version that changes
// whenever one of them does. It keeps the app's own files so the site opens without signal; the API always
// goes to the network (personal data is never kept here), and queued catches live in IndexedDB, which an
// update never touches.

declare const PRECACHE: string[];
declare const VERSION: string;

// The few service-worker types used, declared here so the DOM typings of the app need no WebWorker lib.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const worker = self as unknown as WorkerScope;
const CACHE = `tcac-app-${VERSION}`;
const SHELL = '/';
/** On a weak signal a page waits this long for the network before the saved copy is shown. */
const NAVIGATION_TIMEOUT_MS = 4000;
const precached = new Set(PRECACHE);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: straight from the server, not the browser's HTTP cache.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      // A new version takes over at once; the page reloads itself at its next navigation (register-service-worker.ts).
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('tcac-app-') && key !== CACHE) await caches.delete(key);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (precached.has(url.pathname)) event.respondWith(appFile(request, url.pathname));
});

/** Pages: the network when it answers in time, otherwise the saved app, which draws every route itself. */
async function page(request: Request): Promise<Response> {
  const network = fetch(request);
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, undefined));
  try {
    const response = await Promise.race([network, timeout]);
    if (response) return response;
  } catch {
    // No signal at all: fall through to the saved copy.
  }
  const saved = await caches.match(SHELL, { cacheName: CACHE });
  return saved ?? network;
}

/** The app's files never change under one name (hashed), so the saved copy is always right. */
async function appFile(request: Request, pathname: string): Promise<Response> {
  const saved = await caches.match(pathname, { cacheName: CACHE });
  return saved ?? fetch(request);
}
