/**
 * The API under load: seeds 1,000 events, 10,000 members and 100,000 catches (plus the landing page's
 * sections and the sponsors) into a throw-away embedded PostgreSQL, starts the real app on loopback,
 * signs a member in through the API, then runs autocannon against the public reads (upcoming events,
 * landing sections, active sponsors; as the browser asks for them over tRPC and through the REST shims)
 * and the personal reads of a member's dashboard (session, profile, dashboard figures, entries, own catches),
 * each beside a plain Fastify route that sends the same JSON bytes from memory. Then a soak over the tRPC
 * reads the browser makes, with the memory of the process sampled.
 * Run: `npm run bench:api` (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_SOAK_SECONDS to change the runs;
 * BENCH_ONLY=<words> to measure only the reads whose name contains them, e.g. when profiling).
 *
 * The app and the plain route run in this process, one at a time, so each is measured with the same
 * event loop to itself; autocannon runs in a child process (bench/api-load.ts) so that generating load
 * never competes with the server for this event loop or shows up in its memory figures.
 */
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import Fastify from 'fastify';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AppRouter } from '../src/routers';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { openDatabase } from '../src/server/db/database';
import { freePort } from '../src/server/db/embedded-postgres';
import { loadEnv } from '../src/server/env';
import { createMailer } from '../src/server/integrations/mailer';
import { RATE_RULES } from '../src/server/platform/rate-limit.service';
import { UPCOMING_LIMIT } from '../src/shared/events';
import { linkIn } from '../test/support/mime';
import { outboxMail } from '../test/support/outbox';
import type { LoadResult, LoadRun } from './api-load';
import { seedClub } from './seed';
import { mb, table } from './table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const ONLY = process.env.BENCH_ONLY;
const WARMUP_SECONDS = 2;
/** The goals: a public read close to the plain route, a personal one at a quarter of it and quick. */
const GOALS = { publicRatio: 0.85, personalRatio: 0.25, personalP99: 20 };
const PLAN = { members: 10_000, pastEvents: 976, upcomingEvents: 24, catches: 100_000, activeSponsors: 12, landingSections: true };

// A full collection before and after the soak shows what the server keeps, apart from garbage not yet collected.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const here = path.dirname(fileURLToPath(import.meta.url));

interface Endpoint {
  name: string;
  /** Path and query exactly as sent. */
  path: string;
  headers?: Record<string, string>;
  /** The real app's answer, served as-is by the plain route. */
  body: Buffer;
  contentType: string;
  isPublic: boolean;
}

/** The run with the median throughput (its latencies with it). */
function medianRun(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)];
}

/** The headers of the app's kept answer to a read as autocannon asks for it, but those Node adds or computes itself. */
async function headersOfKeptAnswer(url: string, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const ask = () => fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  await ask();
  const response = await ask();
  await response.arrayBuffer();
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...response.headers].filter(([name]) => !own.has(name)));
}

