import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { appRouter } from '../routers';
import { systemClock, type Clock } from './clock';
import type { Env } from './env';
import { registerClientFiles } from './http/client-files';
import { registerCompression } from './http/compression';
import { registerDrain } from './http/drain';
import { registerErrorHandling } from './http/errors';
import { registerHealth } from './http/health';
import { registerPublicReadCache, startContentCache } from './http/public-read-cache';
import { registerRestRoutes } from './http/rest-routes';
import { registerAddressRateLimit, registerNoStore, registerRequestGuards } from './http/security';
import { createServer } from './http/server';
import { registerSession } from './http/session';
import { registerTrpc } from './http/trpc';
import type { Mailer } from './integrations/mailer';
import type { PaymentProvider } from './integrations/payments';
import { createObjectStore, type ObjectStore } from './integrations/storage';
import { registerJobs } from './jobs';
import { createServices } from './services';
import { RATE_RULES, type RateRules } from './services/rate-limit.service';
import type { ContextDeps } from './trpc/context';
import { publicReadsOf } from './trpc/public-reads';
import { KNOWLEDGE_READS } from './services/assistant/knowledge';

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

/**
 * Builds the whole site (API, REST shims, static client) without listening. The order is the order of the hooks:
 * what every request meets first (drain count, security checks, the address limit, the public read cache) comes
 * before the session, and the session before the API.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, orm } = deps;
  const production = env.NODE_ENV === 'production';
  const clock = deps.clock ?? systemClock;
  const allowedOrigin = new URL(env.PUBLIC_URL).origin;
  const app = createServer(env, deps.logStream);
  registerDrain(app, env.REQUEST_TIMEOUT_SECONDS);

  const reads = publicReadsOf(appRouter);
  // The public reads and the assistant's index are kept until a write to what they read commits.
  const cache = await startContentCache(app, orm, new Set([...reads.entities, ...KNOWLEDGE_READS]));
  const objects = deps.objects ?? createObjectStore(env, deps.sessionSecret);
  const services = createServices({
    cache,
    assistantModel: env.ASSISTANT_API_URL
      ? { url: env.ASSISTANT_API_URL, key: env.ASSISTANT_API_KEY, model: env.ASSISTANT_MODEL ?? 'gpt-4o-mini', timeoutMs: 8000 }
      : null,
    objects,
    clock,
    mailer: deps.mailer,
    publicUrl: env.PUBLIC_URL,
    adminEmails: env.ADMIN_EMAILS,
    rateRules: deps.rateRules ?? RATE_RULES,
    payments: deps.payments,
    log: app.log,
  });
  const contextDeps: ContextDeps = { em: orm.em, services };
  registerJobs(app, { env, orm, services, clock, hasPayments: deps.payments !== null });

  registerRequestGuards(app, { production, allowedOrigin });
  await registerAddressRateLimit(app, env.RATE_LIMIT_PER_MINUTE);
  // Before the session: a repeated public read is answered from memory without decoding any cookie.
  registerPublicReadCache(app, cache, reads, clock);
  registerNoStore(app, reads.procedures);
  registerErrorHandling(app);
  // Before the routes, which it applies to.
  await registerCompression(app);
  await registerSession(app, deps.sessionSecret, production);
  registerHealth(app, orm, deps.healDatabase);
  await registerTrpc(app, contextDeps);
  registerRestRoutes(app, contextDeps, objects, allowedOrigin);
  await registerClientFiles(app, {
    clientDir: deps.clientDir,
    production,
    publicUrl: env.PUBLIC_URL,
    publishedPages: () => services.cms.publishedPages(orm.em.fork()),
  });
  app.addHook('onClose', async () => deps.mailer.close());
  return app;
}
