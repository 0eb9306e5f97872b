/**
 * The demo club for the browser benchmarks (bench/lighthouse.ts, bench/screens.ts): `node dist/server/demo.js` from the
 * last build on a free port with a fresh data folder, the demo people signed in through the API, and the clean-up on
 * the way out (Ctrl-C included), so that no demo site or PostgreSQL outlives the benchmark.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/server/db/embedded-postgres';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { DEMO_LOGINS } from '../src/server/demo/demo-data';

export type Who = 'visitor' | 'member' | 'admin';

const READY_TIMEOUT_MS = 300_000;

/** How the browser benchmarks start Chromium: headless, and quiet (no updates, sync or QUIC of its own). */
export const HEADLESS_CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** The phone the browser benchmarks load the site on: 390×844 with touch, Lighthouse's mobile user agent, in Sydney. */
export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: userAgents.mobile,
  locale: 'en-AU',
  timezoneId: 'Australia/Sydney',
};

export const log = (message: string) => process.stderr.write(`${message}\n`);

/** What to undo on the way out, newest first; also run on Ctrl-C. */
export const cleanups: (() => Promise<void> | void)[] = [];

async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!();
}

/** Runs a benchmark's main: cleans up after it, and on Ctrl-C stops the demo club once and exits 130. */
export function runBench(main: () => Promise<void>): void {
  // Set on Ctrl-C: what fails after it (the site stopping under a run) is no news.
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      log(`\n${signal}: stopping the demo club…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  void main()
    .catch((error: unknown) => {
      if (!interrupted) console.error(error);
      process.exitCode = 1;
    })
    .then(() => cleanUp());
}

export interface Site {
  origin: string;
  stop: () => Promise<void>;
}

/** `node dist/server/demo.js` on a free port with a fresh data folder; resolves once /readyz answers 200. */
export async function startDemo(): Promise<Site> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every run comes from 127.0.0.1, service worker precaching included: the per-address limit would answer 429.
    RATE_LIMIT_PER_MINUTE: '0',
    // No background jobs while measuring.
    RENEWALS_INTERVAL_MINUTES: '0',
    PAYMENTS_RECONCILE_MINUTES: '0',
  };
  // The demo refuses production and external storage; it keeps everything in DATA_DIR.
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'S3_BUCKET']) delete env[name];
  // Its own process group: Ctrl-C reaches only the benchmark, which stops the site once (a second signal would cut it short).
  const child = spawn(process.execPath, ['dist/server/demo.js'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = keepTail(child);

  let stopped: Promise<void> | undefined;
  const site: Site = {
    origin,
    stop: () =>
      (stopped ??= stopChild(child)
        .then(() => stopLeftoverPostgres(path.join(dataDir, 'postgres')))
        .then(() => rmSync(dataDir, { recursive: true, force: true }))),
  };
  cleanups.push(site.stop);
  log(`Starting the demo club on ${origin} (seeding a fresh club into ${dataDir})…`);
  const started = Date.now();
  await waitUntilReady(origin, child, output);
  log(`Demo club ready after ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return site;
}

/** The last lines the site wrote, to show if it fails to start (lines naming a password left out). */
function keepTail(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() && !/password/i.test(line)) lines.push(line);
    lines.splice(0, Math.max(0, lines.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

async function waitUntilReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The demo club exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    const status = await fetch(`${origin}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(500);
  }
  throw new Error(`The demo club was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** SIGTERM, then wait for the exit (so its embedded PostgreSQL stops too); SIGKILL after 30 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(30_000).then(() => true)]);
  if (timedOut) {
    log('The demo club did not stop within 30 s: killing it.');
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * A SIGTERM while the demo is still seeding ends the site before it handles signals, and its PostgreSQL (a
 * process of its own) keeps running: stop it from its postmaster.pid (SIGINT: fast shutdown), SIGKILL after 15 s.
 */
async function stopLeftoverPostgres(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  log('The demo club left its PostgreSQL running: stopping it.');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive() && waited < 15_000; waited += 200) await sleep(200);
  if (alive()) process.kill(pid, 'SIGKILL');
}

export interface TlsProxy {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** Chromium's flag that makes it trust the proxy's own certificate (service workers need a valid one). */
  chromeFlag: string;
}

/** Answer headers that belong to one HTTP/1.1 connection and have no place in HTTP/2. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'http2-settings']);

/**
 * The site as production serves it: behind a TLS proxy speaking HTTP/2 (README, Reverse proxy with TLS), so a page's
 * many files share one connection instead of queueing for HTTP/1.1's six. A self-signed certificate for 127.0.0.1
 * (made with openssl), which Chromium trusts through `chromeFlag`; each request goes on to the site as HTTP/1.1.
 */
export async function startTlsProxy(upstream: string): Promise<TlsProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-tls-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true });
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = target.host;
    const forward = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        // Open sessions would hold the close: a second at most.
        const timer = setTimeout(resolve, 1000);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        agent.destroy();
      }),
  );
  const spki = createPublicKey(readFileSync(cert)).export({ type: 'spki', format: 'der' });
  return {
    origin: `https://127.0.0.1:${(server.address() as { port: number }).port}`,
    chromeFlag: `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
  };
}

/** Signs in through POST /api/auth/login (as the browser would) and returns the session cookie as a Cookie header. */
export async function signIn(origin: string, who: Exclude<Who, 'visitor'>): Promise<string> {
  const { email, password } = DEMO_LOGINS[who];
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!response.ok || !cookie) throw new Error(`Signing in as the demo ${who} failed: HTTP ${response.status}.`);
  // The cookie must open a session of the right role, or the page would be measured signed out.
  const me = await fetch(`${origin}/api/auth/user`, { headers: { cookie } });
  const user = me.ok ? ((await me.json()) as { role?: string }) : null;
  if (user?.role !== who) throw new Error(`The demo ${who}'s session does not work: /api/auth/user answered ${me.status}.`);
  return cookie;
}

/** Each module's file in the Vite manifest of the build the demo serves ('routes/member.tsx' → 'assets/member-….js'). */
export function readChunkFiles(): Map<string, string> {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return new Map(Object.entries(manifest).map(([key, chunk]) => [key, chunk.file]));
}

export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