/** The load-generating child process and a promise per run. */
function startLoadGenerator() {
  // tsx's loader comes with process.execArgv, so the child runs TypeScript too.
  const child = fork(path.join(here, 'api-load.ts'), { stdio: 'inherit' });
  const waiting = new Map<number, (r: LoadResult) => void>();
  child.on('message', (r: LoadResult) => waiting.get(r.id)?.(r));
  let next = 0;
  return {
    run(url: string, duration: number, requests: LoadRun['requests']): Promise<LoadResult> {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ id, url, connections: CONNECTIONS, duration, requests } satisfies LoadRun);
      });
    },
    stop: () => child.disconnect(),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-api-'));
  const db = await openDatabase({ dataDir, databasePassword: 'bench', log: quiet });
  const load = startLoadGenerator();
  const plain = Fastify();
  const withHeaders = Fastify();
  let plainOpen = true;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    process.stderr.write('seeding…\n');
    const seedSeconds = await seedClub(db.orm.em.fork(), PLAN);
    process.stderr.write(`seeded in ${seedSeconds.toFixed(1)} s\n`);

    // As deployed: production mode, no log lines, mail into the outbox folder, the real clock and limits.
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: site,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MAIL_OUTBOX_IN_PRODUCTION: '1',
      // autocannon sends thousands of requests a second from one address.
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
      RENEWALS_INTERVAL_MINUTES: '0',
    });
    const outboxDir = path.join(dataDir, 'outbox');
    app = await buildApp({
      env,
      orm: db.orm,
      mailer: createMailer({ from: 'bench@club.test', outboxDir, log: quiet }),
      payments: null,
      sessionSecret: env.SESSION_SECRET!,
      clock: systemClock,
      rateRules: RATE_RULES,
    });
    await app.listen({ port, host: '127.0.0.1' });

    // The typed client as the browser uses it (batching link, same origin), recording what it sends and gets.
    let cookie = '';
    let last: { url: string; body: Buffer; contentType: string } | undefined;
    const browserFetch = async (url: URL | RequestInfo, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('origin', site);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(url, { ...init, headers });
      for (const line of response.headers.getSetCookie()) cookie = line.split(';')[0];
      const body = Buffer.from(await response.arrayBuffer());
      last = { url: String(url), body, contentType: response.headers.get('content-type') ?? 'application/json' };
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const api = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${site}/trpc`, fetch: browserFetch })] });
    const endpoints: Endpoint[] = [];
    const viaTrpc = async (name: string, isPublic: boolean, call: () => Promise<unknown[]>) => {
      const value = await call();
      if (!value.length) throw new Error(`${name} answered an empty list: the seed is wrong`);
      const { url, body, contentType } = last!;
      endpoints.push({ name, path: url.slice(site.length), body, contentType, isPublic, ...(isPublic ? {} : { headers: { cookie } }) });
      return value;
    };
    const viaRest = async (name: string, restPath: string) => {
      const response = await fetch(`${site}${restPath}`);
      if (response.status !== 200) throw new Error(`${restPath} answered ${response.status}`);
      endpoints.push({
        name,
        path: restPath,
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type')!,
        isPublic: true,
      });
    };

    // Public reads, first as the landing page asks for them, then through the documented REST paths.
    const upcoming = await viaTrpc(`upcoming events (tRPC, limit ${UPCOMING_LIMIT})`, true, () =>
      api.events.upcoming.query({ limit: UPCOMING_LIMIT }),
    );
    const sections = await viaTrpc('landing sections (tRPC)', true, () => api.cms.sections.query({ pageSlug: 'landing' }));
    const sponsors = await viaTrpc('active sponsors (tRPC)', true, () => api.sponsors.active.query());
    await viaRest('upcoming events (REST, all)', '/api/events/upcoming');
    await viaRest('landing sections (REST)', '/api/content/sections/landing');
    await viaRest('active sponsors (REST)', '/api/sponsors/active');

    // A member signs up with the address of a seeded membership and follows the e-mailed link: the
    // verified user is linked to that member (and their catches) and the answer carries the session cookie.
    const email = 'member1@example.com';
    await api.auth.signup.mutate({ email, firstName: 'Ben', lastName: 'Flathead' });
    const token = linkIn(await outboxMail(outboxDir, email)).searchParams.get('token')!;
    await api.auth.verifyToken.mutate({ token, purpose: 'verify_email' });
    if (!cookie) throw new Error('No session cookie after following the link');
    // The personal reads of the member's first screen (the portal's dashboard), one by one.
    const mine = await viaTrpc('member catches (tRPC, limit 5, signed in)', false, () => api.catches.mine.query({ limit: 5 }));
    await viaTrpc('member session (tRPC auth.me, signed in)', false, async () => [await api.auth.me.query()]);
    await viaTrpc('member profile (tRPC, signed in)', false, async () => [await api.members.profile.query()]);
    await viaTrpc('member dashboard (tRPC, signed in)', false, async () => [await api.members.dashboard.query()]);
    await viaTrpc('member entries (tRPC, signed in)', false, async () => [await api.events.myRegistrations.query()]);
    process.stderr.write(
      `reads ok: ${upcoming.length} upcoming events, ${sections.length} landing sections, ${sponsors.length} sponsors, ${mine.length} own catches\n`,
    );

    // The baseline: a bare Fastify with one route per read, sending the bytes the app sent. A second one sends the
    // app's headers as well (its security headers, Vary, caching), which tells the server's own work from the bytes.
    for (const e of endpoints) {
      const answerHeaders = await headersOfKeptAnswer(`${site}${e.path}`, e.headers);
      const route = e.path.split('?')[0];
      plain.get(route, (_req, reply) => reply.type(e.contentType).send(e.body));
      withHeaders.get(route, (_req, reply) => reply.headers(answerHeaders).send(e.body));
    }
    const plainPort = await freePort();
    await plain.listen({ port: plainPort, host: '127.0.0.1' });
    const withHeadersPort = await freePort();
    await withHeaders.listen({ port: withHeadersPort, host: '127.0.0.1' });

    const rows: string[][] = [];
    let atGoal = 0;
    for (const e of endpoints) {
      if (ONLY && !e.name.includes(ONLY)) continue;
      const request = [{ path: e.path, headers: e.headers }];
      process.stderr.write(`${e.name}…\n`);
      // Alternating rounds, each side's median kept: the two cores are shared with the load generator and the
      // system, and one run of either side moves by a fifth from one run to the next.
      const sides = [site, `http://127.0.0.1:${plainPort}`, `http://127.0.0.1:${withHeadersPort}`];
      for (const side of sides) await load.run(side, WARMUP_SECONDS, request);
      const runs: LoadResult[][] = sides.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, side] of sides.entries()) runs[i].push(await load.run(side, SECONDS, request));
      }
      const [real, base, sameHeaders] = runs.map(medianRun);
      const ratio = real.requestsPerSecond / base.requestsPerSecond;
      const meetsGoal = e.isPublic ? ratio >= GOALS.publicRatio : ratio >= GOALS.personalRatio && real.p99 <= GOALS.personalP99;
      if (meetsGoal) atGoal++;
      rows.push([
        e.name,
        `${(e.body.length / 1024).toFixed(1)} kB`,
        real.requestsPerSecond.toFixed(0),
        String(real.p50),
        String(real.p99),
        String(runs[0].reduce((sum, r) => sum + r.errors + r.non2xx, 0)),
        base.requestsPerSecond.toFixed(0),
        `${ratio.toFixed(2)}${meetsGoal ? '' : ' (below goal)'}`,
        sameHeaders.requestsPerSecond.toFixed(0),
        (real.requestsPerSecond / sameHeaders.requestsPerSecond).toFixed(2),
      ]);
    }
    await Promise.all([plain.close(), withHeaders.close()]);
    plainOpen = false;

    // The soak: every connection cycles through the tRPC reads the browser makes, public and personal.
    process.stderr.write(`soak: ${SOAK_SECONDS} s at ${CONNECTIONS} connections…\n`);
    const soakRequests = endpoints.filter((e) => !e.path.startsWith('/api/')).map((e) => ({ path: e.path, headers: e.headers }));
    collectGarbage();
    const retainedBefore = process.memoryUsage().heapUsed;
    const samples = [process.memoryUsage()];
    const sampler = setInterval(() => samples.push(process.memoryUsage()), 5000);
    const soak = await load.run(site, SOAK_SECONDS, soakRequests);
    clearInterval(sampler);
    samples.push(process.memoryUsage());
    collectGarbage();
    const retainedAfter = process.memoryUsage().heapUsed;

    console.log(
      `\nSeeded ${PLAN.members.toLocaleString()} members, ${(PLAN.pastEvents + PLAN.upcomingEvents).toLocaleString()} events (${PLAN.upcomingEvents} upcoming), ` +
        `${PLAN.catches.toLocaleString()} catches, ${PLAN.activeSponsors} active sponsors in ${seedSeconds.toFixed(1)} s. ` +
        `autocannon in a child process, ${CONNECTIONS} connections, after a ${WARMUP_SECONDS} s warm-up ${ROUNDS} alternating runs of ${SECONDS} s of each side, the median run of each shown; ${os.cpus().length} CPUs.\n`,
    );
    table(
      ['read', 'body', 'req/s', 'p50 ms', 'p99 ms', 'errors+non-2xx', 'plain req/s', 'ratio', 'plain + app headers req/s', 'ratio'],
      rows,
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    console.log(
      `\nReads meeting their goal (public: ≥ ${GOALS.publicRatio} of the plain route; personal: ≥ ${GOALS.personalRatio} and p99 ≤ ${GOALS.personalP99} ms): ${atGoal} of ${rows.length}.`,
    );

    const soakFailures = soak.errors + soak.non2xx;
    const peak = (key: 'rss' | 'heapUsed') => Math.max(...samples.map((s) => s[key]));
    console.log(
      `\nSoak: ${SOAK_SECONDS} s at ${CONNECTIONS} connections over the ${soakRequests.length} tRPC reads (memory of this process every 5 s, ${samples.length} samples).\n`,
    );
    table(
      ['requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'timeouts', 'non-2xx', 'RSS start / max / end', 'heap used start / max / end'],
      [
        [
          soak.total.toLocaleString(),
          soak.requestsPerSecond.toFixed(0),
          String(soak.p50),
          String(soak.p99),
          String(soak.errors),
          String(soak.timeouts),
          String(soak.non2xx),
          `${mb(samples[0].rss)} / ${mb(peak('rss'))} / ${mb(samples.at(-1)!.rss)}`,
          `${mb(samples[0].heapUsed)} / ${mb(peak('heapUsed'))} / ${mb(samples.at(-1)!.heapUsed)}`,
        ],
      ],
      [0, 1, 2, 3, 4, 5, 6],
    );
    console.log(
      `\nRSS every 5 s: ${samples.map((m) => (m.rss / 1024 / 1024).toFixed(0)).join(', ')} MB. Heap after a full collection: ${mb(retainedBefore)} before the soak, ${mb(retainedAfter)} after.`,
    );
    if (soakFailures) {
      console.log(`\nThe soak had ${soakFailures} failed requests.`);
      process.exitCode = 1;
    }
  } finally {
    load.stop();
    if (plainOpen) await Promise.all([plain.close(), withHeaders.close()]);
    await app?.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
