import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubToday } from '../../src/shared/dates';
import { SiteSection } from '../../src/server/db/entities';
import type { ProcedureOutput, TrpcAnswer } from '../support/answers';
import { createAdmin, createEvent, createMember, createUser } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'editor@club.test' } });
  admin = (await createAdmin(t, { email: 'editor@club.test' })).client;
});
afterAll(() => t?.close());

const sectionsUrl = (pageSlug: string) => `/trpc/cms.sections?input=${encodeURIComponent(JSON.stringify({ pageSlug }))}` as const;
const heroOf = (body: TrpcAnswer<ProcedureOutput<'cms.sections'>>) => body.result!.data.find((s) => s.sectionKey === 'hero_title')?.content;

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
    const again = await t.client().json('GET', sectionsUrl('cache-page'));
    expect(again.body).toEqual(first.body);
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
    const member = await createUser(t);
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
    const { client, email } = await createUser(t);
    expect((await t.client().json('GET', '/trpc/auth.me')).body.result!.data).toBeNull();
    expect((await client.json('GET', '/trpc/auth.me')).body.result!.data!.email).toBe(email);
    expect((await t.client().json('GET', '/trpc/auth.me')).body.result!.data).toBeNull();
    expect((await client.json('GET', '/trpc/catches.mine')).status).toBe(200);
    expect((await t.client().json('GET', '/trpc/catches.mine')).status).toBe(401);
  });
});

describe('reads per signed-in caller answered from memory', () => {
  const profileName = async (client: TestClient) => (await client.json('GET', '/trpc/members.profile')).body.result!.data!.firstName;
  const renameBehindTheCache = (memberId: string, firstName: string) =>
    t.em().getConnection().execute('update members set first_name = ? where id = ?', [firstName, memberId]);

  it('give each member their own answer, kept until something it read is written', async () => {
    const ann = await createMember(t, { firstName: 'Ann' });
    const bob = await createMember(t, { firstName: 'Bob' });
    expect(await profileName(ann.client)).toBe('Ann');
    expect(await profileName(bob.client)).toBe('Bob');
    // Raw SQL is not announced: the kept answers stay, which shows they are kept, and whose they are.
    await renameBehindTheCache(ann.memberId, 'Annie');
    expect(await profileName(ann.client)).toBe('Ann');
    expect(await profileName(bob.client)).toBe('Bob');
    const batch = await ann.client.json('GET', '/trpc/auth.me,members.profile,cms.settings?batch=1&input=%7B%7D');
    expect(batch.status).toBe(200);

    // Any member's write to what the read reads, through the ORM, clears them: here Bob enters an event.
    const event = await createEvent(t);
    const entries = async (client: TestClient) => (await client.json('GET', '/trpc/events.myRegistrations')).body.result!.data;
    expect(await entries(bob.client)).toEqual([]);
    await bob.client.trpc.events.register.mutate({ id: event.id });
    expect((await entries(bob.client)).map((e: { eventId: string }) => e.eventId)).toEqual([event.id]);
    expect(await profileName(ann.client)).toBe('Annie');
    expect(await entries(ann.client)).toEqual([]);
  });

  it('never answer a session that has ended, nor keep the answer that ends it', async () => {
    const member = await createMember(t, { firstName: 'Cleo' });
    expect((await member.client.json('GET', '/trpc/catches.mine')).status).toBe(200);
    expect((await member.client.json('GET', '/trpc/auth.me')).body.result!.data!.firstName).toBe('Cleo');
    const cookies = [...member.client.cookies];
    const stale = () => {
      const client = t.client();
      for (const [name, value] of cookies) client.cookies.set(name, value);
      return client;
    };
    expect((await stale().json('GET', '/trpc/catches.mine')).status).toBe(200);

    await member.client.trpc.auth.logout.mutate();
    expect((await stale().json('GET', '/trpc/catches.mine')).status).toBe(401);
    const me = await stale().json('GET', '/trpc/auth.me');
    expect(me.body.result!.data).toBeNull();
    expect(me.headers.get('set-cookie')).toMatch(/^session=;/);
    // The answer that told it to forget the cookie was not kept: the next stale call is told again.
    expect((await stale().json('GET', '/trpc/auth.me')).headers.get('set-cookie')).toMatch(/^session=;/);
  });
});

