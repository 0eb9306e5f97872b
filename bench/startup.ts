/**
 * The production process as it really runs: `npm start` (build-if-stale, then `node dist/server/main.js` with its
 * embedded PostgreSQL), timed from the spawn to the first 200 of `GET /` (polled every 50 ms), once cold (a fresh
 * data folder: initdb and every migration) and BENCH_STARTS times warm (the same folder again; the median is
 * reported). On the last warm start the server is left alone for 10 s and its resident memory read (VmRSS of the
 * `node … dist/server/main.js` process from /proc, found under npm's shell; the embedded PostgreSQL's processes
 * summed apart: a sum of RSS, so shared buffers count once per process that touched them), then a soak of
 * BENCH_SOAK_SECONDS at 10 connections over the four reads a browser makes on the landing page (the page, upcoming
 * events with the page's limit, the landing sections, the active sponsors; each its own GET, with `accept-encoding:
 * br, gzip`) with the server's RSS read every second, and once more 5 s after it.
 * Run: `npm run bench:startup` (BENCH_STARTS, BENCH_SOAK_SECONDS to change the runs; BENCH_NO_BUILD=1 to skip the
 * `npm run build` done first so that no timed start includes a build). Linux only (it reads /proc).
 *
 * The data folder is new, so the club has no content: the reads answer empty lists, but still go through the
 * whole app (and its public read cache) as they would on a new site. Each start gets the environment of a laptop's
 * `npm start` (PORT, HOST=127.0.0.1, DATA_DIR in the temp folder, LOG_LEVEL=warn, RENEWALS_INTERVAL_MINUTES=0,
 * DATABASE_URL removed) plus RATE_LIMIT_PER_MINUTE=0, without which the soak would measure 429 answers.
 * autocannon runs in a child process (bench/api-load.ts), as in `npm run bench:api`.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/db/embedded-postgres';
import { UPCOMING_LIMIT } from '../src/shared/events';
import type { LoadResult, LoadRun } from './api-load';
import { mb, table } from './table';

const STARTS = Math.max(1, Number(process.env.BENCH_STARTS ?? 3));
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const NO_BUILD = process.env.BENCH_NO_BUILD === '1';
const CONNECTIONS = 10;
const POLL_MS = 50;
const REST_SECONDS = 10;
const AFTER_SOAK_SECONDS = 5;
/** A cold start on a busy machine (or one that has to build after all) can take a while. */
const START_TIMEOUT_MS = 180_000;
/** The server shuts down within 10 s (start-site.ts); a little more before it is killed. */
const STOP_TIMEOUT_MS = 15_000;
/** The goals. */
const GOAL = { warmStartSeconds: 3, restMb: 150, afterSoakMb: 250 };

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const progress = (message: string) => process.stderr.write(`${message}\n`);

// --- /proc ---

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The children of every thread of a process (a thread's /proc children file lists the processes it forked). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => (readProc(pid, `task/${task}/children`) ?? '').split(/\s+/).filter(Boolean).map(Number));
}

function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

const argsOf = (pid: number) => (readProc(pid, 'cmdline') ?? '').split('\0').filter(Boolean);
const nameOf = (pid: number) => (readProc(pid, 'comm') ?? '').trim();

/** Resident memory in bytes (0 once the process is gone). */
function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readProc(pid, 'status') ?? '');
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** Still running: there and not a zombie waiting for its parent. */
function isAlive(pid: number): boolean {
  const stat = readProc(pid, 'stat');
  // The state follows the command name, which is in parentheses and may itself hold spaces or parentheses.
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** The `node … dist/server/main.js` process under npm (not npm's shell, whose one argument merely mentions it). */
function findServer(npmPid: number): number | undefined {
  return descendantsOf(npmPid).find((pid) =>
    argsOf(pid).some((arg) => arg === 'dist/server/main.js' || arg.endsWith('/dist/server/main.js')),
  );
}

const postgresOf = (serverPid: number) => descendantsOf(serverPid).filter((pid) => nameOf(pid) === 'postgres');
const postgresRss = (serverPid: number) => postgresOf(serverPid).reduce((sum, pid) => sum + rssOf(pid), 0);

// --- npm ---

/** `npm run build`; its warnings and errors on stderr, its list of files nowhere. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`))));
  });
}

interface Run {
  npm: ChildProcess;
  /** http://127.0.0.1:<port> */
  site: string;
  exited: Promise<void>;
  /** What npm, the build check and the server printed. */
  output: string[];
  /** How many chunks of output there were at the first 200. */
  outputAtReady?: number;
  serverPid?: number;
}

/** The running `npm start`, so that an error or Ctrl-C can stop it. */
let current: Run | undefined;
let interrupted = false;

function startNpm(dataDir: string, port: number): Run {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RENEWALS_INTERVAL_MINUTES: '0',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  delete env.DATABASE_URL;
  // Its own process group, so that one signal reaches npm, its shell and the server.
  const npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  npm.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    npm.on('exit', () => resolve());
    npm.on('error', () => resolve());
  });
  return { npm, site: `http://127.0.0.1:${port}`, exited, output };
}

