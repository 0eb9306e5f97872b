import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'editor@club.test' } });
  admin = (await signedInClient(t, 'editor@club.test')).client;
});
afterAll(() => t?.close());

const sectionsUrl = (pageSlug: string) => `/trpc/cms.sections?input=${encodeURIComponent(JSON.stringify({ pageSlug }))}`;
const heroOf = (body: { result: { data: { sectionKey: string; content: string }[] } }) =>
  body.result.data.find((s) => s.sectionKey === 'hero_title')?.content;

describe('public reads answered from memory', () => {
  it('show an edit at once, to every caller, over tRPC and REST', async () => {
    const created = await admin.trpc.admin.cms.sections.create.mutate({
      pageSlug: 'cache-page',
      sectionKey: 'hero_title',
      title: 'Hero',
      content: 'First words',
    });
    const visitor = t.client();
    const first = await visitor.json('GET', sectionsUrl('cache-page'));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    const again = await t.client().json('GET', sectionsUrl('cache-page'));
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await admin.json('GET', sectionsUrl('cache-page'))).body).toEqual(first.body);
    const rest = await t.client().fetch('/api/content/sections/cache-page');
    const etag = rest.headers.get('etag')!;
    expect((await t.client().fetch('/api/content/sections/cache-page', { headers: { 'if-none-match': etag } })).status).toBe(304);

    await admin.trpc.admin.cms.sections.update.mutate({
      id: created.id,
      section: { pageSlug: 'cache-page', sectionKey: 'hero_title', title: 'Hero', content: 'Second words' },
    });
    expect(heroOf((await visitor.json('GET', sectionsUrl('cache-page'))).body)).toBe('Second words');
    const changed = await t.client().fetch('/api/content/sections/cache-page', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('never hand one caller the cookie another caller was sent', async () => {
    await admin.trpc.admin.cms.sections.create.mutate({
      pageSlug: 'cookie-page',
      sectionKey: 'hero_title',
      title: 'Hero',
      content: 'Hello',
    });
    // A browser still holding the cookie of a session that has ended is told to forget it…
    const member = await signedInClient(t);
    const stale = t.client();
    for (const [name, value] of member.client.cookies) stale.cookies.set(name, value);
    await member.client.trpc.auth.logout.mutate();
    const first = await stale.json('GET', sectionsUrl('cookie-page'));
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/^session=;/);
    // …and the next caller of the same read gets the same answer without that.
    const next = await t.client().json('GET', sectionsUrl('cookie-page'));
    expect(next.body).toEqual(first.body);
    expect(next.headers.get('set-cookie')).toBeNull();
  });

  it('leave reads that depend on the caller alone', async () => {
    const { client, email } = await signedInClient(t);
    expect((await t.client().json('GET', '/trpc/auth.me')).body.result.data).toBeNull();
    expect((await client.json('GET', '/trpc/auth.me')).body.result.data.email).toBe(email);
    expect((await t.client().json('GET', '/trpc/auth.me')).body.result.data).toBeNull();
    expect((await client.json('GET', '/trpc/catches.mine')).status).toBe(200);
    expect((await t.client().json('GET', '/trpc/catches.mine')).status).toBe(401);
  });
});
