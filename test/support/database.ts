import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh database cloned from the migrated template (or, with `empty`, one with no tables at all); returns its URL. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : 'club_template'}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
