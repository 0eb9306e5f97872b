import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member, NewsArticle, Newsletter, NewsletterDelivery, Sponsor } from '../../src/server/db/entities';
import { addDays, addYears, clubToday } from '../../src/shared/dates';
import type { Segment } from '../../src/shared/newsletters.schema';
import { createAdmin, createEvent, createMember, createUser, enterEvent } from '../support/factories';
import { createTestDatabase } from '../support/database';
import type { ReceivedMail } from '../support/mime';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

const RATE = '20'; // 20 a second: one message every 50 ms of the (test) clock.
let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { NEWSLETTER_SENDS_PER_SECOND: RATE } });
  today = clubToday(t.clock.now());
  ({ client: admin, email: adminEmail } = await createAdmin(t));
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One pass of the app's newsletter queue now, by the test clock (the pass the app's own timer runs): how many it sent. */
const pass = async (app: TestApp) => (await app.app.jobs.newsletters()).sent;

/** Waits (a few seconds at most, in real time) until `done()`: a message on its way reaches the SMTP sink. */
async function until(done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500 && !(await done()); i++) await sleep(10);
}

/** A header of a received message (folded lines joined). */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Moves the clock on, 50 ms at a time, until the newsletter has gone to everyone (at most `steps` steps). */
async function drain(app: TestApp, id: string, steps = 200) {
  for (let i = 0; i < steps; i++) {
    const n = await app.em().findOneOrFail(Newsletter, { id });
    if (n.status === 'sent') return;
    app.clock.advance(50);
    await pass(app);
  }
  throw new Error('The newsletter did not finish sending');
}

let seq = 0;
/** A person straight into the database: a household of their own unless given one. */
async function person(
  app: TestApp,
  options: {
    email?: string | null;
    status?: 'active' | 'expired' | 'pending';
    expiry?: string | null;
    type?: 'adult' | 'junior';
    household?: Household;
    primary?: boolean;
    guest?: boolean;
  } = {},
) {
  const em = app.em();
  const household = options.household ?? em.create(Household, { membershipType: options.type ?? 'adult' });
  seq += 1;
  const email = options.email === undefined ? `person${seq}-${randomUUID().slice(0, 6)}@example.com` : options.email;
  const member = em.create(Member, {
    household: options.household ? em.getReference(Household, options.household.id) : household,
    isPrimary: options.primary ?? !options.household,
    firstName: `First${seq}`,
    lastName: 'Person',
    email,
    phone: null,
    address: null,
    dateOfBirth: options.type === 'junior' ? addYears(today, -11) : '1980-01-01',
    gender: null,
    shirtSize: null,
    membershipType: options.type ?? 'adult',
    status: options.status ?? 'active',
    memberSince: '2025-07-01',
    expiryDate: options.expiry === undefined ? addYears(today, 1) : options.expiry,
    termsAcceptedAt: null,
    codeOfConductAcceptedAt: null,
    isGuest: options.guest ?? false,
  });
  await em.flush();
  return { id: member.id, email: email ?? null, household };
}

const body = '<p>The winter flathead season starts this weekend.</p>';

async function draft(segment: Segment, subject = `Club news ${randomUUID().slice(0, 4)}`, bodyHtml = body) {
  return admin.trpc.admin.newsletters.create.mutate({ subject, bodyHtml, segment });
}

async function recipientsOf(id: string) {
  const page = await admin.trpc.admin.newsletters.deliveries.query({ id, pageSize: 200 });
  return page.rows;
}

