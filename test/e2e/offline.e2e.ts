import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catch } from '../../src/server/db/entities';
import { instantToClubLocal } from '../../src/shared/dates';
import { cameraPhotoBytes } from '../support/camera-photo';
import { activeMemberClient, signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { controlsUnderToast, expectAccessible, followLink, launchBrowser, loginLink, openPage, PHONE, SMALL_PHONE } from './browser';

// The site is served from a copy of the build, so the test can deploy a "new version" under the running app.
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'club-offline-client-'));
let t: TestApp;
let browser: Browser;
let memberId: string;
let eventId: string;
const MEMBER = 'field.mode@example.com';
const POSITION = { latitude: -28.264512, longitude: 153.563218 };

beforeAll(async () => {
  cpSync(path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client'), clientDir, { recursive: true });
  const previous = process.env.E2E_CLIENT_DIR;
  process.env.E2E_CLIENT_DIR = clientDir;
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: 'steward@example.com' } });
  if (previous === undefined) delete process.env.E2E_CLIENT_DIR;
  else process.env.E2E_CLIENT_DIR = previous;
  browser = await launchBrowser();
  const admin = (await signedInClient(t, 'steward@example.com')).client;
  // Registered before the start; then the server's clock moves on to when fishing has opened.
  const starts = new Date(t.clock.now().getTime() + 2 * 60_000);
  const event = await admin.trpc.admin.events.create.mutate({
    name: 'Estuary Dawn Patrol',
    location: 'Tweed River, Chinderah',
    eventDate: instantToClubLocal(starts).slice(0, 16),
    // Whenever the test runs, fishing is open.
    fishingStart: '00:00',
    fishingEnd: '23:59',
  });
  eventId = event.id;
  const member = await activeMemberClient(t, MEMBER, { firstName: 'Fern', lastName: 'Field' });
  memberId = member.memberId;
  await member.client.trpc.events.register.mutate({ id: event.id });
  t.clock.advance(5 * 60_000);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

let shade = 0;
async function photoFile() {
  shade += 40;
  const file = path.join(os.tmpdir(), `offline-catch-${Date.now()}-${shade}.jpg`);
  writeFileSync(
    file,
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: shade % 255, g: 110, b: 150 } } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

/** A phone camera's photo of about 7.5 MB (12 megapixels of fine detail, little compression). */
async function largePhoto() {
  const file = path.join(os.tmpdir(), `offline-large-catch-${Date.now()}.jpg`);
  writeFileSync(file, await cameraPhotoBytes());
  return file;
}

/**
 * Fills in and submits the catch form. `firstOnThisPhone`: the competition rules and waiver come up first;
 * `firstToday`: then, with signal, the day's fishing hours, skipped.
 */
async function logCatch(
  page: Page,
  species: string,
  size: string,
  { firstOnThisPhone = false, firstToday = false, photo }: { firstOnThisPhone?: boolean; firstToday?: boolean; photo?: string } = {},
) {
  const form = page.getByRole('form', { name: 'Log Your Catch' });
  await expect.poll(() => form.getByLabel(/^Event/).inputValue()).toBe(eventId);
  await expect.poll(() => form.getByLabel(/^Member/).inputValue()).toBe(memberId);
  await form.getByLabel(/^Species/).selectOption(species);
  await form.getByLabel(/^Size \(cm\)/).fill(size);
  await form.getByLabel('Released', { exact: true }).check();
  await form.getByLabel(/^Photo/).setInputFiles(photo ?? (await photoFile()));
  await form.getByText('GPS: -28.264512, 153.563218').waitFor();
  await form.getByLabel('I confirm that all information provided is accurate and truthful to the best of my knowledge.').check();
  await form.getByRole('button', { name: 'Submit Catch' }).click();
  if (firstOnThisPhone)
    await page.getByRole('dialog', { name: 'Competition Rules & Waiver' }).getByRole('button', { name: 'Accept & Continue' }).click();
  if (firstToday) await page.getByRole('dialog', { name: 'Daily Fishing Hours' }).getByRole('button', { name: 'Skip' }).click();
}

const waitingButton = (page: Page) => page.getByRole('link', { name: /^Waiting to send/ });
/** The navigation bar's 'Waiting to send' with its count, as a screen reader reads it. */
const waiting = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).waitFor();
/** The catch submissions that reached the site (attempts without a network never do). */
const catchPosts = (context: BrowserContext) => {
  const posts: string[] = [];
  context.on('requestfinished', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/catches')) posts.push(r.url());
  });
  return posts;
};

