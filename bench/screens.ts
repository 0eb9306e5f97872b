/**
 * How long a phone on a weak signal waits for each screen the club's people use: from the tap (or from the start of
 * the navigation) until the screen's main control is usable.
 *
 * It starts the demo club from the last build (`node dist/server/demo.js`, bench/demo-site.ts) on a free port with a
 * fresh data folder, serves it as production does, over HTTP/2 through a TLS proxy (bench/demo-site.ts;
 * BENCH_HTTP=1.1 talks to the app's own HTTP/1.1 instead, where a page's files queue for six connections), and
 * drives the system Chromium (headless, through playwright-core) as a phone: a 390×844 CSS px screen at
 * Lighthouse's device scale factor 1.75, touch, Lighthouse's mobile user agent, and Chromium's own throttling applied
 * through the DevTools protocol, to the page and to the site's service worker alike:
 * - the network: Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) as Lighthouse applies it in
 *   the browser (`throttlingMethod: 'devtools'`, its constants): 562.5 ms before each response, 1.47 Mbit/s down and
 *   675 kbit/s up. Chromium delays whole requests, not packets, so Lighthouse multiplies the round trip to stand for
 *   the connection's set-up and TCP's slow start. BENCH_NETWORK=rtt applies the plain 150 ms, 1.6 Mbit/s, 750 kbit/s;
 * - the page's CPU 4× slower (`Emulation.setCPUThrottlingRate`).
 *
 * Usable means: the control is in the page, has a size, is not hidden, disabled, read-only or loading, and a task
 * queued at the first animation frame that saw it so has run, i.e. the main thread was free to act on a tap (a tap is
 * handled at least that soon: the browser runs input before ordinary tasks). The in-page probe looks at every frame.
 * The clock starts at the navigation's start (a screen opened by its address) or at the tap's `touchstart` (a screen
 * opened from another: the start screen is loaded and its control usable, the person reads for 2 s, then taps).
 * A screen whose form sits below the first view (the sponsor form) is scrolled to as soon as its heading is there.
 *
 * Each screen is measured twice per run, in a fresh browser context (empty cache, no service worker; someone signed
 * in gets their session cookie, from one real sign-in per person (POST /api/auth/login), before the page opens):
 * - first visit: as described;
 * - repeat visit: in the same context once the first is done and, when the site installed its service worker (field
 *   mode does for anyone signed in), once that worker is active with the app's files kept: the same screen again.
 * For each first visit it records what explains the time: the bytes and requests in the measured interval (the page's
 * own, from Resource Timing, and the service worker's, from the protocol), the longest main-thread task (Long Tasks
 * API) and the main thread's work (`Performance.getMetrics`), when the screen's main chunks arrived, when the offline
 * app was ready, and how loaded the shared machine was; for a screen over the goal it prints the median run's
 * waterfall (first and repeat visit).
 *
 * Medians of BENCH_RUNS (default 3) runs; BENCH_SCREENS=join,events to measure some (keys in SCREENS below);
 * CHROMIUM_PATH (default /usr/bin/chromium); BENCH_SITE=<origin> measures a demo club already running. Goal: every
 * screen usable within 3 s. A benchmark, not a test: it prints the figures and exits 0 whether or not the goal is met
 * (1 only when it could not run at all). Run: `npm run bench:screens` (builds first; `npx tsx bench/screens.ts` uses
 * dist/ as it is). About 40 minutes: each signed-in run waits for the offline app to install on the slow line.
 */
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  cleanups,
  HEADLESS_CHROMIUM_FLAGS,
  log,
  median,
  PHONE_CONTEXT,
  readChunkFiles,
  runBench,
  signIn,
  startDemo,
  startTlsProxy,
  type Site,
  type Who,
} from './demo-site';
import { table } from './table';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const ONLY = process.env.BENCH_SCREENS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** HTTP/2 through a TLS proxy, as production serves the site (default), or the app's own HTTP/1.1. */
const HTTP: '2' | '1.1' = process.env.BENCH_HTTP === '1.1' ? '1.1' : '2';
const GOAL_S = 3;
/** A person reads the start screen this long before tapping. */
const THINK_MS = 2000;
/** The longest a screen may take before its run counts as failed. */
const SCREEN_TIMEOUT_MS = 60_000;
/** How long after the first visit the site has to register its service worker (field mode loads after the first paint). */
const REGISTRATION_WAIT_MS = 15_000;
/** The longest the offline app may take to install before the repeat visit goes ahead without it. */
const SERVICE_WORKER_TIMEOUT_MS = 180_000;
const WATERFALL_LINES = 60;

