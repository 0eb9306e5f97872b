import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsArticle } from '../../src/server/db/entities';
import { crossSiteMessage } from '../../src/server/http/security';
import { allProcedures, fillPath, restRoutes, rowCounts, type RestRoute } from '../support/endpoints';
import { activeMemberClient, PUBLIC_URL, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'chair@club.test' } });
  // A paid-up admin, so neither sign-in nor role hides what a forged request would reach.
  admin = (await activeMemberClient(t, 'chair@club.test')).client;
});
afterAll(() => t?.close());

const ID = '00000000-0000-4000-8000-000000000001';
const CROSS_SITE = { message: crossSiteMessage(PUBLIC_URL) };
const JSON_ONLY = { message: 'Requests must be sent as JSON (Content-Type: application/json).' };

interface Mutation {
  name: string;
  method: string;
  url: string;
}

/** Every state-changing call: each tRPC mutation and each REST route that is not a GET. */
function allMutations(): Mutation[] {
  const procedures = allProcedures()
    .filter((p) => p.type === 'mutation')
    .map((p) => ({ name: `tRPC ${p.path}`, method: 'POST', url: `/trpc/${p.path}` }));
  const routes = restRoutes(t.app)
    .filter((r: RestRoute) => r.method !== 'GET' && r.path !== '/trpc/:path')
    .map((r) => ({ name: r.key, method: r.method, url: fillPath(r.path, () => ID) }));
  return [...procedures, ...routes];
}

/** The bodies a page on another site can send without CORS's permission: HTML forms and `text/plain`. */
const FORM_BODIES: [string, string][] = [
  ['application/x-www-form-urlencoded', 'email=a%40b.test&firstName=A&lastName=B&id=' + ID],
  ['multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--xyz--\r\n`],
  ['text/plain', '{"email":"a@b.test","firstName":"A","lastName":"B"}'],
];

/**
 * RFC 8058's one-click unsubscribe: a mail provider POSTs it as a form from its own servers, without a session or an
 * Origin of ours; it acts only on the signed token in its address, so a forgery without one changes nothing (400).
 */
const ONE_CLICK = 'POST /api/newsletters/unsubscribe';

/** The documented exceptions to JSON-only: the multipart catch submission, the raw upload target, the one-click unsubscribe. */
const FORM_ALLOWED: Record<string, string[]> = {
  'POST /api/catches': ['multipart/form-data; boundary=xyz'],
  'PUT /api/objects/upload/incoming/:id': FORM_BODIES.map(([type]) => type),
  [ONE_CLICK]: FORM_BODIES.map(([type]) => type),
};

/** A request without an Origin header (a script, or an old browser), carrying the client's cookies. */
function withoutOrigin(client: TestClient, method: string, url: string, body: string, type = 'application/json') {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(`${t.baseUrl}${url}`, {
    method,
    body,
    headers: { cookie, 'content-type': type, 'x-forwarded-for': client.ip },
    redirect: 'manual',
  });
}

describe('forged requests', () => {
  it('covers the mutations of the app', () => {
    const names = allMutations().map((m) => m.name);
    expect(names).toContain('tRPC auth.logout');
    expect(names).toContain('POST /api/members/register');
    expect(names.length).toBeGreaterThan(50);
  });

  it('refuses every mutation from a foreign, opaque or cross-site origin with 403, and changes nothing', async () => {
    const before = await rowCounts(t);
    const forgeries: [string, Record<string, string>][] = [
      ['foreign Origin', { origin: 'https://evil.example' }],
      ['look-alike Origin', { origin: `${PUBLIC_URL}.evil.example` }],
      ['Origin with another port', { origin: `${PUBLIC_URL}:8080` }],
      ['opaque Origin (sandboxed frame)', { origin: 'null' }],
      ['cross-site fetch metadata', { 'sec-fetch-site': 'cross-site' }],
    ];
    for (const m of allMutations()) {
      for (const [label, headers] of forgeries) {
        const res = await admin.json(m.method, m.url, { id: ID }, headers);
        if (m.name === ONE_CLICK) {
          expect(res.status, `${m.name}: ${label}`).toBe(400);
          continue;
        }
        expect(res.status, `${m.name}: ${label}`).toBe(403);
        expect(res.body, `${m.name}: ${label}`).toEqual(CROSS_SITE);
      }
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses form encodings and text/plain on every mutation with 415 (bodies or not), bar the documented uploads', async () => {
    const before = await rowCounts(t);
    for (const m of allMutations()) {
      for (const [type, body] of FORM_BODIES) {
        if (FORM_ALLOWED[m.name]?.includes(type)) continue;
        for (const [label, sent] of [
          ['with a body', body],
          ['empty', ''],
        ]) {
          const res = await admin.json(m.method, m.url, sent, { 'content-type': type });
          expect(res.status, `${m.name}: ${type} ${label}`).toBe(415);
          expect(res.body, `${m.name}: ${type} ${label}`).toEqual(JSON_ONLY);
        }
      }
    }
    // Without an Origin header (an old browser, or a page that strips it) the content type alone still stops a form.
    for (const [type, body] of FORM_BODIES) {
      expect((await withoutOrigin(admin, 'POST', '/trpc/auth.logout', body, type)).status, type).toBe(415);
      expect((await withoutOrigin(admin, 'POST', '/api/members/register', body, type)).status, type).toBe(415);
    }
    expect(await rowCounts(t)).toEqual(before);
    expect(await admin.trpc.auth.me.query()).toMatchObject({ email: 'chair@club.test' });
  });

  it('lets a script without an Origin header send JSON (the README example does), still under every other rule', async () => {
    const trpc = await withoutOrigin(admin, 'POST', '/trpc/events.register', JSON.stringify({ id: ID }));
    expect(trpc.status).toBe(404);
    const rest = await withoutOrigin(
      t.client(),
      'POST',
      '/api/auth/login',
      JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
    );
    expect(rest.status).toBe(401);
    expect(await rest.json()).toEqual({ message: 'Invalid email or password.' });
  });

  it('does not run a mutation sent as a GET (an <img> or link on another site)', async () => {
    const before = await rowCounts(t);
    for (const p of allProcedures().filter((p) => p.type === 'mutation')) {
      const res = await admin.json('GET', `/trpc/${p.path}?input=${encodeURIComponent(JSON.stringify({ id: ID }))}`);
      expect(res.status, p.path).toBe(405);
    }
    expect(await rowCounts(t)).toEqual(before);
    expect(await admin.trpc.auth.me.query()).toMatchObject({ email: 'chair@club.test' });
  });

  it('caps a batch at 10 calls: 11 mutations in one request run none of them', async () => {
    const article = (i: number) => ({ title: `Batch ${i}`, content: '<p>News</p>' });
    const batch = (n: number) => {
      const inputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), article(i)]));
      return admin.json('POST', `/trpc/${Array(n).fill('admin.cms.news.create').join(',')}?batch=1`, inputs);
    };
    const over = await batch(11);
    expect(over.status).toBe(400);
    expect(await t.em().count(NewsArticle, {})).toBe(0);
    const atCap = await batch(10);
    expect(atCap.status).toBe(200);
    expect(await t.em().count(NewsArticle, {})).toBe(10);
  });
});
