import rateLimit from '@fastify/rate-limit';
import secureSession from '@fastify/secure-session';
import fastifyStatic from '@fastify/static';
import type { MikroORM } from '@mikro-orm/postgresql';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AUTH_LIMITS } from '../shared/auth.constants';
import { AppError } from '../shared/errors';
import { appRouter, type AppRouter } from '../routers';
import { systemClock, type Clock } from './clock';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, databaseErrorOr } from './db/unavailable';
import type { Env } from './env';
import type { Mailer } from './integrations/mailer';
import type { PaymentProvider } from './integrations/payments';
import { createObjectStore, type ObjectStore } from './integrations/storage';
import { registerAuthRoutes } from './rest/auth.rest';
import { CATCH_SUBMISSION_PATH, registerCatchRoutes } from './rest/catches.rest';
import { registerAdminRoutes } from './rest/admin.rest';
import { registerChatRoutes } from './rest/chat.rest';
import { registerContentRoutes } from './rest/content.rest';
import { registerEventRoutes } from './rest/events.rest';
import { registerReportRoutes } from './rest/reports.rest';
import { registerSponsorRoutes } from './rest/sponsors.rest';
import { LOCAL_UPLOAD_PREFIX, registerObjectRoutes } from './rest/objects.rest';
import { registerMemberRoutes } from './rest/members.rest';
import { registerPayPalRoutes } from './rest/paypal.rest';
import { registerPublicReadCache } from './public-read-cache';
import { ContentChanges } from './services/content-changes';
import { publicReadsOf } from './trpc/public-reads';
import { API_PREFIXES, registerNoStore, securityHeaders } from './http-policy';
import { pageStatus, registerSiteFiles } from './site-pages';
import { inputProblem } from './input-text';
import { createServices } from './services';
import { ContentCache } from './services/content-cache';
import { scheduleJob } from './services/schedule';
import { pruneRateLimits, RATE_RULES, type RateRules } from './services/rate-limit.service';
import { createRequestContext, type ContextDeps } from './trpc/context';
import { toTRPCError } from './trpc/errors';

export interface AppDeps {
  env: Env;
  orm: MikroORM;
  mailer: Mailer;
  /** Key material for the session cookie. */
  sessionSecret: string;
  /** Uploaded and processed files; DATA_DIR/objects unless given (S3 when S3_BUCKET is set). */
  objects?: ObjectStore;
  /** Card and wallet payments; `null` when none is configured (production without PayPal). */
  payments: PaymentProvider | null;
  clock?: Clock;
  rateRules?: RateRules;
  /** Folder of the built client; without it only the API is served. */
  clientDir?: string;
  /** Where log lines go (standard output when unset). */
  logStream?: NodeJS.WritableStream;
  /** The embedded database's self-repair (see Database.heal); without it, an outage is waited out. */
  healDatabase?: () => Promise<'running' | 'restarted'>;
}

/** How often the database is checked, and how long it may stay unreachable before /healthz fails (embedded only). */
const DATABASE_CHECK_MS = 5_000;
const UNHEALTHY_AFTER_MS = 60_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_BATCH = 10;

