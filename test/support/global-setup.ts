import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { ormOptions } from '../../src/server/db/orm.config';
import { migratorOf } from '../../src/server/db/migrator';

declare module 'vitest' {
  interface ProvidedContext {
    /** URL of a PostgreSQL server's maintenance database; test files clone `club_template` on it. */
    pgServerUrl: string;
  }
}

export const TEMPLATE_DB = 'club_template';

/**
 * One PostgreSQL server for the whole run (embedded, or TEST_DATABASE_URL's server) with a migrated
 * template database; each test file gets a fresh clone of it.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'club-test-pg-'));
    const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), password: 'test', ephemeral: true });
    serverUrl = server.serverUrl;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();

  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const orm = await MikroORM.init(ormOptions(templateUrl.toString(), { logger: () => {} }));
  await (await migratorOf(orm)).up();
  await orm.close(true);

  project.provide('pgServerUrl', serverUrl);
  return stop;
}