describe('segments', () => {
  it('picks exactly the right people for each group, one message per address, and skips the unsubscribed', async () => {
    // The first test: nobody else is a member yet.
    const current = await person(t);
    const endsIn10 = await person(t, { expiry: addDays(today, 10) });
    const endsIn40 = await person(t, { expiry: addDays(today, 40) });
    const endsToday = await person(t, { expiry: today });
    const pastExpiryNotYetMarked = await person(t, { expiry: addDays(today, -1) });
    const expiredYesterday = await person(t, { status: 'expired', expiry: addDays(today, -1) });
    const pending = await person(t, { status: 'pending', expiry: null });
    const noEmail = await person(t, { email: null });
    const guest = await person(t, { guest: true, status: 'pending', expiry: null });
    // A household with a junior: the parent (primary) and the junior, who has no address of their own.
    const parent = await person(t);
    const junior = await person(t, { household: parent.household, type: 'junior', email: null, primary: false });
    // A junior household whose membership lapsed.
    const lapsedParent = await person(t, { status: 'expired', expiry: addDays(today, -30) });
    await person(t, {
      household: lapsedParent.household,
      type: 'junior',
      email: null,
      status: 'expired',
      expiry: addDays(today, -30),
      primary: false,
    });
    // Someone whose old record lapsed but who rejoined under a new one, same address.
    const rejoined = await person(t);
    await person(t, { email: rejoined.email!.toUpperCase(), status: 'expired', expiry: addDays(today, -400) });
    // Two people in one household sharing an address get one message.
    const shared = await person(t);
    await person(t, { household: shared.household, email: shared.email, primary: false });
    // An unsubscribed current member.
    const unsubscribed = await person(t);
    await t
      .em()
      .execute(`insert into newsletter_preferences (email, choice, source, changed_at) values (?, 'none', 'portal', now())`, [
        unsubscribed.email,
      ]);
    void noEmail;
    void pending;

    const currentEmails = [current, endsIn10, endsIn40, endsToday, parent, rejoined, shared].map((p) => p.email);
    const count = await admin.trpc.admin.newsletters.count.query({ segment: { kind: 'current' } });
    // The member without an address and the household's junior are in the group but get nothing of their own.
    expect(count).toEqual({ label: 'All current members', recipients: currentEmails.length, unsubscribed: 1, withoutEmail: 2 });

    const sent = async (segment: Segment) => {
      const n = await draft(segment);
      await admin.trpc.admin.newsletters.send.mutate({ id: n.id });
      await drain(t, n.id);
      const rows = await recipientsOf(n.id);
      return {
        sent: rows
          .filter((r) => r.status === 'sent')
          .map((r) => r.email)
          .sort(),
        skipped: rows
          .filter((r) => r.status === 'skipped')
          .map((r) => r.email)
          .sort(),
      };
    };
    expect(await sent({ kind: 'current' })).toEqual({ sent: currentEmails.sort(), skipped: [unsubscribed.email] });
    expect((await sent({ kind: 'expiring', days: 30 })).sent).toEqual([endsIn10.email, endsToday.email].sort());
    expect((await sent({ kind: 'lapsed' })).sent).toEqual(
      [pastExpiryNotYetMarked.email, expiredYesterday.email, lapsedParent.email].sort(),
    );
    expect((await sent({ kind: 'juniors' })).sent).toEqual([parent.email]);

    // An event's entrants: a junior without an address is reached through their parent; a guest entrant is included.
    const event = await createEvent(t);
    for (const p of [current, junior, guest, unsubscribed]) await enterEvent(t, event.id, p.id);
    const eventCount = await admin.trpc.admin.newsletters.count.query({ segment: { kind: 'event', eventId: event.id } });
    expect(eventCount).toEqual({ label: `Entrants of ${event.name}`, recipients: 3, unsubscribed: 1, withoutEmail: 0 });
    expect(await sent({ kind: 'event', eventId: event.id })).toEqual({
      sent: [current.email, parent.email, guest.email].sort(),
      skipped: [unsubscribed.email],
    });

    // Opted in to news: a signed-in member and an account without a membership choose it in their portal.
    const fan = await createUser(t);
    await fan.client.trpc.newsletters.setMyChoice.mutate({ choice: 'news' });
    const keen = await createMember(t);
    await keen.client.trpc.newsletters.setMyChoice.mutate({ choice: 'news' });
    expect(await keen.client.trpc.newsletters.myChoice.query()).toEqual({ email: keen.email, choice: 'news' });
    expect((await sent({ kind: 'news' })).sent).toEqual([fan.email, keen.email].sort());

    // Each person received exactly one message per newsletter (the shared address once).
    expect(t.mail.to(shared.email!)).toHaveLength(1);
    expect(t.mail.to(unsubscribed.email!)).toHaveLength(0);
  });
});

