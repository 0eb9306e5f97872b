import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enterEvent } from '../support/factories';
import { activeMemberClient, signedInClient, startTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const tsx = 'node_modules/.bin/tsx';
const cli = (args: string[], env: Record<string, string>) =>
  run(tsx, ['scripts/cli.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

let t: TestApp;
const work = mkdtempSync(path.join(os.tmpdir(), 'club-backup-test-'));

/** An empty database (no schema) on the test server: what a fresh VPS or managed PostgreSQL gives. */
async function emptyDatabase(name: string) {
  const server = new pg.Client({ connectionString: inject('pgServerUrl') });
  await server.connect();
  await server.query(`create database ${name}`);
  await server.end();
  const url = new URL(inject('pgServerUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every row of every table (as JSON, sorted), for comparing two databases. */
async function snapshot(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const tables = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      // The migrations log is compared by name: the restore ran them at its own time.
      const columns = name === 'mikro_orm_migrations' ? 'name' : 'row_to_json(t)::text';
      const rows = await db.query<{ j: string }>(`select ${columns} as j from "${name}" t`);
      result[name] = rows.rows.map((r) => r.j).sort();
    }
    return result;
  } finally {
    await db.end();
  }
}

const objectFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'objects', 'images');
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f)).toString('base64')]));
};

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  // A small club with something in every part of the site.
  const admin = (await signedInClient(t, 'secretary@club.test')).client;
  const member = await activeMemberClient(t, 'restore-me@example.com', { firstName: 'Rhea', lastName: 'Store' });
  await member.client.trpc.auth.setPassword.mutate({ newPassword: 'a long restored password' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
  const event = await admin.trpc.admin.events.create.mutate({
    name: 'Flathead Classic',
    location: 'Tweed River',
    eventDate: `${today}T07:00`,
    // Fishing all day, so the catch is logged whenever the tests run.
    fishingStart: '00:00',
    fishingEnd: '23:59',
  });
  await enterEvent(t, event.id, member.memberId);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fishType: 'Flathead',
    size: '45.5',
    fishKeptOrReleased: 'released',
    eventId: event.id,
    memberId: member.memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.181234, 153.551234',
  }))
    form.set(k, v);
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();
  form.set('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'flathead.jpg');
  const logged = await member.client.fetch('/api/catches', { method: 'POST', body: form });
  if (logged.status !== 200) throw new Error(`Arranging the catch failed: ${logged.status} ${await logged.text()}`);
  await admin.trpc.admin.cms.sections.create.mutate({
    pageSlug: 'home',
    sectionKey: 'welcome',
    title: 'Welcome',
    content: 'Tight lines.',
    published: true,
    sortOrder: 1,
  });
});
afterAll(() => t?.close());