/** Builds the whole site (API, REST shims, static client) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const production = env.NODE_ENV === 'production';
  const app = Fastify({
    trustProxy: env.TRUST_PROXY.length ? env.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within this time, so clients trickling bytes cannot hold connections.
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    // Node checks those deadlines every 30 s by default; every 2 s, a client slow with its headers is cut off close to its deadline.
    http: { connectionsCheckingInterval: 2_000 },
    routerOptions: { maxParamLength: 5000 },
    logger: {
      level: env.LOG_LEVEL,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        // Links carry tokens in their query string: only the path is ever logged.
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
      },
    },
  });

  // Requests in flight, counted from arrival (before their body is read) to the response or an abort, so a
  // shutdown can let them finish: `drain` stops new connections and waits for these.
  let inFlight = 0;
  app.addHook('onRequest', async () => void inFlight++);
  // Node's requestTimeout stops watching once the headers are in; a body trickled byte by byte is cut off here.
  app.addHook('onRequest', (req, reply, done) => {
    const timer = setTimeout(() => {
      if (req.raw.complete || reply.sent) return;
      req.log.info({ url: req.url.split('?')[0] }, 'Request body too slow: connection closed');
      reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      reply.raw.end(JSON.stringify({ message: 'The request took too long to arrive. Please try again.' }), () => req.raw.socket.destroy());
    }, env.REQUEST_TIMEOUT_SECONDS * 1000);
    timer.unref();
    req.raw.once('close', () => clearTimeout(timer));
    done();
  });
  app.addHook('onResponse', async () => void inFlight--);
  app.addHook('onRequestAbort', (_req, done) => {
    inFlight--;
    done();
  });
  app.decorate('drain', async (timeoutMs: number) => {
    app.server.close();
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  const objects = deps.objects ?? createObjectStore(env, deps.sessionSecret);
  const cache = new ContentCache(deps.orm.config.get('clientUrl'), app.log);
  await cache.start();
  const reads = publicReadsOf(appRouter);
  const changes = ContentChanges.watch(deps.orm.em, cache, reads.entities);
  app.addHook('onClose', async () => {
    changes.stop();
    await cache.close();
  });
  const services = createServices({
    cache,
    assistantModel: env.ASSISTANT_API_URL
      ? { url: env.ASSISTANT_API_URL, key: env.ASSISTANT_API_KEY, model: env.ASSISTANT_MODEL ?? 'gpt-4o-mini', timeoutMs: 8000 }
      : null,
    objects,
    clock: deps.clock ?? systemClock,
    mailer: deps.mailer,
    publicUrl: env.PUBLIC_URL,
    adminEmails: env.ADMIN_EMAILS,
    rateRules: deps.rateRules ?? RATE_RULES,
    payments: deps.payments,
    log: app.log,
  });
  const contextDeps: ContextDeps = { em: deps.orm.em, services };
  const jobs = {
    renewals: () => services.renewals.run(deps.orm.em.fork()),
    reconcilePayments: () => services.payments.reconcile(deps.orm.em.fork()),
    housekeeping: async () => ({
      ...(await services.uploads.cleanup(deps.orm.em.fork())),
      rateLimitsPruned: await pruneRateLimits(deps.orm.em.fork(), deps.clock ?? systemClock),
    }),
  };
  app.decorate('jobs', jobs);
  if (env.RENEWALS_INTERVAL_MINUTES > 0) {
    const stop = scheduleJob('Renewal job', jobs.renewals, env.RENEWALS_INTERVAL_MINUTES, app.log);
    app.addHook('onClose', async () => stop());
  }
  if (env.RENEWALS_INTERVAL_MINUTES > 0) {
    // Housekeeping on the same beat as the renewal job.
    const stop = scheduleJob('Housekeeping', jobs.housekeeping, env.RENEWALS_INTERVAL_MINUTES, app.log);
    app.addHook('onClose', async () => stop());
  }
  if (env.PAYMENTS_RECONCILE_MINUTES > 0 && deps.payments) {
    const stop = scheduleJob('Payment reconciliation', jobs.reconcilePayments, env.PAYMENTS_RECONCILE_MINUTES, app.log);
    app.addHook('onClose', async () => stop());
  }
  const allowedOrigin = new URL(env.PUBLIC_URL).origin;

  const headers = securityHeaders(production);
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);

    if (SAFE_METHODS.has(req.method)) return;
    // Mutations come only from our own pages, and only as JSON (form posts cannot forge them).
    const origin = req.headers.origin;
    if ((origin && origin !== allowedOrigin) || req.headers['sec-fetch-site'] === 'cross-site') {
      return reply.code(403).send({ message: 'Cross-site requests are not allowed.' });
    }
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    // The documented exceptions: a raw file to our own upload URL, and the multipart catch submission.
    const rawUpload = req.method === 'PUT' && req.url.startsWith(LOCAL_UPLOAD_PREFIX);
    const multipartCatch = req.method === 'POST' && req.url === CATCH_SUBMISSION_PATH && type === 'multipart/form-data';
    // A form declares its encoding even when it sends no fields, so any declared type must be JSON too;
    // only a call with neither body nor type (the client's body-less POSTs) goes without.
    if (
      (hasBody || type !== '') &&
      !rawUpload &&
      !multipartCatch &&
      type !== 'application/json' &&
      API_PREFIXES.some((p) => req.url.startsWith(p))
    ) {
      return reply.code(415).send({ message: 'Requests must be sent as JSON (Content-Type: application/json).' });
    }
  });

  // A coarse limit on every request from one address (public reads and uploads included), before any work is done;
  // the per-purpose limits (sign-in, e-mails, chat…) stay as they are. Health checks are never limited.
  if (env.RATE_LIMIT_PER_MINUTE > 0) {
    // As an app-wide onRequest hook (not per route), so it also counts what the public read cache answers early.
    await app.register(rateLimit, { global: false });
    app.addHook(
      'onRequest',
      app.rateLimit({
        max: env.RATE_LIMIT_PER_MINUTE,
        timeWindow: 60_000,
        allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
        errorResponseBuilder: (_req, context) => ({
          statusCode: 429,
          message: `Too many requests from your address. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        }),
      }),
    );
  }

  // Before the session: a repeated public read is answered from memory without decoding any cookie.
  registerPublicReadCache(app, cache, reads, deps.clock ?? systemClock);
  registerNoStore(app, reads.procedures);

  // Broken JSON and NUL characters (which PostgreSQL cannot store) are refused before any handler runs.
  app.addHook('preHandler', async (req, reply) => {
    const problem = inputProblem(req);
    if (problem) return reply.code(400).send({ message: problem });
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'Database unavailable');
      return reply.code(503).header('retry-after', '30').send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'Request failed');
      return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: clientErrorMessage(error) });
  });

  await app.register(secureSession, {
    key: createHash('sha256').update(deps.sessionSecret).digest(),
    cookieName: production ? '__Host-session' : 'session',
    expiry: AUTH_LIMITS.sessionDays * 86400,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: production, maxAge: AUTH_LIMITS.sessionDays * 86400 },
  });

  // The database watch: a failed check asks the embedded PostgreSQL to heal itself (restart after a crash). If it
  // stays unreachable longer than a restart takes, /healthz fails, so Docker restarts the container.
  let unreachableSince: number | null = null;
  const checkDatabase = async () => {
    try {
      await deps.orm.em.fork().execute('select 1');
      unreachableSince = null;
    } catch {
      unreachableSince ??= Date.now();
      await deps
        .healDatabase?.()
        .catch((error: unknown) => app.log.error({ err: { message: (error as Error).message } }, 'Database not healed'));
    }
  };
  if (deps.healDatabase) {
    const watch = setInterval(() => void checkDatabase(), DATABASE_CHECK_MS);
    watch.unref();
    app.addHook('onClose', async () => clearInterval(watch));
  }
  app.get('/healthz', async (_req, reply) => {
    if (deps.healDatabase && unreachableSince !== null && Date.now() - unreachableSince > UNHEALTHY_AFTER_MS) {
      return reply
        .code(503)
        .send({ status: 'unhealthy', message: 'The database has been unreachable for over a minute and did not recover.' });
    }
    return { status: 'ok' };
  });
  app.get('/readyz', async (_req, reply) => {
    try {
      await deps.orm.em.fork().execute('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH,
      createContext: ({ req }) =>
        createRequestContext(contextDeps, req).catch((error: unknown) => {
          const cause = databaseErrorOr(error);
          throw cause instanceof AppError ? toTRPCError(cause) : error;
        }),
      onError({ error, path: procedure, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, procedure }, 'Procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerAuthRoutes(app, contextDeps, allowedOrigin);
  registerMemberRoutes(app, contextDeps);
  registerPayPalRoutes(app, contextDeps);
  registerEventRoutes(app, contextDeps);
  registerObjectRoutes(app, contextDeps, objects);
  registerCatchRoutes(app, contextDeps);
  registerSponsorRoutes(app, contextDeps);
  registerContentRoutes(app, contextDeps);
  registerAdminRoutes(app, contextDeps);
  registerReportRoutes(app, contextDeps);
  registerChatRoutes(app, contextDeps);

  const clientDir = deps.clientDir && existsSync(path.join(deps.clientDir, 'index.html')) ? deps.clientDir : undefined;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // The client's source maps stay with the developers: in production they answer 404 like any unknown path.
      ...(production ? { allowedPath: (file: string) => !file.endsWith('.map') } : {}),
      setHeaders(res, file) {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const publishedPages = () => services.cms.publishedPages(deps.orm.em.fork());
  registerSiteFiles(app, env.PUBLIC_URL, publishedPages);

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !API_PREFIXES.some((p) => req.url.startsWith(p));
    if (!isPage) return reply.code(404).send({ message: 'Not found.' });
    // The single-page app draws every page, the §2.1 not-found page included; the status tells crawlers which is which.
    reply.code(await pageStatus(req.url, publishedPages));
    if (clientDir) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.type('text/html').send('<!doctype html><p>The client has not been built. Run <code>npm run build</code>.</p>');
  });

  app.addHook('onClose', async () => deps.mailer.close());
  return app;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Requests must be sent as JSON (Content-Type: application/json).';
    default:
      return error.message;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking connections and waits (up to `timeoutMs`) for the requests already in flight. */
    drain(timeoutMs: number): Promise<void>;
    /** The background jobs the app schedules, to run one now (tests, the command line). */
    jobs: {
      renewals(): Promise<{ reminded: number; expired: number }>;
      reconcilePayments(): Promise<{ checked: number; completed: number; closed: number }>;
      /** Housekeeping: abandoned uploads, and rate-limit counters whose window has long closed. */
      housekeeping(): Promise<{ removed: number; rateLimitsPruned: number }>;
    };
  }
}