describe('the queue', () => {
  it('sends at a steady pace measured by the clock, never in a burst', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => createMember(t, { signedIn: false })));
    const event = await createEvent(t);
    for (const p of people) await enterEvent(t, event.id, p.memberId);
    const n = await draft({ kind: 'event', eventId: event.id });
    t.clock.advance(1000);
    await admin.trpc.admin.newsletters.send.mutate({ id: n.id });
    const received = () => people.filter((p) => t.mail.to(p.email).length > 0).length;
    await until(() => received() >= 1);
    expect(received()).toBe(1);
    // The clock stands still: nothing more goes, however many passes the queue makes.
    expect(await pass(t)).toBe(0);
    expect(await pass(t)).toBe(0);
    expect(received()).toBe(1);
    // 49 ms later is too soon for 20 a second; the 50th ms lets one more go, and only one.
    t.clock.advance(49);
    expect(await pass(t)).toBe(0);
    expect(received()).toBe(1);
    t.clock.advance(1);
    await pass(t);
    await until(() => received() >= 2);
    expect(await pass(t)).toBe(0);
    expect(received()).toBe(2);
    // A long pause does not become a burst either.
    t.clock.advance(10_000);
    await pass(t);
    await until(() => received() >= 3);
    expect(await pass(t)).toBe(0);
    expect(received()).toBe(3);
    await drain(t, n.id);
    expect(received()).toBe(4);
    const view = await admin.trpc.admin.newsletters.get.query({ id: n.id });
    expect(view).toMatchObject({ status: 'sent', counts: { total: 4, sent: 4, queued: 0 } });
  });

  it('records a failed message with its reason, and sends it again only when the committee asks', async () => {
    const { email, memberId } = await createMember(t, { signedIn: false });
    const event = await createEvent(t);
    await enterEvent(t, event.id, memberId);
    const n = await draft({ kind: 'event', eventId: event.id });
    t.mail.failing = true;
    t.clock.advance(1000);
    await admin.trpc.admin.newsletters.send.mutate({ id: n.id });
    await drain(t, n.id);
    t.mail.failing = false;
    const [row] = await recipientsOf(n.id);
    expect(row).toMatchObject({ email, status: 'failed' });
    expect(row.reason).toMatch(/^Not delivered: .*451/);
    await admin.trpc.admin.newsletters.resend.mutate({ id: n.id, statuses: ['failed'] });
    await drain(t, n.id);
    expect((await recipientsOf(n.id))[0].status).toBe('sent');
    expect(t.mail.to(email)).toHaveLength(1);
    const again = await admin.mutation('admin.newsletters.resend', { id: n.id, statuses: ['failed'] });
    expect(again.status).toBe(409);
  });

  it('survives a restart midway: a new instance carries on, and the message in flight is marked uncertain, never sent twice', async () => {
    // The first instance reaches the database through a connection this test can cut: the site dies between
    // handing a message to the mail server and recording it (as a crash or a power cut would leave it).
    const databaseUrl = await createTestDatabase();
    const link = await cuttableLink(databaseUrl);
    const a = await startTestApp({ databaseUrl: link.url, env: { NEWSLETTER_SENDS_PER_SECOND: RATE } });
    let b: TestApp | undefined;
    try {
      const { client } = await createAdmin(a);
      const people = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(a, { signedIn: false })));
      const n = await client.trpc.admin.newsletters.create.mutate({ subject: 'AGM notice', bodyHtml: body, segment: { kind: 'current' } });
      await client.trpc.admin.newsletters.send.mutate({ id: n.id });
      const fromA = () => a.mail.messages.filter((m) => m.subject === 'AGM notice').length;
      for (let i = 0; i < 100 && fromA() < 2; i++) {
        a.clock.advance(50);
        await pass(a);
      }
      const sending = async () => (await a.em().find(NewsletterDelivery, { newsletter: n.id, status: 'sending' })).length;
      // Let whatever is under way finish, then the mail server turns slow: the next message is claimed and on its
      // way when the site goes.
      await until(async () => (await sending()) === 0);
      const beforeCut = fromA();
      expect(beforeCut).toBeGreaterThanOrEqual(2);
      a.mail.delayMs = 1500;
      a.clock.advance(50);
      for (let i = 0; i < 100 && (await sending()) === 0; i++) await sleep(20);
      expect(await sending()).toBe(1);
      link.cut();
      for (let i = 0; i < 100 && fromA() <= beforeCut; i++) await sleep(50);
      expect(fromA()).toBe(beforeCut + 1);
      await a.close().catch(() => {});

      // A new instance on the same database.
      b = await startTestApp({ databaseUrl, env: { NEWSLETTER_SENDS_PER_SECOND: RATE } });
      const fresh = await createAdmin(b);
      const status = async () => (await b!.em().findOneOrFail(Newsletter, { id: n.id })).status;
      const fromB = () => b!.mail.messages.filter((m) => m.subject === 'AGM notice').length;
      const rest = 5 - (beforeCut + 1);
      for (let i = 0; i < 100 && fromB() < rest; i++) {
        b.clock.advance(50);
        await pass(b);
      }
      await until(() => fromB() >= rest);
      // The message whose answer never came is not resent, however many passes go by: after a while (10 minutes) it
      // is shown as uncertain.
      b.clock.advance(50);
      expect(await pass(b)).toBe(0);
      b.clock.advance(60_000);
      expect(await pass(b)).toBe(0);
      expect(fromB()).toBe(rest);
      expect(await status()).toBe('sending');
      b.clock.advance(11 * 60_000);
      await b.app.jobs.newsletters();
      expect(await status()).toBe('sent');

      for (const p of people) {
        const messages = [...a.mail.to(p.email), ...b.mail.to(p.email)].filter((m) => m.subject === 'AGM notice');
        expect(messages, p.email).toHaveLength(1);
      }
      const rows = (await fresh.client.trpc.admin.newsletters.deliveries.query({ id: n.id })).rows;
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(4);
      const uncertain = rows.filter((r) => r.status === 'uncertain');
      expect(uncertain).toHaveLength(1);
      expect(uncertain[0].reason).toMatch(/may or may not have arrived/);
      const view = await fresh.client.trpc.admin.newsletters.get.query({ id: n.id });
      expect(view.counts).toMatchObject({ total: 5, sent: 4, uncertain: 1 });
    } finally {
      await b?.close();
      await a.close().catch(() => {});
      link.cut();
    }
  });
});

