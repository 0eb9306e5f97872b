import type { Migrator as MikroMigrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MIGRATION_NAMES } from './migrations/names';

/**
 * Stands in for MikroORM's Migrator among the ORM's extensions, so that `MikroORM.init` does not load the real one
 * (it would import @mikro-orm/migrations, about 38 MB, into every process). `migratorOf` loads it when a migration
 * is to run: a site whose database is current never does.
 */
export const Migrator = { name: 'Migrator', register(): void {} };

const loaded = new WeakSet<MikroORM>();

/** MikroORM's migrator for this ORM, with this version's migrations (migrations/index.ts); loaded on first use. */
export async function migratorOf(orm: MikroORM): Promise<MikroMigrator> {
  const { Migrator: Loaded } = await import('@mikro-orm/migrations');
  if (!loaded.has(orm)) {
    const { migrations } = await import('./migrations');
    orm.config.get('migrations').migrationsList ??= migrations;
    Loaded.register(orm);
    loaded.add(orm);
  }
  return orm.migrator as MikroMigrator;
}

/** The migrations of this version not yet applied to the database (all of them on an empty one). */
export async function pendingMigrations(orm: MikroORM): Promise<string[]> {
  const connection = orm.em.getConnection();
  const [table] = await connection.execute<{ exists: boolean }[]>(`select to_regclass('mikro_orm_migrations') is not null as exists`);
  if (!table?.exists) return [...MIGRATION_NAMES];
  const applied = new Set((await connection.execute<{ name: string }[]>('select name from mikro_orm_migrations')).map((row) => row.name));
  return MIGRATION_NAMES.filter((name) => !applied.has(name));
}