describe('backup and restore', () => {
  it('restores every record and image into a fresh database, where members sign in and see their catches', async () => {
    const file = path.join(work, 'nightly.jsonl.gz');
    const backup = await cli(['backup', file], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.env.DATA_DIR });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up \d+ records and 2 images to .*nightly\.jsonl\.gz \(not encrypted: set BACKUP_RECIPIENT to encrypt backups\)$/m,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // No secrets in the file: only hashes of passwords and tokens.
    expect(gunzipSync(readFileSync(file)).toString()).not.toContain('a long restored password');

    const freshUrl = await emptyDatabase('restored_club');
    const freshDir = mkdtempSync(path.join(os.tmpdir(), 'club-restored-'));
    const restore = await cli(['restore', file], { DATABASE_URL: freshUrl, DATA_DIR: freshDir });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Restored \d+ records and 2 images from /m);

    expect(await snapshot(freshUrl)).toEqual(await snapshot(t.databaseUrl));
    expect(objectFiles(freshDir)).toEqual(objectFiles(t.env.DATA_DIR));

    // The restored site works: the member signs in with their password and sees the catch and its photo.
    const restored = await startTestApp({ databaseUrl: freshUrl, env: { DATA_DIR: freshDir } });
    try {
      const client = restored.client();
      expect(
        (await client.json('POST', '/api/auth/login', { email: 'restore-me@example.com', password: 'a long restored password' })).status,
      ).toBe(200);
      const catches = await client.json('GET', '/api/members/catches');
      expect(catches.body).toEqual([expect.objectContaining({ fishType: 'Flathead', size: 45.5 })]);
      const photo = await client.fetch(catches.body[0]!.photoUrl);
      expect(photo.status).toBe(200);
      expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe('webp');
    } finally {
      await restored.close();
    }

    // A second restore into the same database is refused and changes nothing.
    const before = await snapshot(freshUrl);
    const again = await cli(['restore', file], { DATABASE_URL: freshUrl, DATA_DIR: freshDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This database already holds club records; restore into an empty database');
    expect(await snapshot(freshUrl)).toEqual(before);
  });

  it('refuses a cut-short or foreign file before touching the database', async () => {
    const file = path.join(work, 'full.jsonl.gz');
    expect((await cli(['backup', file], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.env.DATA_DIR })).code).toBe(0);
    const lines = gunzipSync(readFileSync(file)).toString().trimEnd().split('\n');
    const cut = path.join(work, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, -3).join('\n')));
    const foreign = path.join(work, 'foreign.jsonl.gz');
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const notGzip = path.join(work, 'plain.txt');
    writeFileSync(notGzip, 'not a backup');

    const freshUrl = await emptyDatabase('never_restored');
    const env = { DATABASE_URL: freshUrl, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'club-refused-')) };
    const outcomes = await Promise.all([cut, foreign, notGzip].map((f) => cli(['restore', f], env)));
    expect(outcomes.map((o) => o.code)).toEqual([1, 1, 1]);
    expect(outcomes[0].stderr).toContain('is incomplete (no end marker): the backup was cut short.');
    expect(outcomes[1].stderr).toContain('is not a club backup.');
    expect(outcomes[2].stderr).toContain('could not be read as a club backup');
    const untouched = new pg.Client({ connectionString: freshUrl });
    await untouched.connect();
    const tables = await untouched.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    await untouched.end();
    expect(tables.rows[0].n).toBe(0);
  });

  it("writes backups for their owner only (0600 in a 0700 folder), encrypted to the committee's age key, and refuses a wrong key", async () => {
    const secretKey = await generateIdentity();
    const publicKey = await identityToRecipient(secretKey);
    const backup = await cli(['backup'], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.env.DATA_DIR, BACKUP_RECIPIENT: publicKey });
    expect(backup.code, backup.stderr).toBe(0);
    const file = /to (.*\.jsonl\.gz\.age) \(encrypted with age\)$/m.exec(backup.stdout)![1];
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readFileSync(file).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(readFileSync(file).toString('latin1')).not.toContain('restore-me@example.com');

    const freshUrl = await emptyDatabase('encrypted_restore');
    const env = { DATABASE_URL: freshUrl, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'club-encrypted-')) };
    const noKey = await cli(['restore', file], env);
    expect([noKey.code, noKey.stderr]).toEqual([1, expect.stringContaining('is encrypted: set BACKUP_IDENTITY')]);
    const wrongKey = await cli(['restore', file], { ...env, BACKUP_IDENTITY: await generateIdentity() });
    expect([wrongKey.code, wrongKey.stderr]).toEqual([
      1,
      expect.stringContaining('is encrypted and the key or passphrase given does not open it'),
    ]);
    const untouched = new pg.Client({ connectionString: freshUrl });
    await untouched.connect();
    const tables = await untouched.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    await untouched.end();
    expect(tables.rows[0].n).toBe(0);

    const restored = await cli(['restore', file], { ...env, BACKUP_IDENTITY: secretKey });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ records and 2 images from /m);
    expect(await snapshot(freshUrl)).toEqual(await snapshot(t.databaseUrl));
  });

  it('explains its usage', async () => {
    const usage = await cli(['restore'], { DATABASE_URL: t.databaseUrl });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run cli -- backup [file]');
  });
});
