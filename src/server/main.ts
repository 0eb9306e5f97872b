import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { loadEnv } from './env';
import { createMailer } from './integrations/mailer';
import { createPaymentProvider } from './integrations/payments';
import { CLUB } from '../shared/club';
import { loadOrCreateSecrets } from './secrets';

const rootDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = pino({ level: env.LOG_LEVEL });
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets = loadOrCreateSecrets(dataDir);

  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, databasePassword: secrets.databasePassword, log: { info: (m) => log.info(m), debug: (m) => log.debug(m) } });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `"${CLUB.name}" <no-reply@${new URL(env.PUBLIC_URL).hostname}>`,
    outboxDir: path.join(dataDir, 'outbox'),
    log,
  });
  const app = await buildApp({
    env,
    orm: db.orm,
    mailer,
    payments: createPaymentProvider(env),
    sessionSecret: env.SESSION_SECRET ?? secrets.sessionSecret,
    clientDir: path.join(rootDir, 'dist/client'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing open requests, then stopping`);
    // Stop taking connections, let the requests already here finish (up to 10 s), then close.
    await app.drain(10_000);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  log.info(`${CLUB.name} is ready at ${env.PUBLIC_URL} (mail: ${mailer.kind === 'smtp' ? 'SMTP' : `outbox folder ${path.join(dataDir, 'outbox')}`})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