const SLOW_4G = throttling.mobileSlow4G;
const NETWORK =
  process.env.BENCH_NETWORK === 'rtt'
    ? { name: 'slow 4G, 150 ms per request', latencyMs: SLOW_4G.rttMs, downKbps: SLOW_4G.throughputKbps, upKbps: 750 }
    : {
        name: 'slow 4G as Lighthouse applies it (562.5 ms per request)',
        latencyMs: SLOW_4G.requestLatencyMs,
        downKbps: SLOW_4G.downloadThroughputKbps,
        upKbps: SLOW_4G.uploadThroughputKbps,
      };
/** `Network.emulateNetworkConditions`' figures (bytes per second), as Lighthouse computes them. */
const CONDITIONS = {
  offline: false,
  latency: NETWORK.latencyMs,
  downloadThroughput: Math.floor((NETWORK.downKbps * 1024) / 8),
  uploadThroughput: Math.floor((NETWORK.upKbps * 1024) / 8),
};
const CPU_SLOWDOWN = SLOW_4G.cpuSlowdownMultiplier;

const CHROME_FLAGS = [...HEADLESS_CHROMIUM_FLAGS, '--disable-extensions'];

// ---------------------------------------------------------------------------------------------------------
// The screens

/** A control on the page: the first element matching `css` (whose text matches `text`), or the field labelled `label`. */
interface Control {
  css?: string;
  /** A regular expression (case-insensitive) the element's text must match. */
  text?: string;
  /** A form field by its label's text (without the required mark). */
  label?: string;
}

interface Ids {
  /** An upcoming event open to entries. */
  openEvent: string;
  /** The event of the day (or the next one): the sign-on desk's. */
  deskEvent: string;
}

interface Screen {
  key: string;
  name: string;
  as: Who;
  /** The address opened (the start screen when `tap` is set). */
  path: (ids: Ids) => string;
  /** Tapped on the start screen once it is usable; the clock starts at the tap. */
  tap?: Control;
  /** Scrolled into view as soon as it is in the page, as the person would (what is below the first screen loads near view). */
  scrollTo?: string;
  /** Every one must be usable. */
  ready: Control[];
  /** The modules (Vite manifest keys) that bring the screen. */
  chunks: string[];
}

const SCREENS: Screen[] = [
  {
    key: 'join',
    name: 'join form (visitor, / → Join)',
    as: 'visitor',
    path: () => '/',
    tap: { css: 'button', text: '^Join Our Club Today$' },
    ready: [{ label: 'First Name' }],
    chunks: ['features/membership/join-dialogs.tsx'],
  },
  {
    key: 'dashboard',
    name: 'portal dashboard (/member)',
    as: 'member',
    path: () => '/member',
    ready: [{ css: '[role="tabpanel"] a, [role="tabpanel"] button', text: '^(Log a Catch|Show my card)$' }],
    chunks: ['index.html', 'routes/member.tsx'],
  },
  {
    key: 'events',
    name: 'portal events tab (tap)',
    as: 'member',
    path: () => '/member',
    tap: { css: '[data-tab="events"]' },
    // The first event's own button: Register Now, or what its state offers (the waiting list, paying).
    ready: [{ css: '[role="tabpanel"] [data-testid="available-event"] button' }],
    chunks: ['features/events/member-events.tsx'],
  },
  {
    key: 'catches',
    name: 'catches tab, log-a-catch form (tap)',
    as: 'member',
    path: () => '/member',
    tap: { css: '[data-tab="catches"]' },
    ready: [{ css: '#catch-species' }, { css: '#catch-size' }],
    chunks: ['features/catches/fish-logging.tsx'],
  },
  {
    key: 'sponsor',
    name: 'sponsor form (/sponsor)',
    as: 'member',
    path: () => '/sponsor',
    scrollTo: '#sponsor-form-title',
    ready: [{ css: '#sponsor-form input[name="companyName"]' }],
    chunks: ['index.html', 'routes/sponsor.tsx', 'features/sponsors/sponsor-form.tsx'],
  },
  {
    key: 'event',
    name: 'event details (/events/…)',
    as: 'member',
    path: (ids) => `/events/${ids.openEvent}`,
    ready: [{ css: 'a, button', text: '^Register in My Portal$' }],
    chunks: ['index.html', 'routes/event-details.tsx'],
  },
  {
    key: 'admin-members',
    name: 'admin members tab (/admin?tab=members)',
    as: 'admin',
    path: () => '/admin?tab=members',
    ready: [{ css: 'input[aria-label="Search members"]' }, { css: 'table[aria-label="Members"] tbody tr button' }],
    chunks: ['index.html', 'routes/admin.tsx', 'features/admin/members-tab.tsx'],
  },
  {
    key: 'club-settings',
    name: 'club settings (/admin?tab=club)',
    as: 'admin',
    path: () => '/admin?tab=club',
    ready: [{ label: 'Club name' }, { css: 'button', text: '^Add a species$' }],
    chunks: ['index.html', 'routes/admin.tsx', 'features/club-settings/club-settings-tab.tsx'],
  },
  {
    key: 'desk',
    name: 'sign-on desk (admin, ?signon=…)',
    as: 'admin',
    path: (ids) => `/admin?tab=events&signon=${ids.deskEvent}`,
    ready: [{ label: 'Find an entrant' }],
    chunks: ['index.html', 'routes/admin.tsx', 'features/admin/events-tab.tsx'],
  },
];

