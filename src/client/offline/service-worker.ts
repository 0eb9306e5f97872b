// The service worker of the installable site, bundled by the `service-worker` plugin in vite.config.ts into /sw.js
// with the build's file list as PRECACHE: each file with a revision (hashed file names are
// their own revision). Workbox's precache keeps the app's own files so the site opens without signal, and after a
// deploy downloads only the files whose revision changed. The API always goes to the network (personal data is
// never kept here), and queued catches live in IndexedDB, which an update never touches.
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { queuedCatches } from '../features/catches/catch-queue';
import { sendWaiting } from '../features/catches/catch-sender';
import { uploadFromWorker } from '../features/catches/upload-catch';
import { SEND_CATCHES_TAG } from './background-sync';
import type { PushMessage } from '../../shared/notifications';

declare const PRECACHE: PrecacheEntry[];

// The few service-worker types used, declared here so the DOM typings of the app need no WebWorker lib.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const worker = self as unknown as WorkerScope;
const SHELL = '/';

// Downloads what changed at install, and drops what is no longer listed at activation.
precache(PRECACHE);
cleanupOutdatedCaches();

worker.addEventListener('install', () => {
  // A new version takes over at once; the page reloads itself at its next navigation (register-service-worker.ts).
  void worker.skipWaiting();
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (getCacheKeyForURL(url.pathname)) event.respondWith(appFile(request, url.pathname));
});

// Background Sync: with signal back, the browser wakes this worker to send the catches waiting on the phone, even
// with the site closed. A rejected promise tells the browser to try again later.
worker.addEventListener('sync', (event) => {
  if (event.tag === SEND_CATCHES_TAG) event.waitUntil(sendWaitingCatches());
});

/** Sends the signed-in member's waiting catches (the session cookie says who that is), as the open site would. */
async function sendWaitingCatches(): Promise<void> {
  const me = await fetch('/api/auth/user', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  // Signed out: the catches wait until the member signs in again, and the site sends them then.
  if (me.status === 401) return;
  if (!me.ok) throw new Error(`The club did not answer (${me.status}).`);
  const { id } = (await me.json()) as { id: string };
  await sendWaiting(id, uploadFromWorker, () => undefined, { now: true });
  const left = (await queuedCatches()).filter((entry) => entry.userId === id && entry.state !== 'failed').length;
  if (left) throw new Error(`${left} catches still waiting.`);
}

/**
 * Pages: the saved app at once, which draws every route itself and asks the network for the data. On one bar of signal
 * a page opens as fast as from the home screen, instead of waiting for its HTML; a new version of the app is fetched
 * in the background and taken at the next navigation (register-service-worker.ts). Without a saved app yet, the network.
 */
async function page(request: Request): Promise<Response> {
  return (await matchPrecache(SHELL)) ?? fetch(request);
}

/** The app's files never change under one name (hashed), so the saved copy is always right. */
async function appFile(request: Request, pathname: string): Promise<Response> {
  return (await matchPrecache(pathname)) ?? fetch(request);
}

// ---------- Notifications (Settings → Notifications): show a push, open its page when tapped ----------

interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: { readonly data: { url?: string } | null; close(): void };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface PushScope {
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  registration: {
    showNotification(
      title: string,
      options: { body?: string; icon?: string; badge?: string; tag?: string; lang?: string; data?: unknown },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  location: Location;
}

const pushScope = self as unknown as PushScope;
const CLUB_ICON = '/icons/icon-192.png';

/** A page of this site to open; anything else (another site, a broken address) opens the member portal. */
function sitePage(url: unknown): string {
  try {
    const page = new URL(typeof url === 'string' ? url : '/member', pushScope.location.origin);
    if (page.origin === pushScope.location.origin) return page.href;
  } catch {
    // Not an address: the portal below.
  }
  return new URL('/member', pushScope.location.origin).href;
}

pushScope.addEventListener('push', (event) => {
  let message: Partial<PushMessage> = {};
  try {
    message = (event.data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    message = { body: event.data?.text() };
  }
  // A push must always show a notification (userVisibleOnly), even one that arrived garbled.
  event.waitUntil(
    // The worker has no page to read the club's name from: a message without a title says what it is.
    pushScope.registration.showNotification(message.title || 'Club notice', {
      body: message.body ?? '',
      icon: CLUB_ICON,
      badge: CLUB_ICON,
      tag: message.tag,
      lang: 'en-AU',
      data: { url: sitePage(message.url) },
    }),
  );
});

pushScope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(sitePage(event.notification.data?.url)));
});

/** Focuses a tab already showing the page, or brings an open tab of the site to it, or opens a new one. */
async function openPage(url: string): Promise<unknown> {
  const tabs = await pushScope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = tabs.find((tab) => tab.url === url);
  if (showing) return showing.focus();
  for (const tab of tabs) {
    try {
      const moved = await tab.navigate(url);
      if (moved) return moved.focus();
    } catch {
      // A tab this worker does not control cannot be moved: try the next, or open one.
    }
  }
  return pushScope.clients.openWindow(url);
}
