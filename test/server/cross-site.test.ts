import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthToken, Sponsor } from '../../src/server/db/entities';
import { hashToken } from '../../src/server/accounts/auth.service';
import { linkIn } from '../support/mime';
import { createAdmin, createUser } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/** Nothing another site (or a mail scanner) does can sign a person in or out, or make content that does. */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'editor@club.test' } });
  admin = (await createAdmin(t, { email: 'editor@club.test' })).client;
});
afterAll(() => t?.close());

/**
 * A browser's GET of /api/logout with exactly these headers (fetch would set its own Sec-Fetch-Mode), carrying the
 * client's cookies: the status and where it leads, and whether it set a cookie.
 */
function logoutRequest(
  client: TestClient,
  headers: Record<string, string>,
): Promise<{ status: number; location: string | undefined; setsCookie: boolean }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}/api/logout`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location, setsCookie: (res.headers['set-cookie'] ?? []).length > 0 });
    });
    req.on('error', reject);
    req.end();
  });
}

const isSignedIn = async (client: TestClient) => (await client.trpc.auth.me.query()) !== null;

describe('a mail scanner that opens a link', () => {
  it('spends neither a verification nor a sign-in link by loading its page; the person then uses it', async () => {
    const person = t.client();
    await person.trpc.auth.signup.mutate({ email: 'scanned@example.com', firstName: 'Sky', lastName: 'Scan' });
    const verify = linkIn(t.mail.last('scanned@example.com'));
    const scanner = t.client('203.0.113.9');
    for (const method of ['GET', 'HEAD']) {
      const page = await scanner.fetch(verify.pathname + verify.search, {
        method,
        headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      });
      expect(page.status, method).toBe(200);
      expect(page.headers.get('set-cookie'), method).toBeNull();
    }
    expect(await isSignedIn(scanner)).toBe(false);
    const token = verify.searchParams.get('token')!;
    expect((await t.em().findOneOrFail(AuthToken, { tokenHash: hashToken(token) })).usedAt).toBeNull();

    // The person's click (the page's POST) verifies and signs in.
    const used = await person.json('POST', '/api/auth/verify', { token });
    expect(used.status).toBe(200);
    expect(await isSignedIn(person)).toBe(true);

    // The same for an e-mailed sign-in link.
    await t.client().trpc.auth.login.mutate({ email: 'scanned@example.com' });
    await expect.poll(() => t.mail.to('scanned@example.com').length).toBe(2);
    const signIn = linkIn(t.mail.last('scanned@example.com'));
    expect(signIn.pathname).toBe('/sign-in');
    await scanner.fetch(signIn.pathname + signIn.search);
    expect(await isSignedIn(scanner)).toBe(false);
    const other = t.client();
    await other.trpc.auth.verifyToken.mutate({ token: signIn.searchParams.get('token')!, purpose: 'sign_in' });
    expect(await isSignedIn(other)).toBe(true);
  });
});

describe('GET /api/logout', () => {
  const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
  const fromElsewhere: [string, Record<string, string>][] = [
    ['a link on another site', { ...navigation, 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' }],
    ['another origin of the same site', { ...navigation, 'sec-fetch-site': 'same-site' }],
    ['an image on one of our own pages', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
    ['a browser without Fetch Metadata, from another site', { referer: 'https://evil.example/page' }],
    ['a browser without Fetch Metadata, from a look-alike address', { referer: 'http://club.test.evil.example/' }],
    ['a request that says nothing of where it comes from', {}],
  ];

  it.each(fromElsewhere)('from %s asks first and changes nothing', async (_label, headers) => {
    const { client } = await createUser(t);
    const response = await logoutRequest(client, headers);
    expect(response).toEqual({ status: 303, location: '/sign-out', setsCookie: false });
    expect(await isSignedIn(client)).toBe(true);
  });

  const fromTheSite: [string, Record<string, string>][] = [
    ["the site's own menu", { ...navigation, 'sec-fetch-site': 'same-origin', referer: 'http://club.test/member' }],
    ['the address typed or bookmarked', { ...navigation, 'sec-fetch-site': 'none' }],
    ['a browser without Fetch Metadata, from our own page', { referer: 'http://club.test/member?tab=events' }],
  ];

  it.each(fromTheSite)('from %s signs out on every device', async (_label, headers) => {
    const { client } = await createUser(t);
    const otherDevice = t.client();
    for (const [k, v] of client.cookies) otherDevice.cookies.set(k, v);
    const response = await logoutRequest(client, headers);
    expect(response).toMatchObject({ status: 303, location: '/' });
    expect(await isSignedIn(client)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
  });

  it("the 'Sign out?' screen's button (the auth.logout mutation) signs out; a cross-site POST is refused", async () => {
    const { client } = await createUser(t);
    const forged = await client.fetch('/trpc/auth.logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    expect(await isSignedIn(client)).toBe(true);
    await client.trpc.auth.logout.mutate();
    expect(await isSignedIn(client)).toBe(false);
  });
});

describe("committee content cannot point into the site's API", () => {
  const API_URLS = [
    '/api/logout',
    'http://club.test/api/logout',
    'https://club.test/trpc/auth.logout',
    '/%61pi/logout',
    '/pages/../api/logout',
  ];

  it('refuses such a news image or image section with a 400 sentence, and keeps uploaded images', async () => {
    for (const url of API_URLS) {
      const news = await admin.json('POST', '/api/admin/news', { title: 'Bream Bash', content: '<p>Results</p>', featuredImageUrl: url });
      expect(news.status, url).toBe(400);
      // An http:// address breaks the image address rule before its path is looked at.
      const insecure = url.startsWith('http://');
      expect(news.body.message, url).toBe(
        insecure
          ? 'The image must be an address starting with https:// (or an uploaded image).'
          : "The featured image cannot point to the club site's own /api or /trpc addresses.",
      );
      const section = await admin.json('POST', '/api/admin/content/sections', {
        pageSlug: 'landing',
        sectionKey: 'hero_image',
        title: 'Hero',
        contentType: 'image',
        content: url,
      });
      expect(section.status, url).toBe(400);
      expect(section.body.message, url).toBe(
        insecure
          ? 'An image section must be an address starting with https:// (or an uploaded image).'
          : "The image cannot point to the club site's own /api or /trpc addresses.",
      );
    }
    const uploaded = '/api/objects/images/00000000-0000-4000-8000-000000000000.webp';
    const news = await admin.json('POST', '/api/admin/news', {
      title: 'Bream Bash',
      content: '<p>Results</p>',
      featuredImageUrl: uploaded,
    });
    expect(news.status).toBe(200);
    const put = await admin.json('PUT', `/api/admin/news/${news.body.id}`, {
      title: 'Bream Bash',
      content: '<p>Results</p>',
      featuredImageUrl: '/trpc/auth.logout',
    });
    expect(put.status).toBe(400);
    expect(
      (
        await admin.json('POST', '/api/admin/content/sections', {
          pageSlug: 'landing',
          sectionKey: 'hero_image',
          title: 'Hero',
          contentType: 'image',
          content: uploaded,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses such a sponsor logo or website', async () => {
    await t.client().json('POST', '/api/sponsors/register', {
      companyName: 'Sneaky Bait',
      contactPerson: 'Sam Sneak',
      email: 'sam@sneaky.example',
      phone: '07 5536 0000',
      sponsorshipType: 'shirt',
    });
    const sponsor = await t.em().findOneOrFail(Sponsor, { email: 'sam@sneaky.example' });
    const logo = await admin.json('POST', '/trpc/admin.sponsors.review', { id: sponsor.id, logoUrl: '/api/logout' });
    expect(logo.status).toBe(400);
    expect(JSON.stringify(logo.body)).toContain("The logo cannot point to the club site's own /api or /trpc addresses.");
    await expect(admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, websiteUrl: 'http://club.test/api/logout' })).rejects.toThrow(
      "The website cannot point to the club site's own /api or /trpc addresses.",
    );
    const fine = await admin.trpc.admin.sponsors.review.mutate({
      id: sponsor.id,
      logoUrl: 'https://sneaky.example/api/logo.png',
      websiteUrl: 'https://sneaky.example',
    });
    expect(fine).toMatchObject({ logoUrl: 'https://sneaky.example/api/logo.png', websiteUrl: 'https://sneaky.example' });
  });

  it('strips such images and links from page, section and news HTML', async () => {
    const html =
      '<p>Hi<img src="/api/logout" alt="x"><img src="http://club.test/trpc/auth.logout" alt="y"> <a href="/api/logout">out</a></p>';
    const page = await admin.json('POST', '/api/admin/content/pages', { title: 'Trap', slug: 'trap', content: html });
    expect(page.body.content).toBe('<p>Hi <a>out</a></p>');
    const section = await admin.json('POST', '/api/admin/content/sections', {
      pageSlug: 'about',
      sectionKey: 'trap',
      title: 'Trap',
      contentType: 'html',
      content: html,
    });
    expect(section.body.content).toBe('<p>Hi <a>out</a></p>');
    const news = await admin.json('POST', '/api/admin/news', { title: 'Trap', content: html });
    expect(news.body.content).toBe('<p>Hi <a>out</a></p>');
  });
});
