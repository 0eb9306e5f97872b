import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrations } from './migrations';

/** ORM options shared by the app, the tests and the MikroORM CLI. */
export function ormOptions(clientUrl: string, extra: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      // A list rather than a folder to read, so the bundled server carries them (scripts/create-migration.ts keeps it).
      migrationsList: migrations,
      transactional: true,
      snapshot: false,
    },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
    ...extra,
  });
}
