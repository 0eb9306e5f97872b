import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/routers';
import type { Access } from '../../src/server/trpc/init';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'Chair@Club.test, treasurer@club.test' } });
});
afterAll(() => t?.close());

interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  access: Access;
}

/** Every procedure of the app, read from the router itself so new ones are covered by these tests. */
function allProcedures(): ProcedureInfo[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureInfo['type']; meta?: { access?: Access } } }>).map(
    ([path, procedure]) => ({ path, type: procedure._def.type, access: procedure._def.meta?.access as Access }),
  );
}

async function call(client: TestClient, p: ProcedureInfo) {
  return p.type === 'query'
    ? client.json('GET', `/trpc/${p.path}?input=${encodeURIComponent('{}')}`)
    : client.json('POST', `/trpc/${p.path}`, {});
}

describe('procedure access', () => {
  it('gives every procedure an access level, and everything under admin.* is admin-only', () => {
    const procedures = allProcedures();
    expect(procedures.length).toBeGreaterThan(5);
    for (const p of procedures) {
      expect(['public', 'member', 'admin'], p.path).toContain(p.access);
      if (p.path.startsWith('admin.')) expect(p.access, p.path).toBe('admin');
    }
  });

  it('refuses anonymous callers on every member and admin procedure with UNAUTHORIZED (401)', async () => {
    const anonymous = t.client();
    for (const p of allProcedures().filter((p) => p.access !== 'public')) {
      const res = await call(anonymous, p);
      expect(res.status, p.path).toBe(401);
      expect(res.body.error.data.code, p.path).toBe('UNAUTHORIZED');
      expect(res.body.error.message, p.path).toBe('Please sign in first.');
    }
  });

  it('refuses members on every admin procedure with FORBIDDEN (403)', async () => {
    const { client } = await signedInClient(t);
    const admin = allProcedures().filter((p) => p.access === 'admin');
    expect(admin.length).toBeGreaterThan(0);
    for (const p of admin) {
      const res = await call(client, p);
      expect(res.status, p.path).toBe(403);
      expect(res.body.error.data.code, p.path).toBe('FORBIDDEN');
    }
  });

  it('makes the addresses in ADMIN_EMAILS admins when they sign in, and lets them in', async () => {
    const { client } = await signedInClient(t, 'chair@club.test', { firstName: 'Chris', lastName: 'Chair' });
    expect(await client.trpc.auth.me.query()).toMatchObject({ role: 'admin' });
    const overview = await client.trpc.admin.overview.query();
    expect(overview).toMatchObject({ totalMembers: 0, activeEvents: 0, revenueYtdCents: 0, sponsors: 0 });
  });
});
