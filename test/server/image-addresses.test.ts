import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPage, NewsArticle, Newsletter, SiteSection, Sponsor } from '../../src/server/db/entities';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

// One rule for the images the committee gives, wherever they show: an https:// address or one of the site's own.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'images@club.test' } });
  admin = (await signedInClient(t, 'images@club.test')).client;
});
afterAll(() => t?.close());

const INSECURE = 'http://tackle.example/logo.png';
const SECURE = 'https://tackle.example/logo.png';
const UPLOADED = '/api/objects/images/11111111-1111-4111-8111-111111111111.webp';
const rule = (label: string) => `${label} must be an address starting with https:// (or an uploaded image).`;
const withImage = (src: string) => `<p>Our new boat</p><img src="${src}" alt="The boat">`;

describe('an image address', () => {
  it("for a sponsor's logo: refused with the rule when http://, kept when https:// or uploaded", async () => {
    const applied = await t.client().json('POST', '/api/sponsors/register', {
      companyName: 'Chinderah Tackle',
      contactPerson: 'Pat Pike',
      email: 'pat@tackle.example',
      phone: '07 5536 1234',
      address: '2 Wharf St, Chinderah NSW 2487',
      sponsorshipType: 'shirt',
    });
    expect(applied.status).toBe(200);
    const sponsor = await t.em().findOneOrFail(Sponsor, { companyName: 'Chinderah Tackle' });
    const refused = await admin.mutation('admin.sponsors.review', { id: sponsor.id, logoUrl: INSECURE });
    expect([refused.status, refused.body.message]).toEqual([400, rule('The logo')]);
    expect((await t.em().findOneOrFail(Sponsor, { id: sponsor.id })).logoUrl).toBeNull();
    expect((await admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, logoUrl: SECURE })).logoUrl).toBe(SECURE);
    // A protocol-relative address is not https either.
    expect((await admin.mutation('admin.sponsors.review', { id: sponsor.id, logoUrl: '//tackle.example/logo.png' })).status).toBe(400);
  });

  it('for an image section and a news article: refused with the rule when http://', async () => {
    const section = await admin.mutation('admin.cms.sections.create', {
      pageSlug: 'about',
      sectionKey: 'boat_photo',
      title: 'Boat',
      contentType: 'image',
      content: INSECURE,
    });
    expect([section.status, section.body.message]).toEqual([400, rule('An image section')]);
    const news = await admin.mutation('admin.cms.news.create', { title: 'New boat', content: '<p>Hi</p>', featuredImageUrl: INSECURE });
    expect([news.status, news.body.message]).toEqual([400, rule('The image')]);
    expect(await t.em().count(SiteSection, { sectionKey: 'boat_photo' })).toBe(0);
    expect(await t.em().count(NewsArticle, { title: 'New boat' })).toBe(0);
    const kept = await admin.trpc.admin.cms.sections.create.mutate({
      pageSlug: 'about',
      sectionKey: 'boat_photo',
      title: 'Boat',
      contentType: 'image',
      content: UPLOADED,
    });
    expect(kept.content).toBe(UPLOADED);
  });

  it('inside the HTML of a page, a section, a news article and a newsletter: refused on its field, naming the image', async () => {
    const said = `${rule('Every image')} This one is not: ${INSECURE}`;
    const tries = await Promise.all([
      admin.mutation('admin.cms.pages.create', { title: 'Boat day', slug: 'boat-day', content: withImage(INSECURE), published: true }),
      admin.mutation('admin.cms.sections.create', {
        pageSlug: 'about',
        sectionKey: 'boat_story',
        title: 'Boat',
        contentType: 'html',
        content: withImage(INSECURE),
      }),
      admin.mutation('admin.cms.news.create', { title: 'Boat news', content: withImage(INSECURE) }),
      admin.mutation('admin.newsletters.create', { subject: 'Boat', bodyHtml: withImage(INSECURE), segment: { kind: 'current' } }),
    ]);
    expect(tries.map((r) => [r.status, r.body.message])).toEqual(Array.from({ length: 4 }, () => [400, said]));
    expect(tries.map((r) => Object.keys(r.fieldErrors ?? {}))).toEqual([['content'], ['content'], ['content'], ['bodyHtml']]);
    expect(await t.em().count(ContentPage, { slug: 'boat-day' })).toBe(0);
    expect(await t.em().count(Newsletter, { subject: 'Boat' })).toBe(0);

    const page = await admin.trpc.admin.cms.pages.create.mutate({
      title: 'Boat day',
      slug: 'boat-day',
      content: withImage(SECURE),
      published: true,
    });
    expect(page.content).toContain(`src="${SECURE}"`);
  });
});
