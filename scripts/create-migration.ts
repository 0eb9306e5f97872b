// Generates a migration from the difference between the entities and the committed migrations.
// Starts a throw-away embedded PostgreSQL, so it needs no database of yours: `npm run migration:create`.
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { ormOptions } from '../src/server/db/orm.config';
import { MIGRATIONS_DIR, writeMigrationsIndex } from './migrations-index';

const dir = mkdtempSync(path.join(os.tmpdir(), 'club-migration-'));
const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), password: 'migration', ephemeral: true });
try {
  await pg.createDatabase('club');
  // Migrations found by file here (the app uses the generated list), so that the new file can be written beside them.
  const orm = await MikroORM.init(
    ormOptions(pg.urlFor('club'), {
      extensions: [Migrator],
      migrations: { path: MIGRATIONS_DIR, glob: 'Migration*.ts', transactional: true, snapshot: false },
    }),
  );
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, process.argv.includes('--initial'));
  if (result.fileName) writeMigrationsIndex();
  console.log(
    result.fileName
      ? `Created ${result.fileName} and listed it in migrations/index.ts and names.ts`
      : 'No changes: the entities match the migrations.',
  );
  await orm.close(true);
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