/** The status of one `GET` on a connection of its own (no keep-alive socket left open), or 0 when refused. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

interface Start {
  run: Run;
  seconds: number;
  serverPid: number;
  /** build-if-stale found the sources newer than the build and built inside the timed start. */
  rebuilt: boolean;
}

/** `npm start` to the first 200 of `GET /`. */
async function timedStart(dataDir: string, label: string): Promise<Start> {
  if (interrupted) throw new Error('Interrupted');
  const port = await freePort();
  progress(`${label}…`);
  const began = performance.now();
  const run = startNpm(dataDir, port);
  current = run;
  let npmExited = false;
  void run.exited.then(() => (npmExited = true));
  while ((await statusOf(`${run.site}/`)) !== 200) {
    if (npmExited || interrupted || performance.now() - began > START_TIMEOUT_MS) {
      const why = interrupted ? 'interrupted' : npmExited ? `npm start exited (${run.npm.exitCode ?? run.npm.signalCode})` : 'timed out';
      throw new Error(`${label}: ${why} before the first 200. Its output:\n${run.output.join('').slice(-4000)}`);
    }
    await sleep(POLL_MS);
  }
  const seconds = (performance.now() - began) / 1000;
  const serverPid = findServer(run.npm.pid!);
  if (serverPid === undefined) throw new Error(`${label}: no dist/server/main.js process under npm (pid ${run.npm.pid})`);
  run.serverPid = serverPid;
  run.outputAtReady = run.output.length;
  const rebuilt = /building/i.test(run.output.join(''));
  progress(
    `  ${seconds.toFixed(2)} s; server pid ${serverPid}, RSS ${(rssOf(serverPid) / MB).toFixed(0)} MB${rebuilt ? ' (it rebuilt first: the sources changed)' : ''}`,
  );
  return { run, seconds, serverPid, rebuilt };
}

