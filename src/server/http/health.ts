import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';

/** How often the database is checked, and how long it may stay unreachable before /healthz fails (embedded only). */
const DATABASE_CHECK_MS = 5_000;
const UNHEALTHY_AFTER_MS = 60_000;

/**
 * /healthz (is the process worth keeping?) and /readyz (can it answer now?). With `healDatabase` (the embedded
 * PostgreSQL) a watch checks the database: a failed check asks it to heal itself (restart after a crash), and if it
 * stays unreachable longer than a restart takes, /healthz fails, so Docker restarts the container.
 */
export function registerHealth(app: FastifyInstance, orm: MikroORM, healDatabase?: () => Promise<'running' | 'restarted'>): void {
  let unreachableSince: number | null = null;
  const checkDatabase = async () => {
    try {
      await orm.em.fork().execute('select 1');
      unreachableSince = null;
    } catch {
      unreachableSince ??= Date.now();
      await healDatabase?.().catch((error: unknown) =>
        app.log.error({ err: { message: (error as Error).message } }, 'Database not healed'),
      );
    }
  };
  if (healDatabase) {
    const watch = setInterval(() => void checkDatabase(), DATABASE_CHECK_MS);
    watch.unref();
    app.addHook('onClose', async () => clearInterval(watch));
  }
  app.get('/healthz', async (_req, reply) => {
    if (healDatabase && unreachableSince !== null && Date.now() - unreachableSince > UNHEALTHY_AFTER_MS) {
      return reply
        .code(503)
        .send({ status: 'unhealthy', message: 'The database has been unreachable for over a minute and did not recover.' });
    }
    return { status: 'ok' };
  });
  app.get('/readyz', async (_req, reply) => {
    try {
      await orm.em.fork().execute('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
