import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import path from 'node:path';
import {
  adoptEmbeddedPostgres,
  runningEmbedded,
  runningEmbeddedPort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from './embedded-postgres';
import { ormOptions } from './orm.config';
import { migratorOf, pendingMigrations } from './migrator';

export interface Database {
  orm: MikroORM;
  url: string;
  close(): Promise<void>;
  /**
   * Embedded PostgreSQL only: starts it again if its process has died (PostgreSQL's own crash recovery then
   * runs). Resolves 'running' when it is up, 'restarted' after a restart; rejects when it cannot be started.
   */
  heal?(): Promise<'running' | 'restarted'>;
}

interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  databasePassword: string;
  log: { info(msg: string): void; warn(msg: string): void; debug(msg: string): void };
  /** false: leave the schema as it is (a restore brings it to the backup's migrations itself). */
  migrate?: boolean;
  /**
   * The site: an embedded PostgreSQL found running in DATA_DIR (left behind by an unclean stop) is adopted, healed,
   * watched and stopped like one it started, or stopped and started afresh. Otherwise (the command line) it is shared
   * and left running.
   */
  ownEmbedded?: boolean;
}

/** DATABASE_URL when given, otherwise an embedded PostgreSQL in DATA_DIR/postgres; migrations applied. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const dir = path.join(options.dataDir, 'postgres');
  let embedded: EmbeddedDatabase | undefined;
  let url = options.databaseUrl;
  if (!url) {
    const found = runningEmbedded(dir);
    if (found && !options.ownEmbedded) {
      // Already running (the site, while the CLI is used): share it, and leave it running.
      url = `postgresql://postgres:${encodeURIComponent(options.databasePassword)}@127.0.0.1:${found.port}/club`;
    } else {
      embedded = await openEmbedded(options, dir, found);
      await embedded.createDatabase('club');
      url = embedded.urlFor('club');
    }
  }
  const orm = await MikroORM.init(ormOptions(url));
  const applied = options.migrate === false ? [] : await migrateOnce(orm, url);
  if (applied.length) options.log.info(`Applied ${applied.length} database migration(s)`);
  let closed = false;
  return {
    orm,
    url,
    async close() {
      closed = true;
      await orm.close(true);
      await embedded?.stop();
    },
    heal: embedded ? healer(embedded, dir, options.log, () => closed) : undefined,
  };
}

/** The site's embedded PostgreSQL: the one found running on `dir` adopted if it answers, else a fresh start. */
async function openEmbedded(options: OpenOptions, dir: string, found: { pid: number; port: number } | undefined) {
  const settings = { dir, password: options.databasePassword, log: (m: string) => options.log.debug(m) };
  if (found) {
    const adopted = await adoptEmbeddedPostgres(settings, found);
    if (adopted) {
      options.log.warn(`Found the embedded PostgreSQL in ${dir} still running (the site did not stop cleanly): using it`);
      return adopted;
    }
    options.log.warn(`Found the embedded PostgreSQL in ${dir} still running but not answering: stopped it, starting it again`);
  }
  options.log.info(`Starting embedded PostgreSQL in ${dir}`);
  return startEmbeddedPostgres(settings);
}

/** Starts the embedded PostgreSQL again if its process has died (see Database.heal). */
function healer(embedded: EmbeddedDatabase, dir: string, log: OpenOptions['log'], isClosed: () => boolean) {
  return async (): Promise<'running' | 'restarted'> => {
    if (isClosed() || runningEmbeddedPort(dir)) return 'running';
    log.warn('The embedded PostgreSQL has stopped: starting it again');
    // Its last backends may take a moment to go after the server died; try a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        await embedded.restart();
        log.info('The embedded PostgreSQL is running again');
        return 'restarted';
      } catch (error) {
        if (attempt >= 5)
          throw new Error(`The embedded PostgreSQL could not be started again: ${(error as Error)?.message ?? 'it exited at once'}`, {
            cause: error,
          });
        await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
      }
    }
  };
}

/** Any fixed number: the advisory lock every instance of the site takes to migrate. */
const MIGRATION_LOCK = 72_116_042;

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock, so that instances starting together
 * migrate once: the others wait for the lock, then find nothing left to apply. The lock lives in a connection of
 * its own (the migrator uses the pool) and ends with it, also if this process dies half-way.
 */
async function migrateOnce(orm: MikroORM, url: string) {
  // A restart on a current database (the usual case) neither waits for the lock nor loads the migrator.
  if (!(await pendingMigrations(orm)).length) return [];
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await (await migratorOf(orm)).up();
  } finally {
    await lock.end().catch(() => {});
  }
}