/** A TCP link to the database that can be cut at once (every connection dropped, no new ones). */
async function cuttableLink(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('sending', () => {
  it('refuses a second send of the same newsletter (double click, second tab): everyone gets it once', async () => {
    const people = await Promise.all([1, 2].map(() => createMember(t, { signedIn: false })));
    const event = await createEvent(t);
    for (const p of people) await enterEvent(t, event.id, p.memberId);
    const n = await draft({ kind: 'event', eventId: event.id }, 'Twice?');
    const [first, second] = await Promise.all([
      admin.mutation('admin.newsletters.send', { id: n.id }),
      admin.mutation('admin.newsletters.send', { id: n.id }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.message).toBe(
      'This newsletter has already been sent. Each person receives it once.',
    );
    await drain(t, n.id);
    for (const p of people) expect(t.mail.to(p.email).filter((m) => m.subject === 'Twice?')).toHaveLength(1);
    expect((await t.em().find(NewsletterDelivery, { newsletter: n.id })).length).toBe(2);
    // A sent newsletter can no longer be edited or deleted.
    const edit = await admin.mutation('admin.newsletters.update', {
      id: n.id,
      subject: 'Changed',
      bodyHtml: body,
      segment: { kind: 'current' },
    });
    expect(edit).toMatchObject({ status: 409 });
    expect((await admin.mutation('admin.newsletters.remove', { id: n.id })).status).toBe(409);
  });

  it('sends a test only to the committee member, marked as a test, and audits it and the send with before and after', async () => {
    const n = await draft({ kind: 'news' }, 'Test me');
    const before = t.mail.messages.length;
    const answer = await admin.trpc.admin.newsletters.testSend.mutate({ id: n.id, subject: 'Test me', bodyHtml: body });
    expect(answer.message).toBe(`A test was sent to ${adminEmail}.`);
    const mail = await t.mail.waitFor(adminEmail, t.mail.to(adminEmail).length);
    expect(t.mail.messages.length).toBe(before + 1);
    expect(mail.subject).toBe('[Test] Test me');
    expect(mail.text).toContain('Test send: only you received this.');
    expect(mail.text).toContain('The winter flathead season starts this weekend.');

    const audit = await t.em().find(AuditLog, { entityType: 'Newsletter', entityId: n.id }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['newsletter.create', 'newsletter.test_send']);
    expect(audit[1].after).toEqual({ to: adminEmail, subject: 'Test me', delivered: true });

    const fan = await createUser(t);
    await fan.client.trpc.newsletters.setMyChoice.mutate({ choice: 'news' });
    await admin.trpc.admin.newsletters.send.mutate({ id: n.id });
    const sendAudit = await t.em().findOneOrFail(AuditLog, { entityType: 'Newsletter', entityId: n.id, action: 'newsletter.send' });
    expect(sendAudit.before).toMatchObject({ subject: 'Test me', bodyHtml: body, segment: { kind: 'news' }, status: 'draft' });
    expect(sendAudit.after).toMatchObject({ status: 'sending', recipients: expect.any(Number), skippedUnsubscribed: 0 });
    await drain(t, n.id);
  });

  it('keeps the stored HTML safe and makes its pictures absolute addresses, with the website sponsors in the footer', async () => {
    const image = `/api/objects/images/${randomUUID()}.webp`;
    const em = t.em();
    const sponsor = (
      companyName: string,
      sponsorshipType: 'website' | 'shirt' | 'both',
      logoUrl: string | null,
      endDate: string | null = null,
    ) =>
      em.create(Sponsor, {
        companyName,
        contactPerson: 'Contact',
        email: 'sponsor@example.com',
        phone: '0400 000 000',
        sponsorshipType,
        amountCents: 50_000,
        status: 'active',
        logoUrl,
        websiteUrl: 'https://sponsor.example.com',
        endDate,
      });
    sponsor('Tweed Tackle', 'website', `/api/objects/images/${randomUUID()}.webp`);
    sponsor('Bait & Ice Co', 'both', 'https://cdn.example.com/bait.png');
    sponsor('Shirt Only Pty', 'shirt', 'https://cdn.example.com/shirt.png');
    sponsor('Last Season Marine', 'website', 'https://cdn.example.com/old.png', addDays(today, -1));
    await em.flush();

    const n = await draft(
      { kind: 'current' },
      'Safe and sound',
      `<p onclick="steal()">Hello <script>alert(1)</script><strong>anglers</strong></p><img src="${image}" alt="Flathead" onerror="x()"><a href="javascript:alert(1)">bad</a><a href="/pages/about">About us</a>`,
    );
    expect(n.bodyHtml).toBe(
      `<p>Hello <strong>anglers</strong></p><img src="${image}" alt="Flathead" /><a>bad</a><a href="/pages/about">About us</a>`,
    );

    const preview = await admin.trpc.admin.newsletters.preview.mutate({ subject: n.subject, bodyHtml: n.bodyHtml });
    expect(preview.html).toContain(`src="http://club.test${image}"`);
    expect(preview.html).toContain('href="http://club.test/pages/about"');
    expect(preview.html).not.toContain('<script');
    expect(preview.html).toContain('Thank you to our sponsors');
    expect(preview.html).toMatch(/<img src="http:\/\/club\.test\/api\/objects\/images\/[0-9a-f-]{36}\.webp" alt="Tweed Tackle"/);
    expect(preview.html).toContain('alt="Bait &amp; Ice Co"');
    expect(preview.html).not.toContain('Shirt Only Pty');
    expect(preview.html).not.toContain('Last Season Marine');

    const member = await createMember(t, { signedIn: false });
    await admin.trpc.admin.newsletters.send.mutate({ id: n.id });
    await drain(t, n.id);
    const mail = t.mail.last(member.email);
    expect(mail.subject).toBe('Safe and sound');
    expect(mail.html).toContain(`src="http://club.test${image}"`);
    expect(mail.html).toContain('alt="Tweed Tackle"');
    expect(mail.text).toContain('Thank you to our sponsors: Bait & Ice Co, Tweed Tackle.');
    // The archive keeps the footer it was sent with.
    const issue = await admin.trpc.admin.newsletters.read.query({ id: n.id });
    expect(issue.sponsors.map((s) => s.name)).toEqual(['Bait & Ice Co', 'Tweed Tackle']);
    await t.em().execute(`update sponsors set status = 'declined'`);
  });

  it('turns a news article into a draft once (its picture and text), however often the button is pressed', async () => {
    const em = t.em();
    const article = em.create(NewsArticle, {
      title: 'Record flathead at Fingal',
      excerpt: null,
      content: '<p>A 92 cm flathead, released.</p>',
      featuredImageUrl: 'https://cdn.example.com/flathead.jpg',
      published: true,
      publishedAt: t.clock.now(),
    });
    await em.flush();
    const first = await admin.trpc.admin.newsletters.fromArticle.mutate({ articleId: article.id });
    const second = await admin.trpc.admin.newsletters.fromArticle.mutate({ articleId: article.id });
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ subject: 'Record flathead at Fingal', status: 'draft', sourceArticleId: article.id });
    expect(first.bodyHtml).toBe(
      '<p><img src="https://cdn.example.com/flathead.jpg" alt="Record flathead at Fingal" /></p><p>A 92 cm flathead, released.</p>',
    );
  });
});

describe('unsubscribing', () => {
  it('has List-Unsubscribe headers; a GET never unsubscribes; the one-click POST works without a session; service mail still arrives', async () => {
    const member = await createMember(t, { signedIn: false });
    const n = await draft({ kind: 'current' }, 'Headers please');
    await admin.trpc.admin.newsletters.send.mutate({ id: n.id });
    await drain(t, n.id);
    const mail = t.mail.last(member.email);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(mail, 'List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(/^<http:\/\/club\.test\/api\/newsletters\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{32}>$/);
    const oneClick = new URL(listUnsubscribe.slice(1, -1));
    const token = oneClick.searchParams.get('token')!;
    // The footer's link is the page that asks first.
    expect(mail.html).toContain(`href="http://club.test/unsubscribe?token=${token}"`);

    const anonymous = t.client();
    const get = await anonymous.fetch(`${oneClick.pathname}${oneClick.search}`);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/unsubscribe?token=${token}`);
    expect(await anonymous.trpc.newsletters.unsubscribeInfo.query({ token })).toEqual({
      email: member.email,
      subject: 'Headers please',
      unsubscribed: false,
    });

    // As a mail provider sends it: a form post from its own servers, no Origin, no cookie.
    const post = await fetch(`${t.baseUrl}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ message: `${member.email} is unsubscribed from the club's newsletters.` });
    expect((await anonymous.trpc.newsletters.unsubscribeInfo.query({ token })).unsubscribed).toBe(true);
    // Again: the same answer, nothing changes.
    const repeat = await fetch(`${t.baseUrl}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(repeat.status).toBe(200);

    // A sign-in link (a service e-mail) still arrives, without any List-Unsubscribe.
    const link = await t.mailAfter(member.email, () => anonymous.trpc.auth.login.mutate({ email: member.email }));
    expect(link.subject).not.toBe('Headers please');
    expect(header(link, 'List-Unsubscribe')).toBeUndefined();
    expect(header(link, 'List-Unsubscribe-Post')).toBeUndefined();

    // The next newsletter skips them.
    const next = await draft({ kind: 'current' }, 'After unsubscribing');
    await admin.trpc.admin.newsletters.send.mutate({ id: next.id });
    await drain(t, next.id);
    const row = (await recipientsOf(next.id)).find((r) => r.email === member.email);
    expect(row).toMatchObject({ status: 'skipped', reason: 'Unsubscribed' });
    expect(t.mail.to(member.email).filter((m) => m.subject === 'After unsubscribing')).toHaveLength(0);

    // Changing their mind on the page.
    expect((await anonymous.trpc.newsletters.resubscribe.mutate({ token })).message).toBe(
      `${member.email} will receive the club's newsletters again.`,
    );
    expect((await anonymous.trpc.newsletters.unsubscribeInfo.query({ token })).unsubscribed).toBe(false);
    // The unsubscribe page's button (the tRPC mutation), again without a session.
    expect((await anonymous.mutation('newsletters.unsubscribe', { token })).status).toBe(200);
    const choices = await t.em().find(AuditLog, { entityType: 'NewsletterPreference', entityId: member.email }, { orderBy: { id: 'asc' } });
    expect(choices.map((c) => [c.actorLabel, c.after])).toEqual([
      ['one-click', { choice: 'none' }],
      ['unsubscribe page', { choice: 'members' }],
      ['unsubscribe page', { choice: 'none' }],
    ]);
  });

  it('refuses a forged or broken link with a clear 400', async () => {
    const anonymous = t.client();
    for (const token of ['1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense', '']) {
      const answer = await anonymous.mutation('newsletters.unsubscribe', { token });
      expect(answer.status, token).toBe(400);
    }
    const forged = await fetch(`${t.baseUrl}/api/newsletters/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toMatch(/^This unsubscribe link is not valid/);
  });
});

describe('archive', () => {
  it('lets members read newsletters that went to every member, but not a notice to entrants they were not among', async () => {
    const reader = await createMember(t);
    const all = await draft({ kind: 'current' }, 'For everyone');
    await admin.trpc.admin.newsletters.send.mutate({ id: all.id });
    const other = await createMember(t, { signedIn: false });
    const event = await createEvent(t);
    await enterEvent(t, event.id, other.memberId);
    const notice = await draft({ kind: 'event', eventId: event.id }, 'Entrants only');
    await admin.trpc.admin.newsletters.send.mutate({ id: notice.id });
    await drain(t, all.id);
    await drain(t, notice.id);

    const archive = await reader.client.trpc.newsletters.archive.query();
    expect(archive.map((a) => a.subject)).toContain('For everyone');
    expect(archive.map((a) => a.subject)).not.toContain('Entrants only');
    const issue = await reader.client.trpc.newsletters.read.query({ id: all.id });
    expect(issue).toMatchObject({ subject: 'For everyone', bodyHtml: body });
    const refused = await reader.client.json(
      'GET',
      `/trpc/newsletters.read?input=${encodeURIComponent(JSON.stringify({ id: notice.id }))}`,
    );
    expect(refused.status).toBe(404);
    const list = await admin.trpc.admin.newsletters.list.query();
    expect(list.find((n) => n.id === notice.id)).toMatchObject({
      status: 'sent',
      segmentLabel: `Entrants of ${event.name}`,
      counts: { sent: 1 },
    });
  });
});

describe('access and input', () => {
  it('keeps newsletters to the committee (401 signed out, 403 for members) and answers bad input with 400 and the field', async () => {
    const member = await createMember(t);
    const input = { subject: 'Hi', bodyHtml: body, segment: { kind: 'current' } };
    expect((await t.client().mutation('admin.newsletters.create', input)).status).toBe(401);
    const forbidden = await member.client.mutation('admin.newsletters.create', input);
    expect(forbidden).toMatchObject({ status: 403, body: { message: 'Only club administrators can do that.' } });
    expect((await member.client.mutation('admin.newsletters.send', { id: randomUUID() })).status).toBe(403);

    const bad = async (value: unknown) => admin.mutation('admin.newsletters.create', value);
    const blank = await bad({ ...input, subject: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { message: 'Subject is required.' } });
    expect((await bad({ ...input, bodyHtml: '<p> </p>' })).body.message).toBe('Please write the message.');
    expect((await bad({ ...input, segment: { kind: 'expiring', days: 0 } })).body.message).toBe('Days must be at least 1.');
    expect((await bad({ ...input, segment: { kind: 'everyone' } })).status).toBe(400);
    const noEvent = await bad({ ...input, segment: { kind: 'event', eventId: randomUUID() } });
    expect(noEvent).toMatchObject({ status: 400, body: { message: 'That event does not exist. Please choose another.' } });
    expect((await admin.mutation('admin.newsletters.send', { id: randomUUID() })).status).toBe(404);
    expect((await admin.mutation('admin.newsletters.send', { id: 'nope' })).status).toBe(400);
  });
});
