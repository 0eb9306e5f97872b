import { MikroORM } from '@mikro-orm/postgresql';
import { createTRPCClient, httpLink } from '@trpc/client';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Agent } from 'node:https';
import type { Writable } from 'node:stream';
import type { AppRouter } from '../../src/routers';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedVersions } from '../../src/shared/documents';
import { buildApp } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import { freePort } from '../../src/server/db/embedded-postgres';
import type { AddressInfo } from 'node:net';
import { ormOptions } from '../../src/server/db/orm.config';
import { loadEnv } from '../../src/server/env';
import { createMailer } from '../../src/server/integrations/mailer';
import { createPaymentProvider } from '../../src/server/integrations/payments';
import { RATE_RULES, type RateRules } from '../../src/server/platform/rate-limit.service';
import type { AnswerOf, ApiError, Either, JsonAnswer, MutationPath, ProcedureOutput, TrpcAnswer } from './answers';
import { createTestDatabase } from './database';
import { linkIn } from './mime';
import { outboxMail, outboxMails } from './outbox';
import { SmtpSink } from './smtp-sink';

export const PUBLIC_URL = 'http://club.test';

/** A clock the test moves by hand: frozen, or (for browser tests) real time plus the moves. */
export class TestClock implements Clock {
  private readonly start = Date.now();
  private offset = 0;
  constructor(private readonly flowing = false) {}
  now = () => new Date((this.flowing ? Date.now() : this.start) + this.offset);
  advance(ms: number) {
    this.offset += ms;
  }
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** For browser tests: serve the built client, use the real clock and the outbox folder for mail. */
  browser?: boolean;
  /** A browser test whose mail goes to the SMTP sink all the same (what a member's mail server receives). */
  smtp?: boolean;
  rateRules?: Partial<RateRules>;
  /** Share another test app's database (a second instance of the site). */
  databaseUrl?: string;
  /** Receives the app's log lines (JSON), at LOG_LEVEL info unless env says otherwise. */
  logStream?: Writable;
  /** Serve this folder as the client (browser tests serve the build in dist/client). */
  clientDir?: string;
  /** The HTTPS agent the app reaches push services with (a loopback push service's: see push-service.ts). */
  pushAgent?: Agent;
  /** The site's secret (default: a random one), for a test that runs the CLI against the same site. */
  sessionSecret?: string;
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** The real app on a fresh database, listening on loopback, with mail going to a real SMTP sink. */
export async function startTestApp(options: TestAppOptions = {}) {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const mail = new SmtpSink();
  const smtpUrl = options.browser && !options.smtp ? undefined : await mail.start();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-test-data-'));
  const port = options.browser ? await freePort() : 0;
  const env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: options.browser ? `http://localhost:${port}` : PUBLIC_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    TRUST_PROXY: '127.0.0.1',
    // Tests run the renewal job and reconciliation themselves.
    RENEWALS_INTERVAL_MINUTES: '0',
    // The coarse per-address limit has a test of its own; the journeys and the fuzz pass send far more than people do.
    RATE_LIMIT_PER_MINUTE: '0',
    PAYMENTS_RECONCILE_MINUTES: '0',
    // club.test is not loopback: demo payments must be asked for (a test that sets PayPal gets PayPal).
    ...(options.env?.PAYPAL_CLIENT_ID || options.env?.NODE_ENV === 'production' ? {} : { PAYMENTS_PROVIDER: 'demo' }),
    ...options.env,
  });
  const orm = await MikroORM.init(ormOptions(databaseUrl, { logger: () => {} }));
  const clock = new TestClock(options.browser);
  const app = await buildApp({
    env,
    orm,
    mailer: createMailer({ smtpUrl, from: '"Club" <club@club.test>', outboxDir: path.join(dataDir, 'outbox'), log: { info: () => {} } }),
    sessionSecret: options.sessionSecret ?? randomBytes(32).toString('hex'),
    payments: createPaymentProvider(env),
    clock,
    rateRules: { ...RATE_RULES, ...options.rateRules },
    logStream: options.logStream,
    pushAgent: options.pushAgent,
    // E2E_CLIENT_DIR lets two builds be tested side by side (default: what `npm run build` writes).
    clientDir: options.clientDir ?? (options.browser ? path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client') : undefined),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = options.browser ? env.PUBLIC_URL : `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    app,
    orm,
    clock,
    mail,
    outboxDir: path.join(dataDir, 'outbox'),
    baseUrl,
    env,
    /** The newest e-mail to an address, from the SMTP sink or (browser mode) the outbox folder. */
    latestMail: (to: string) => (smtpUrl ? Promise.resolve(mail.last(to)) : outboxMail(path.join(dataDir, 'outbox'), to)),
    /** Runs `action` and returns the e-mail it sent to `to` (mail that goes out after the answer included). */
    async mailAfter(to: string, action: () => Promise<unknown>) {
      const before = smtpUrl ? mail.to(to).length : outboxMails(path.join(dataDir, 'outbox'), to).length;
      await action();
      return smtpUrl ? mail.waitFor(to, before + 1) : outboxMail(path.join(dataDir, 'outbox'), to, before + 1);
    },
    /** A fresh EntityManager for looking at the database directly. */
    em: () => orm.em.fork(),
    databaseUrl,
    /** A browser-like caller: its own cookie jar and its own client address. */
    client: (ip?: string) => new TestClient(baseUrl, env.PUBLIC_URL, ip),
    async close() {
      await app.close();
      await orm.close(true);
      if (smtpUrl) await mail.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 1;

export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  readonly trpc;

  constructor(
    private readonly baseUrl: string,
    private readonly origin: string,
    ip?: string,
  ) {
    this.ip = ip ?? `10.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}.${Math.floor(Math.random() * 250) + 1}`;
    this.trpc = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${baseUrl}/trpc`, fetch: (url, init) => this.fetch(String(url), init as RequestInit) })],
    });
  }

  /** fetch with this client's cookies, Origin and X-Forwarded-For. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', this.origin);
    headers.set('x-forwarded-for', this.ip);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const target = url.startsWith('http') ? url : `${this.baseUrl}${url}`;
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]) < new Date()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * A tRPC mutation over plain HTTP, answered like a REST call: the status, and the result or `{ message }`
   * (for tests that assert what a browser or script sees when the typed procedure refuses).
   */
  async mutation<P extends MutationPath>(path: P, input: unknown) {
    const res = await this.json<TrpcAnswer<ProcedureOutput<P>>>('POST', `/trpc/${path}`, input);
    return {
      status: res.status,
      body: (res.status < 300 ? res.body?.result?.data : { message: res.body?.error?.message }) as Either<ProcedureOutput<P>, ApiError>,
      fieldErrors: res.body?.error?.data?.fieldErrors,
    };
  }

  /**
   * A JSON request; returns status, parsed body (the text when it is not JSON) and headers. The body is typed by the
   * route (answers.ts); for a url the map does not know it is `unknown`, unless the call names its type: `json<ApiError>(…)`.
   */
  json<M extends string, U extends string>(
    method: M,
    url: U,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonAnswer<AnswerOf<M, U>>>;
  json<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<JsonAnswer<T>>;
  async json(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<unknown>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await this.fetch(url, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }
}

/** Signs a new user up through the API and follows the e-mailed link: a verified, signed-in client (`client`, or a new one). */
export async function signedInClient(
  t: TestApp,
  email = `angler-${randomBytes(4).toString('hex')}@example.com`,
  names = { firstName: 'Sam', lastName: 'Angler' },
  client = t.client(),
) {
  const { userId } = await client.trpc.auth.signup.mutate({ email, ...names });
  const token = linkIn(await t.latestMail(email)).searchParams.get('token')!;
  await client.trpc.auth.verifyToken.mutate({ token, purpose: 'verify_email' });
  return { client, email, userId: userId! };
}

/** A signed-in user whose membership is paid (through the demo payment provider): can register for events. */
export async function activeMemberClient(t: TestApp, email?: string, names = { firstName: 'Pat', lastName: 'Member' }) {
  const signed = await signedInClient(t, email, names);
  const joined = await signed.client.trpc.members.register.mutate({
    ...names,
    email: signed.email,
    phone: '0400 000 000',
    address: '1 River St, Murwillumbah NSW 2484',
    dateOfBirth: '1980-05-05',
    gender: 'female',
    shirtSize: 'M',
    membershipType: 'adult',
    termsAccepted: true,
    codeOfConductAccepted: true,
    documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
  });
  const order = await signed.client.trpc.payments.createOrder.mutate({ amount: joined.amount, currency: 'AUD', intent: 'CAPTURE' });
  await signed.client.trpc.payments.capture.mutate({ orderId: order.id });
  return { ...signed, memberId: joined.memberId };
}
