import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRegistration, Household, Member, PushSubscription } from '../../src/server/db/entities';
import { loadEnv } from '../../src/server/env';
import { createMailer } from '../../src/server/integrations/mailer';
import { createPushSender, loadVapidKeys, vapidSubject } from '../../src/server/integrations/push';
import { NotificationsService } from '../../src/server/notifications/notifications.service';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { addDays, addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { createAdmin, createEvent, createMember, enterEvent, logCatch } from '../support/factories';
import { checkVapid, FakeBrowser, PushService } from '../support/push-service';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let push: PushService;
let admin: TestClient;
let today: string;
/** The app's notifications, built as the app builds them, for the triggers other screens call (results, waiting list). */
let notifications: NotificationsService;
let publicKey: string;
let n = 0;

beforeAll(async () => {
  push = new PushService();
  await push.start();
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' }, pushAgent: push.agent() });
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  today = clubToday(t.clock.now());
  const keys = await loadVapidKeys(t.env);
  publicKey = keys.publicKey;
  const quiet = { info: () => {}, error: () => {} };
  notifications = new NotificationsService({
    clock: t.clock,
    mailer: createMailer({ smtpUrl: t.env.SMTP_URL, from: 'club@club.test', outboxDir: path.join(t.env.DATA_DIR, 'outbox'), log: quiet }),
    publicUrl: t.env.PUBLIC_URL,
    push: createPushSender({ keys, subject: vapidSubject(t.env, EXAMPLE_CLUB_PROFILE.contactEmail), agent: push.agent() }),
    club: { profile: async () => EXAMPLE_CLUB_PROFILE },
    log: quiet,
  });
});
afterAll(async () => {
  await t?.close();
  await push?.stop();
});

/** A member with `browsers` subscribed (named endpoints on the loopback push service). */
async function subscribed(names: string[], options: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t, options);
  const browsers = new Map<string, FakeBrowser>();
  for (const name of names) {
    const browser = new FakeBrowser();
    browsers.set(name, browser);
    await member.client.trpc.notifications.subscribe.mutate(browser.subscription(push.endpoint(name)));
  }
  return { ...member, browsers };
}

const unique = (name: string) => `${name}-${++n}`;

/** Logs a catch for an angler entered in today's all-day event. */
const logBream = (client: TestClient, eventId: string, memberId: string) => logCatch(t, client, { eventId, memberId });

async function todaysEvent(name: string) {
  return admin.trpc.admin.events.create.mutate({
    name,
    location: 'Tweed River',
    eventDate: `${today}T00:05`,
    fishingStart: '00:00',
    fishingEnd: '23:59',
  });
}

