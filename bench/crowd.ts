/**
 * A club day on one public address: the clubhouse Wi-Fi, the ramp's hotspot or a mobile carrier's NAT puts every
 * phone of the field behind the same address, and the site must tell that crowd from one abusive script.
 *
 * Starts the production build (`node dist/server/main.js`, NODE_ENV=production, PUBLIC_URL on loopback, the limits at
 * their defaults: RATE_LIMIT_PER_MINUTE 600 and the per-purpose rules) against a throw-away embedded PostgreSQL
 * seeded with a small club (bench/seed.ts), a club day event today whose fishing is open now, and 60 current members
 * with passwords entered in it. Every request comes from 127.0.0.1.
 *
 * 1. The club day: 60 phones, each with its own cookie jar and file cache, start 0.8 s apart. Each opens / as a
 *    browser does (the HTML, the scripts, styles and icons it names, the web manifest and its icons), signs in with
 *    its password (tRPC auth.login), opens /member (a full load, as after a password login), opens the fish-logging
 *    screen (its code and its reads), installs the offline app as field mode does for anyone signed in (/sw.js, then
 *    Workbox's precache: every file of the build the phone has not got, and the revisioned ones again), and logs three
 *    catches (multipart, a JPEG made with sharp) a couple of seconds apart, the recent catches read after each.
 *    A phone whose page or sign-in is refused stops there, as the person cannot go on.
 * 2. After a quiet minute (so the second scenario starts with fresh per-minute counts): for 20 s one client without
 *    a session hammers GET /api/events/upcoming, tRPC auth.login with wrong passwords and GET / (as a page), each on
 *    a connection of its own, as fast as the server answers; meanwhile 10 signed-in phones keep using the site (their
 *    dashboard reads, the upcoming events, a catch, every few seconds) and 3 more phones arrive and sign in.
 *
 * A 429 is a refusal; any other status of 400 or more (or no answer) is an error. The goal: no phone refused, the
 * abuser slowed. A benchmark, not a test: it prints the figures and exits 0 whether or not the goals are met.
 * Run: `npm run bench:crowd` (builds first; `npx tsx bench/crowd.ts` uses dist/ as it is). About 3 minutes.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { hash as argonHash } from '@node-rs/argon2';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/database';
import { freePort } from '../src/server/db/embedded-postgres';
import { AuthToken, Event, EventRegistration, Household, Member, Payment, User } from '../src/server/db/entities';
import { CATCH_PHOTO_FIELD, CATCH_SUBMISSION_PATH, RECENT_CATCHES } from '../src/shared/catches';
import { EXAMPLE_CLUB_SPECIES } from '../src/shared/club-example';
import type { CatchSubmissionFields } from '../src/shared/catches.schema';
import { addYears, clubLocalToInstant, clubToday, instantToClubLocal } from '../src/shared/dates';
import { acceptedVersions } from '../src/shared/documents';
import type { FirstRead } from '../src/shared/screens';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_MEMBERSHIP_RULES } from '../src/shared/club-example';
import { seedClub } from './seed';
import { table } from './table';

const PHONES = 60;
const SPREAD_SECONDS = 48;
const CATCHES_PER_PHONE = 3;
/** A person reads the page and types a password; a catch is measured and photographed. */
const THINK_MS = 2000;
const CATCH_GAP_MS = 2000;
/** Longer than the coarse limit's window, so the second scenario starts with the address's count at zero. */
const QUIET_SECONDS = 61;
const ABUSE_SECONDS = 20;
const STEADY_PHONES = 10;
const LATE_PHONES = 3;
const REQUEST_TIMEOUT_MS = 30_000;
/** Everything is bounded; this only stops a run that hangs on something unforeseen. */
const WATCHDOG_MS = 8 * 60_000;
const PASSWORD = 'Flathead-on-the-flats-2026';
// auth.service.ts's parameters (OWASP's minimum), so that each sign-in costs the server what a real one does.
const ARGON_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
const PLAN = { members: 200, pastEvents: 30, upcomingEvents: 6, catches: 3000, activeSponsors: 6, landingSections: true };

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const clientDir = path.join(root, 'dist/client');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (message: string) => process.stderr.write(`${message}\n`);
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

// --- HTTP ---

