import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Catch, EventRegistration, Member, Payment, StoredObject } from '../../src/server/db/entities';
import { cachedReadsOf } from '../../src/server/trpc/cached-reads';
import { accessOf, adminProcedure, memberProcedure, publicProcedure, router, type Meta } from '../../src/server/trpc/init';
import { successBody } from '../support/answers';
import { allProcedures, callOverHttp, fillPath, restRoutes, rowCounts, type RestRoute } from '../support/endpoints';
import { createAdmin, createMember, createUser, enterEvent } from '../support/factories';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'Chair@Club.test, treasurer@club.test, judge@club.test, secretary@club.test' } });
});
afterAll(() => t?.close());

const SIGN_IN_FIRST = 'Please sign in first.';
const ADMINS_ONLY = 'Only club administrators can do that.';

describe('procedure access', () => {
  it('gives every procedure an access level, and everything under admin.* is admin-only', () => {
    const procedures = allProcedures();
    expect(procedures.length).toBeGreaterThan(5);
    for (const p of procedures) {
      expect(['public', 'member', 'admin'], p.path).toContain(p.access);
      if (p.path.startsWith('admin.')) expect(p.access, p.path).toBe('admin');
    }
  });

  it('takes access from the builder alone: a member or admin procedure that calls itself public is neither served nor cached as one', () => {
    // Forged on purpose (the type refuses it): what the builder checks still decides.
    const relabelled = { access: 'public' } as unknown as Meta;
    const forged = router({
      profile: memberProcedure.meta(relabelled).query(() => 'mine'),
      payments: adminProcedure.meta(relabelled).query(() => "the club's"),
      news: publicProcedure.meta({ cache: { reads: ['NewsArticle'] } }).query(() => "everyone's"),
    });
    const access = Object.fromEntries(Object.entries(forged._def.procedures).map(([path, p]) => [path, accessOf(p as never)]));
    expect(access).toEqual({ profile: 'member', payments: 'admin', news: 'public' });
    const sharedFromMember = router({ profile: memberProcedure.meta({ ...relabelled, cache: { reads: ['Member'] } }).query(() => 'mine') });
    expect(() => cachedReadsOf(sharedFromMember)).toThrow(
      'profile: only a public query can be answered the same to everyone (declare perCaller).',
    );
  });

  it("opens a sponsor's pay link and address link to whoever holds them, and keeps invoices and recorded payments to admins", () => {
    const access = Object.fromEntries(allProcedures().map((p) => [p.path, p.access]));
    const sponsorship = Object.fromEntries(
      Object.entries(access).filter(([path]) => path.startsWith('sponsorships.') || path.startsWith('admin.sponsors.')),
    );
    expect(sponsorship).toEqual({
      'sponsorships.invoice': 'public',
      'sponsorships.createOrder': 'public',
      'sponsorships.capture': 'public',
      'sponsorships.confirmAddress': 'public',
      'admin.sponsors.list': 'admin',
      'admin.sponsors.review': 'admin',
      'admin.sponsors.recordPayment': 'admin',
      'admin.sponsors.renew': 'admin',
      'admin.sponsors.sendPayLink': 'admin',
    });
  });

  it('keeps money taken by hand, refunds and the payments list to admins', () => {
    const access = Object.fromEntries(
      allProcedures()
        .filter((p) => p.path.startsWith('admin.payments.'))
        .map((p) => [p.path, p.access]),
    );
    expect(access).toEqual({
      'admin.payments.list': 'admin',
      'admin.payments.quote': 'admin',
      'admin.payments.record': 'admin',
      'admin.payments.refund': 'admin',
    });
  });

  it('refuses anonymous callers on every member and admin procedure with UNAUTHORIZED (401)', async () => {
    const anonymous = t.client();
    for (const p of allProcedures().filter((p) => p.access !== 'public')) {
      const res = await callOverHttp(anonymous, p);
      expect(res.status, p.path).toBe(401);
      expect(res.body.error!.data.code, p.path).toBe('UNAUTHORIZED');
      expect(res.body.error!.message, p.path).toBe(SIGN_IN_FIRST);
    }
  });

  it('refuses members on every admin procedure with FORBIDDEN (403)', async () => {
    const { client } = await createUser(t);
    const admin = allProcedures().filter((p) => p.access === 'admin');
    expect(admin.length).toBeGreaterThan(0);
    for (const p of admin) {
      const res = await callOverHttp(client, p);
      expect(res.status, p.path).toBe(403);
      expect(res.body.error!.data.code, p.path).toBe('FORBIDDEN');
    }
  });

  it('makes the addresses in ADMIN_EMAILS admins when they sign in, and lets them in', async () => {
    const { client } = await signedInClient(t, 'chair@club.test', { firstName: 'Chris', lastName: 'Chair' });
    expect(await client.trpc.auth.me.query()).toMatchObject({ role: 'admin' });
    const overview = await client.trpc.admin.overview.query();
    expect(overview).toMatchObject({ totalMembers: 0, activeEvents: 0, revenueYtdCents: 0, sponsors: 0 });
  });
});

