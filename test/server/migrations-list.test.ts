import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrationNamesModule, migrationsIndex } from '../../scripts/migrations-index';

describe('the migrations list', () => {
  it('names every migration file of the folder, oldest first (npm run migration:create keeps it so)', () => {
    expect(readFileSync(path.join(MIGRATIONS_DIR, 'index.ts'), 'utf8')).toBe(migrationsIndex());
    expect(readFileSync(path.join(MIGRATIONS_DIR, 'names.ts'), 'utf8')).toBe(migrationNamesModule());
  });
});