// ---------------------------------------------------------------------------------------------------------
// The in-page probe (plain JavaScript: it runs in the page, before the site's own scripts)

const PROBE = String.raw`(() => {
  if (window.__screens) return;
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  try { performance.setResourceTimingBufferSize(5000); } catch {}
  let tapAt = null;
  addEventListener('touchstart', (e) => { if (tapAt === null) tapAt = e.timeStamp; }, { capture: true, passive: true });
  let serviceWorkerAt = null;
  if (navigator.serviceWorker) navigator.serviceWorker.ready.then(() => { serviceWorkerAt = performance.now(); });
  const find = (c) => {
    if (c.label) {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent.replace(/\*/g, '').trim() === c.label);
      if (!label) return null;
      return label.control || (label.htmlFor ? document.getElementById(label.htmlFor) : null);
    }
    const re = c.text ? new RegExp(c.text, 'i') : null;
    for (const el of document.querySelectorAll(c.css)) if (!re || re.test(el.textContent.trim())) return el;
    return null;
  };
  const usable = (el) => {
    if (!el || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) return false;
    if (el.disabled || el.readOnly || el.getAttribute('aria-disabled') === 'true') return false;
    if (el.hasAttribute('data-loading') || el.hasAttribute('data-disabled')) return false;
    if (el.closest('fieldset:disabled, [inert]')) return false;
    // Drawn, or taken over, by the app: a control the server drew answers a tap only once React holds its props.
    return Object.keys(el).some((key) => key.startsWith('__reactProps$'));
  };
  const describe = (c) => c.label ? 'field "' + c.label + '"' : c.css + (c.text ? ' /' + c.text + '/' : '');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const nextTask = () => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });
  window.__screens = {
    clearTap() { tapAt = null; },
    tapAt() { return tapAt; },
    async waitUsable(controls, scrollTo, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      let scrolled = !scrollTo;
      for (;;) {
        await frame();
        if (!scrolled) {
          const target = document.querySelector(scrollTo);
          if (target) { target.scrollIntoView({ block: 'start' }); scrolled = true; }
        }
        const elements = controls.map(find);
        if (elements.every(usable)) {
          const seenAt = performance.now();
          const usableAt = await nextTask();
          if (controls.map(find).every(usable)) return { seenAt, usableAt };
        }
        if (performance.now() > deadline) {
          return { missing: controls.filter((c, i) => !usable(elements[i])).map(describe).join(', ') };
        }
      }
    },
    /** The control's centre in the viewport, brought into view first; null while it is not usable. */
    centre(control) {
      const el = find(control);
      if (!usable(el)) return null;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    async serviceWorker(registerMs, timeoutMs) {
      if (!navigator.serviceWorker) return 'none';
      let registration = await navigator.serviceWorker.getRegistration();
      for (let waited = 0; !registration && waited < registerMs; waited += 500) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        registration = await navigator.serviceWorker.getRegistration();
      }
      if (!registration) return 'none';
      const ready = navigator.serviceWorker.ready.then(() => 'active');
      return Promise.race([ready, new Promise((resolve) => setTimeout(() => resolve('timed out'), timeoutMs))]);
    },
    collect() {
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        timeOrigin: performance.timeOrigin,
        serviceWorkerAt,
        controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
        navigation: nav ? { name: nav.name, start: 0, requestStart: nav.requestStart, responseStart: nav.responseStart,
          end: nav.responseEnd, bytes: nav.transferSize, domContentLoaded: nav.domContentLoadedEventEnd } : null,
        resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime,
          responseStart: e.responseStart, end: e.responseEnd, bytes: e.transferSize, worker: e.workerStart > 0 })),
        longTasks,
      };
    },
  };
})();`;

interface Probed {
  timeOrigin: number;
  serviceWorkerAt: number | null;
  controlled: boolean;
  navigation: {
    name: string;
    start: number;
    requestStart: number;
    responseStart: number;
    end: number;
    bytes: number;
    domContentLoaded: number;
  } | null;
  resources: { name: string; start: number; responseStart: number; end: number; bytes: number; worker: boolean }[];
  longTasks: { start: number; duration: number }[];
}

