import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, SiteSection } from '../../src/server/db/entities';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const cms = () => admin.trpc.admin.cms;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'editor@club.test' } });
  admin = (await signedInClient(t, 'editor@club.test')).client;
});
afterAll(() => t?.close());

describe('pages', () => {
  it('creates, publishes, serves by slug and deletes; slugs are validated and unique', async () => {
    const bad = await admin.json('POST', '/api/admin/content/pages', { title: 'About', slug: 'About Us!' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Slug may contain lowercase letters, digits and hyphens only (e.g. club-history).');

    const created = await admin.json('POST', '/api/admin/content/pages', {
      title: 'Club History',
      slug: 'club-history',
      content: '<p>Since 1978<script>x()</script></p>',
      metaDescription: 'How the club began.',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ slug: 'club-history', content: '<p>Since 1978</p>', published: false });
    const again = await admin.json('POST', '/api/admin/content/pages', { title: 'Again', slug: 'club-history' });
    expect([again.status, again.body.message]).toEqual([
      409,
      "The address /pages/club-history is already used by the page 'Club History'. Choose another slug, such as club-history-2.",
    ]);

    // Drafts are not public.
    expect((await t.client().json('GET', '/api/content/pages')).body).toEqual([]);
    await expect(t.client().trpc.cms.page.query({ slug: 'club-history' })).rejects.toThrow('That page does not exist.');

    const put = await admin.json('PUT', `/api/admin/content/pages/${created.body.id}`, {
      title: 'Club History',
      slug: 'club-history',
      content: '<p>Since 1978.</p>',
      metaDescription: 'How the club began.',
      published: true,
    });
    expect(put.status).toBe(200);
    expect(await t.client().trpc.cms.page.query({ slug: 'club-history' })).toMatchObject({
      title: 'Club History',
      content: '<p>Since 1978.</p>',
      metaDescription: 'How the club began.',
    });

    expect((await admin.json('DELETE', `/api/admin/content/pages/${created.body.id}`)).body).toEqual({
      message: 'Page deleted successfully',
    });
    expect((await t.client().json('GET', '/api/content/pages')).body).toEqual([]);
    expect((await admin.json('DELETE', `/api/admin/content/pages/${created.body.id}`)).status).toBe(404);
  });
});

describe('sections', () => {
  it('creates with the section defaults, parses the sort order, keeps keys unique per page and serves published sections in order', async () => {
    const hero = await admin.json('POST', '/api/admin/content/sections', {
      pageSlug: 'landing',
      sectionKey: 'hero_title',
      title: 'Hero title',
      content: 'Fish the Tweed with us',
    });
    expect(hero.body).toMatchObject({ published: true, sortOrder: 0, contentType: 'text' });
    await admin.json('POST', '/api/admin/content/sections', {
      pageSlug: 'landing',
      sectionKey: 'hero_subtitle',
      title: 'Sub',
      content: 'Second',
      sortOrder: 'abc',
    });
    await admin.json('POST', '/api/admin/content/sections', {
      pageSlug: 'landing',
      sectionKey: 'final_cta_title',
      title: 'CTA',
      content: 'Last',
      sortOrder: '5',
    });
    await admin.json('POST', '/api/admin/content/sections', {
      pageSlug: 'landing',
      sectionKey: 'draft_note',
      title: 'Draft',
      content: 'hidden',
      published: false,
    });
    const clash = await admin.json('POST', '/api/admin/content/sections', {
      pageSlug: 'landing',
      sectionKey: 'hero_title',
      title: 'Again',
    });
    expect([clash.status, clash.body.message]).toEqual([409, 'That page already has a section with this key.']);
    expect(
      (await admin.json('POST', '/api/admin/content/sections', { pageSlug: 'home', sectionKey: 'hero_title', title: 'Home hero' })).status,
    ).toBe(200);

    const landing = await t.client().json('GET', '/api/content/sections/landing');
    expect(landing.body).toEqual([
      { sectionKey: 'hero_title', content: 'Fish the Tweed with us' },
      { sectionKey: 'hero_subtitle', content: 'Second' },
      { sectionKey: 'final_cta_title', content: 'Last' },
    ]);
  });

  it('sanitises HTML sections and checks image addresses', async () => {
    const html = await cms().sections.create.mutate({
      pageSlug: 'about',
      sectionKey: 'about_content',
      title: 'About',
      contentType: 'html',
      content: '<p onclick="steal()">Hi<iframe src="https://evil.example"></iframe></p><a href="javascript:alert(1)">x</a>',
    });
    expect(html.content).toBe('<p>Hi</p><a>x</a>');
    await expect(
      cms().sections.create.mutate({
        pageSlug: 'about',
        sectionKey: 'about_image',
        title: 'Img',
        contentType: 'image',
        content: 'javascript:alert(1)',
      }),
    ).rejects.toThrow('An image section must be an address starting with https:// (or an uploaded image).');
    expect(await t.em().count(SiteSection, { sectionKey: 'about_image' })).toBe(0);
  });

  it('moves up only above 0, moves down by one, and duplicates as an unpublished copy', async () => {
    const section = await cms().sections.create.mutate({ pageSlug: 'events', sectionKey: 'intro', title: 'Intro', content: 'Welcome' });
    expect((await cms().sections.move.mutate({ id: section.id, direction: 'up' })).sortOrder).toBe(0);
    expect((await cms().sections.move.mutate({ id: section.id, direction: 'down' })).sortOrder).toBe(1);
    const copy = await cms().sections.duplicate.mutate({ id: section.id });
    expect(copy).toMatchObject({
      pageSlug: 'events',
      sectionKey: 'intro_copy',
      title: 'Intro (Copy)',
      sortOrder: 2,
      published: false,
      content: 'Welcome',
    });
    expect((await cms().sections.duplicate.mutate({ id: section.id })).sectionKey).toBe('intro_copy_2');
    const bad = await admin.json('POST', '/trpc/admin.cms.sections.move', { id: section.id, direction: 'sideways' });
    expect(bad.status).toBe(400);
  });

  it('creates a template on a page, and asks for a page slug first', async () => {
    await expect(cms().sections.fromTemplate.mutate({ template: 'hero_section', pageSlug: '' })).rejects.toThrow(
      'Please enter a page slug',
    );
    const made = await cms().sections.fromTemplate.mutate({ template: 'hero_section', pageSlug: 'juniors' });
    expect(made.map((s) => [s.sectionKey, s.contentType, s.sortOrder, s.published])).toEqual([
      ['hero_title', 'text', 0, true],
      ['hero_subtitle', 'text', 1, true],
      ['hero_cta', 'text', 2, true],
      ['hero_image', 'image', 3, true],
    ]);
    // A second template goes after the first, in its own order.
    expect(
      (await cms().sections.fromTemplate.mutate({ template: 'feature_grid', pageSlug: 'juniors' })).map((s) => [s.sectionKey, s.sortOrder]),
    ).toEqual([
      ['feature_1_title', 4],
      ['feature_1_desc', 5],
      ['feature_2_title', 6],
      ['feature_2_desc', 7],
      ['feature_3_title', 8],
      ['feature_3_desc', 9],
      ['feature_4_title', 10],
      ['feature_4_desc', 11],
    ]);
    await expect(cms().sections.fromTemplate.mutate({ template: 'hero_section', pageSlug: 'juniors' })).rejects.toThrow(
      "The page 'juniors' already has every section of hero_section.",
    );
  });
});

describe('settings', () => {
  it('checks values against their type, upserts by key and drives the public settings', async () => {
    expect((await t.client().json('GET', '/api/settings')).body).toEqual({
      siteTitle: 'Tweed Coast Anglers Club',
      contactEmail: expect.any(String),
      menu: [],
      footer: [],
    });
    const number = await admin.json('POST', '/api/admin/settings', {
      settingKey: 'max_photos',
      settingValue: 'abc',
      settingType: 'number',
    });
    expect([number.status, number.body.message]).toEqual([400, 'This setting must be a number.']);
    const json = await admin.json('POST', '/api/admin/settings', { settingKey: 'social', settingValue: '{oops', settingType: 'json' });
    expect(json.body.message).toBe('This setting must be valid JSON.');
    const email = await admin.json('POST', '/api/admin/settings', {
      settingKey: 'contact_email',
      settingValue: 'nobody',
      settingType: 'text',
    });
    expect(email.body.message).toBe('contact_email must be an e-mail address.');

    await admin.json('POST', '/api/admin/settings', { settingKey: 'site_title', settingValue: 'Tweed Coast Anglers', settingType: 'text' });
    const again = await admin.json('POST', '/api/admin/settings', {
      settingKey: 'site_title',
      settingValue: '  Tweed Coast Anglers Club Inc.  ',
      settingType: 'text',
    });
    expect(again.body).toMatchObject({
      settingKey: 'site_title',
      settingValue: 'Tweed Coast Anglers Club Inc.',
      description: 'The name in the browser tab and the footer.',
    });
    expect((await cms().settings.list.query()).filter((s) => s.settingKey === 'site_title')).toHaveLength(1);
    expect((await t.client().json('GET', '/api/settings')).body.siteTitle).toBe('Tweed Coast Anglers Club Inc.');
    const typed = await admin.json('POST', '/api/admin/settings', { settingKey: 'site_title', settingValue: '5', settingType: 'number' });
    expect(typed.body.message).toBe('site_title is a text setting.');
  });
});

describe('news', () => {
  it('starts unpublished; publishing stamps publishedAt, staying published keeps it, unpublishing clears it', async () => {
    const created = await admin.json('POST', '/api/admin/news', {
      title: 'Bream Bash results',
      excerpt: 'Well done all',
      content: '<p>Results are in.</p>',
    });
    expect(created.body).toMatchObject({ published: false, publishedAt: null });
    expect((await admin.json('POST', '/api/admin/news', { title: 'Empty', content: '   ' })).body.message).toBe('Content is required.');
    expect((await t.client().json('GET', '/api/news')).body).toEqual([]);

    const article = { title: 'Bream Bash results', excerpt: 'Well done all', content: '<p>Results are in.</p>' };
    const published = await admin.json('PUT', `/api/admin/news/${created.body.id}`, { ...article, published: true });
    expect(published.body.publishedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const edited = await admin.json('PUT', `/api/admin/news/${created.body.id}`, {
      ...article,
      title: 'Bream Bash: results',
      published: true,
    });
    expect(edited.body.publishedAt).toBe(published.body.publishedAt);
    expect((await t.client().json('GET', '/api/news')).body.map!((a: { title: string }) => a.title)).toEqual(['Bream Bash: results']);
    const unpublished = await admin.json('PUT', `/api/admin/news/${created.body.id}`, { ...article, published: false });
    expect(unpublished.body.publishedAt).toBeNull();
    expect((await t.client().json('GET', '/api/news')).body).toEqual([]);
  });
});

describe('administration only', () => {
  it('refuses visitors and members on every CMS route, and audits each change', async () => {
    const member = (await signedInClient(t)).client;
    for (const [method, url] of [
      ['GET', '/api/admin/content/pages'],
      ['POST', '/api/admin/content/sections'],
      ['POST', '/api/admin/settings'],
      ['GET', '/api/admin/news'],
      ['DELETE', `/api/admin/news/${crypto.randomUUID()}`],
    ] as const) {
      expect(
        (await t.client().json(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status,
        `${method} ${url}`,
      ).toBe(401);
      expect((await member.json(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${url}`).toBe(
        403,
      );
    }
    const actions = (await t.em().find(AuditLog, { action: { $like: 'section.%' } })).map((a) => a.action);
    expect(new Set(actions)).toEqual(new Set(['section.create', 'section.move', 'section.duplicate', 'section.template']));
  });
});

describe('the public content cache', () => {
  it('a write on one instance reaches the cached reads of another instance, and ETags follow', async () => {
    const other = await startTestApp({ databaseUrl: t.databaseUrl });
    try {
      const read = async () =>
        (await other.client().json('GET', '/api/content/sections/landing')).body.find!(
          (s: { sectionKey: string }) => s.sectionKey === 'hero_title',
        )?.content;
      expect(await read()).toBe('Fish the Tweed with us');
      const first = await other.client().json('GET', '/api/content/sections/landing');
      const etag = first.headers.get('etag')!;
      expect((await other.client().fetch('/api/content/sections/landing', { headers: { 'if-none-match': etag } })).status).toBe(304);
      // Served from memory: a change behind the site's back (no notification) is not seen yet.
      await t
        .em()
        .getConnection()
        .execute(`update site_sections set content = 'changed behind its back' where page_slug = 'landing' and section_key = 'hero_title'`);
      expect(await read()).toBe('Fish the Tweed with us');

      const hero = (await cms().sections.list.query()).find((s) => s.pageSlug === 'landing' && s.sectionKey === 'hero_title')!;
      await cms().sections.update.mutate({
        id: hero.id,
        section: { pageSlug: 'landing', sectionKey: 'hero_title', title: hero.title, content: 'Cast a line on the Tweed' },
      });
      await expect.poll(read, { timeout: 3000, interval: 50 }).toBe('Cast a line on the Tweed');
      expect((await other.client().fetch('/api/content/sections/landing', { headers: { 'if-none-match': etag } })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