describe('the VAPID keys', () => {
  it('are generated once into the data folder (0600), and Settings gets the public key', async () => {
    const { client } = await createMember(t);
    const settings = await client.trpc.notifications.settings.query();
    const file = path.join(t.env.DATA_DIR, 'vapid-keys.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(settings).toEqual({
      publicKey: stored.publicKey,
      preferences: { event_tomorrow: true, catch_judged: true, results_final: true, waitlist_place_freed: true },
      devices: 0,
    });
    expect(stored.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart reads the same pair.
    expect(await loadVapidKeys(t.env)).toEqual(stored);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (several instances), both or neither', async () => {
    const pair = webPush.generateVAPIDKeys();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'club-vapid-'));
    try {
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
      expect(await loadVapidKeys(env)).toEqual(pair);
      expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false);
      // The club's contact address, or the site's own when the club's profile could not be read; VAPID_SUBJECT first.
      expect(vapidSubject(env, 'committee@moretonbayanglers.example')).toBe('mailto:committee@moretonbayanglers.example');
      expect(vapidSubject(loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://club.example.org' }), null)).toBe('https://club.example.org');
      expect(
        vapidSubject(
          loadEnv({ NODE_ENV: 'test', VAPID_SUBJECT: 'https://club.example.org/contact' }),
          'committee@moretonbayanglers.example',
        ),
      ).toBe('https://club.example.org/contact');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => loadEnv({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (one key pair), or neither.',
    );
    expect(() => loadEnv({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY must be a P-256 public key/,
    );
    expect(() => loadEnv({ NODE_ENV: 'test', VAPID_SUBJECT: 'committee@example.org' })).toThrow(/VAPID_SUBJECT must be a mailto:/);
  });
});

describe('subscriptions', () => {
  it('refuses what no browser gives with 400 and a sentence, and callers who are not signed in with 401', async () => {
    const { client } = await createMember(t);
    const good = new FakeBrowser().subscription('https://fcm.googleapis.com/fcm/send/abc123');
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, "That is not a push service's address"],
      [{ ...good, endpoint: 'https://localhost/push' }, "That is not a push service's address"],
      [{ ...good, endpoint: 'https://127.0.0.1:8443/push' }, "That is not a push service's address"],
      [{ ...good, endpoint: 'https://[::1]/push' }, "That is not a push service's address"],
      [{ ...good, endpoint: 'https://printer.local/push' }, "That is not a push service's address"],
      [{ ...good, endpoint: 'https://user:pass@fcm.googleapis.com/x' }, "That is not a push service's address"],
      [{ ...good, endpoint: 'not a url' }, "That is not a push service's address"],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${'x'.repeat(1000)}` }, 'at most 1000 characters'],
      [{ endpoint: good.endpoint }, 'The subscription keys (p256dh and auth) are required.'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'The p256dh key is not a key a browser gives.'],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -1)}+` } }, 'The p256dh key is not a key a browser gives.'],
      // The right shape, but not a point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'The p256dh key is not a key a browser gives.'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'The auth secret is not a key a browser gives.'],
      [{ ...good, keys: { ...good.keys, auth: 42 } }, 'The auth secret is required.'],
    ];
    for (const [input, message] of cases) {
      const res = await client.mutation('notifications.subscribe', input);
      expect(res.status, JSON.stringify(input).slice(0, 120)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const kind = await client.mutation('notifications.setPreference', { kind: 'sms', enabled: true });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toBe('The kind must be one of event_tomorrow, catch_judged, results_final, waitlist_place_freed.');
    expect((await client.mutation('notifications.setPreference', { kind: 'results_final', enabled: 'yes' })).body.message).toBe(
      'Enabled must be true or false.',
    );
    expect(await t.em().count(PushSubscription, {})).toBe(0);
    expect((await t.client().mutation('notifications.subscribe', good)).status).toBe(401);
    expect((await t.client().json('GET', '/trpc/notifications.settings')).status).toBe(401);
  });

  it("keeps one row per browser, moves a browser to whoever turns it on next, and forgets it on 'turn off'", async () => {
    const browser = new FakeBrowser();
    const subscription = browser.subscription(push.endpoint(unique('shared-phone')));
    const first = await createMember(t);
    const second = await createMember(t);
    expect((await first.client.trpc.notifications.subscribe.mutate(subscription)).devices).toBe(1);
    // The same browser again (the page asked twice): still one row.
    expect((await first.client.trpc.notifications.subscribe.mutate(subscription)).devices).toBe(1);
    // Another member signs in on the same phone and turns notifications on: the phone is now theirs.
    expect((await second.client.trpc.notifications.subscribe.mutate(subscription)).devices).toBe(1);
    expect((await first.client.trpc.notifications.settings.query()).devices).toBe(0);
    // The first member cannot turn off the second's phone.
    await first.client.trpc.notifications.unsubscribe.mutate({ endpoint: subscription.endpoint });
    expect((await second.client.trpc.notifications.settings.query()).devices).toBe(1);
    expect((await second.client.trpc.notifications.unsubscribe.mutate({ endpoint: subscription.endpoint })).devices).toBe(0);
  });

  it('keeps each kind on or off per member, every kind on until they choose', async () => {
    const { client } = await createMember(t);
    const after = await client.trpc.notifications.setPreference.mutate({ kind: 'results_final', enabled: false });
    expect(after.preferences).toEqual({ event_tomorrow: true, catch_judged: true, results_final: false, waitlist_place_freed: true });
    await client.trpc.notifications.setPreference.mutate({ kind: 'results_final', enabled: true });
    await client.trpc.notifications.setPreference.mutate({ kind: 'catch_judged', enabled: false });
    expect((await client.trpc.notifications.settings.query()).preferences).toEqual({
      event_tomorrow: true,
      catch_judged: false,
      results_final: true,
      waitlist_place_freed: true,
    });
  });
});