/**
 * Who may call each REST route. 'signed-link': the local upload
 * target, which only a URL signed by the server opens, whoever calls it. The tRPC endpoint itself
 * (`/trpc/:path`, every method) is covered procedure by procedure above.
 */
const REST_ACCESS: Record<string, 'public' | 'member' | 'admin' | 'signed-link'> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /robots.txt': 'public',
  'GET /manifest.webmanifest': 'public',
  'GET /sitemap.xml': 'public',
  'GET /api/auth/user': 'member',
  'POST /api/auth/login': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/send-verification': 'public',
  'POST /api/auth/verify': 'public',
  'GET /api/logout': 'public',
  'GET /api/events/upcoming': 'public',
  'GET /api/events/:id/calendar.ics': 'public',
  'GET /api/events/:id/live': 'public',
  'GET /api/content/sections/:pageSlug': 'public',
  'GET /api/content/pages': 'public',
  'GET /api/settings': 'public',
  'GET /api/news': 'public',
  'GET /api/sponsors/active': 'public',
  'POST /api/sponsors/register': 'public',
  /** RFC 8058 one-click unsubscribe: the signed token in the address is the authority; a GET only leads to the page. */
  'POST /api/newsletters/unsubscribe': 'public',
  'GET /api/newsletters/unsubscribe': 'public',
  'POST /api/members/register': 'public',
  'POST /api/chat/fishing': 'public',
  'GET /api/objects/images/:file': 'public',
  'GET /paypal/setup': 'public',
  'POST /paypal/order': 'public',
  'POST /paypal/order/:id/capture': 'public',
  // Anyone may send; only what PayPal's verify-webhook-signature call confirms is applied (payment-recovery.test.ts).
  'POST /paypal/webhook': 'public',
  'GET /api/members': 'member',
  'GET /api/members/profile': 'member',
  'GET /api/members/events': 'member',
  'GET /api/members/catches': 'member',
  'GET /api/members/payments/:id/receipt.pdf': 'member',
  // A calendar app has no session: the private address is the key (calendar-feed.test.ts).
  'GET /api/calendar/:file': 'public',
  'POST /api/events/:id/register': 'member',
  'DELETE /api/events/:id/register': 'member',
  'POST /api/catches': 'member',
  'POST /api/fishing-sessions': 'member',
  'PUT /api/objects/upload/incoming/:id': 'signed-link',
  'POST /api/objects/upload': 'admin',
  'PUT /api/events/:id/image': 'admin',
  'GET /api/admin/members': 'admin',
  'GET /api/admin/export/members': 'admin',
  'GET /api/admin/events': 'admin',
  'POST /api/admin/events': 'admin',
  'PUT /api/admin/events/:id': 'admin',
  'GET /api/admin/sponsors': 'admin',
  'POST /api/admin/settings': 'admin',
  'GET /api/admin/content/pages': 'admin',
  'POST /api/admin/content/pages': 'admin',
  'PUT /api/admin/content/pages/:id': 'admin',
  'DELETE /api/admin/content/pages/:id': 'admin',
  'GET /api/admin/content/sections': 'admin',
  'POST /api/admin/content/sections': 'admin',
  'PUT /api/admin/content/sections/:id': 'admin',
  'DELETE /api/admin/content/sections/:id': 'admin',
  'GET /api/admin/news': 'admin',
  'POST /api/admin/news': 'admin',
  'PUT /api/admin/news/:id': 'admin',
  'DELETE /api/admin/news/:id': 'admin',
  'GET /api/admin/reports/financial.csv': 'admin',
  'GET /api/admin/reports/financial.pdf': 'admin',
  'GET /api/admin/reports/membership.csv': 'admin',
  'GET /api/admin/reports/events/:id/results.csv': 'admin',
  'GET /api/admin/reports/events/:id/results.pdf': 'admin',
  'GET /api/admin/events/:id/entrants.pdf': 'admin',
  'GET /api/admin/events/:id/entrants.csv': 'admin',
  'GET /api/admin/reports/shirts.csv': 'admin',
  'GET /api/admin/reports/shirts.pdf': 'admin',
  'GET /api/admin/export/accounting.csv': 'admin',
};

