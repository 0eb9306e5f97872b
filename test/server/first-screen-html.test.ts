import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_READS_FACTOR } from '../../src/server/http/request-limits';
import { CLUB_ADDRESS_ID } from '../../src/shared/club-address';
import { CLUB_CLOCK_ID, intlOffsetMs, keptOffsetMs, type ZoneOffsets } from '../../src/shared/club-clock';
import { CLUB_DOCUMENTS_ID } from '../../src/shared/documents';
import { FIRST_SCREEN_DATA_ID } from '../../src/shared/first-screen';
import { FIRST_MEMBERS_PAGE } from '../../src/shared/members-list';
import { createEvent } from '../support/factories';
import { answersIn, APP_HTML, fakeBuiltClient, OPENING } from '../support/fake-client';
import { activeMemberClient, PUBLIC_URL, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

const builtClient = fakeBuiltClient();
const clientDir = builtClient.dir;

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ clientDir, env: { ADMIN_EMAILS: 'webmaster@club.test' } });
  admin = (await signedInClient(t, 'webmaster@club.test')).client;
});
afterAll(async () => {
  await t?.close();
  builtClient.remove();
});

describe("a page's HTML carries what its first screen needs", () => {
  it("gives a visitor opening the landing page its reads' answers, the same the API gives", async () => {
    const res = await t.client().fetch('/', { headers: { ...OPENING, 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toBe('cookie, accept-encoding');
    expect(res.headers.get('content-encoding')).toBe('br');
    const answers = answersIn(await res.text());
    expect(answers.map((a) => a.path)).toEqual([
      'auth.me',
      'cms.settings',
      'cms.sections',
      'events.upcoming',
      'sponsors.active',
      'setup.status',
    ]);
    // This site has an administrator: the landing page does not lead to the setup page.
    expect(answers.find((a) => a.path === 'setup.status')?.data).toEqual({ open: false });
    expect(answers.find((a) => a.path === 'auth.me')?.data).toBeNull();
    expect(answers.find((a) => a.path === 'cms.sections')?.input).toEqual({ pageSlug: 'landing' });
    const settings = await t.client().trpc.cms.settings.query();
    expect(answers.find((a) => a.path === 'cms.settings')?.data).toEqual(JSON.parse(JSON.stringify(settings)));
  });

  it("says the club's address (PUBLIC_URL), so a page opened at another can name it without asking", async () => {
    const html = await (await t.client().fetch('/member?tab=events', { headers: OPENING })).text();
    const match = new RegExp(`<script type="application/json" id="${CLUB_ADDRESS_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(match![1])).toEqual({ url: PUBLIC_URL, secureSession: false });
  });

  it("preloads a route's script, the chunks it imports and their styles, never the entry again", async () => {
    const html = await (await t.client().fetch('/public', { headers: OPENING })).text();
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/public-1.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Badge-2.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/public-1.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Badge-2.css">');
    expect(html).not.toContain('href="/assets/index-abc.js"');
  });

  it("gives a member opening the portal their own reads and the portal's code; a visitor neither", async () => {
    const { client } = await activeMemberClient(t);
    const html = await (await client.fetch('/member', { headers: OPENING })).text();
    const answers = answersIn(html);
    expect(answers.map((a) => a.path)).toEqual([
      'auth.me',
      'cms.settings',
      'members.profile',
      'members.dashboard',
      'events.myRegistrations',
      'catches.mine',
    ]);
    expect(answers.find((a) => a.path === 'members.profile')?.data).toEqual(
      JSON.parse(JSON.stringify(await client.trpc.members.profile.query())),
    );
    expect(html).toContain('href="/assets/member-4.js"');

    // The visitor is refused the portal's reads: the page asks for them itself (and is sent on to sign in).
    const visitor = await (await t.client().fetch('/member', { headers: OPENING })).text();
    expect(answersIn(visitor).map((a) => a.path)).toEqual(['auth.me', 'cms.settings']);
    expect(visitor).not.toContain('member-4.js');
    expect(visitor).toContain('href="/assets/sign-in-5.js"');
    // A member's / is their portal; admin code never goes to anyone but an admin.
    const home = await (await client.fetch('/', { headers: OPENING })).text();
    expect(answersIn(home).map((a) => a.path)).toContain('members.dashboard');
    expect(home).toContain('href="/assets/member-4.js"');
    expect(await (await client.fetch('/admin', { headers: OPENING })).text()).not.toContain('admin-6.js');
  });

  it('never puts data in what is not a browser opening a page: the service worker saving the app, HEAD, a script', async () => {
    const { client } = await activeMemberClient(t);
    const saved = await client.fetch('/', { headers: { 'sec-fetch-dest': 'empty' } });
    expect(await saved.text()).toBe(APP_HTML);
    expect(saved.headers.get('cache-control')).toBe('no-cache');
    expect(await (await client.fetch('/member')).text()).toBe(APP_HTML);
    const head = await client.fetch('/member', { method: 'HEAD', headers: OPENING });
    expect(head.status).toBe(200);
  });

  it("gives an admin opening the administration its overview, the open tab's first read and the code of both", async () => {
    const html = await (await admin.fetch('/admin', { headers: OPENING })).text();
    expect(answersIn(html).map((a) => a.path)).toEqual(['auth.me', 'cms.settings', 'admin.overview', 'admin.events.list']);
    expect(html).toContain('href="/assets/admin-6.js"');
    expect(html).toContain('href="/assets/events-tab-10.js"');

    const members = await (await admin.fetch('/admin?tab=Members', { headers: OPENING })).text();
    const search = answersIn(members).find((a) => a.path === 'admin.members.search');
    expect(search?.input).toEqual({ sort: 'name', direction: 'asc', page: 1, pageSize: 25 });
    expect(search?.data).toEqual(JSON.parse(JSON.stringify(await admin.trpc.admin.members.search.query(FIRST_MEMBERS_PAGE))));
    // The chunk both tabs import is preloaded once.
    expect(members.match(/href="\/assets\/Table-11.js"/g)).toHaveLength(1);
    expect(members).toContain('href="/assets/members-tab-9.js"');
    expect(members).not.toContain('events-tab-10.js');
    // Filtered by its address (a dashboard figure's link), the tab asks for its own list.
    const expired = await (await admin.fetch('/admin?tab=members&status=expired', { headers: OPENING })).text();
    expect(answersIn(expired).map((a) => a.path)).not.toContain('admin.members.search');

    // The sign-on desk opened by its address (a bookmark on the desk's phone) comes with its list of entrants.
    const event = await createEvent(t);
    const desk = await (await admin.fetch(`/admin?tab=events&signon=${event.id}`, { headers: OPENING })).text();
    expect(answersIn(desk).find((a) => a.path === 'admin.signOn.list')?.input).toEqual({ id: event.id });
  });

  it("gives anyone opening an event's page that event, with the page's code; nobody but an admin gets admin reads", async () => {
    const event = await createEvent(t, { name: 'Estuary Dawn Patrol' });
    const html = await (await t.client().fetch(`/events/${event.id}`, { headers: OPENING })).text();
    expect(answersIn(html).find((a) => a.path === 'events.byId')?.data).toMatchObject({ id: event.id, name: 'Estuary Dawn Patrol' });
    expect(html).toContain('href="/assets/event-details-8.js"');
    const { client } = await activeMemberClient(t);
    const member = await (await client.fetch('/admin?tab=members', { headers: OPENING })).text();
    expect(answersIn(member).map((a) => a.path)).toEqual(['auth.me', 'cms.settings']);
    expect(member).not.toContain('members-tab-9.js');
  });

  it('cannot be broken out of: an answer holding </script> stays inside the data', async () => {
    const content = 'Bream are biting</script><script>alert(1)</script>';
    expect(
      (await admin.json('POST', '/api/admin/content/sections', { pageSlug: 'landing', sectionKey: 'hero_title', title: 'Hero', content }))
        .status,
    ).toBe(200);
    const html = await (await t.client().fetch('/', { headers: OPENING })).text();
    expect(JSON.stringify(answersIn(html))).toContain(content);
    const data = html.slice(html.indexOf(`id="${FIRST_SCREEN_DATA_ID}">`));
    // The data ends at its own closing tag, followed by the club's address: nothing of the answer got out.
    expect(data.slice(data.indexOf('</script>'))).toMatch(new RegExp(`^</script><script type="application/json" id="${CLUB_ADDRESS_ID}">`));
    // The template's module script, the answers, the club's address, its profile, membership rules, competition rules,
    // species, documents and clock.
    expect(html.match(/<script/g)?.length).toBe(9);
    expect(html).toContain(`<script type="application/json" id="${CLUB_DOCUMENTS_ID}">`);
  });

  it("carries the club's zone offsets, the same as the platform's time-zone data", async () => {
    const html = await (await t.client().fetch('/', { headers: OPENING })).text();
    const text = html.slice(
      html.indexOf(`id="${CLUB_CLOCK_ID}">`) + `id="${CLUB_CLOCK_ID}">`.length,
      html.indexOf('</script>', html.indexOf(`id="${CLUB_CLOCK_ID}">`)),
    );
    const clock = JSON.parse(text) as ZoneOffsets;
    expect(clock.timeZone).toBe('Australia/Sydney');
    const now = Date.now();
    expect(keptOffsetMs(clock, now)).toBe(intlOffsetMs(now, 'Australia/Sydney'));
  });

  it("counts a page once against the address's rate limit, not once per read it carries; a client cannot claim the exemption", async () => {
    const limited = await startTestApp({ clientDir, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const client = limited.client();
      for (let page = 1; page <= 3; page++) {
        const res = await client.fetch('/', { headers: OPENING });
        expect(res.status).toBe(200);
        expect(answersIn(await res.text())).toHaveLength(6);
      }
      expect((await client.fetch('/', { headers: OPENING })).status).toBe(429);
      // A client claiming the exemption of a page's own reads is counted like any reader of the public data.
      const claim = () => client.fetch('/trpc/cms.settings', { headers: { 'x-first-screen-read': 'guess' } });
      for (let read = 0; read < 3 * PUBLIC_READS_FACTOR; read++) expect((await claim()).status).toBe(200);
      expect((await claim()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