describe('pushes', () => {
  it("push the judges' verdict to each browser, encrypted and signed (VAPID) with a TTL, and no second e-mail", async () => {
    const phone = unique('phone');
    const laptop = unique('laptop');
    const angler = await subscribed([phone, laptop], { firstName: 'Flo' });
    const event = await todaysEvent('Bream Bash');
    const catchId = await logBream(angler.client, event.id, angler.memberId);
    const mailsBefore = t.mail.to(angler.email).length;

    await admin.trpc.admin.catches.judge.mutate({ id: catchId, action: 'reject', reason: 'Club code not visible in the photo.' });

    for (const name of [phone, laptop]) {
      const [received] = push.to(name);
      expect(push.to(name)).toHaveLength(1);
      expect(checkVapid(received.headers.authorization as string, publicKey, push.origin)).toMatchObject({
        sub: 'mailto:committee@tweedcoastanglers.org.au',
      });
      expect(received.headers).toMatchObject({ ttl: '259200', 'content-encoding': 'aes128gcm', urgency: 'normal' });
      expect(angler.browsers.get(name)!.open(received.body)).toEqual({
        title: 'Catch not accepted: Bream',
        body: "Your Bream (31 cm) at Bream Bash was not accepted. The judges' reason: Club code not visible in the photo.",
        url: '/member?tab=catches',
        tag: `catch-${catchId}`,
      });
    }
    // Pushed, so not e-mailed as well.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.to(angler.email)).toHaveLength(mailsBefore);
    const rows = await t.em().find(PushSubscription, { user: angler.userId });
    expect(rows.map((r) => r.lastSuccessAt)).toEqual([expect.any(Date), expect.any(Date)]);

    // Reopening is pushed, and so is the final verdict after the second look; still no e-mail.
    await admin.trpc.admin.catches.reopen.mutate({ id: catchId, reason: 'Code is on the mat after all' });
    expect(angler.browsers.get(phone)!.open(push.to(phone)[1].body)).toEqual({
      title: 'Catch being judged again: Bream',
      body: 'The judges are looking again at your Bream (31 cm) at Bream Bash, which they had not accepted. You will hear their decision.',
      url: '/member?tab=catches',
      tag: `catch-${catchId}`,
    });
    await admin.trpc.admin.catches.judge.mutate({ id: catchId, action: 'approve' });
    expect(angler.browsers.get(phone)!.open(push.to(phone)[2].body)).toMatchObject({
      title: 'Catch approved: Bream',
      body: 'After a second look, your Bream (31 cm) at Bream Bash was approved and counts towards the results.',
    });
    expect(push.to(laptop)).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.to(angler.email)).toHaveLength(mailsBefore);
  });

  it('e-mails the verdict instead when no browser takes the push, or the member switched catch_judged off', async () => {
    const flaky = unique('verdict-flaky');
    const angler = await subscribed([flaky], { firstName: 'Ida' });
    push.answers.set(`/push/${flaky}`, 500);
    const event = await todaysEvent('Fallback Cup');
    const first = await logBream(angler.client, event.id, angler.memberId);
    const mail = await t.mailAfter(angler.email, () => admin.trpc.admin.catches.judge.mutate({ id: first, action: 'approve' }));
    expect(mail.subject).toBe('Your catch was approved: Bream at Fallback Cup');
    expect(push.to(flaky)).toHaveLength(1);

    push.answers.delete(`/push/${flaky}`);
    await angler.client.trpc.notifications.setPreference.mutate({ kind: 'catch_judged', enabled: false });
    const second = await logBream(angler.client, event.id, angler.memberId);
    const off = await t.mailAfter(angler.email, () =>
      admin.trpc.admin.catches.judge.mutate({ id: second, action: 'reject', reason: 'Photo too dark to measure.' }),
    );
    expect(off.subject).toBe('Your catch was not accepted: Bream at Fallback Cup');
    expect(push.to(flaky)).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410 or 404) and keeps the others', async () => {
    const [gone, missing, fine] = [unique('gone'), unique('missing'), unique('fine')];
    const member = await subscribed([gone, missing, fine]);
    push.answers.set(`/push/${gone}`, 410);
    push.answers.set(`/push/${missing}`, 404);
    const outcome = await notifications.notify(t.em(), member.userId, 'waitlist_place_freed', { title: 'T', body: 'B', url: '/member' });
    expect(outcome).toEqual({ sent: 'push', pushed: 1 });
    const left = await t.em().find(PushSubscription, { user: member.userId });
    expect(left.map((s) => s.endpoint)).toEqual([push.endpoint(fine)]);
    expect(push.to(gone)).toHaveLength(1);
  });

  it('keeps a subscription through a passing failure (500) and e-mails when no browser took it', async () => {
    const flaky = unique('flaky');
    const member = await subscribed([flaky], { firstName: 'Rae' });
    push.answers.set(`/push/${flaky}`, 500);
    const mail = await t.mailAfter(member.email, async () => {
      const outcome = await notifications.notify(
        t.em(),
        member.userId,
        'results_final',
        { title: 'Results are final: Test Cup', body: 'See the places.', url: '/member?tab=catches' },
        { email: { buttonLabel: 'See the results' } },
      );
      expect(outcome).toEqual({ sent: 'email', pushed: 0 });
    });
    expect(mail.subject).toBe('Results are final: Test Cup');
    expect(mail.text).toContain('See the results: http://club.test/member?tab=catches');
    const [row] = await t.em().find(PushSubscription, { user: member.userId });
    expect(row).toMatchObject({ lastFailureStatus: 500, lastSuccessAt: null });
    expect(row.lastFailureAt).toBeInstanceOf(Date);
  });

  it('pushes nothing for a kind the member switched off', async () => {
    const phone = unique('off-phone');
    const member = await subscribed([phone]);
    await member.client.trpc.notifications.setPreference.mutate({ kind: 'catch_judged', enabled: false });
    await member.client.trpc.notifications.setPreference.mutate({ kind: 'results_final', enabled: false });
    const event = await todaysEvent('Quiet Cup');
    const catchId = await logBream(member.client, event.id, member.memberId);
    await admin.trpc.admin.catches.judge.mutate({ id: catchId, action: 'approve' });
    expect(await notifications.notifyResultsFinal(t.em(), event.id)).toEqual({ notified: 0 });
    expect(push.to(phone)).toHaveLength(0);
    expect(t.mail.to(member.email).filter((m) => m.subject.startsWith('Results are final'))).toHaveLength(0);
  });
});

