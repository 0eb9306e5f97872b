import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/server/content/html';
import { AuditLog } from '../../src/server/db/entities';
import { slugFromTitle, suggestSlug } from '../../src/shared/site-navigation';
import { PUBLIC_URL, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const cms = () => admin.trpc.admin.cms;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'editor@club.test' } });
  admin = (await signedInClient(t, 'editor@club.test')).client;
});
afterAll(() => t?.close());

const IMAGE = '/api/objects/images/11111111-1111-4111-8111-111111111111.webp';

describe('what the rich-text editor writes, as the server keeps it', () => {
  it('keeps headings, lists, links and images with their size and description', async () => {
    const written = [
      '<h2>Where to fish</h2>',
      '<p>Try <strong>Fingal Head</strong> on a <em>rising</em> tide. See the <a href="https://www.dpi.nsw.gov.au/fishing" target="_blank">bag limits</a>, ',
      '<a href="/pages/about">our club</a>, <a href="mailto:committee@tweedcoastanglers.org.au">the committee</a> or <a href="tel:+61400000000">call</a>.</p>',
      '<h3>Bait</h3><ul><li><p>Yabbies</p></li><li><p>Prawns</p></li></ul><ol><li><p>Rig</p></li><li><p>Cast</p></li></ol>',
      `<img src="${IMAGE}" alt="A bream at Fingal Head" width="1600" height="1200">`,
    ].join('');
    const page = await cms().pages.create.mutate({ title: 'Where to fish', slug: 'where-to-fish', content: written, published: true });
    expect(page.content).toBe(written.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">').replace(/>$/, ' />'));
    // Served the same, again sanitised on the way out.
    expect((await t.client().trpc.cms.contentPage.query({ slug: 'where-to-fish' })).content).toBe(page.content);
  });

  it('strips scripts, event handlers, javascript: and data: addresses, styles and images that call the site API', () => {
    const origin = new URL(PUBLIC_URL).origin;
    const pasted = [
      '<h2 onclick="steal()" style="color:red">Title</h2>',
      '<script>alert(1)</script>',
      '<p><a href="javascript:alert(1)">bad link</a> <a href="JaVaScRiPt:alert(1)">worse</a></p>',
      '<img src="x" onerror="alert(1)">',
      '<img src="data:image/png;base64,AAAA" alt="inline">',
      `<img src="${origin}/api/logout" alt="sneaky">`,
      '<iframe src="https://evil.example"></iframe>',
      '<p><img src="https://example.com/bream.jpg" alt="kept" width="800" height="600" onload="x()"></p>',
    ].join('');
    expect(sanitizeHtml(pasted, origin)).toBe(
      '<h2>Title</h2><p><a>bad link</a> <a>worse</a></p><img src="x" /><p><img src="https://example.com/bream.jpg" alt="kept" width="800" height="600" /></p>',
    );
  });
});

describe('every page slug at /pages/<slug>', () => {
  it('shows the page, then its published sections in their order; drafts and empty sections are left out', async () => {
    await cms().pages.create.mutate({
      title: 'About the club',
      slug: 'about',
      content: '<p>Founded on the Tweed.</p>',
      metaDescription: 'Who we are.',
      published: true,
    });
    const section = (sectionKey: string, sortOrder: number, extra: object = {}) =>
      cms().sections.create.mutate({
        pageSlug: 'about',
        sectionKey,
        title: sectionKey,
        content: `<p>${sectionKey}</p>`,
        contentType: 'html',
        sortOrder,
        ...extra,
      });
    await section('committee', 2);
    await section('main_content', 0);
    await section('history', 1);
    await section('draft_notes', 3, { published: false });
    await section('empty_photo', 4, { contentType: 'image', content: '' });

    const page = await t.client().trpc.cms.contentPage.query({ slug: 'about' });
    expect(page).toMatchObject({
      slug: 'about',
      title: 'About the club',
      metaDescription: 'Who we are.',
      content: '<p>Founded on the Tweed.</p>',
    });
    expect(page.sections.map((s) => [s.sectionKey, s.content])).toEqual([
      ['main_content', '<p>main_content</p>'],
      ['history', '<p>history</p>'],
      ['committee', '<p>committee</p>'],
    ]);
  });

  it('shows a slug that has sections but no page, headed by its slug; a slug with neither is not found', async () => {
    await cms().sections.create.mutate({
      pageSlug: 'boat-ramps',
      sectionKey: 'list',
      title: 'Ramps',
      content: 'Chinderah\n\nFingal',
      sortOrder: 0,
    });
    expect(await t.client().trpc.cms.contentPage.query({ slug: 'boat-ramps' })).toEqual({
      slug: 'boat-ramps',
      title: 'Boat ramps',
      metaDescription: null,
      content: '',
      sections: [{ sectionKey: 'list', title: 'Ramps', contentType: 'text', content: 'Chinderah\n\nFingal' }],
    });
    await expect(t.client().trpc.cms.contentPage.query({ slug: 'nowhere' })).rejects.toThrow('That page does not exist.');
    // The landing page's texts are drawn at / in its own layout, not as a content page.
    await cms().sections.create.mutate({ pageSlug: 'landing', sectionKey: 'hero_subtitle', title: 'Sub', content: 'Fish with us' });
    await expect(t.client().trpc.cms.contentPage.query({ slug: 'landing' })).rejects.toThrow('That page does not exist.');
  });

  it('shows a draft page to nobody', async () => {
    await cms().pages.create.mutate({ title: 'Secret', slug: 'secret', content: '<p>Not yet</p>', published: false });
    await expect(t.client().trpc.cms.contentPage.query({ slug: 'secret' })).rejects.toThrow('That page does not exist.');
  });

  it("hides a draft page's published sections too, with a real 404; publishing the page shows them", async () => {
    const page = await cms().pages.create.mutate({ title: 'Committee nights', slug: 'committee-nights', published: false });
    await cms().sections.create.mutate({
      pageSlug: 'committee-nights',
      sectionKey: 'agenda',
      title: 'Agenda',
      content: 'Every second Tuesday',
    });
    const visitor = t.client();
    await expect(visitor.trpc.cms.contentPage.query({ slug: 'committee-nights' })).rejects.toThrow('That page does not exist.');
    expect(await visitor.trpc.cms.sections.query({ pageSlug: 'committee-nights' })).toEqual([]);
    expect((await visitor.fetch('/pages/committee-nights', { headers: { accept: 'text/html' } })).status).toBe(404);

    await cms().pages.update.mutate({ id: page.id, page: { title: 'Committee nights', slug: 'committee-nights', published: true } });
    expect((await visitor.trpc.cms.contentPage.query({ slug: 'committee-nights' })).sections.map((s) => s.title)).toEqual(['Agenda']);
    expect((await visitor.trpc.cms.sections.query({ pageSlug: 'committee-nights' })).map((s) => s.sectionKey)).toEqual(['agenda']);
  });
});

describe('slugs', () => {
  it('are suggested from titles', () => {
    expect(slugFromTitle('About the Club')).toBe('about-the-club');
    expect(slugFromTitle("Rods & Reels: what's best?")).toBe('rods-and-reels-whats-best');
    expect(slugFromTitle('Café Müller — Kingscliff')).toBe('cafe-muller-kingscliff');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle('word '.repeat(30)).length).toBeLessThanOrEqual(80);
    expect(suggestSlug('About', ['about', 'about-2'])).toBe('about-3');
    expect(suggestSlug('Juniors', ['about'])).toBe('juniors');
  });

  it('are refused on the slug field when taken, naming the page and a free slug, or when invalid', async () => {
    const taken = await admin.json('POST', '/api/admin/content/pages', { title: 'About us', slug: 'about' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      "The address /pages/about is already used by the page 'About the club'. Choose another slug, such as about-2.",
    );
    const bad = await admin.json('POST', '/api/admin/content/pages', { title: 'About us', slug: 'About Us' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Slug may contain lowercase letters, digits and hyphens only (e.g. club-history).',
    ]);

    // Renaming a page onto another's slug is refused the same way; keeping its own slug is fine.
    const other = await cms().pages.create.mutate({ title: 'Juniors', slug: 'juniors', published: true });
    await expect(cms().pages.update.mutate({ id: other.id, page: { title: 'Juniors', slug: 'about' } })).rejects.toThrow(
      "The address /pages/about is already used by the page 'About the club'.",
    );
    expect(
      (await cms().pages.update.mutate({ id: other.id, page: { title: 'Junior anglers', slug: 'juniors', published: true } })).title,
    ).toBe('Junior anglers');
  });
});

describe('the menu and footer', () => {
  it('link the published pages the setting names, in its order, with the settings the page frame already loads', async () => {
    const save = (value: unknown) =>
      admin.json('POST', '/api/admin/settings', {
        settingKey: 'site_navigation',
        settingType: 'json',
        settingValue: JSON.stringify(value),
      });
    expect((await save({ menu: ['where-to-fish', 'about', 'secret'], footer: ['about', 'juniors'] })).status).toBe(200);
    const settings = await t.client().trpc.cms.settings.query();
    // The draft page waits until it is published.
    expect(settings.menu).toEqual([
      { slug: 'where-to-fish', title: 'Where to fish' },
      { slug: 'about', title: 'About the club' },
    ]);
    expect(settings.footer).toEqual([
      { slug: 'about', title: 'About the club' },
      { slug: 'juniors', title: 'Junior anglers' },
    ]);
    const secret = (await cms().pages.list.query()).find((p) => p.slug === 'secret')!;
    await cms().pages.update.mutate({ id: secret.id, page: { title: 'Secret spots', slug: 'secret', published: true } });
    expect((await t.client().trpc.cms.settings.query()).menu?.map((l) => l.title)).toEqual([
      'Where to fish',
      'About the club',
      'Secret spots',
    ]);

    const audit = await t.em().find(AuditLog, { action: 'setting.save', entityType: 'SiteSetting' }, { orderBy: { createdAt: 'desc' } });
    expect(audit[0].after).toMatchObject({ settingKey: 'site_navigation' });
  });

  it('refuses a page that does not exist, too many menu pages and a value of the wrong shape, on the value field', async () => {
    const save = (value: string) =>
      admin.json('POST', '/api/admin/settings', { settingKey: 'site_navigation', settingType: 'json', settingValue: value });
    const missing = await save(JSON.stringify({ menu: ['about', 'ghost-page'] }));
    expect([missing.status, missing.body.message]).toEqual([400, 'There is no page at /pages/ghost-page. Create it first.']);
    const many = await save(JSON.stringify({ menu: ['a', 'b', 'c', 'd', 'e'] }));
    expect([many.status, many.body.message]).toEqual([400, 'The menu can link to at most 4 pages.']);
    const twice = await save(JSON.stringify({ footer: ['about', 'about'] }));
    expect(twice.body.message).toBe('The footer lists a page twice.');
    const shape = await save('["about"]');
    expect(shape.body.message).toBe('The navigation must look like {"menu": ["about"], "footer": ["about"]}.');
    const typed = await admin.json('POST', '/api/admin/settings', {
      settingKey: 'site_navigation',
      settingType: 'text',
      settingValue: 'about',
    });
    expect(typed.body.message).toBe('site_navigation is a json setting.');
  });
});

describe('templates', () => {
  it('on the landing page create only the sections it shows, and refuse a template it shows none of', async () => {
    const made = await cms().sections.fromTemplate.mutate({ template: 'hero_section', pageSlug: 'landing' });
    // hero_subtitle was there already (above); hero_cta and hero_image are not drawn by the landing page.
    expect(made.map((s) => s.sectionKey)).toEqual(['hero_title']);
    const refused = await admin.json('POST', '/trpc/admin.cms.sections.fromTemplate', { template: 'about_section', pageSlug: 'landing' });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.message).toBe(
      "The landing page does not show the About Section template's sections; it shows only its own texts (such as hero_title and hero_subtitle). Edit those sections, or use the template on another page.",
    );
    expect(
      (await cms().sections.list.query())
        .filter((s) => s.pageSlug === 'landing')
        .map((s) => s.sectionKey)
        .sort(),
    ).toEqual(['hero_subtitle', 'hero_title']);
  });

  it('on another page place their sections in order after those already there, and the page shows them in that order', async () => {
    const made = await cms().sections.fromTemplate.mutate({ template: 'about_section', pageSlug: 'about' });
    expect(made.map((s) => [s.sectionKey, s.sortOrder])).toEqual([
      ['about_title', 5],
      ['about_content', 6],
      ['about_image', 7],
    ]);
    const shown = (await t.client().trpc.cms.contentPage.query({ slug: 'about' })).sections.map((s) => s.sectionKey);
    // The image has no address yet: nothing to show.
    expect(shown).toEqual(['main_content', 'history', 'committee', 'about_title', 'about_content']);
  });
});