/** What a signed-out caller reads, where it is not the usual sentence (non-success means signed out). */
const SIGNED_OUT_MESSAGE: Record<string, string> = { 'GET /api/auth/user': 'Not signed in.' };

const restRoutesOfApp = () => restRoutes(t.app).filter((r) => r.path !== '/trpc/:path');
const routesWith = (access: (typeof REST_ACCESS)[string]) => restRoutesOfApp().filter((r) => REST_ACCESS[r.key] === access);

/** Calls a route with made-up path parameters and, for methods with a body, an empty JSON object. */
function callRoute(client: TestClient, route: RestRoute) {
  const url = fillPath(route.path, (param) =>
    param === 'pageSlug' ? 'landing' : param === 'file' ? `${randomUUID()}.webp` : randomUUID(),
  );
  return client.json(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
}

/** Signing out ends the caller's session, so it is called after everything else. */
const logoutLast = (routes: RestRoute[]) =>
  [...routes].sort((a, b) => Number(a.key === 'GET /api/logout') - Number(b.key === 'GET /api/logout'));

describe('REST route access', () => {
  it('documents an access level for every route the app registers, and lists no route it does not', () => {
    const routes = restRoutesOfApp();
    expect(routes.length).toBeGreaterThan(40);
    expect(
      routes.filter((r) => !(r.key in REST_ACCESS)).map((r) => r.key),
      'routes without an entry in REST_ACCESS',
    ).toEqual([]);
    const registered = new Set(routes.map((r) => r.key));
    expect(
      Object.keys(REST_ACCESS).filter((key) => !registered.has(key)),
      'entries for routes that do not exist',
    ).toEqual([]);
  });

  it('answers anonymous callers 401 on every member and admin route, and lets them use the public ones', async () => {
    const anonymous = t.client();
    for (const route of restRoutesOfApp()) {
      const access = REST_ACCESS[route.key];
      const res = await callRoute(anonymous, route);
      expect(res.status, route.key).toBeLessThan(500);
      if (access === 'member' || access === 'admin') {
        expect(res.status, route.key).toBe(401);
        expect(res.body, route.key).toEqual({ message: SIGNED_OUT_MESSAGE[route.key] ?? SIGN_IN_FIRST });
      } else if (access === 'public') {
        expect([401, 403], route.key).not.toContain(res.status);
      }
    }
  });

  it('answers members 403 on every admin route, and lets them use the member and public ones', async () => {
    const { client } = await createMember(t);
    for (const route of logoutLast(restRoutesOfApp())) {
      const access = REST_ACCESS[route.key];
      const res = await callRoute(client, route);
      expect(res.status, route.key).toBeLessThan(500);
      if (access === 'admin') {
        expect(res.status, route.key).toBe(403);
        expect(res.body, route.key).toEqual({ message: ADMINS_ONLY });
      } else if (access !== 'signed-link') {
        expect([401, 403], `${route.key} → ${JSON.stringify(res.body)}`).not.toContain(res.status);
      }
    }
  });

  it('lets admins call every route, and opens the upload target to nobody without a signed link', async () => {
    // A paid-up admin: registering for events and logging catches also need a current membership.
    const { client } = await createMember(t, { email: 'treasurer@club.test', role: 'admin' });
    for (const route of logoutLast(restRoutesOfApp())) {
      const res = await callRoute(client, route);
      expect(res.status, route.key).toBeLessThan(500);
      if (REST_ACCESS[route.key] === 'signed-link') expect(res.status, route.key).toBe(403);
      else expect([401, 403], `${route.key} → ${JSON.stringify(res.body)}`).not.toContain(res.status);
    }
    for (const route of routesWith('signed-link')) {
      expect((await callRoute(t.client(), route)).status, route.key).toBe(403);
    }
  });
});

describe("one member and another member's records", () => {
  const GPS = '-28.264512, 153.563218';
  let admin: TestClient;
  let alice: Awaited<ReturnType<typeof createMember>>;
  let bob: Awaited<ReturnType<typeof createMember>>;
  let futureEventId: string;
  let catchId: string;

  /** A phone photo whose EXIF carries a position too. */
  const photo = () =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 90 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Pixel', Model: '9' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '28/1 15/1 52/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 33/1 47/1' },
      })
      .toBuffer();

  beforeAll(async () => {
    admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
    alice = await createMember(t, { email: 'alice@example.com', firstName: 'Alice', lastName: 'Angler' });
    bob = await createMember(t, { email: 'bob@example.com', firstName: 'Bob', lastName: 'Bream' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
    const todayEvent = await admin.trpc.admin.events.create.mutate({
      name: 'Dawn Patrol',
      location: 'Tweed River',
      eventDate: `${today}T00:05`,
      // Fishing all day, so the catch is logged whenever the tests run.
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    await enterEvent(t, todayEvent.id, alice.memberId);
    futureEventId = (
      await admin.trpc.admin.events.create.mutate({ name: 'Summer Classic', location: 'Kingscliff', eventDate: '2099-01-10T07:00' })
    ).id;
    await alice.client.trpc.events.register.mutate({ id: futureEventId });

    const form = new FormData();
    const fields = {
      fishType: 'Flathead',
      size: '45',
      fishKeptOrReleased: 'released',
      eventId: todayEvent.id,
      memberId: alice.memberId,
      rulesWaiverAccepted: 'true',
      dataAccuracyAcknowledged: 'true',
      gpsCoordinates: GPS,
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('photo', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'catch.jpg');
    const logged = await alice.client.fetch('/api/catches', { method: 'POST', body: form });
    if (logged.status !== 200) throw new Error(`Arranging the catch failed: ${logged.status} ${await logged.text()}`);
    catchId = (await logged.json()).catch.id;
    // Judged, so it is on the public results and the season ladder too.
    await admin.trpc.admin.catches.judge.mutate({ action: 'approve', id: catchId });
  });

  const aliceRows = async () => {
    const em = t.em();
    const member = await em.findOneOrFail(Member, { id: alice.memberId });
    return {
      member: {
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        phone: member.phone,
        address: member.address,
        status: member.status,
        expiryDate: member.expiryDate,
      },
      registrations: await em.count(EventRegistration, { member: alice.memberId }),
      catch: await em.findOneOrFail(Catch, { id: catchId }).then((c) => ({ status: c.status, sizeCm: c.sizeCm, species: c.species })),
      payments: await em.count(Payment, { household: member.household }),
    };
  };

  it('shows a member only their own profile and household, whatever id they ask for', async () => {
    const before = await aliceRows();
    const viaTrpc = await callOverHttp(bob.client, { path: 'members.profile', type: 'query' }, { id: alice.memberId });
    const viaRest = await bob.client.json('GET', `/api/members/profile?id=${alice.memberId}&memberId=${alice.memberId}`);
    for (const res of [viaTrpc.body.result!.data!, successBody(viaRest)]) {
      expect(res).toMatchObject({ id: bob.memberId, email: 'bob@example.com', firstName: 'Bob' });
      expect(res.household.map((m: { id: string }) => m.id)).toEqual([bob.memberId]);
      expect(JSON.stringify(res)).not.toContain('alice');
    }
    // What every member sees of the others: names to pick an angler from, nothing more.
    const list = await bob.client.json('GET', '/api/members');
    expect(list.body.find!((m: { id: string }) => m.id === alice.memberId)).toEqual({
      id: alice.memberId,
      firstName: 'Alice',
      lastName: 'Angler',
    });
    expect(await aliceRows()).toEqual(before);
  });

  it("refuses a member who edits another member's profile, as admin or through the join form", async () => {
    const before = await aliceRows();
    const edit = await bob.client.json('POST', '/trpc/admin.members.update', {
      id: alice.memberId,
      firstName: 'Mallory',
      lastName: 'Angler',
      status: 'expired',
    });
    expect(edit.status).toBe(403);
    const join = await bob.client.json('POST', '/api/members/register', {
      firstName: 'Mallory',
      lastName: 'Angler',
      email: 'alice@example.com',
      phone: '0400 111 222',
      address: '9 Elsewhere Rd',
      dateOfBirth: '1980-01-01',
      gender: 'female',
      shirtSize: 'S',
      membershipType: 'adult',
      termsAccepted: true,
      codeOfConductAccepted: true,
    });
    // The answer is the one anybody gets (it never says whose address it is); Alice's record is untouched.
    expect(join.status).toBe(200);
    expect(join.body.memberId).not.toBe(alice.memberId);
    expect(await aliceRows()).toEqual(before);
  });

  it('does not let anyone else rewrite a join form that is waiting for payment', async () => {
    const form = (overrides: Record<string, unknown>) => ({
      firstName: 'Carol',
      lastName: 'Cod',
      email: 'carol@example.com',
      phone: '0400 333 444',
      address: '3 Jetty St, Kingscliff',
      dateOfBirth: '1975-03-03',
      gender: 'female',
      shirtSize: 'M',
      membershipType: 'adult',
      termsAccepted: true,
      codeOfConductAccepted: true,
      ...overrides,
    });
    const carol = await createUser(t, { email: 'carol@example.com', firstName: 'Carol', lastName: 'Cod' });
    expect((await carol.client.json('POST', '/api/members/register', form({}))).status).toBe(200);
    const visitor = t.client();
    expect((await visitor.json('POST', '/api/members/register', form({ email: 'dave@example.com', firstName: 'Dave' }))).status).toBe(200);
    const originals = await t.em().find(Member, { email: { $in: ['carol@example.com', 'dave@example.com'] } });
    const snapshot = async () =>
      (await t.em().find(Member, { id: { $in: originals.map((m) => m.id) } }, { orderBy: { email: 'asc' } })).map((m) => [
        m.email,
        m.firstName,
        m.address,
        m.phone,
      ]);
    const before = await snapshot();

    const takeover = form({ firstName: 'Mallory', address: '1 Attacker Ave', phone: '0499 999 999' });
    for (const [who, client] of [
      ['bob', bob.client],
      ['a visitor', t.client()],
    ] as const) {
      for (const email of ['carol@example.com', 'dave@example.com']) {
        // Answered like any join form (so it reveals nothing), but kept apart: a registration of their own.
        const res = await client.json('POST', '/api/members/register', { ...takeover, email });
        expect(res.status, `${who} → ${email}`).toBe(200);
        expect(originals.map((m) => m.id)).not.toContain(res.body.memberId);
      }
    }
    expect(await snapshot()).toEqual(before);
    // The owner's notice goes out after the answer.
    await vi.waitFor(() =>
      expect(t.mail.last('carol@example.com').subject).toBe('Your e-mail address was used to join Tweed Coast Anglers Club'),
    );
    // Their owners still can: Carol signed in, Dave in the browser he joined from.
    expect((await carol.client.json('POST', '/api/members/register', form({ shirtSize: 'XL' }))).status).toBe(200);
    expect(
      (await visitor.json('POST', '/api/members/register', form({ email: 'dave@example.com', firstName: 'Dave', shirtSize: 'XL' }))).status,
    ).toBe(200);
  });

  it("keeps a member's event registrations to themselves: not listed to others, not cancellable by them", async () => {
    const before = await aliceRows();
    expect(before.registrations).toBe(2); // the future event she registered for, and today's she was entered in
    expect((await bob.client.trpc.events.myRegistrations.query()).map((r) => r.eventId)).not.toContain(futureEventId);
    const cancelTrpc = await bob.client.json('POST', '/trpc/events.cancel', { id: futureEventId });
    const cancelRest = await bob.client.json('DELETE', `/api/events/${futureEventId}/register`);
    for (const res of [cancelTrpc, cancelRest]) expect(res.status).toBe(404);
    expect(cancelRest.body).toEqual({ message: 'You are not registered for this event.' });
    expect(await aliceRows()).toEqual(before);
  });

  it("never shows a catch's position to anyone but the judges, and lets no member judge it", async () => {
    const before = await aliceRows();
    const seenByBob = [
      await bob.client.json('GET', '/api/members/catches'),
      await callOverHttp(bob.client, { path: 'catches.mine', type: 'query' }, { limit: 200 }),
      await callOverHttp(
        bob.client,
        { path: 'catches.results', type: 'query' },
        { id: (await t.em().findOneOrFail(Catch, { id: catchId })).event.id },
      ),
      await callOverHttp(
        bob.client,
        { path: 'catches.ladder', type: 'query' },
        { year: Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric' }).format(t.clock.now())) },
      ),
      await callOverHttp(bob.client, { path: 'members.dashboard', type: 'query' }),
      await bob.client.json('GET', '/api/members'),
    ];
    const results = JSON.stringify(seenByBob[2].body);
    expect(results).toContain('Alice Angler');
    expect(JSON.stringify(seenByBob[0].body)).not.toContain(catchId);
    for (const res of seenByBob) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/-28\.2|153\.5|latitude|longitude|gps/i);
    }
    // Alice's own list has the catch, but not its position either.
    const own = await alice.client.json('GET', '/api/members/catches');
    expect(JSON.stringify(own.body)).toContain(catchId);
    expect(JSON.stringify(own.body)).not.toMatch(/-28\.2|153\.5|latitude|longitude|gps/i);
    // The served photo is re-encoded without its EXIF position.
    const photoUrl = own.body.find!((c: { id: string }) => c.id === catchId)!.photoUrl;
    expect((await sharp(Buffer.from(await (await bob.client.fetch(photoUrl)).arrayBuffer())).metadata()).exif).toBeUndefined();

    for (const res of [
      await bob.client.json('GET', '/trpc/admin.catches.queue'),
      await bob.client.json('POST', '/trpc/admin.catches.judge', { action: 'reject', id: catchId, reason: 'Looks like a shark' }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect(await aliceRows()).toEqual(before);
  });

  it("does not let a member pay for, capture or read another member's payments", async () => {
    // Alice's own open order: Bob can neither capture it nor read how it stands.
    const alices = await alice.client.json('POST', '/paypal/order', {
      amount: '40.00',
      currency: 'AUD',
      intent: 'CAPTURE',
      earlyRenewal: true,
    });
    expect(alices.status).toBe(200);
    const before = await aliceRows();
    expect((await bob.client.json('POST', `/paypal/order/${alices.body.id}/capture`, {})).status).toBe(404);
    expect((await callOverHttp(bob.client, { path: 'payments.outcome', type: 'query' }, { orderId: alices.body.id })).status).toBe(404);
    // Bob's order could only be for Bob's own registration, never for the household he names; and that registration
    // (the documented REST join, which carries no acceptances) waits for its adult to accept the club documents.
    const order = await bob.client.json('POST', '/paypal/order', {
      amount: '40.00',
      currency: 'AUD',
      intent: 'CAPTURE',
      earlyRenewal: true,
      householdId: 'x',
      memberId: alice.memberId,
    });
    expect(order.status).toBe(409);
    expect(order.body.message).toContain("Mallory must read and accept the club's");

    for (const res of [
      await bob.client.json('POST', `/paypal/order/DEMO-${randomUUID().slice(0, 16).toUpperCase()}/capture`, {}),
      await bob.client.json('GET', '/api/admin/export/accounting.csv'),
      await bob.client.json('GET', '/api/admin/reports/financial.csv'),
      await callOverHttp(bob.client, { path: 'admin.reports.financial', type: 'query' }),
    ]) {
      expect([403, 404]).toContain(res.status);
    }
    expect(await aliceRows()).toEqual(before);
  });

  it("does not let one admin's upload slot be used by another, or an upload link open another slot", async () => {
    const other = (await createAdmin(t, { email: 'secretary@club.test' })).client;
    const slot = await admin.trpc.objects.createUpload.mutate();
    const second = await admin.trpc.objects.createUpload.mutate();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    expect(
      (await admin.fetch(path(slot.uploadURL), { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } }))
        .status,
    ).toBe(200);

    const before = await rowCounts(t);
    // The first slot's signature does not open the second one.
    const [, query] = slot.uploadURL.split('?');
    const swapped = `${path(second.uploadURL).split('?')[0]}?${query}`;
    expect(
      (await bob.client.fetch(swapped, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })).status,
    ).toBe(403);
    const events = await admin.trpc.admin.events.list.query();
    for (const res of [
      await other.json('POST', '/trpc/objects.finishImage', { uploadURL: slot.uploadURL }),
      await other.json('PUT', `/api/events/${events[0].id}/image`, { imageUrl: slot.uploadURL }),
    ]) {
      expect(res.status).toBe(400);
    }
    expect(await rowCounts(t)).toEqual(before);
    expect(
      await t.em().findOneOrFail(StoredObject, { key: `incoming/${slot.uploadURL.split('/incoming/')[1].split('?')[0]}` }),
    ).toMatchObject({ consumedAt: null });
    // Its owner can use it.
    expect((await admin.json('POST', '/trpc/objects.finishImage', { uploadURL: slot.uploadURL })).status).toBe(200);
  });
});
