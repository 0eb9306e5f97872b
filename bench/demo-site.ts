/**
 * The demo club for the browser benchmarks (bench/lighthouse.ts, bench/screens.ts): `node dist/server/demo.js` from the
 * last build on a free port with a fresh data folder, the demo people signed in through the API, and the clean-up on
 * the way out (Ctrl-C included), so that no demo site or PostgreSQL outlives the benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/server/db/embedded-postgres';
import { DEMO_LOGINS } from '../src/server/demo/demo-data';

export type Who = 'visitor' | 'member' | 'admin';

const READY_TIMEOUT_MS = 180_000;

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
  main()
    .catch((error: unknown) => {
      if (!interrupted) console.error(error);
      process.exitCode = 1;
    })
    .finally(cleanUp);
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