type WaitResult = { seenAt: number; usableAt: number } | { missing: string };

const waitUsable = (page: Page, controls: Control[], scrollTo: string | undefined): Promise<WaitResult> =>
  page.evaluate(`window.__screens.waitUsable(${JSON.stringify(controls)}, ${JSON.stringify(scrollTo ?? null)}, ${SCREEN_TIMEOUT_MS})`);

// ---------------------------------------------------------------------------------------------------------
// The service worker's traffic: throttled and counted through a protocol connection of our own

interface WorkerRequest {
  url: string;
  /** Epoch ms when it started and when it was done. */
  startedAt: number;
  doneAt: number | null;
  bytes: number;
}

/**
 * Playwright gives no protocol session for a service worker, and a page's network conditions do not reach its
 * worker: without this the offline app's precache (the whole build) would download at full speed and the pages'
 * files it answers would arrive as if from a fast line. A second connection to the browser attaches to every service
 * worker as it starts (paused until then), applies the same conditions and counts what it downloads.
 */
class WorkerThrottle {
  readonly requests = new Map<string, WorkerRequest>();
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => this.receive(JSON.parse(String(event.data)) as ProtocolMessage));
  }

  static async connect(port: number): Promise<WorkerThrottle> {
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
    const socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error('Could not connect to Chromium’s DevTools endpoint.')), { once: true });
    });
    const throttle = new WorkerThrottle(socket);
    await throttle.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'service_worker', exclude: false }, { exclude: true }],
    });
    return throttle;
  }

  close() {
    this.socket.close();
  }

  /** The worker's requests between two instants (epoch ms). */
  between(from: number, to: number): WorkerRequest[] {
    return [...this.requests.values()].filter((r) => r.startedAt >= from && r.startedAt <= to);
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.nextId;
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private receive(message: ProtocolMessage) {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
      return;
    }
    const params = message.params ?? {};
    if (message.method === 'Target.attachedToTarget') void this.throttleWorker(params.sessionId as string);
    else if (message.method === 'Network.requestWillBeSent') {
      const request = params.request as { url: string };
      this.requests.set(`${message.sessionId}:${params.requestId as string}`, {
        url: request.url,
        startedAt: Date.now(),
        doneAt: null,
        bytes: 0,
      });
    } else if (message.method === 'Network.loadingFinished') {
      const request = this.requests.get(`${message.sessionId}:${params.requestId as string}`);
      if (request) {
        request.doneAt = Date.now();
        request.bytes = params.encodedDataLength as number;
      }
    }
  }

  private async throttleWorker(sessionId: string) {
    try {
      await this.send('Network.enable', {}, sessionId);
      await this.send('Network.emulateNetworkConditions', CONDITIONS, sessionId);
    } catch (error) {
      log(`Could not throttle a service worker: ${(error as Error).message}`);
    } finally {
      await this.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined);
    }
  }
}

interface ProtocolMessage {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
}

// ---------------------------------------------------------------------------------------------------------
// One run

interface Visit {
  /** Seconds from the tap or navigation start until usable; null when it never was. */
  seconds: number | null;
  problem: string | null;
  /** The details of a first visit. */
  kib: number;
  requests: number;
  workerKib: number;
  workerRequests: number;
  longestTaskMs: number;
  blockingMs: number;
  /** The main thread's work until usable (Chromium's task time, throttled), of which scripts and style and layout. */
  busyMs: number;
  scriptMs: number;
  styleLayoutMs: number;
  /** The page's CPU speed at the run's start: ms for a fixed piece of JavaScript, throttled (the machine is shared). */
  cpuMs: number;
  /** Seconds after the clock's start at which each main chunk arrived (null: before the clock started, or not fetched). */
  chunks: { file: string; at: number | null }[];
  /** Seconds after the first navigation's start at which the offline app was ready (null: not installed yet or never). */
  serviceWorkerS: number | null;
  /** The machine's load average over the last minute when the run began (the machine is shared). */
  load: number;
  waterfall: string[];
}

const kib = (bytes: number) => bytes / 1024;

/** Where the site is: `api` for the benchmark's own requests, `page` for the browser's (the TLS proxy in front of it). */
interface Where {
  api: string;
  page: string;
}

/** The cookie header's pairs as cookies of the site. */
function cookiesOf(header: string, origin: string) {
  return header
    .split('; ')
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: origin }));
}

/** What a request was, shortly: the path, or the tRPC procedures it read. */
function shortName(url: string, origin: string): string {
  const u = new URL(url, origin);
  if (u.origin !== origin) return url.slice(0, 60);
  if (u.pathname.startsWith('/trpc/')) return `trpc ${decodeURIComponent(u.pathname.slice(6)).split(',').join(' + ')}`;
  return u.pathname + (u.pathname.startsWith('/assets/') ? '' : u.search);
}