/** SIGTERM to npm's process group, then waits until the server and its PostgreSQL have exited (killed after 15 s). */
async function stop(run: Run): Promise<void> {
  // A start that failed before its first 200 may still have a server (and a PostgreSQL) to stop.
  const serverPid = run.serverPid ?? findServer(run.npm.pid!);
  const watched = serverPid === undefined ? [] : [serverPid, ...postgresOf(serverPid)];
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal(-run.npm.pid!, 'SIGTERM');
  const deadline = performance.now() + STOP_TIMEOUT_MS;
  while (watched.some(isAlive) && performance.now() < deadline) await sleep(100);
  if (watched.some(isAlive)) {
    progress(`the server did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
    signal(-run.npm.pid!, 'SIGKILL');
    for (const pid of watched) signal(pid, 'SIGKILL');
  }
  await run.exited;
  if (current === run) current = undefined;
}

// --- load ---

const CANNON_REQUESTS: LoadRun['requests'] = [
  '/',
  `/trpc/events.upcoming?input=${encodeURIComponent(JSON.stringify({ limit: UPCOMING_LIMIT }))}`,
  `/trpc/cms.sections?input=${encodeURIComponent(JSON.stringify({ pageSlug: 'landing' }))}`,
  '/trpc/sponsors.active',
].map((p) => ({ path: p, headers: { 'accept-encoding': 'br, gzip' } }));

/** One autocannon run in a child process (bench/api-load.ts). */
function soak(url: string, seconds: number): Promise<LoadResult> {
  // tsx's loader comes with process.execArgv, so the child runs TypeScript too.
  const child = fork(path.join(here, 'api-load.ts'), { stdio: 'inherit' });
  return new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (result: LoadResult) => resolve(result));
    child.on('exit', (code) => reject(new Error(`The load generator exited (${code}) without a result`)));
    child.send({ id: 0, url, connections: CONNECTIONS, duration: seconds, requests: CANNON_REQUESTS } satisfies LoadRun);
  }).finally(() => child.connected && child.disconnect());
}

// --- report ---

const secs = (s: number) => `${s.toFixed(2)} s`;
const met = (ok: boolean) => (ok ? 'yes' : 'NO');

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-startup-'));
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      if (current) await stop(current);
      rmSync(dataDir, { recursive: true, force: true });
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    progress(`${signal}: stopping the server…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    if (NO_BUILD) progress('BENCH_NO_BUILD=1: using dist/ as it is (npm start still builds if it is stale)');
    else {
      progress('npm run build…');
      const began = performance.now();
      await build();
      progress(`  built in ${((performance.now() - began) / 1000).toFixed(0)} s`);
    }

    const cold = await timedStart(dataDir, 'cold start (initdb, migrations)');
    await stop(cold.run);

    const warm: Start[] = [];
    for (let i = 1; i <= STARTS; i++) {
      const start = await timedStart(dataDir, `warm start ${i} of ${STARTS}`);
      warm.push(start);
      if (i < STARTS) await stop(start.run);
    }
    const last = warm.at(-1)!;
    const site = last.run.site;

    progress(`at rest for ${REST_SECONDS} s…`);
    await sleep(REST_SECONDS * 1000);
    const restServer = rssOf(last.serverPid);
    const restPostgres = postgresRss(last.serverPid);
    const restPostgresCount = postgresOf(last.serverPid).length;

    // Each read once, as a check that the soak will not be measuring errors (this also fills the public read cache).
    for (const { path: p } of CANNON_REQUESTS) {
      const status = await statusOf(`${site}${p}`);
      if (status !== 200) throw new Error(`GET ${p} answered ${status}`);
    }

    progress(`soak: ${SOAK_SECONDS} s at ${CONNECTIONS} connections…`);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssOf(last.serverPid)), 1000);
    const result = await soak(site, SOAK_SECONDS).finally(() => clearInterval(sampler));
    const peak = Math.max(...samples);
    progress(`${AFTER_SOAK_SECONDS} s after the soak…`);
    await sleep(AFTER_SOAK_SECONDS * 1000);
    const afterSoak = rssOf(last.serverPid);
    await stop(last.run);

    const warmMedian = median(warm.map((s) => s.seconds));
    const rebuilt = (starts: Start[]) => (starts.some((s) => s.rebuilt) ? ' (included a rebuild)' : '');
    console.log(
      `\n\`npm start\` on ${os.cpus().length} CPUs (Node ${process.version}), a fresh data folder (no content), ` +
        `soak at ${CONNECTIONS} connections over GET /, events.upcoming, cms.sections and sponsors.active (br, gzip).\n`,
    );
    table(
      ['measure', 'value', 'goal', 'met'],
      [
        ['npm start → first 200, cold', secs(cold.seconds) + rebuilt([cold]), '', ''],
        [
          `npm start → first 200, warm (median of ${STARTS})`,
          secs(warmMedian) + rebuilt(warm),
          `≤ ${GOAL.warmStartSeconds} s`,
          met(warmMedian <= GOAL.warmStartSeconds),
        ],
        [
          `server RSS at rest (${REST_SECONDS} s after the first 200)`,
          mb(restServer),
          `≤ ${GOAL.restMb} MB`,
          met(restServer <= GOAL.restMb * MB),
        ],
        [`PostgreSQL RSS at rest (${restPostgresCount} processes, summed)`, mb(restPostgres), '', ''],
        [`server RSS peak during ${SOAK_SECONDS} s soak`, mb(peak), '', ''],
        [
          `server RSS after soak (${AFTER_SOAK_SECONDS} s later)`,
          mb(afterSoak),
          `≤ ${GOAL.afterSoakMb} MB`,
          met(afterSoak <= GOAL.afterSoakMb * MB),
        ],
        ['soak req/s', result.requestsPerSecond.toFixed(0), '', ''],
        ['soak p99 ms', String(result.p99), '', ''],
      ],
      [1],
    );
    console.log(
      `\nWarm starts: ${warm.map((s) => secs(s.seconds)).join(', ')}. Soak: ${result.total.toLocaleString()} requests, p50 ${result.p50} ms, ` +
        `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx. ` +
        `Server RSS every second: ${samples.map((b) => (b / MB).toFixed(0)).join(', ')} MB.`,
    );
    if (result.errors + result.non2xx) {
      const logged = last.run.output.slice(last.run.outputAtReady).join('');
      progress(`\nThe soak had failed requests. What the server printed after its first 200:\n${logged.slice(-8000) || '(nothing)'}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
