// Used by the MikroORM CLI only (`npm run migration:create`); needs DATABASE_URL of a migrated database.
import { ormOptions } from './src/server/db/orm.config';

export default ormOptions(process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@localhost:5432/club');