interface Fetched {
  name: string;
  start: number;
  end: number;
  bytes: number;
  worker?: boolean;
}

/**
 * The requests as waterfall lines: the app's files fetched together (within 100 ms of the first of them, the way a
 * chunk's imports go out at once) on one line with their count and the largest of them; pages and API reads each on
 * their own.
 */
function burstsOf(requests: Fetched[], origin: string): { start: number; end: number; bytes: number; label: string }[] {
  const lines: { start: number; end: number; bytes: number; label: string }[] = [];
  let burst: Fetched[] = [];
  const flush = () => {
    if (!burst.length) return;
    const largest = [...burst].sort((a, b) => b.bytes - a.bytes || a.start - b.start).slice(0, 3);
    const names = largest.map((r) => shortName(r.name, origin).replace('/assets/', '')).join(', ');
    lines.push({
      start: burst[0].start,
      end: Math.max(...burst.map((r) => r.end)),
      bytes: burst.reduce((sum, r) => sum + r.bytes, 0),
      label:
        (burst[0].worker ? '(worker) ' : '') +
        (burst.length === 1 ? shortName(burst[0].name, origin) : `${burst.length} app files: ${names}${burst.length > 3 ? ', …' : ''}`),
    });
    burst = [];
  };
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    const appFile = new URL(r.name, origin).pathname.startsWith('/assets/');
    if (!appFile || (burst.length && (r.start - burst[0].start > 100 || Boolean(r.worker) !== Boolean(burst[0].worker)))) flush();
    if (appFile) burst.push(r);
    else lines.push({ start: r.start, end: r.end, bytes: r.bytes, label: (r.worker ? '(worker) ' : '') + shortName(r.name, origin) });
  }
  flush();
  return lines;
}

/** The main thread's cumulative work in the page (seconds), from `Performance.getMetrics`. */
async function mainThread(cdp: CDPSession): Promise<{ task: number; script: number; styleLayout: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    task: value('TaskDuration'),
    script: value('ScriptDuration'),
    styleLayout: value('RecalcStyleDuration') + value('LayoutDuration'),
  };
}

async function visit(
  page: Page,
  cdp: CDPSession,
  where: Where,
  screen: Screen,
  url: string,
  chunkFiles: Map<string, string>,
  worker: WorkerThrottle,
) {
  const blank = failed();
  let before = await mainThread(cdp);
  await page.goto(url, { waitUntil: 'commit', timeout: SCREEN_TIMEOUT_MS });
  let t0 = 0;
  if (screen.tap) {
    const start = await waitUsable(page, [screen.tap], undefined);
    if ('missing' in start) return { ...blank, problem: `start screen: no usable ${start.missing}` };
    await sleep(THINK_MS);
    const point = await page.evaluate<{ x: number; y: number } | null>(`window.__screens.centre(${JSON.stringify(screen.tap)})`);
    if (!point) return { ...blank, problem: 'the control to tap went away' };
    await page.evaluate('window.__screens.clearTap()');
    before = await mainThread(cdp);
    await page.touchscreen.tap(point.x, point.y);
  }
  const result = await waitUsable(page, screen.ready, screen.scrollTo);
  if (screen.tap) {
    const tapAt = await page.evaluate<number | null>('window.__screens.tapAt()');
    if (tapAt === null) return { ...blank, problem: 'the tap did not reach the page' };
    t0 = tapAt;
  }
  if ('missing' in result) return { ...blank, problem: `no usable ${result.missing} within ${SCREEN_TIMEOUT_MS / 1000} s` };
  const end = result.usableAt;
  const after = await mainThread(cdp);
  const probed = await page.evaluate<Probed>('window.__screens.collect()');
  // The counters start again with a new document.
  if (after.task < before.task) before = { task: 0, script: 0, styleLayout: 0 };

  const inWindow = probed.resources.filter((r) => r.start >= t0 - 1 && r.start <= end);
  const requests = [...(t0 === 0 && probed.navigation ? [probed.navigation] : []), ...inWindow];
  const workerRequests = worker.between(probed.timeOrigin + t0, probed.timeOrigin + end);
  const tasks = probed.longTasks.filter((t) => t.start + t.duration > t0 && t.start < end);
  const chunks = screen.chunks.map((key) => {
    const file = chunkFiles.get(key) ?? key;
    const fetched = inWindow.find((r) => r.name.endsWith(`/${file}`));
    return { file, at: fetched ? (fetched.end - t0) / 1000 : null };
  });

  const s = (ms: number) => ((ms - t0) / 1000).toFixed(2).padStart(6);
  const waterfall = [
    ...burstsOf(requests, where.page).map((b) => ({
      at: b.start,
      line: `${s(b.start)} → ${s(b.end)}  ${(kib(b.bytes).toFixed(1) + ' KiB').padStart(10)}  ${b.label}`,
    })),
    ...tasks
      .filter((t) => t.duration >= 100)
      .map((t) => ({ at: t.start, line: `${s(t.start)} → ${s(t.start + t.duration)}  long task ${t.duration.toFixed(0)} ms` })),
    { at: result.seenAt, line: `${s(result.seenAt)}           control drawn` },
    { at: end, line: `${s(end)}           usable` },
  ]
    .sort((a, b) => a.at - b.at)
    .map((w) => w.line);
  if (workerRequests.length) {
    const done = workerRequests.filter((r) => r.doneAt !== null && r.doneAt <= probed.timeOrigin + end);
    waterfall.push(
      `service worker meanwhile: ${workerRequests.length} requests started (${done.length} done, ` +
        `${kib(done.reduce((sum, r) => sum + r.bytes, 0)).toFixed(0)} KiB), e.g. ${workerRequests
          .slice(0, 3)
          .map((r) => shortName(r.url, where.page))
          .join(', ')}`,
    );
  }

  return {
    seconds: (end - t0) / 1000,
    problem: null,
    kib: kib(requests.reduce((sum, r) => sum + r.bytes, 0)),
    requests: requests.length,
    workerKib: kib(workerRequests.reduce((sum, r) => sum + r.bytes, 0)),
    workerRequests: workerRequests.length,
    longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
    blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    busyMs: (after.task - before.task) * 1000,
    scriptMs: (after.script - before.script) * 1000,
    styleLayoutMs: (after.styleLayout - before.styleLayout) * 1000,
    chunks,
    serviceWorkerS: probed.serviceWorkerAt === null ? null : probed.serviceWorkerAt / 1000,
    load: 0,
    cpuMs: 0,
    waterfall,
  } satisfies Visit;
}