describe('results final', () => {
  it('reaches each entrant once (a household once, a junior through the primary member), e-mail for those without pushes', async () => {
    const event = await createEvent(t, { name: 'Flathead Final' });
    const parentPhone = unique('parent');
    const parent = await subscribed([parentPhone], { firstName: 'Dan', membershipType: 'family' });
    const em = t.em();
    const junior = em.create(Member, {
      household: em.getReference(Household, parent.householdId),
      isPrimary: false,
      firstName: 'Mia',
      lastName: 'Member',
      email: null,
      dateOfBirth: addYears(today, -10),
      membershipType: 'junior',
      status: 'active',
    });
    await em.flush();
    const emailOnly = await createMember(t, { firstName: 'Eve' });
    const disqualified = await createMember(t, { firstName: 'Dee' });
    for (const id of [parent.memberId, junior.id, emailOnly.memberId, disqualified.memberId]) await enterEvent(t, event.id, id);
    await t.em().nativeUpdate(EventRegistration, { event: event.id, member: disqualified.memberId }, { disqualifiedAt: new Date() });

    expect(await notifications.notifyResultsFinal(t.em(), event.id)).toEqual({ notified: 2 });
    expect(push.to(parentPhone)).toHaveLength(1);
    expect(parent.browsers.get(parentPhone)!.open(push.to(parentPhone)[0].body)).toEqual({
      title: 'Results are final: Flathead Final',
      body: 'The judges have finished Flathead Final: see the places, the points and the season ladder.',
      url: '/member?tab=catches',
      tag: `results-${event.id}`,
    });
    const mail = await t.mail.waitFor(emailOnly.email, 1);
    expect(mail.subject).toBe('Results are final: Flathead Final');
    expect(mail.text).toContain('Hi Eve,');
    expect(t.mail.to(disqualified.email).filter((m) => m.subject.startsWith('Results'))).toHaveLength(0);

    // Called again (a second click, a retry): nobody hears twice.
    expect(await notifications.notifyResultsFinal(t.em(), event.id)).toEqual({ notified: 0 });
    expect(push.to(parentPhone)).toHaveLength(1);
    await expect(notifications.notifyResultsFinal(t.em(), '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'That event does not exist.',
    );
  });
});

describe('a waiting-list place freed', () => {
  it("pushes to the member (a junior's primary member) with what happens next, or e-mails", async () => {
    const event = await createEvent(t, { name: 'Jack Attack' });
    const phone = unique('waiting');
    const waiting = await subscribed([phone], { firstName: 'Wes' });
    expect(
      await notifications.notifyWaitlistPlaceFreed(t.em(), { eventId: event.id, memberId: waiting.memberId, note: 'You are now entered.' }),
    ).toEqual({ sent: 'push', pushed: 1 });
    const opened = waiting.browsers.get(phone)!.open(push.to(phone)[0].body) as { title: string; body: string };
    expect(opened.title).toBe('A place is free: Jack Attack');
    expect(opened.body).toMatch(/^A place in Jack Attack \(.+\) has come free for you\. You are now entered\.$/);
    expect(push.to(phone)[0].headers).toMatchObject({ ttl: '86400', urgency: 'high' });

    const noPhone = await createMember(t, { firstName: 'Nia' });
    const mail = await t.mailAfter(noPhone.email, () =>
      notifications.notifyWaitlistPlaceFreed(t.em(), { eventId: event.id, memberId: noPhone.memberId }),
    );
    expect(mail.subject).toBe('A place is free: Jack Attack');
    expect(mail.text).toContain('View my events: http://club.test/member?tab=events');
    expect(mail.text).toContain('notifications are not turned on');

    // Promoted into an entry, the entries e-mail has told them already: a push, and no second e-mail.
    const before = t.mail.to(noPhone.email).length;
    expect(
      await notifications.notifyWaitlistPlaceFreed(t.em(), { eventId: event.id, memberId: noPhone.memberId, alreadyEmailed: true }),
    ).toEqual({ sent: 'none', pushed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.to(noPhone.email)).toHaveLength(before);
  });
});

// Last in the file: it moves the clock past midnight.
describe('the results-final job', () => {
  it('tells the entrants once fishing has closed and every catch is judged, not before, and once', async () => {
    const angler = await createMember(t, { firstName: 'Fay' });
    const event = await todaysEvent('Closing Cup');
    const catchId = await logBream(angler.client, event.id, angler.memberId);
    const finals = () => t.mail.to(angler.email).filter((m) => m.subject === 'Results are final: Closing Cup');

    // Fishing still open: nothing yet.
    await notifications.announceFinalResults(t.em());
    // Fishing closed (23:59), one catch still waiting for the judges: nothing yet.
    t.clock.advance(clubLocalToInstant(`${addDays(today, 1)}T00:30`).getTime() - t.clock.now().getTime());
    await notifications.announceFinalResults(t.em());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(finals()).toHaveLength(0);

    await admin.trpc.admin.catches.judge.mutate({ id: catchId, action: 'approve' });
    const { events } = await notifications.announceFinalResults(t.em());
    expect(events).toBeGreaterThanOrEqual(1);
    await t.mail.waitFor(angler.email, 1);
    expect(finals()).toHaveLength(1);
    // The next beat of the job: nobody hears twice.
    await notifications.announceFinalResults(t.em());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(finals()).toHaveLength(1);
  });
});