interface Answer {
  status: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request on the phone's own connections; status 0 when there was no answer (refused connection, timeout). */
function send(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const began = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, answerHeaders: http.IncomingHttpHeaders = {}, answerBody = Buffer.alloc(0)) =>
      resolve({ status, ms: performance.now() - began, headers: answerHeaders, body: answerBody });
    const sent = body ? { ...headers, 'content-length': String(body.length) } : headers;
    const req = http.request(url, { method, agent, headers: sent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(res.statusCode ?? 0, res.headers, Buffer.concat(chunks)));
      res.on('error', () => done(0));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => done(0));
    req.end(body);
  });
}

/** The body as sent before compression (only pages and the manifest are read). */
function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

// --- counting ---

/** What a request was for, so the club day can be read by kind. */
type Kind = 'page' | 'app file' | 'offline copy' | 'read' | 'sign-in' | 'catch';
const KINDS: Kind[] = ['page', 'app file', 'offline copy', 'read', 'sign-in', 'catch'];

interface Sample {
  kind: Kind;
  /** The path without its query ('/trpc/events.upcoming'). */
  target: string;
  status: number;
  ms: number;
}

type Tally = Sample[];

const isRefusal = (s: Sample) => s.status === 429;
// A 207 is a tRPC batch in which some read failed.
const isError = (s: Sample) => s.status !== 429 && (s.status === 0 || s.status === 207 || s.status >= 400);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    refused: samples.filter(isRefusal).length,
    errors: samples.filter(isError).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
  };
}

/** The site's files are many, each fetched once: they are counted together. */
const FILE_GROUPS: Partial<Record<Kind, string>> = { 'app file': 'app files', 'offline copy': 'offline-copy files' };

/** What was refused, by path ('/trpc/events.upcoming × 22', 'app files × 27'), or 'nothing refused'. */
function refusedTargets(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples.filter(isRefusal)) {
    const key = FILE_GROUPS[s.kind] ?? s.target;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (!counts.size) return 'nothing refused';
  return `refused: ${[...counts].map(([target, n]) => `${target} × ${n.toLocaleString()}`).join(', ')}`;
}