/** A fixed piece of JavaScript (strings, an array, a sort), timed in the page: its CPU speed, throttled, at that moment. */
const CPU_PROBE = `(() => {
  const started = performance.now();
  const items = [];
  for (let i = 0; i < 100000; i++) items.push(String((i * 7919) % 100003));
  items.sort();
  return performance.now() - started;
})()`;

const sessions = new Map<Who, Promise<string>>();

/**
 * The person's session cookie, from one real sign-in per person for the whole benchmark: the site allows ten sign-ins
 * per account in 15 minutes, fewer than the runs, and each fresh context gets the cookie as if it had signed in.
 */
function sessionOf(where: Where, who: Exclude<Who, 'visitor'>): Promise<string> {
  if (!sessions.has(who)) sessions.set(who, signIn(where.api, who));
  return sessions.get(who)!;
}

async function newPhone(browser: Browser, where: Where, who: Who): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  if (who !== 'visitor') await context.addCookies(cookiesOf(await sessionOf(where, who), where.page));
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CONDITIONS);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  return { context, page, cdp };
}

async function runScreen(
  browser: Browser,
  where: Where,
  screen: Screen,
  ids: Ids,
  chunkFiles: Map<string, string>,
  worker: WorkerThrottle,
) {
  const { context, page, cdp } = await newPhone(browser, where, screen.as);
  const cpuMs = await page.evaluate<number>(CPU_PROBE);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message.split('\n')[0]));
  try {
    const url = where.page + screen.path(ids);
    const openedAt = Date.now();
    const load = os.loadavg()[0];
    const first = await visit(page, cdp, where, screen, url, chunkFiles, worker).catch((error: Error): Visit => ({
      ...failed(),
      problem: error.message.split('\n')[0],
    }));
    // The offline app (for someone signed in) installs after the first visit; the repeat visit comes once it has.
    const installed = await page
      .evaluate<string>(`window.__screens.serviceWorker(${REGISTRATION_WAIT_MS}, ${SERVICE_WORKER_TIMEOUT_MS})`)
      .catch(() => 'unknown');
    if (installed === 'active') {
      first.serviceWorkerS ??= await page
        .evaluate<number | null>('window.__screens.collect().serviceWorkerAt')
        .then((ms) => (ms === null ? null : ms / 1000));
    }
    const repeat = await visit(page, cdp, where, screen, url, chunkFiles, worker).catch((error: Error): Visit => ({
      ...failed(),
      problem: error.message.split('\n')[0],
    }));
    if (installed === 'timed out') repeat.problem ??= 'offline app not installed';
    const precache = worker.between(openedAt, Date.now()).filter((r) => r.doneAt !== null);
    for (const v of [first, repeat]) if (!v.problem && errors.length) v.problem = `page error: ${errors[0]}`;
    const precached =
      installed === 'active' && precache.length
        ? `${precache.length} requests, ${kib(precache.reduce((sum, r) => sum + r.bytes, 0)).toFixed(0)} KiB in ` +
          `${((Math.max(...precache.map((r) => r.doneAt!)) - Math.min(...precache.map((r) => r.startedAt))) / 1000).toFixed(0)} s`
        : installed;
    first.load = load;
    first.cpuMs = cpuMs;
    return { first, repeat, installed: precached };
  } finally {
    await context.close();
  }
}

