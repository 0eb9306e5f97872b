import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { fileURLToPath } from 'node:url';
import { entities } from './entities';

const migrationsPath = fileURLToPath(new URL('./migrations', import.meta.url));

/** ORM options shared by the app, the tests and the MikroORM CLI. */
export function ormOptions(clientUrl: string, extra: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      path: migrationsPath,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      snapshot: false,
    },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
    ...extra,
  });
}
