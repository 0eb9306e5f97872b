import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ormOptions } from '../../src/server/db/orm.config';
import { seedDemoClub } from '../../src/server/demo/seed';
import { createLocalStore } from '../../src/server/integrations/storage/local-store';
import { clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { createTestDatabase } from '../support/database';
import { PUBLIC_URL, startTestApp, type TestApp } from '../support/test-app';

/**
 * The demo club as of `clubTime` ('06:30') today, club time: seeded into a database of its own, then served with the
 * site's clock running on from that moment. `close` stops it and removes its files.
 */
export async function startDemoClub(clubTime: string): Promise<{ t: TestApp; close: () => Promise<void> }> {
  const now = clubLocalToInstant(`${clubToday(new Date())}T${clubTime}`);
  const databaseUrl = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-demo-e2e-'));
  const orm = await MikroORM.init(ormOptions(databaseUrl, { logger: () => {} }));
  try {
    const objects = createLocalStore({
      dir: path.join(dataDir, 'objects'),
      publicUrl: PUBLIC_URL,
      secret: 'demo-club-e2e-secret-demo-club-e2e',
    });
    await seedDemoClub({ orm, objects, env: { NODE_ENV: 'test', PUBLIC_URL }, now });
  } finally {
    await orm.close(true);
  }
  const t = await startTestApp({ browser: true, databaseUrl, env: { DATA_DIR: dataDir } });
  t.clock.advance(now.getTime() - t.clock.now().getTime());
  return {
    t,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