/** What each status was answered how often ('200 × 1,234, 429 × 56'). */
function statuses(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'no answer'} × ${n.toLocaleString()}`)
    .join(', ');
}

// --- a phone ---

const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** What a browser says it fetches a file for (`Sec-Fetch-Dest`), with the Accept it sends for that. */
type Dest = 'script' | 'style' | 'image' | 'manifest' | 'serviceworker' | 'empty';
const ACCEPT: Record<Dest, string> = {
  script: '*/*',
  style: 'text/css,*/*;q=0.1',
  image: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  manifest: '*/*',
  serviceworker: '*/*',
  empty: '*/*',
};

interface FileRequest {
  path: string;
  dest: Dest;
}

/** A browser on a phone: its own connections (six, as browsers open per site), cookie jar and cache of the site's files. */
class Phone {
  private readonly agent: http.Agent;
  /** The abuser keeps none: it never has a session. */
  private readonly keepsCookies: boolean;
  private readonly jar = new Map<string, string>();
  /** The hashed files never change, so the browser fetches each once. */
  private readonly cached = new Set<string>();

  constructor(
    private readonly site: string,
    public tally: Tally,
    options: { connections?: number; keepsCookies?: boolean } = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 6 });
    this.keepsCookies = options.keepsCookies ?? true;
  }

  get hasSession(): boolean {
    return this.jar.size > 0;
  }

  async request(kind: Kind, method: string, target: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
    const all: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-language': 'en-AU', 'accept-encoding': 'br, gzip', ...headers };
    if (this.jar.size) all.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await send(this.agent, new URL(target, this.site), method, all, body);
    if (this.keepsCookies) this.keepCookies(answer);
    this.tally.push({ kind, target: target.split('?')[0], status: answer.status, ms: answer.ms });
    return answer;
  }

  private keepCookies(answer: Answer): void {
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const pair = line.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Opens a page as a full load (typed, or after a password login): its HTML, then the files it names. Its status. */
  async open(pathname: string, fromSite: boolean): Promise<number> {
    const page = await this.request('page', 'GET', pathname, {
      accept: PAGE_ACCEPT,
      'sec-fetch-dest': 'document',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-site': fromSite ? 'same-origin' : 'none',
    });
    if (page.status !== 200) return page.status;
    const named = filesNamedBy(decoded(page));
    await Promise.all([
      this.files(named.filter((f) => f.dest !== 'manifest')),
      ...named.filter((f) => f.dest === 'manifest').map((f) => this.manifestAndIcons(f)),
    ]);
    return page.status;
  }

  /** The web manifest and its icons, which the browser fetches to offer installing the site. */
  private async manifestAndIcons(manifest: FileRequest): Promise<void> {
    const answer = await this.file('app file', manifest);
    if (answer?.status !== 200) return;
    const icons = (JSON.parse(decoded(answer)) as { icons?: { src: string }[] }).icons ?? [];
    await this.files(icons.map((icon) => ({ path: icon.src, dest: 'image' as const })));
  }

  /** Files the phone has not got yet, six at a time as the browser's connections allow. */
  async files(list: FileRequest[], kind: Kind = 'app file'): Promise<void> {
    await Promise.all(list.map((f) => this.file(kind, f)));
  }

  /** One file, unless the cache has it (`reload`: fetched anyway, as Workbox does for a revisioned entry). */
  private async file(kind: Kind, f: FileRequest, reload = false): Promise<Answer | undefined> {
    if (this.cached.has(f.path) && !reload) return undefined;
    this.cached.add(f.path);
    const answer = await this.request(kind, 'GET', f.path, {
      accept: ACCEPT[f.dest],
      'sec-fetch-dest': f.dest,
      'sec-fetch-mode': f.dest === 'image' || f.dest === 'style' ? 'no-cors' : 'cors',
      'sec-fetch-site': 'same-origin',
      ...(f.dest === 'serviceworker' ? { 'service-worker': 'script' } : {}),
    });
    if (answer.status !== 200) this.cached.delete(f.path);
    return answer;
  }

  /** Field mode's install of the offline app: the worker, then Workbox's precache of the whole build. */
  async installOfflineApp(precache: PrecacheEntry[]): Promise<void> {
    const worker = await this.file('offline copy', { path: '/sw.js', dest: 'serviceworker' }, true);
    if (worker?.status !== 200) return;
    await Promise.all(precache.map((e) => this.file('offline copy', { path: e.url, dest: 'empty' }, e.revision !== null)));
  }

  /** Reads as the client's batching link sends them: one GET for the reads a screen asks for together. */
  read(reads: FirstRead[]): Promise<Answer> {
    const input = Object.fromEntries(reads.flatMap((r, i) => (r.input === undefined ? [] : [[i, r.input]])));
    const target = `/trpc/${reads.map((r) => r.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.request('read', 'GET', target, {
      accept: '*/*',
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'cors',
      'sec-fetch-site': 'same-origin',
    });
  }

  /** A mutation as the client's batching link sends it. */
  mutate(kind: Kind, procedure: string, input: unknown): Promise<Answer> {
    return this.request(
      kind,
      'POST',
      `/trpc/${procedure}?batch=1`,
      { accept: '*/*', 'content-type': 'application/json', origin: this.site, 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' },
      Buffer.from(JSON.stringify({ 0: input })),
    );
  }

  /** Signs in with a password: the answer's status, or 0 for a 200 that set no session cookie. */
  async signIn(email: string, password: string): Promise<number> {
    const answer = await this.mutate('sign-in', 'auth.login', { email, password });
    return answer.status === 200 && !this.hasSession ? 0 : answer.status;
  }

  /** Posts a catch as the fish-logging screen does: multipart, the fields and the photo. */
  async logCatch(fields: CatchSubmissionFields, photo: Buffer): Promise<Answer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append(CATCH_PHOTO_FIELD, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
    const encoded = new Request(this.site, { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.request(
      'catch',
      'POST',
      CATCH_SUBMISSION_PATH,
      {
        accept: '*/*',
        'content-type': encoded.headers.get('content-type')!,
        origin: this.site,
        'sec-fetch-dest': 'empty',
        'sec-fetch-site': 'same-origin',
      },
      body,
    );
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The same-site files a page's HTML names: `<script src>` and `<link href>` (styles, module preloads, icons, the manifest). */
function filesNamedBy(html: string): FileRequest[] {
  const files: FileRequest[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const target = attribute('src') ?? attribute('href');
    if (!target?.startsWith('/') || target.startsWith('//')) continue;
    const rel = attribute('rel') ?? '';
    const dest: Dest =
      tag.startsWith('<script') || rel === 'modulepreload'
        ? 'script'
        : rel === 'stylesheet'
          ? 'style'
          : rel === 'manifest'
            ? 'manifest'
            : 'image';
    files.push({ path: target, dest });
  }
  return files;
}

// --- the build ---

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

interface Build {
  /** The service worker's list (vite.config.ts writes it into /sw.js). */
  precache: PrecacheEntry[];
  /** The code the fish-logging screen and field mode load when they are first drawn. */
  fishLoggingFiles: FileRequest[];
}

function readBuild(): Build {
  const worker = readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  const precache = [...worker.matchAll(/\{\s*url:\s*"([^"]+)",\s*revision:\s*(null|"[^"]*")\s*\}/g)].map(([, url, revision]) => ({
    url,
    revision: revision === 'null' ? null : revision.slice(1, -1),
  }));
  if (!precache.some((e) => e.url === '/')) throw new Error('No precache list found in dist/client/sw.js: has the build changed?');
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Map<string, Dest>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
    files.set(`/${chunk.file}`, 'script');
    for (const css of chunk.css ?? []) files.set(`/${css}`, 'style');
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.name === 'fish-logging' || chunk.name === 'field-mode') visit(key);
  return { precache, fishLoggingFiles: [...files].map(([p, dest]) => ({ path: p, dest })) };
}

/** Distinct small JPEGs (a plain colour each, so no two catches look like the same photo), made before the load starts. */
async function makePhotos(count: number): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const background = { r: (i * 41) % 256, g: (i * 23) % 256, b: 80 + ((i * 7) % 160) };
    photos.push(
      await sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return photos;
}

// --- the club ---

interface Angler {
  email: string;
  userId: string;
  memberId: string;
}

interface ClubDay {
  eventId: string;
  anglers: Angler[];
  fishingStart: string;
  fishingEnd: string;
}

/** Fishing hours around now on the club's clocks: from an hour ago (or midnight) to the end of the day. */
function fishingHoursAroundNow(now: Date): { start: string; end: string } {
  const today = clubToday(now);
  const hourAgo = instantToClubLocal(new Date(now.getTime() - 3600_000));
  return { start: hourAgo.startsWith(today) ? hourAgo.slice(11, 16) : '00:00', end: '23:59' };
}

/**
 * Today's club day and the phones' members, written as test/support/factories.ts `createMember` writes them: a
 * verified account with a password, a household, a current membership paid by a completed payment, an entry.
 */
async function seedClubDay(em: EntityManager): Promise<ClubDay> {
  const now = new Date();
  const today = clubToday(now);
  const hours = fishingHoursAroundNow(now);
  const event = em.create(Event, {
    name: 'Club Day Bream Round',
    description: 'A club day on the Tweed: sign on at the ramp, fish until dark.',
    location: 'Tweed River, Chinderah boat ramp',
    eventDate: clubLocalToInstant(`${today}T${hours.start}`),
    fishingStart: hours.start,
    fishingEnd: hours.end,
    registrationFeeCents: 0,
    registeredCount: PHONES,
    status: 'active',
    clubCode: 'MULLET',
  });
  // One hash for everyone: each sign-in still verifies it at full cost.
  const passwordHash = await argonHash(PASSWORD, ARGON_OPTIONS);
  const anglers: Angler[] = [];
  for (let i = 1; i <= PHONES; i++) {
    const email = `angler${i}@club-day.test`;
    const [firstName, lastName] = [['Ava', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn'][i % 6], `Rampside ${i}`];
    const user = em.create(User, { email, firstName, lastName, role: 'member', emailVerifiedAt: now, passwordHash });
    const household = em.create(Household, { membershipType: 'adult' });
    const member = em.create(Member, {
      household,
      user,
      isPrimary: true,
      firstName,
      lastName,
      email,
      phone: '0400 000 000',
      address: '1 River St, Murwillumbah NSW 2484',
      dateOfBirth: '1980-05-05',
      gender: 'female',
      shirtSize: 'M',
      membershipType: 'adult',
      status: 'active',
      memberSince: today,
      expiryDate: addYears(today, 1),
      termsAcceptedAt: now,
      codeOfConductAcceptedAt: now,
      documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS).map((d) => ({ ...d, acceptedAt: now.toISOString() })),
    });
    em.create(Payment, {
      kind: 'membership',
      purpose: 'join',
      household,
      covers: { householdType: 'adult', members: [{ id: member.id, membershipType: 'adult' }] },
      createdBy: user,
      description: 'Adult membership fee',
      payee: `${firstName} ${lastName}`,
      amountCents: EXAMPLE_MEMBERSHIP_RULES.feesCents.adult,
      currency: 'AUD',
      provider: 'demo',
      method: 'demo',
      providerOrderId: `DEMO-${randomBytes(8).toString('hex')}`,
      status: 'completed',
      capturedAt: now,
      rawResponse: null,
    });
    em.create(EventRegistration, { event, member });
    anglers.push({ email, userId: user.id, memberId: member.id });
  }
  await em.flush();
  return { eventId: event.id, anglers, fishingStart: hours.start, fishingEnd: hours.end };
}

/** A sign-in link's token, made in the database as an e-mailed one would be (factories.ts `signIn`). */
async function signInToken(em: EntityManager, userId: string): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  const now = new Date();
  em.create(AuthToken, {
    tokenHash: createHash('sha256').update(raw).digest('hex'),
    purpose: 'sign_in',
    user: em.getReference(User, userId),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 15 * 60_000),
  });
  await em.flush();
  return raw;
}

// --- the server ---

interface Server {
  process: ChildProcess;
  site: string;
  /** What it printed (warnings and errors), shown if it fails. */
  output: string[];
  exited: Promise<void>;
}

/** `node dist/server/main.js` as `npm start` runs it, in production, on loopback, with the limits at their defaults. */
async function startServer(dataDir: string, databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: site,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_IN_PRODUCTION: '1',
    LOG_LEVEL: 'warn',
    RENEWALS_INTERVAL_MINUTES: '0',
  };
  // As deployed: whatever this shell sets, the limits are the defaults and the address is the socket's.
  for (const name of ['RATE_LIMIT_PER_MINUTE', 'TRUST_PROXY', 'PAYMENTS_PROVIDER', 'SMTP_URL', 'S3_BUCKET']) delete env[name];
  const child = spawn(process.execPath, ['--max-semi-space-size=4', 'dist/server/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const server = { process: child, site, output, exited };
  const agent = new http.Agent();
  const deadline = performance.now() + 60_000;
  while ((await send(agent, new URL('/readyz', site), 'GET', {})).status !== 200) {
    if (child.exitCode !== null || performance.now() > deadline) {
      await stopServer(server);
      throw new Error(`The server did not start. Its output:\n${output.join('').slice(-4000)}`);
    }
    await sleep(100);
  }
  agent.destroy();
  return server;
}

/** SIGTERM (the server finishes its requests and closes its pool), SIGKILL after 15 s. */
async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill('SIGTERM');
  const killer = setTimeout(() => server.process.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(killer);
}

// --- the scenarios ---

interface Day {
  site: string;
  build: Build;
  club: ClubDay;
  /** The next unused photo. */
  photo: () => Buffer;
}

/** A phone and the member holding it. */
interface Holder {
  phone: Phone;
  angler: Angler;
}

let catchesMade = 0;

/** A catch as the form sends it, with a client id and the time it was logged, as the phone's queue does. */
function catchFields(day: Day, angler: Angler): CatchSubmissionFields {
  catchesMade += 1;
  return {
    fishType: EXAMPLE_CLUB_SPECIES.species[catchesMade % EXAMPLE_CLUB_SPECIES.species.length].name,
    size: String(22 + ((catchesMade * 7) % 45)),
    fishKeptOrReleased: catchesMade % 3 ? 'released' : 'kept',
    eventId: day.club.eventId,
    memberId: angler.memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.264512, 153.563218',
    clientId: randomUUID(),
    loggedAt: new Date().toISOString(),
  };
}

/** One phone's club day; says how far it got. */
async function clubDayVisit({ phone, angler }: Holder, day: Day): Promise<string> {
  const landing = await phone.open('/', false);
  if (landing !== 200) return `stopped: / answered ${landing}`;
  await sleep(THINK_MS);
  const signIn = await phone.signIn(angler.email, PASSWORD);
  if (signIn !== 200) return `stopped: sign-in answered ${signIn || '200 without a session'}`;
  const portal = await phone.open('/member', true);
  if (portal !== 200) return `stopped: /member answered ${portal}`;
  // The fish-logging screen: its code, then its form's reads in one batch (the profile and the recent catches came
  // with the page); field mode, drawn for anyone signed in, installs the offline app.
  await phone.files(day.build.fishLoggingFiles);
  await phone.read([{ path: 'members.list' }, { path: 'events.upcoming' }, { path: 'catches.sizeLimits' }]);
  await phone.installOfflineApp(day.build.precache);
  let logged = 0;
  for (let n = 0; n < CATCHES_PER_PHONE; n++) {
    await sleep(CATCH_GAP_MS);
    if ((await phone.logCatch(catchFields(day, angler), day.photo())).status === 200) logged++;
    // The recent catches on the same screen are read again after each catch.
    await phone.read([{ path: 'catches.mine', input: { limit: RECENT_CATCHES } }]);
  }
  return logged === CATCHES_PER_PHONE ? `logged its ${CATCHES_PER_PHONE} catches` : `logged ${logged} of its ${CATCHES_PER_PHONE} catches`;
}

/** Reports the running count every 10 s, so a long scenario is seen to move. */
function ticker(label: string, tallies: Tally[]): () => void {
  const timer = setInterval(() => {
    const all = tallies.flat();
    progress(`  ${label}: ${all.length.toLocaleString()} requests, ${all.filter(isRefusal).length.toLocaleString()} refused`);
  }, 10_000);
  return () => clearInterval(timer);
}

async function clubDay(day: Day, holders: Holder[], tally: Tally): Promise<{ outcomes: string[]; seconds: number }> {
  progress(`club day: ${holders.length} phones over ${SPREAD_SECONDS} s…`);
  const stop = ticker('club day', [tally]);
  const began = performance.now();
  const outcomes = await Promise.all(
    holders.map(async (holder, i) => {
      await sleep((i * SPREAD_SECONDS * 1000) / holders.length);
      return clubDayVisit(holder, day);
    }),
  ).finally(stop);
  return { outcomes, seconds: (performance.now() - began) / 1000 };
}

/** What the abuser hammers, each on a connection of its own, as fast as the server answers it. */
const ABUSES: { label: string; kind: Kind; send: (abuser: Phone, n: number) => Promise<Answer> }[] = [
  {
    label: 'GET /api/events/upcoming',
    kind: 'read',
    send: (abuser) => abuser.request('read', 'GET', '/api/events/upcoming', { accept: 'application/json' }),
  },
  {
    label: 'auth.login with wrong passwords',
    kind: 'sign-in',
    // Unknown addresses, so no member's own sign-in limit is touched: this is about the shared address.
    send: (abuser, n) => abuser.mutate('sign-in', 'auth.login', { email: `guess${n % 40}@example.com`, password: `wrong-${n}` }),
  },
  {
    label: 'GET / as a page',
    kind: 'page',
    send: (abuser) =>
      abuser.request('page', 'GET', '/', { accept: PAGE_ACCEPT, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }),
  },
];

async function hammer(abuser: Phone, until: number, abuse: (typeof ABUSES)[number]): Promise<void> {
  for (let n = 0; performance.now() < until; n++) await abuse.send(abuser, n);
}

/** A signed-in phone using the site every few seconds: its dashboard, the upcoming events, a catch. */
async function keepFishing({ phone, angler }: Holder, day: Day, until: number, index: number): Promise<void> {
  for (let cycle = 0; ; cycle++) {
    // Every 2.5 to 4.5 s, out of step with the other phones.
    await sleep(2500 + ((index * 7 + cycle * 3) % 5) * 500);
    if (performance.now() >= until) return;
    await phone.read([
      { path: 'members.dashboard' },
      { path: 'events.myRegistrations' },
      { path: 'catches.mine', input: { limit: RECENT_CATCHES } },
    ]);
    await phone.read([{ path: 'events.upcoming' }]);
    await phone.logCatch(catchFields(day, angler), day.photo());
    await phone.read([{ path: 'catches.mine', input: { limit: RECENT_CATCHES } }]);
  }
}

/** A phone arriving during the abuse: the landing page, a password sign-in, the portal. */
async function arrive(day: Day, angler: Angler, tally: Tally, delayMs: number): Promise<string> {
  await sleep(delayMs);
  const phone = new Phone(day.site, tally);
  try {
    const landing = await phone.open('/', false);
    if (landing !== 200) return `/ answered ${landing}`;
    const signIn = await phone.signIn(angler.email, PASSWORD);
    if (signIn !== 200) return `sign-in answered ${signIn || '200 without a session'}`;
    const portal = await phone.open('/member', true);
    return portal === 200 ? 'signed in' : `/member answered ${portal}`;
  } finally {
    phone.close();
  }
}

interface Abuse {
  abuser: Tally;
  steady: Tally;
  late: Tally;
  lateOutcomes: string[];
  seconds: number;
}

async function abuse(day: Day, steady: Holder[], late: Angler[]): Promise<Abuse> {
  progress(
    `abuse: one client over ${ABUSES.length} connections for ${ABUSE_SECONDS} s, ${steady.length} phones using the site, ${late.length} arriving…`,
  );
  const result: Abuse = { abuser: [], steady: [], late: [], lateOutcomes: [], seconds: 0 };
  const abuser = new Phone(day.site, result.abuser, { connections: ABUSES.length, keepsCookies: false });
  for (const { phone } of steady) phone.tally = result.steady;
  const stop = ticker('abuser', [result.abuser]);
  const began = performance.now();
  const until = began + ABUSE_SECONDS * 1000;
  const arrivals = late.map((angler, i) => arrive(day, angler, result.late, ((i + 1) * ABUSE_SECONDS * 1000) / (late.length + 1)));
  await Promise.all([
    ...ABUSES.map((a) => hammer(abuser, until, a)),
    ...steady.map((holder, i) => keepFishing(holder, day, until, i)),
    Promise.all(arrivals).then((outcomes) => result.lateOutcomes.push(...outcomes)),
  ]).finally(stop);
  abuser.close();
  result.seconds = (performance.now() - began) / 1000;
  return result;
}

/**
 * The phones for the second scenario: the first with a session from the club day, topped up (when the club day left
 * fewer signed in) by sign-in links made in the database, as a member who got in later would be.
 */
async function signedInPhones(holders: Holder[], em: EntityManager): Promise<{ steady: Holder[]; byLink: number }> {
  const steady = holders.filter((h) => h.phone.hasSession).slice(0, STEADY_PHONES);
  let byLink = 0;
  for (const holder of holders.filter((h) => !h.phone.hasSession)) {
    if (steady.length >= STEADY_PHONES) break;
    holder.phone.tally = [];
    const token = await signInToken(em, holder.angler.userId);
    await holder.phone.mutate('sign-in', 'auth.verifyToken', { token, purpose: 'sign_in' });
    if (holder.phone.hasSession) {
      steady.push(holder);
      byLink++;
    }
  }
  return { steady, byLink };
}

// --- the report ---

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));