describe('a kept answer', () => {
  // What a browser acts on; the date, and how the length is told (chunks or content-length), may differ.
  const HEADERS = [
    'content-type',
    'content-encoding',
    'vary',
    'cache-control',
    'etag',
    'set-cookie',
    'content-security-policy',
    'cross-origin-resource-policy',
    'cross-origin-opener-policy',
    'permissions-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
  ];
  // fetch asks for gzip unless told otherwise.
  const seen = async (client: TestClient, url: string, encoding = 'identity') => {
    const res = await client.fetch(url, { headers: { 'accept-encoding': encoding } });
    return {
      status: res.status,
      body: await res.text(),
      headers: Object.fromEntries(HEADERS.map((name) => [name, res.headers.get(name)])),
    };
  };

  it('goes out with the bytes and headers of the answer it repeats, compressed as the caller asks', async () => {
    await admin.trpc.admin.cms.sections.create.mutate({
      pageSlug: 'long-page',
      sectionKey: 'hero_title',
      title: 'Hero',
      content: 'Tight lines from the Tweed. '.repeat(100),
    });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const url = `${sectionsUrl('long-page')}&as=${encoding}`;
      const made = await seen(t.client(), url, encoding);
      const kept = await seen(t.client(), url, encoding);
      expect(made.status).toBe(200);
      const withoutVary = (answer: typeof made) => ({ ...answer, headers: { ...answer.headers, vary: undefined } });
      expect(withoutVary(kept)).toEqual(withoutVary(made));
      expect(kept.headers['content-encoding']).toBe(encoding === 'identity' ? null : encoding);
      // Named to a caller that takes no encoding as well (the plugin does not), as a shared cache needs.
      expect(kept.headers.vary).toBe('trpc-accept, accept, accept-encoding');
    }
    // An answer only ever JSON carries the API's policy, not the page's.
    const { headers } = await seen(t.client(), sectionsUrl('long-page'));
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toBeNull();
  });

  it('to a signed-in caller stays no-store and sets no cookie', async () => {
    const member = await createMember(t, { firstName: 'Dot' });
    const made = await seen(member.client, '/trpc/members.profile');
    const kept = await seen(member.client, '/trpc/members.profile');
    expect(made.headers['cache-control']).toBe('no-store');
    expect(kept).toEqual(made);
    expect(kept.headers['set-cookie']).toBeNull();
  });
});

describe('the cache hears of writes from the ORM, not from the services', () => {
  it('a registration (counted in SQL next to the row the ORM writes) shows in the upcoming events at once', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Cache Classic',
      location: 'Tweed River',
      eventDate: `${addDays(clubToday(t.clock.now()), 5)}T07:00`,
    });
    type Counts = { id: string; registeredCount: number }[];
    const countOver = async (url: string) => {
      const res = await t.client().json<{ result: { data: Counts } } | Counts>('GET', url);
      const events: Counts = 'result' in res.body ? res.body.result.data : res.body;
      return events.find((e) => e.id === event.id)?.registeredCount;
    };
    expect(await countOver('/trpc/events.upcoming')).toBe(0);
    expect(await countOver('/api/events/upcoming')).toBe(0);
    expect(await countOver('/trpc/events.upcoming')).toBe(0);

    const member = await createMember(t);
    await member.client.trpc.events.register.mutate({ id: event.id });
    expect(await countOver('/trpc/events.upcoming')).toBe(1);
    expect(await countOver('/api/events/upcoming')).toBe(1);
    await member.client.trpc.events.cancel.mutate({ id: event.id });
    expect(await countOver('/trpc/events.upcoming')).toBe(0);
  });

  it('announce a transaction only once it commits, and one that rolls back not at all', async () => {
    await admin.trpc.admin.cms.sections.create.mutate({ pageSlug: 'tx-page', sectionKey: 'hero_title', title: 'Hero', content: 'Before' });
    const hero = async () => heroOf((await t.client().json('GET', sectionsUrl('tx-page'))).body);
    expect(await hero()).toBe('Before');
    // Behind the cache's back (raw SQL announces nothing): the kept answer stays, so what clears it can be seen.
    await t.em().getConnection().execute(`update site_sections set content = 'Behind its back' where page_slug = 'tx-page'`);
    expect(await hero()).toBe('Before');

    const setHero = (em: ReturnType<TestApp['em']>, content: string) =>
      em.findOneOrFail(SiteSection, { pageSlug: 'tx-page', sectionKey: 'hero_title' }).then((s) => {
        s.content = content;
        return em.flush();
      });
    await expect(
      t.em().transactional(async (em) => {
        await setHero(em, 'Rolled back');
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await hero()).toBe('Before');

    await t.em().transactional(async (em) => {
      await setHero(em, 'Committed');
      // Flushed but not committed: nothing is announced yet, so nothing older than the commit is loaded and kept.
      expect(await hero()).toBe('Before');
    });
    expect(await hero()).toBe('Committed');

    // A flush outside a transaction runs its own, and is announced once that commits.
    await setHero(t.em(), 'Flushed alone');
    expect(await hero()).toBe('Flushed alone');
  });

  it('count what a nested transaction writes for the outermost one, announced when that commits', async () => {
    await admin.trpc.admin.cms.sections.create.mutate({
      pageSlug: 'nest-page',
      sectionKey: 'hero_title',
      title: 'Hero',
      content: 'Before',
    });
    const hero = async () => heroOf((await t.client().json('GET', sectionsUrl('nest-page'))).body);
    expect(await hero()).toBe('Before');
    await t.em().getConnection().execute(`update site_sections set content = 'Behind its back' where page_slug = 'nest-page'`);
    const setHero = async (em: ReturnType<TestApp['em']>, content: string) => {
      const section = await em.findOneOrFail(SiteSection, { pageSlug: 'nest-page', sectionKey: 'hero_title' });
      section.content = content;
      await em.flush();
    };

    await expect(
      t.em().transactional(async (outer) => {
        await outer.transactional((inner) => setHero(inner, 'Released, then rolled back'));
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await hero()).toBe('Before');

    await t.em().transactional(async (outer) => {
      await outer.transactional((inner) => setHero(inner, 'Nested'));
      // The savepoint is released, but nothing is committed until the outer transaction is.
      expect(await hero()).toBe('Before');
    });
    expect(await hero()).toBe('Nested');
  });
});