describe('field mode: an installable app that logs catches without signal', () => {
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];

  it('is installable: a valid manifest with icons, theme colour and standalone display, and a service worker', async () => {
    const { page, context, problems } = await openPage(browser, 'offline-install', PHONE);
    await followLink(page, await loginLink(t, MEMBER));
    await page.waitForURL('**/member');
    cookies = await context.cookies();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 })
      .toBe(`${t.baseUrl}/sw.js`);
    // Opened again, the page is the app saved on the phone (no waiting for the page on one bar of signal; it holds
    // nobody's data), which asks for the member's own.
    await page.reload();
    await page
      .getByRole('link', { name: 'Log a Catch' })
      .or(page.getByRole('button', { name: 'Show my card' }))
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.getElementById('first-screen-data'))).toBeNull();

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
    expect(manifest.url).toBe(`${t.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data!);
    expect(parsed).toMatchObject({
      name: 'Tweed Coast Anglers Club',
      display: 'standalone',
      start_url: '/member?from=home-screen',
      theme_color: '#1971c2',
    });
    for (const icon of parsed.icons as { src: string; sizes: string }[]) {
      const response = await page.request.get(`${t.baseUrl}${icon.src}`);
      expect(response.headers()['content-type']).toBe('image/png');
      const { width, height } = await sharp(await response.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // The test browser's contexts are incognito-like, where Chromium never offers to install; nothing else may stand in the way.
    expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('logs two catches with photos offline, keeps them through a reload without signal, then sends each once', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'offline-catches', PHONE);
    await context.addCookies(cookies);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    const posts = catchPosts(context);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    // The portal's answers are kept on the phone (what the screen shows offline).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tcac.savedQueries')?.includes('Estuary Dawn Patrol') ?? false))
      .toBe(true);

    await context.setOffline(true);
    const loggedFrom = new Date();
    // Without signal the day's fishing hours are not asked (they could not be recorded).
    await logCatch(page, 'Flathead', '41.5', { firstOnThisPhone: true });
    await page.getByText('No signal right now: the catch is saved on this phone and sends by itself when you are back online.').waitFor();
    await page.getByRole('status', { name: 'Achievement unlocked' }).getByText('Big Fish!').waitFor();
    await waiting(page, 'Waiting to send 1 catch');
    // This browser refuses Background Sync here (a private window): the card promises only what the open site does.
    await page
      .getByText(
        'They send, oldest first, while the club’s site is open and there is signal: keep it open, or open it again when you have signal.',
      )
      .waitFor();
    expect(await page.getByText(/even with the app closed/).count()).toBe(0);
    await shot('first-catch-queued');
    // The next fish goes in while the note still shows: it covers nothing.
    await logCatch(page, 'Bream', '27');
    await waiting(page, 'Waiting to send 2 catches');

    // Reload with no signal: the app opens from the phone, with both catches still waiting.
    await page.reload();
    await page.getByRole('form', { name: 'Log Your Catch' }).waitFor();
    await expect.poll(() => page.getByTestId('queued-catch').count()).toBe(2);
    await waiting(page, 'Waiting to send 2 catches');
    await page.getByTestId('queued-catch').first().getByText('Flathead · 41.5 cm · Released').waitFor();
    await shot('reloaded-offline');
    await expectAccessible(page, 'fish logging with catches waiting to send');
    expect(posts).toEqual([]);

    // Signal again: both go by themselves, oldest first, once each.
    await context.setOffline(false);
    await waitingButton(page).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => page.getByTestId('queued-catch').count()).toBe(0);
    const stored = await t.em().find(Catch, { angler: memberId }, { orderBy: { caughtAt: 'asc' } });
    expect(stored.map((c) => [c.species, c.sizeCm])).toEqual([
      ['Flathead', 41.5],
      ['Bream', 27],
    ]);
    // Each carries the moment it was logged on the phone, not when it arrived.
    for (const c of stored) {
      expect(c.caughtAt.getTime()).toBeGreaterThanOrEqual(loggedFrom.getTime() - 1000);
      expect(c.createdAt.getTime()).toBeGreaterThan(c.caughtAt.getTime());
    }
    expect(posts).toHaveLength(2);
    await page
      .getByText('Your Recent Catches')
      .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]')
      .getByText('Bream · 27 cm')
      .waitFor();
    await shot('sent');

    // Opened from the home screen with no signal, the app starts where the member left it: logging catches.
    await context.setOffline(true);
    await page.goto(`${t.baseUrl}/member?from=home-screen`);
    await page.getByRole('form', { name: 'Log Your Catch' }).waitFor();
    await page.getByText('Bream · 27 cm').waitFor();
    await shot('installed-app-offline');
    await context.setOffline(false);
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  }, 90_000);

  it('a stalled upload leaves the form ready for the next fish at once; Send now takes over and the catch is stored once', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'offline-stalled', PHONE);
    await context.addCookies(cookies);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    const before = await t.em().count(Catch, { angler: memberId });

    // The phone has signal but the answer never comes: the club stores the catch, the reply is lost on the way back.
    let stalled = 0;
    await page.route('**/api/catches', async (route) => {
      if (stalled++ > 0) return route.continue();
      await route.fetch();
      // Never answered: the upload hangs like one on a dying signal.
    });
    const form = page.getByRole('form', { name: 'Log Your Catch' });
    await logCatch(page, 'Mulloway', '88', { firstOnThisPhone: true, firstToday: true });
    const submitted = Date.now();
    await page.getByText('Saved on this phone and on its way to the club. You can log your next fish.').waitFor();
    // The form is free again: cleared, with Submit ready, well before the upload gives up.
    await expect.poll(() => form.getByLabel(/^Species/).inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Submit Catch' }).isEnabled()).toBe(true);
    const freedAfterMs = Date.now() - submitted;
    await page.getByTestId('queued-catch').getByText('Mulloway · 88 cm · Released').waitFor();
    await shot('stalled-form-free');

    // The next fish goes through while the first is still hanging; nothing comes up in between.
    await logCatch(page, 'Flathead', '52');
    await page.getByText('Fish catch logged successfully!').waitFor();

    // 'Send now' is never stuck behind the hanging send: it takes over, and the club answers with the catch it kept.
    await page.getByTestId('queued-catch').getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Mulloway 88 cm has reached the club.').waitFor();
    await expect.poll(() => page.getByTestId('queued-catch').count()).toBe(0);
    const stored = await t.em().find(Catch, { angler: memberId }, { orderBy: { createdAt: 'asc' } });
    expect(stored.length - before).toBe(2);
    expect(stored.filter((c) => c.species === 'Mulloway')).toHaveLength(1);
    await shot('sent-once');
    // Recorded for the closing note: how soon the form was ready again (never asserted as a timing).
    console.info(`stalled upload: form ready again after ${freedAfterMs} ms`);
    await page.unroute('**/api/catches');
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  }, 90_000);

  it('on a slow phone (slow 4G, 4× slower CPU) with a 7.5 MB photo the form is ready for the next fish before the club has answered; the catch arrives once, its photo shrunk', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'offline-slow-phone', SMALL_PHONE);
    await context.addCookies(cookies);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    // The offline app installed first, so that its download is not on the slow line.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    const form = page.getByRole('form', { name: 'Log Your Catch' });
    await form.waitFor();
    const photo = await largePhoto();
    expect(statSync(photo).size).toBeGreaterThan(7_000_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Slow 4G as Lighthouse applies it in the browser, and a mid-range phone's CPU.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: Math.floor((1474.56 * 1024) / 8),
      uploadThroughput: Math.floor((675 * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // The club's answer is held until the form has been seen ready for the next fish.
    const bodies: number[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/catches', async (route) => {
      bodies.push(route.request().postDataBuffer()?.length ?? 0);
      await answered;
      await route.continue();
    });
    await logCatch(page, 'Bream', '33.5', { firstOnThisPhone: true, firstToday: true, photo });

    // Ready: empty, Submit free, while the catch is still on its way and the club has not stored it.
    await expect.poll(() => form.getByLabel(/^Species/).inputValue()).toBe('');
    expect(await form.getByLabel(/^Size \(cm\)/).inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Submit Catch' }).isEnabled()).toBe(true);
    const queued = page.getByTestId('queued-catch');
    await queued.getByText('Bream · 33.5 cm · Released').waitFor();
    await queued.getByText('Sending…').waitFor();
    expect(await t.em().count(Catch, { angler: memberId, species: 'Bream', sizeCm: 33.5 })).toBe(0);
    // The next fish can be started at once.
    await form.getByLabel(/^Species/).selectOption('Whiting');
    await shot('slow-phone-ready');

    answer();
    await page.getByText('Bream 33.5 cm has reached the club.').waitFor({ timeout: 60_000 });
    await expect.poll(() => queued.count()).toBe(0);
    expect(await t.em().count(Catch, { angler: memberId, species: 'Bream', sizeCm: 33.5 })).toBe(1);
    // One upload, of the shrunk photo (the server takes up to 10 MB; this is well under).
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeLessThan(1_500_000);
    await page.unroute('**/api/catches');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  }, 120_000);

  it('a refusal that comes back at once puts the catch back on the form to fix, with its photo; fixed, it is stored once', async () => {
    const { page, context, problems } = await openPage(browser, 'offline-quick-refusal', SMALL_PHONE);
    await context.addCookies(cookies);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    const form = page.getByRole('form', { name: 'Log Your Catch' });
    await form.waitFor();
    let refuse = true;
    await page.route('**/api/catches', (route) =>
      refuse
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Size must be a length in cm between 0.1 and 300.' }),
          })
        : route.continue(),
    );
    await logCatch(page, 'Tailor', '44', { firstOnThisPhone: true, firstToday: true });
    // Told in a toast (the queue card may show it for the moment it takes to take the catch back).
    await page.getByText('Size must be a length in cm between 0.1 and 300.').first().waitFor();
    // Back on the form as it was, photo included; nothing waits on the phone.
    await expect.poll(() => form.getByLabel(/^Species/).inputValue()).toBe('Tailor');
    expect(await form.getByLabel(/^Size \(cm\)/).inputValue()).toBe('44');
    await form.getByRole('img', { name: 'The chosen photo' }).waitFor();
    await expect.poll(() => page.getByTestId('queued-catch').count()).toBe(0);

    refuse = false;
    await form.getByLabel(/^Size \(cm\)/).fill('43');
    await form.getByRole('button', { name: 'Submit Catch' }).click();
    await expect.poll(() => t.em().count(Catch, { angler: memberId, species: 'Tailor', sizeCm: 43 }), { timeout: 30_000 }).toBe(1);
    expect(await t.em().count(Catch, { angler: memberId, species: 'Tailor', sizeCm: 44 })).toBe(0);
    await page.unroute('**/api/catches');
    expect(problems.filter((p) => !/Failed to load resource|status of 400/.test(p))).toEqual([]);
  }, 90_000);

  it("a catch the club's site fails to store is named as the site's problem, stays on the phone, and is sent once", async () => {
    const { page, context, problems, shot } = await openPage(browser, 'offline-site-problem', SMALL_PHONE);
    await context.addCookies(cookies);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await page.getByRole('form', { name: 'Log Your Catch' }).waitFor();
    const before = await t.em().count(Catch, { angler: memberId, species: 'Mangrove Jack' });

    // The phone has signal; the site answers the first try with a failure of its own.
    await page.route('**/api/catches', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
    );
    await logCatch(page, 'Mangrove Jack', '38', { firstOnThisPhone: true, firstToday: true });
    await page.getByText('The club’s site had a problem; your catch is saved and will be sent again.').waitFor();
    expect(await page.getByText(/No signal/).count()).toBe(0);
    expect(await controlsUnderToast(page)).toEqual([]);
    await shot('site-problem');
    await page.getByTestId('queued-catch').getByText('Mangrove Jack · 38 cm · Released').waitFor();

    await page.unroute('**/api/catches');
    await page.getByTestId('queued-catch').getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Mangrove Jack 38 cm has reached the club.').waitFor();
    expect(await controlsUnderToast(page)).toEqual([]);
    await expect.poll(() => t.em().count(Catch, { angler: memberId, species: 'Mangrove Jack' })).toBe(before + 1);
    expect(problems.filter((p) => !/Failed to load resource|status of 500/.test(p))).toEqual([]);
  }, 90_000);

  it('a catch queued without signal is sent by the service worker after the site is closed, once the network returns (Background Sync)', async () => {
    const { page, context, shot } = await openPage(browser, 'offline-background-sync', PHONE);
    await context.addCookies(cookies);
    // The browser lets the site send with the app closed (the test browser's private windows refuse it unless told).
    await context.grantPermissions(['geolocation', 'background-sync']);
    await context.setGeolocation(POSITION);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    await page.getByRole('form', { name: 'Log Your Catch' }).waitFor();

    await context.setOffline(true);
    await logCatch(page, 'Trevally', '47', { firstOnThisPhone: true });
    await waiting(page, 'Waiting to send 1 catch');
    await page.getByText('They send by themselves, oldest first, as soon as there is signal, even with the app closed.').waitFor();
    await shot('queued-before-closing');
    expect(await t.em().count(Catch, { angler: memberId, species: 'Trevally' })).toBe(0);

    // The angler closes the site; the phone finds signal later.
    const blank = await context.newPage();
    await page.close();
    await context.setOffline(false);
    // Chromium fires the registered sync when its network comes back; here DevTools fires it the same way.
    const cdp = await context.newCDPSession(blank);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL.startsWith(t.baseUrl))).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL.startsWith(t.baseUrl))!.registrationId;
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: t.baseUrl, registrationId, tag: 'tcac-send-catches', lastChance: false });
    await expect.poll(() => t.em().count(Catch, { angler: memberId, species: 'Trevally' }), { timeout: 30_000 }).toBe(1);
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);

    // Opened again, the app has nothing waiting and shows the catch as sent.
    const again = await context.newPage();
    await again.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await again.getByText('Trevally · 47 cm').first().waitFor();
    expect(await again.getByTestId('queued-catch').count()).toBe(0);
  }, 90_000);

  it('a refused catch shows the reason and can be fixed and resent, or discarded; a new version of the site takes over without losing the queue', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'offline-update', PHONE);
    await context.addCookies(cookies);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    /** The revision of the app shell ('/') the phone keeps (Workbox stores it in the key of the saved copy). */
    const keptShell = () =>
      page.evaluate(async () => {
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            const url = new URL(request.url);
            if (url.pathname === '/' && url.searchParams.has('__WB_REVISION__')) return url.searchParams.get('__WB_REVISION__');
          }
        }
        return null;
      });
    await expect.poll(keptShell, { timeout: 20_000 }).not.toBeNull();
    const oldShell = (await keptShell())!;

    // Queued without signal; when the signal returns the club refuses it (the angler's membership has lapsed meanwhile).
    await context.setOffline(true);
    await logCatch(page, 'Whiting', '31', { firstOnThisPhone: true });
    await waiting(page, 'Waiting to send 1 catch');
    await page.route('**/api/catches', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Please choose a current club member as the angler.' }),
      }),
    );
    await context.setOffline(false);
    const queued = page.getByTestId('queued-catch');
    await queued.getByText('Please choose a current club member as the angler.').waitFor({ timeout: 30_000 });
    await queued.getByText('Not sent').waitFor();
    await waiting(page, 'Waiting to send 1 catch, 1 needs your attention');
    await shot('refused');
    await expectAccessible(page, 'a refused catch waiting on the phone');

    // A new version is deployed while the catch waits, in which only the app shell changed: the phone downloads
    // that one file again, not the app's other files.
    const sw = path.join(clientDir, 'sw.js');
    const source = readFileSync(sw, 'utf8');
    const shellEntry = /url: "\/",\s*revision: "([0-9a-f]+)"/;
    expect(source).toMatch(shellEntry);
    writeFileSync(
      sw,
      source.replace(shellEntry, (entry) => entry.replace(/"([0-9a-f]+)"$/, '"$1-next"')),
    );
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    const fetched: string[] = [];
    const record = (req: { url?: string }) => fetched.push(req.url ?? '');
    t.app.server.on('request', record);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(keptShell, { timeout: 20_000 }).toBe(`${oldShell}-next`);
    t.app.server.off('request', record);
    expect([...new Set(fetched.filter((url) => !url.startsWith('/api/') && !url.startsWith('/trpc/')))].sort()).toEqual(['/', '/sw.js']);
    // The next navigation loads the new version; the refused catch is still there.
    await Promise.all([page.waitForEvent('load'), page.getByRole('tab', { name: 'Events' }).click()]);
    await page.getByRole('tab', { name: 'Catches' }).click();
    await waiting(page, 'Waiting to send 1 catch, 1 needs your attention');

    // Fixed and resent under the same id; the club stores it.
    await page.unroute('**/api/catches');
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await queued.getByRole('button', { name: 'Fix & resend' }).click();
    const fix = page.getByRole('dialog', { name: 'Fix & resend' });
    await expectAccessible(page, 'fix & resend dialog');
    await fix.getByLabel('Size (cm)').fill('30.5');
    await fix.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Whiting 30.5 cm has reached the club.').waitFor();
    await waitingButton(page).waitFor({ state: 'detached' });
    expect((await t.em().find(Catch, { angler: memberId, species: 'Whiting' })).map((c) => c.sizeCm)).toEqual([30.5]);

    // Another one refused is discarded and never reaches the club.
    await context.setOffline(true);
    await logCatch(page, 'Tailor', '35');
    await page.route('**/api/catches', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Catches can only be logged on the day of the event.' }),
      }),
    );
    await context.setOffline(false);
    await queued.getByText('Catches can only be logged on the day of the event.').waitFor({ timeout: 30_000 });
    await queued.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog', { name: 'Discard this catch?' }).getByRole('button', { name: 'Discard' }).click();
    await page.getByText('Tailor 35 cm was removed from this phone.').waitFor();
    await expect.poll(() => queued.count()).toBe(0);
    expect(await t.em().count(Catch, { angler: memberId, species: 'Tailor', sizeCm: 35 })).toBe(0);
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  }, 120_000);
});
