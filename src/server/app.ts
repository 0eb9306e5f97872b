import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Agent } from 'node:https';
import { appRouter } from '../routers';
import { systemClock, type Clock } from './clock';
import type { Env } from './env';
import { registerClientFiles } from './http/client-files';
import { registerCompression } from './http/compression';
import { registerDrain } from './http/drain';
import { registerErrorHandling } from './http/errors';
import { registerHealth } from './http/health';
import { registerCallerReadCache, registerPublicReadCache, startContentCache } from './http/read-cache';
import { registerRestRoutes } from './http/rest-routes';
import { registerLiveBoards } from './rest/live-board.rest';
import { registerNoStore, registerRequestGuards } from './http/security';
import { registerPublicReadLimit, registerRequestLimit } from './http/request-limits';
import { createServer } from './http/server';
import { registerSession } from './http/session';
import { registerTrpc } from './http/trpc';
import { withClubSender, type Mailer } from './integrations/mailer';
import type { PaymentProvider } from './integrations/payments';
import { createObjectStore, type ObjectStore } from './integrations/storage';
import { createPushSender, loadVapidKeys, vapidSubject } from './integrations/push';
import { registerJobs } from './jobs';
import { backupsNotice } from './backup-notice';
import { createServices, type Services } from './services';
import { ClubSettingsService } from './club/club-settings.service';
import type { ClubProfile } from '../shared/club-profile';
import { RATE_RULES, type RateRules } from './platform/rate-limit.service';
import type { ContextDeps } from './trpc/context';
import { cachedReadsOf } from './trpc/cached-reads';
import { KNOWLEDGE_READS } from './assistant/knowledge';

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
  /** The HTTPS agent for push services (tests: one that trusts their loopback push service). */
  pushAgent?: Agent;
  /** The embedded database's self-repair (see Database.heal); without it, an outage is waited out. */
  healDatabase?: () => Promise<'running' | 'restarted'>;
}

/** Answers kept per signed-in caller at most (a dashboard's five reads of 1,000 members, a few MB). */
const CALLER_ANSWERS_KEPT = 5000;

/**
 * The site's mail as the club sends it, read as each mail goes out (once `connect` has handed over the services):
 * replies reach the committee (the club's contact address, a site setting), and the sender is named as the club's
 * profile names it now, unless MAIL_FROM names the sender itself.
 */
function clubMailer(mailer: Mailer, env: Env, orm: MikroORM) {
  let services: Services | undefined;
  const club = withClubSender(mailer, {
    replyTo: async () => (services ? services.cms.contactEmail(orm.em.fork()) : null),
    name: env.MAIL_FROM ? undefined : async () => (services ? (await services.club.profile(orm.em.fork())).name : null),
  });
  return {
    mailer: club,
    connect: (built: Services) => {
      services = built;
    },
  };
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
  const app = createServer(env, deps.logStream);
  registerDrain(app, env.REQUEST_TIMEOUT_SECONDS);

  const reads = cachedReadsOf(appRouter);
  // The public reads and the assistant's index are kept until a write to what they read commits.
  const cache = await startContentCache(app, orm, new Set([...reads.shared.entities, ...KNOWLEDGE_READS]), clock);
  // The answers per signed-in caller, on their own channel (the writes that clear them are far more frequent);
  // they watch the shared reads' entities too, as a browser's batch mixes the two.
  const callerCache = await startContentCache(app, orm, new Set([...reads.perCaller.entities, ...reads.shared.entities]), clock, {
    channel: 'club_caller_reads_changed',
    maxResponses: CALLER_ANSWERS_KEPT,
  });
  const objects = deps.objects ?? createObjectStore(env, deps.sessionSecret);
  // Read before the first request (it also sets the club's zone); push services are told whom to contact.
  const club = new ClubSettingsService({ cache, clock });
  const contact = (await readClubProfile(app, club, orm))?.contactEmail ?? null;
  const push = createPushSender({ keys: await loadVapidKeys(env), subject: vapidSubject(env, contact), agent: deps.pushAgent });
  const mail = clubMailer(deps.mailer, env, orm);
  const services = createServices({
    cache,
    club,
    assistantModel: env.ASSISTANT_API_URL
      ? { url: env.ASSISTANT_API_URL, key: env.ASSISTANT_API_KEY, model: env.ASSISTANT_MODEL ?? 'gpt-4o-mini', timeoutMs: 8000 }
      : null,
    objects,
    clock,
    // The mystery fish is sealed under a key derived from the session secret (platform/sealing.ts).
    sealingSecret: deps.sessionSecret,
    mailer: mail.mailer,
    publicUrl: env.PUBLIC_URL,
    adminEmails: env.ADMIN_EMAILS,
    rateRules: deps.rateRules ?? RATE_RULES,
    payments: deps.payments,
    push,
    backups: backupsNotice(env),
    log: app.log,
  });
  mail.connect(services);
  const contextDeps: ContextDeps = { em: orm.em, services };
  registerJobs(app, { env, orm, services, clock, hasPayments: deps.payments !== null });

  registerRequestGuards(app, { production, siteUrl: env.PUBLIC_URL });
  await registerPublicReadLimit(app, env.RATE_LIMIT_PER_MINUTE, reads.shared.procedures);
  // Before the session: a repeated public read is answered from memory without decoding any cookie.
  registerPublicReadCache(app, cache, reads);
  registerNoStore(app, reads.shared.procedures);
  registerErrorHandling(app);
  // Before the routes, which it applies to.
  await registerCompression(app);
  await registerSession(app, deps.sessionSecret, production);
  // After the session, so a signed-in person is counted by their account, not the address they share.
  await registerRequestLimit(app, env.RATE_LIMIT_PER_MINUTE, reads.shared.procedures);
  registerCallerReadCache(app, callerCache, reads);
  registerHealth(app, orm, deps.healDatabase);
  await registerTrpc(app, contextDeps);
  registerRestRoutes(app, contextDeps, objects, new URL(env.PUBLIC_URL).origin);
  await registerLiveBoards(app, orm, contextDeps);
  await registerClientFiles(app, {
    clientDir: deps.clientDir,
    production,
    publicUrl: env.PUBLIC_URL,
    publishedPages: () => services.cms.publishedPages(orm.em.fork()),
    setupOpen: () => services.setup.isOpen(orm.em.fork()),
    ...clubPageReads(services.club, orm),
  });
  // While the club has no administrator, the setup code goes to the log once the site listens.
  app.addHook('onListen', async () => {
    await services.setup.announce(orm.em.fork());
  });
  app.addHook('onClose', async () => deps.mailer.close());
  app.addHook('onClose', async () => push.close());
  return app;
}

/** What every page's HTML carries of the club's settings, each read on its own fork. */
const clubPageReads = (club: ClubSettingsService, orm: MikroORM) => ({
  clubProfile: () => club.profile(orm.em.fork()),
  membershipRules: () => club.membership(orm.em.fork()),
  competitionRules: () => club.competition(orm.em.fork()),
  clubSpecies: () => club.species(orm.em.fork()),
  clubDocuments: () => club.documents(orm.em.fork()),
});

/**
 * The club's profile, read before anything else: its zone for the first date read (each fresh read sets it again)
 * and its contact address for the push services; null when it cannot be read. The services read it through the
 * same reader.
 */
async function readClubProfile(app: FastifyInstance, club: ClubSettingsService, orm: MikroORM): Promise<ClubProfile | null> {
  try {
    return await club.profile(orm.em.fork());
  } catch (err) {
    app.log.error({ err }, 'Could not read the club’s profile');
    return null;
  }
}