function failed(): Visit {
  return {
    seconds: null,
    problem: null,
    kib: 0,
    requests: 0,
    workerKib: 0,
    workerRequests: 0,
    longestTaskMs: 0,
    blockingMs: 0,
    busyMs: 0,
    scriptMs: 0,
    styleLayoutMs: 0,
    cpuMs: 0,
    chunks: [],
    serviceWorkerS: null,
    load: 0,
    waterfall: [],
  };
}

// ---------------------------------------------------------------------------------------------------------

/** The events the event page and the sign-on desk open, from the API as the demo admin sees them. */
async function findIds(site: Site): Promise<Ids> {
  const cookie = await signIn(site.origin, 'admin');
  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(site.origin + path, { headers: { cookie, accept: 'application/json' } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
    return (await response.json()) as T;
  };
  type EventRow = { id: string; eventDate: string; status: string; isOpen?: boolean; acceptsCatchesToday?: boolean };
  const upcoming = await read<EventRow[]>('/api/events/upcoming');
  const all = await read<EventRow[]>('/api/admin/events');
  const now = Date.now();
  const open = upcoming.find((e) => e.isOpen && e.status === 'active' && new Date(e.eventDate).getTime() > now);
  const desk =
    all.find((e) => e.acceptsCatchesToday) ??
    all
      .filter((e) => e.status === 'active' && new Date(e.eventDate).getTime() > now)
      .sort((a, b) => a.eventDate.localeCompare(b.eventDate))[0];
  if (!open || !desk) throw new Error('The demo club has no upcoming event open to entries, or none for the sign-on desk.');
  return { openEvent: open.id, deskEvent: desk.id };
}

const seconds = (v: number | null) => (v === null ? '—' : v.toFixed(2));

/** Of the runs that measured, the one with the median time (the lower middle one for an even count). */
function medianVisit(visits: Visit[]): Visit | null {
  const measured = visits.filter((v) => v.seconds !== null).sort((a, b) => a.seconds! - b.seconds!);
  return measured.length ? measured[Math.floor((measured.length - 1) / 2)] : null;
}

async function main() {
  const screens = SCREENS.filter((s) => !ONLY || ONLY.includes(s.key));
  if (!screens.length) throw new Error(`BENCH_SCREENS matches none of ${SCREENS.map((s) => s.key).join(', ')}.`);
  const chunkFiles = readChunkFiles();
  const started = Date.now();
  const site: Site = process.env.BENCH_SITE ? { origin: process.env.BENCH_SITE, stop: async () => undefined } : await startDemo();
  const ids = await findIds(site);
  const proxy = HTTP === '2' ? await startTlsProxy(site.origin) : null;
  const where: Where = { api: site.origin, page: proxy?.origin ?? site.origin };

  const chromeFlags = proxy ? [...CHROME_FLAGS, proxy.chromeFlag] : CHROME_FLAGS;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags, handleSIGINT: false, logLevel: 'silent' });
  cleanups.push(() => chrome.kill());
  const worker = await WorkerThrottle.connect(chrome.port);
  cleanups.push(() => worker.close());
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  cleanups.push(() => browser.close());
  const chromiumVersion = browser.version();
  const served = proxy ? 'HTTP/2 through a TLS proxy' : 'HTTP/1.1 from the app';
  log(
    `Chromium ${chromiumVersion}; ${served}; ${NETWORK.name}, CPU ${CPU_SLOWDOWN}× slower; ${RUNS} run${RUNS > 1 ? 's' : ''} per screen.`,
  );

  const results: { screen: Screen; first: Visit[]; repeat: Visit[]; installed: string[] }[] = [];
  for (const screen of screens) {
    const entry = { screen, first: [] as Visit[], repeat: [] as Visit[], installed: [] as string[] };
    for (let run = 1; run <= RUNS; run++) {
      const began = Date.now();
      const { first, repeat, installed } = await runScreen(browser, where, screen, ids, chunkFiles, worker).catch((error: Error) => {
        const problem = error.message.split('\n')[0];
        return { first: { ...failed(), problem }, repeat: { ...failed(), problem }, installed: 'unknown' };
      });
      entry.first.push(first);
      entry.repeat.push(repeat);
      entry.installed.push(installed);
      log(
        `${screen.key} ${run}/${RUNS}: first ${seconds(first.seconds)} s${first.problem ? ` (${first.problem})` : ''}, ` +
          `repeat ${seconds(repeat.seconds)} s${repeat.problem ? ` (${repeat.problem})` : ''}; offline app: ${installed} ` +
          `(${((Date.now() - began) / 1000).toFixed(0)} s)`,
      );
    }
    results.push(entry);
  }

  console.log(
    `\n### Screens on a phone: ${NETWORK.name}, ${CPU_SLOWDOWN}× CPU, ${served}, Chromium ${chromiumVersion}; ` +
      `median of ${RUNS} run${RUNS > 1 ? 's' : ''}\n`,
  );
  const rows: string[][] = [];
  for (const { screen, first, repeat } of results) {
    for (const [label, visits] of [
      ['first', first],
      ['repeat', repeat],
    ] as const) {
      const values = visits.map((v) => v.seconds).filter((v): v is number => v !== null);
      const m = median(values);
      const problems = [...new Set(visits.map((v) => v.problem).filter(Boolean))].join('; ');
      rows.push([
        screen.name,
        label,
        seconds(m),
        values.length ? `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}` : '—',
        `≤ ${GOAL_S} s`,
        m === null ? 'not measured' : m <= GOAL_S ? 'met' : 'not met',
        `${values.length}/${visits.length}${problems ? ` ${problems}` : ''}`,
      ]);
    }
  }
  table(['screen', 'visit', 'median s', 'min–max s', 'goal', 'met', 'runs'], rows, [2, 3]);

  console.log('\n### First visits, run by run: what was downloaded and run between the start and the usable screen\n');
  const detail: string[][] = [];
  for (const { screen, first, installed } of results) {
    first.forEach((v, i) =>
      detail.push([
        screen.key,
        String(i + 1),
        seconds(v.seconds),
        v.seconds === null ? '—' : v.kib.toFixed(0),
        v.seconds === null ? '—' : String(v.requests),
        v.seconds === null ? '—' : `${v.workerRequests} / ${v.workerKib.toFixed(0)}`,
        v.seconds === null ? '—' : v.longestTaskMs.toFixed(0),
        v.seconds === null ? '—' : v.blockingMs.toFixed(0),
        v.seconds === null ? '—' : `${v.busyMs.toFixed(0)} (${v.scriptMs.toFixed(0)} / ${v.styleLayoutMs.toFixed(0)})`,
        v.chunks.map((c) => `${c.file.replace(/^assets\//, '')} ${c.at === null ? 'before' : `${c.at.toFixed(2)} s`}`).join(', ') || '—',
        `${seconds(v.serviceWorkerS)}${installed[i] && !['none', 'active', 'unknown'].includes(installed[i]) ? ` (${installed[i]})` : ''}`,
        v.load.toFixed(1),
        v.cpuMs.toFixed(0),
      ]),
    );
  }
  table(
    [
      'screen',
      'run',
      's',
      'page KiB',
      'page req',
      'worker req / KiB',
      'longest task ms',
      'blocking ms',
      'busy ms (script / style+layout)',
      'main chunks arrived',
      'offline app s',
      'load',
      'cpu probe ms',
    ],
    detail,
    [1, 2, 3, 4, 5, 6, 7, 8, 11, 12],
  );
  console.log(
    '\n`before`: the chunk was already in the page (loaded before the tap), or came from the memory cache. ' +
      '`offline app s`: seconds after the navigation started at which the service worker was active (its precache done), ' +
      'with what the precache downloaded. `busy ms`: the main thread’s task time until usable (throttled). ' +
      '`load`: the machine’s load average when the run began (2 cores, shared); `cpu probe ms`: a fixed piece of ' +
      'JavaScript timed in the throttled page then (the lower, the less the run was slowed by others on the machine).',
  );

  for (const { screen, first, repeat } of results) {
    for (const [label, visits] of [
      ['first', first],
      ['repeat', repeat],
    ] as const) {
      const m = medianVisit(visits);
      if (!m || m.seconds! <= GOAL_S) continue;
      console.log(`\n### Waterfall of ${screen.name}, ${label} visit, median run (${seconds(m.seconds)} s)\n`);
      console.log('```');
      console.log('start s →  end s   transferred  request ((worker): answered by the service worker)');
      for (const line of m.waterfall.slice(0, WATERFALL_LINES)) console.log(line);
      if (m.waterfall.length > WATERFALL_LINES) console.log(`… and ${m.waterfall.length - WATERFALL_LINES} more lines`);
      console.log('```');
    }
  }
  log(`\nDone in ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
}

runBench(main);
