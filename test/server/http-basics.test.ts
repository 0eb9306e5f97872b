import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/screens';
import { activeMemberClient, PUBLIC_URL, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

// A stand-in for the built client: the server's answers do not depend on what the app's files contain.
const APP_HTML =
  '<!doctype html><html><head><title>Club</title></head><body><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script></body></html>';
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'club-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), APP_HTML);
writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log("app");\n//# sourceMappingURL=main-abc123.js.map\n');
writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js.map'), '{"version":3,"sources":["../../src/client/main.tsx"],"mappings":""}');

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ clientDir, env: { ADMIN_EMAILS: 'webmaster@club.test' } });
  admin = (await signedInClient(t, 'webmaster@club.test')).client;
  await admin.trpc.admin.cms.pages.create.mutate({
    title: 'Fishing spots',
    slug: 'fishing-spots',
    content: '<p>Where to fish.</p>',
    published: true,
  });
  await admin.trpc.admin.cms.pages.create.mutate({
    title: 'Draft rules',
    slug: 'draft-rules',
    content: '<p>Not yet.</p>',
    published: false,
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('page addresses', () => {
  it('answers every route of the app with 200 and the app', async () => {
    // /setup is open only while the club has no administrator: first-run-setup.test.ts checks both of its answers.
    for (const route of Object.values(ROUTES).filter((r) => !r.includes('$') && r !== ROUTES.setup)) {
      const res = await t.client().fetch(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(APP_HTML);
    }
    // As the client's router reads them: with a query, a trailing slash, any case.
    for (const url of ['/member?tab=catches', '/sponsor/', '/Public', '/email-verified?token=abc']) {
      expect((await t.client().fetch(url)).status, url).toBe(200);
    }
  });

  it('answers any other path with 404 and the same app, which shows its not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/members',
      '/admin/cms/extra',
      '/sponsor/pay/now',
      '/pages',
      '/pages/',
      '/robots',
      '/index.php',
      '/.env',
    ]) {
      const res = await t.client().fetch(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(APP_HTML);
    }
    const head = await t.client().fetch('/no-such-page', { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers a content page with 200 only while it is published', async () => {
    expect((await t.client().fetch('/pages/fishing-spots')).status).toBe(200);
    expect((await t.client().fetch('/pages/draft-rules')).status).toBe(404);
    expect((await t.client().fetch('/pages/nowhere')).status).toBe(404);
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await t.client().json('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt as text, keeping crawlers out of the API, member and admin areas', async () => {
    const res = await t.client().fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/api/', '/trpc/', '/member', '/sign-in', '/email-verified', '/sponsor/pay', '/paypal/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const open of ['/', '/public', '/sponsor', '/pages/']) expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists the public pages and the published content pages, not the drafts', async () => {
    const res = await t.client().fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/public`, `${PUBLIC_URL}/sponsor`, `${PUBLIC_URL}/pages/fishing-spots`]);
    expect(xml).toMatch(/<loc>http:\/\/club.test\/pages\/fishing-spots<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    expect(xml).not.toContain('draft-rules');

    // Published later: listed at once.
    const pages = await admin.trpc.admin.cms.pages.list.query();
    const draft = pages.find((p) => p.slug === 'draft-rules')!;
    await admin.trpc.admin.cms.pages.update.mutate({
      id: draft.id,
      page: { title: draft.title, slug: draft.slug, content: draft.content, published: true },
    });
    expect(await (await t.client().fetch('/sitemap.xml')).text()).toContain(`<loc>${PUBLIC_URL}/pages/draft-rules</loc>`);
    expect((await t.client().fetch('/pages/draft-rules')).status).toBe(200);
  });
});

describe('headers', () => {
  it('marks personal answers no-store: member, auth and admin answers and exports', async () => {
    const member = (await activeMemberClient(t)).client;
    const personal: [TestClient, string][] = [
      [member, '/api/members/profile'],
      [member, '/trpc/auth.me'],
      [member, '/trpc/members.profile'],
      [admin, '/api/admin/members'],
      [admin, '/api/admin/export/members'],
      [admin, '/api/admin/reports/membership.csv'],
      [admin, '/trpc/admin.cms.pages.list'],
    ];
    for (const [client, url] of personal) {
      const res = await client.fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
    // Refusals and errors too.
    for (const url of ['/api/members/profile', '/trpc/members.profile', '/api/nothing-here']) {
      const res = await t.client().fetch(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
    const login = await t.client().json('POST', '/api/auth/login', { email: 'nobody@example.com' });
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves public reads, images and the app files their own caching', async () => {
    const rest = await t.client().fetch('/api/content/pages');
    expect(rest.headers.get('cache-control')).toBe('no-cache');
    expect(rest.headers.get('etag')).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      // The first answer is made by tRPC, the second comes from the public read cache.
      const trpc = await t.client().fetch('/trpc/cms.pages');
      expect(trpc.status).toBe(200);
      expect(trpc.headers.get('cache-control')).not.toBe('no-store');
    }
    expect((await t.client().fetch('/assets/main-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.client().fetch('/public')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends COOP, CORP and a Permissions-Policy with the CSP on pages and files, and the API policy on JSON answers', async () => {
    for (const url of ['/sponsor', '/no-such-page', '/assets/main-abc123.js', '/api/logout', '/robots.txt']) {
      const res = await t.client().fetch(url);
      expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin-allow-popups');
      expect(res.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
      expect(res.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      const permissions = res.headers.get('permissions-policy') ?? '';
      expect(permissions).toContain('camera=(self)');
      expect(permissions).toContain('geolocation=(self)');
      expect(permissions).toContain('microphone=()');
      expect(permissions).toMatch(/payment=\(self "https:\/\/www\.paypal\.com"/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    }
    // Answers that are only ever JSON: nothing may load or frame them, and the page-only headers stay off the wire.
    for (const url of ['/api/content/pages', '/trpc/cms.pages', '/trpc/no.such.procedure']) {
      const res = await t.client().fetch(url);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy'), url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
      expect(res.headers.get('cross-origin-opener-policy'), url).toBeNull();
      expect(res.headers.get('permissions-policy'), url).toBeNull();
      expect(res.headers.get('referrer-policy'), url).toBeNull();
    }
  });

  it('serves the source maps outside production only', async () => {
    expect((await t.client().fetch('/assets/main-abc123.js.map')).status).toBe(200);
    const prod = await startTestApp({ clientDir, env: { NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(40) } });
    try {
      const map = await prod.client().fetch('/assets/main-abc123.js.map');
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('sources');
      expect((await prod.client().fetch('/assets/main-abc123.js')).status).toBe(200);
      expect((await prod.client().fetch('/sponsor')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
