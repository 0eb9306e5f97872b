import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded-postgres';
import { ormOptions } from '../../src/server/db/orm.config';
import { successBody, type ApiError } from '../support/answers';
import { activeMemberClient, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { migratorOf } from '../../src/server/db/migrator';
import { answersIn, fakeBuiltClient, OPENING } from '../support/fake-client';

// A PostgreSQL of this file's own, so it can be stopped and started under the running site.
let pgDir: string;
let database: EmbeddedDatabase;
let t: TestApp;
let admin: TestClient;
let member: TestClient;
const builtClient = fakeBuiltClient();

beforeAll(async () => {
  pgDir = mkdtempSync(path.join(os.tmpdir(), 'club-outage-pg-'));
  database = await startEmbeddedPostgres({ dir: path.join(pgDir, 'pg'), password: 'outage' });
  await database.createDatabase('club');
  const orm = await MikroORM.init(ormOptions(database.urlFor('club'), { logger: () => {} }));
  await (await migratorOf(orm)).up();
  await orm.close(true);
  t = await startTestApp({ databaseUrl: database.urlFor('club'), clientDir: builtClient.dir, env: { ADMIN_EMAILS: 'ops@club.test' } });
  admin = (await signedInClient(t, 'ops@club.test')).client;
  member = (await activeMemberClient(t, 'outage@example.com')).client;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.stop();
  rmSync(pgDir, { recursive: true, force: true });
  builtClient.remove();
});

/** What the site answers a mix of visitors and members, many times over, while `during` runs. */
async function underLoad(during: () => Promise<void>) {
  const statuses: { path: string; status: number; message?: string }[] = [];
  const stop = new AbortController();
  const paths = ['/api/events/upcoming', '/api/members/catches', '/api/members/events', '/readyz', '/healthz'];
  const worker = async (offset: number) => {
    for (let i = offset; !stop.signal.aborted; i++) {
      const p = paths[i % paths.length];
      const res = await member.json<Partial<ApiError>>('GET', p).catch((error: Error) => ({ status: 0, body: { message: error.message } }));
      statuses.push({ path: p, status: res.status, message: res.body?.message });
    }
  };
  const workers = [0, 1, 2, 3, 4].map(worker);
  await during();
  stop.abort();
  await Promise.all(workers);
  return statuses;
}

describe('a PostgreSQL restart under load', () => {
  it('answers 503 with a message while the database is away, then recovers fully in the same process', async () => {
    const before = await underLoad(() => sleep(500));
    expect(before.length).toBeGreaterThan(10);
    expect(before.every((s) => s.status === 200)).toBe(true);

    // A member opening the portal meanwhile still gets the page, without the answers the server could not read for it:
    // the app asks for them itself and shows the database's message.
    let page: { status: number; html: string } | undefined;
    const outage = await underLoad(async () => {
      await database.stop();
      const opened = await member.fetch('/member', { headers: OPENING });
      page = { status: opened.status, html: await opened.text() };
      await sleep(1500);
    });
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('<div id="root">');
    expect(answersIn(page!.html).map((a) => a.path)).not.toContain('members.dashboard');
    const seen = new Set(outage.map((s) => s.status));
    // Never a 500 or a dropped connection: a clear 503 the phone can show and retry.
    expect([...seen].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const unavailable = outage.filter((s) => s.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((s) => s.path !== '/readyz').map((s) => s.message)).toContain(
      'The club database is not reachable right now. Please try again in a minute.',
    );
    expect(outage.some((s) => s.path === '/readyz' && s.status === 503)).toBe(true);
    // Readiness is the database; liveness is the process, which is alive all along.
    const alive = outage.filter((s) => s.path === '/healthz');
    expect(alive.length).toBeGreaterThan(0);
    expect(alive.filter((s) => s.status !== 200)).toEqual([]);

    await database.restart();
    // Within a few seconds everything answers again, without restarting the site.
    let after: Awaited<ReturnType<typeof underLoad>> = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      after = await underLoad(() => sleep(300));
      if (after.every((s) => s.status === 200)) break;
    }
    expect(after.filter((s) => s.status !== 200)).toEqual([]);

    // Writes work again, and the public content cache is kept up to date again (its listener reconnected).
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Back Online Bream',
      location: 'Tweed River',
      eventDate: '2099-01-10T07:00',
    });
    let upcoming: { id: string }[] = [];
    for (let attempt = 0; attempt < 50 && !upcoming.some((e) => e.id === event.id); attempt++) {
      upcoming = successBody(await t.client().json('GET', '/api/events/upcoming'));
      await sleep(100);
    }
    expect(upcoming.map((e) => e.id)).toContain(event.id);
  }, 90_000);
});
