import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';

/** Whether a database error is a unique-key violation (PostgreSQL 23505), however it reached us: wrapped by MikroORM or raw. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException ||
    (error as { code?: string } | null)?.code === '23505' ||
    (error as Error | null)?.name === 'UniqueConstraintViolationException'
  );
}
