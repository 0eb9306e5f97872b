import type { MikroORM } from '@mikro-orm/postgresql';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { plainBackupsWarning } from './backup-notice';
import { openDatabase } from './db/database';
import { loadEnv, type Env } from './env';
import { createMailer, type Mailer } from './integrations/mailer';
import { createPaymentProvider, paymentsOffWarning } from './integrations/payments';
import { createObjectStore, type ObjectStore } from './integrations/storage';
import { loadOrCreateSecrets } from './secrets';

/** How long a shutdown may take, all told (docker stop waits 10 s before SIGKILL). */
const SHUTDOWN_MS = 10_000;

const rootDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** What a start-up hook gets: the checked configuration, the migrated database and the object store. */
export interface SiteParts {
  env: Env;
  orm: MikroORM;
  objects: ObjectStore;
  log: Logger;
  /** The session secret in use (SESSION_SECRET or DATA_DIR's), which also seals the mystery fish. */
  sessionSecret: string;
  /** The site's mail: SMTP, or the outbox folder in DATA_DIR. */
  mailer: Mailer;
}

export interface StartOptions {
  /** The configuration (default: read from the environment; a bad one ends the process with code 1). */
  env?: Env;
  /** Runs after migrations and before the site listens; if it throws, the database is closed and the error passed on. */
  prepare?: (site: SiteParts) => Promise<void>;
  /** Runs once the site is listening. */
  ready?: (site: SiteParts) => void;
}

/** Starts the site: env → database (DATABASE_URL or embedded) → migrations → buildApp → listen. */
export async function startSite(options: StartOptions = {}): Promise<void> {
  let env = options.env;
  if (!env) {
    try {
      env = loadEnv();
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  const log = pino({ level: env.LOG_LEVEL });
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets = loadOrCreateSecrets(dataDir);
  const sessionSecret = env.SESSION_SECRET ?? secrets.sessionSecret;

  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    databasePassword: secrets.databasePassword,
    ownEmbedded: true,
    log: { info: (m) => log.info(m), warn: (m) => log.warn(m), debug: (m) => log.debug(m) },
  });
  const objects = createObjectStore(env, sessionSecret);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    // Without MAIL_FROM, a no-reply address that each mail names after the club (withClubSender in app.ts).
    from: env.MAIL_FROM ?? `no-reply@${new URL(env.PUBLIC_URL).hostname}`,
    outboxDir: path.join(dataDir, 'outbox'),
    log,
  });
  const parts: SiteParts = { env, orm: db.orm, objects, log, sessionSecret, mailer };
  if (options.prepare) {
    try {
      await options.prepare(parts);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const app = await buildApp({
    env,
    orm: db.orm,
    mailer,
    objects,
    payments: createPaymentProvider(env),
    sessionSecret,
    clientDir: path.join(rootDir, 'dist/client'),
    healDatabase: db.heal,
  });

  // SIGTERM/SIGINT (docker stop, Ctrl+C): stop taking connections, let the requests already here finish, cut what
  // is left (idle keep-alives, stalled uploads), close the database; whatever happens, exit within 10 s. A second
  // signal exits at once.
  closeWithGrace(
    { delay: SHUTDOWN_MS, logger: { error: (message: unknown) => log.error(message) }, skip: ['beforeExit'] },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'Stopping after an unexpected error');
      else log.info(`${signal} received: finishing open requests, then stopping`);
      await app.drain(SHUTDOWN_MS - 2_000);
      app.server.closeAllConnections();
      await app.close();
      await db.close();
    },
  );

  await app.listen({ port: env.PORT, host: env.HOST });
  const paymentsOff = paymentsOffWarning(env);
  if (paymentsOff) log.warn(paymentsOff);
  const plainBackups = plainBackupsWarning(env);
  if (plainBackups) log.warn(plainBackups);
  log.info(
    `The club’s site is ready at ${env.PUBLIC_URL} (mail: ${mailer.kind === 'smtp' ? 'SMTP' : `outbox folder ${path.join(dataDir, 'outbox')}`})`,
  );
  options.ready?.(parts);
}
