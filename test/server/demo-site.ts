import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ormOptions } from '../../src/server/db/orm.config';
import { createLocalStore } from '../../src/server/integrations/storage/local-store';
import { createTestDatabase } from '../support/database';
import { PUBLIC_URL, type TestApp, type TestClient } from '../support/test-app';

/** An ORM and a local object store on a fresh database, as `npm run demo` has them before it listens. */
export async function freshSite() {
  const databaseUrl = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-demo-'));
  const orm = await MikroORM.init(ormOptions(databaseUrl, { logger: () => {} }));
  const objects = createLocalStore({
    dir: path.join(dataDir, 'objects'),
    publicUrl: PUBLIC_URL,
    secret: 'demo-test-secret-demo-test-secret',
  });
  return {
    databaseUrl,
    dataDir,
    orm,
    objects,
    async close() {
      await orm.close(true);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(t: TestApp, login: { email: string; password: string }): Promise<TestClient> {
  const client = t.client();
  await client.trpc.auth.login.mutate(login);
  return client;
}

/** Fetches a served image and says what it is. */
export async function image(client: TestClient, url: string) {
  const res = await client.fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
}
