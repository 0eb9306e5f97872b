import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { entities } from './entities';
import { Migrator } from './migrator';

/** ORM options shared by the app, the tests and the MikroORM CLI. */
export function ormOptions(clientUrl: string, extra: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      // The list (migrations/index.ts) is given with the migrator itself, when a migration is to run (migrator.ts).
      transactional: true,
      snapshot: false,
    },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
    ...extra,
  });
}