function row(label: string, samples: Sample[], goal: string, met?: boolean): string[] {
  const s = summary(samples);
  const cells = [label, s.requests.toLocaleString(), s.refused.toLocaleString(), s.errors.toLocaleString(), ms(s.p50), ms(s.p95)];
  return [...cells, goal, met === undefined ? '' : met ? 'yes' : 'NO'];
}

/** The commit this checkout is at, and whether src/ differs from it. */
function revision(): string {
  try {
    const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    if (!commit) return 'not a git checkout';
    return git('status', '--porcelain', '--', 'src') ? `${commit} with uncommitted changes in src/` : commit;
  } catch {
    return 'not a git checkout';
  }
}

/** '60 logged its 3 catches; 12 stopped: sign-in answered 429'. */
function tallyOutcomes(outcomes: string[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts].map(([o, n]) => `${n} ${o}`).join('; ');
}

interface Figures {
  day: Day;
  clubDay: Tally;
  outcomes: string[];
  clubDaySeconds: number;
  second: Abuse;
  byLink: number;
  steadyCount: number;
  catchesStored: number;
}

function report(f: Figures): void {
  const cpus = os.cpus();
  console.log(
    `\nbench:crowd on ${cpus[0]?.model ?? 'an unknown CPU'} (${cpus.length} cores), Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `code at ${revision()}. Production build, RATE_LIMIT_PER_MINUTE and the sign-in limits at their defaults, every request from 127.0.0.1. ` +
      `Club day event with fishing ${f.day.club.fishingStart}–${f.day.club.fishingEnd} club time.\n`,
  );
  const phonesAlone = summary(f.clubDay).refused === 0;
  const abuser = summary(f.second.abuser);
  table(
    ['scenario', 'requests', 'refusals (429)', 'other errors', 'p50 ms', 'p95 ms', 'goal', 'met'],
    [
      row(`club day: ${PHONES} phones in ${f.clubDaySeconds.toFixed(0)} s`, f.clubDay, '0 refusals', phonesAlone),
      row(
        `abuser, no session, ${ABUSES.length} connections, ${f.second.seconds.toFixed(0)} s`,
        f.second.abuser,
        'refusals > 0',
        abuser.refused > 0,
      ),
      row(`${f.steadyCount} signed-in phones beside the abuser`, f.second.steady, '0 refusals', summary(f.second.steady).refused === 0),
      row(`${LATE_PHONES} phones signing in beside the abuser`, f.second.late, '0 refusals', summary(f.second.late).refused === 0),
    ],
    [1, 2, 3, 4, 5],
  );
  console.log('\nThe club day by kind of request:\n');
  table(
    ['kind', 'requests', 'refusals (429)', 'other errors', 'p50 ms', 'p95 ms'],
    KINDS.map((kind) =>
      row(
        kind,
        f.clubDay.filter((s) => s.kind === kind),
        '',
      ).slice(0, 6),
    ),
    [1, 2, 3, 4, 5],
  );
  console.log(
    `\nClub day phones: ${tallyOutcomes(f.outcomes)}. Catches stored for the club day: ${f.catchesStored} ` +
      `(${PHONES * CATCHES_PER_PHONE} sent by the club day's phones, the rest beside the abuser).`,
  );
  console.log(`Club day answers: ${statuses(f.clubDay)}; ${refusedTargets(f.clubDay)}.`);
  const byAbuse = ABUSES.map((a) => {
    const samples = f.second.abuser.filter((s) => s.kind === a.kind);
    return `${a.label} ${samples.length.toLocaleString()} (${samples.filter(isRefusal).length.toLocaleString()} refused)`;
  });
  console.log(
    `Abuser: ${(abuser.requests / f.second.seconds).toFixed(0)} requests/s answered; ${byAbuse.join(', ')}; ` +
      `${statuses(f.second.abuser)} (its 401s are the wrong passwords).`,
  );
  console.log(`Signed-in phones beside it: ${statuses(f.second.steady)}; ${refusedTargets(f.second.steady)}.`);
  console.log(`Arriving phones: ${f.second.lateOutcomes.join(', ')}; ${statuses(f.second.late)}; ${refusedTargets(f.second.late)}.`);
  if (f.byLink)
    console.log(
      `(${f.byLink} of the ${f.steadyCount} signed-in phones got their session by a link made in the database: the club day left fewer signed in.)`,
    );
}

// --- main ---

async function run(dataDir: string, db: Awaited<ReturnType<typeof openDatabase>>, started: (server: Server) => void): Promise<void> {
  const build = readBuild();
  progress('seeding…');
  await seedClub(db.orm.em.fork(), PLAN);
  const em = db.orm.em.fork();
  const club = await seedClubDay(em);
  const photos = await makePhotos(PHONES * CATCHES_PER_PHONE + STEADY_PHONES * 8);
  let used = 0;
  progress('starting node dist/server/main.js…');
  const server = await startServer(dataDir, db.url);
  started(server);
  const day: Day = { site: server.site, build, club, photo: () => photos[used++ % photos.length] };

  const holders = club.anglers.map((angler) => ({ phone: new Phone(day.site, []), angler }));
  const clubDayTally: Tally = [];
  for (const { phone } of holders) phone.tally = clubDayTally;
  const first = await clubDay(day, holders, clubDayTally);
  progress(`a quiet minute (${QUIET_SECONDS} s)…`);
  await sleep(QUIET_SECONDS * 1000);
  const { steady, byLink } = await signedInPhones(holders, em);
  const second = await abuse(day, steady, club.anglers.slice(-LATE_PHONES));
  for (const { phone } of holders) phone.close();
  const [{ count }] = await em
    .getConnection()
    .execute<{ count: string }[]>('select count(*) from catches where event_id = ?', [club.eventId]);

  report({
    day,
    clubDay: clubDayTally,
    outcomes: first.outcomes,
    clubDaySeconds: first.seconds,
    second,
    byLink,
    steadyCount: steady.length,
    catchesStored: Number(count),
  });
  const logged = server.output.join('').trim();
  if (logged) progress(`\nThe server printed (warnings and errors):\n${logged.slice(-3000)}`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-crowd-'));
  const db = await openDatabase({ dataDir, databasePassword: 'bench', log: quiet });
  let server: Server | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      if (server) await stopServer(server);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  const stopEarly = (why: string) => {
    progress(`${why}: stopping the server and the database…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', () => stopEarly('SIGINT'));
  process.once('SIGTERM', () => stopEarly('SIGTERM'));
  const watchdog = setTimeout(() => stopEarly(`still running after ${WATCHDOG_MS / 60_000} minutes`), WATCHDOG_MS);
  try {
    await run(dataDir, db, (started) => (server = started));
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
