import { statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FishingSession } from '../../src/server/db/entities';
import { catchPhoto, randomSource } from '../../src/server/demo/demo-images';
import { addDays, clubToday, instantToClubLocal } from '../../src/shared/dates';
import { createAdmin, createMember, enterEvent } from '../support/factories';
import { activeMemberClient, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, PHONE, loginLink, followLink, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'judge@example.com';
const MEMBER = 'flo.head@example.com';
const EVENT_NAME = 'Flathead Frenzy';
const CLUB_CODE = 'TIDE42';
/** Fingal Head, inside the Tweed Shire. */
const POSITION = { latitude: -28.201234, longitude: 153.565432 };

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A 4032×3024 phone photo (about 7 MB) with the camera's EXIF: make, the time it was taken and its position. */
async function phonePhoto() {
  const takenAt = instantToClubLocal(t.clock.now()).replace('T', ' ').replaceAll('-', ':').slice(0, 16) + ':00';
  const bytes = await sharp({
    create: { width: 4032, height: 3024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  })
    .blur(0.6)
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Riverbank 7' },
      IFD2: { DateTimeOriginal: takenAt },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '28/1 12/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 33/1 55/1' },
    })
    .toBuffer();
  const file = path.join(os.tmpdir(), `catch-${Date.now()}.jpg`);
  writeFileSync(file, bytes);
  return file;
}

describe('catch logging, judging and results', () => {
  let memberCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];

  it('a member on a phone logs a catch with a photo and GPS and sees the achievement', async () => {
    const admin = (await signedInClient(t, ADMIN, { firstName: 'Jude', lastName: 'Judge' })).client;
    // The member registers before the start; then the server's clock moves on to when fishing has opened.
    const opens = new Date(t.clock.now().getTime() + 2 * 60_000);
    const event = await admin.trpc.admin.events.create.mutate({
      name: EVENT_NAME,
      location: 'Fingal Head',
      eventDate: instantToClubLocal(opens).slice(0, 16),
      clubCode: CLUB_CODE,
      // Whenever the test runs, fishing is open.
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const member = await activeMemberClient(t, MEMBER, { firstName: 'Flo', lastName: 'Head' });
    await member.client.trpc.events.register.mutate({ id: event.id });
    t.clock.advance(5 * 60_000);

    const { page, context, problems, shot } = await openPage(browser, 'log-catch-phone', PHONE);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await followLink(page, await loginLink(t, MEMBER));
    await page.waitForURL('**/member');
    memberCookies = await context.cookies();
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByRole('button', { name: 'Log a Catch' }).click();
    const form = page.getByRole('form', { name: 'Log Your Catch' });
    await expect.poll(() => form.getByLabel(/^Event/).inputValue()).toBe(event.id);
    await expect.poll(() => form.getByLabel(/^Member/).inputValue()).toBe(member.memberId);
    await form.getByTestId('club-code').getByText(CLUB_CODE).waitFor();
    await shot('form-with-club-code');
    await expectAccessible(page, 'log a catch on a phone');

    await form.getByLabel(/^Species/).selectOption('Flathead');
    await form.getByLabel(/^Size \(cm\)/).fill('45.5');
    await form.getByLabel('Kept', { exact: true }).check();
    const photo = await phonePhoto();
    expect(statSync(photo).size).toBeGreaterThan(5_000_000);
    await form.getByLabel(/^Photo/).setInputFiles(photo);
    await form.getByText('GPS: -28.201234, 153.565432').waitFor();
    await form.getByLabel('I confirm that all information provided is accurate and truthful to the best of my knowledge.').check();
    await shot('form-filled');
    await expectAccessible(page, 'log a catch filled in');
    // Built for wet hands: every control at least 44 px, and the assistant's button never over one, wherever the
    // form is scrolled to.
    expect(await phoneProblems(page, 'form[aria-label="Log Your Catch"]')).toEqual([]);
    for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
      expect((await phoneProblems(page)).filter((p) => p.startsWith("the assistant's button"))).toEqual([]);
    }

    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/catches') && r.method() === 'POST') sent.push(r.postDataBuffer()?.length ?? 0);
    });
    await form.getByRole('button', { name: 'Submit Catch' }).click();
    const waiver = page.getByRole('dialog', { name: 'Competition Rules & Waiver' });
    await waiver.getByText(/Photo tampering means disqualification/).waitFor();
    await shot('waiver');
    await expectAccessible(page, 'waiver dialog');
    await waiver.getByRole('button', { name: 'Accept & Continue' }).click();

    // The day's first catch: its fishing hours are asked before it goes, so nothing comes up after it.
    const hours = page.getByRole('dialog', { name: 'Daily Fishing Hours' });
    await hours.waitFor();
    expect(sent).toHaveLength(0);
    await expectAccessible(page, 'fishing hours dialog');
    await hours.getByLabel('Hours fished today').fill('3.5');
    await hours.getByRole('button', { name: 'Record Hours' }).click();
    await expect.poll(() => t.em().count(FishingSession, { member: member.memberId, hoursSpent: 3.5 })).toBe(1);

    // The catch's success toast and the hours' one share the one toast place; the note says the catch is logged.
    const note = page.getByRole('status', { name: 'Achievement unlocked' });
    await note.getByText('Big Fish!').waitFor();
    await note.getByText('+50 points').waitFor();
    await shot('achievement');
    await expectAccessible(page, 'achievement note');
    // A note beside the form, not a dialog over it: the next fish's species is picked while it shows.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await form.getByLabel(/^Species/).selectOption('Bream');
    expect(await note.getByText('Big Fish!').isVisible()).toBe(true);
    await form.getByLabel(/^Species/).selectOption('');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(1_000_000);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('tcac.achievements') ?? '[]').map((a: { title: string }) => a.title)),
    ).toEqual(['Big Fish!']);

    const recent = page.getByText('Your Recent Catches').locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
    await recent.getByText('Flathead · 45.5 cm').waitFor();
    await recent.getByText('Kept').waitFor();
    expect(await form.getByLabel(/^Size \(cm\)/).inputValue()).toBe('');
    await shot('logged');
    await expectAccessible(page, 'catch logged');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
  }, 60_000);

  it('an admin judges it beside the club code, with the photo’s own time and place, and the result board shows it without a position', async () => {
    const { page, problems, shot } = await openPage(browser, 'judge-catch');
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'Judging' }).click();
    const card = page.getByTestId('judge-catch').filter({ hasText: 'Flo Head' });
    await card.getByText(CLUB_CODE).waitFor();
    await card.getByText('Photo taken:').waitFor();
    await card.getByText(/PhoneCo/).waitFor();
    expect(await card.getByText('not recorded').count()).toBe(0);
    await card.getByText(/^GPS: -28\.201234, 153\.565432/).waitFor();
    const photo = card.getByRole('img', { name: /Catch photo/ });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2048);
    expect(await card.getByText('No camera metadata').count()).toBe(0);
    await shot('judging-queue');
    await expectAccessible(page, 'judging');
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Catch approved').waitFor();
    await page.getByText('No catches waiting for review.').waitFor();

    await page.getByRole('tab', { name: 'Results' }).click();
    const board = page.getByRole('table', { name: 'Flathead results' });
    await board.getByRole('row', { name: /1st Flo Head 45.5 3/ }).waitFor();
    await page
      .getByRole('table', { name: /Season Ladder/ })
      .getByText('Flo Head')
      .waitFor();
    await shot('results');
    await expectAccessible(page, 'admin results');
    expect(await page.locator('body').textContent()).not.toContain('-28.20');

    // Visitors see the same board on the public home page.
    const visitor = await openPage(browser, 'public-results', PHONE);
    await visitor.page.goto(`${t.baseUrl}/public`);
    // The board is at the foot of the page and loads as the visitor scrolls down to it.
    await visitor.page.getByRole('heading', { name: 'Competition Results' }).scrollIntoViewIfNeeded();
    await visitor.page
      .getByRole('table', { name: 'Flathead results' })
      .getByRole('row', { name: /1st Flo Head 45.5 3/ })
      .waitFor();
    await visitor.shot('public-results');
    await expectAccessible(visitor.page, 'public home with results on a phone');
    expect(await visitor.page.locator('body').textContent()).not.toContain('-28.20');
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect([...problems, ...visitor.problems]).toEqual([]);
  }, 60_000);

  it('the member sees the verified tick on a 360 px phone; once fishing has closed the result photo opens enlarged', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'verified-phone', SMALL_PHONE);
    await context.addCookies(memberCookies);
    await page.goto(`${t.baseUrl}/member?tab=catches`);
    await page.getByLabel('Verified').first().waitFor();
    // Members see the same public board: names and sizes, never a position.
    const board = page.getByRole('table', { name: 'Flathead results' });
    await board.getByText('Flo Head').waitFor();
    await board.getByText('Later').waitFor();
    // The tab strip does not fit: a fade and an arrow say more tabs are to the right.
    await page.getByTestId('more-tabs-right').waitFor();
    await shot('verified');
    await expectAccessible(page, 'member catches on a phone');
    expect(await phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // The next day fishing has long closed: the photo shows, and a tap enlarges it.
    t.clock.advance(24 * 3600_000);
    await page.reload();
    await board.getByRole('button', { name: 'Enlarge the photo: Flathead, 45.5 cm, by Flo Head' }).click();
    const enlarged = page.getByRole('dialog', { name: 'Flathead, 45.5 cm, by Flo Head' });
    await expect
      .poll(() =>
        enlarged
          .getByRole('img', { name: 'Flathead, 45.5 cm, by Flo Head' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await shot('photo-enlarged');
    await expectAccessible(page, 'an enlarged result photo');

    // Opened on the last tab, the strip has scrolled it into view, with the cue on the side where the others are.
    await page.goto(`${t.baseUrl}/member?tab=chat`);
    const assistant = page.getByRole('tab', { name: 'Assistant', selected: true });
    await assistant.waitFor();
    await page.getByTestId('more-tabs-left').waitFor();
    await expect
      .poll(() =>
        assistant.evaluate((tab) => {
          const strip = tab.parentElement!.getBoundingClientRect();
          const box = tab.getBoundingClientRect();
          return box.left >= strip.left - 1 && box.right <= strip.right + 1;
        }),
      )
      .toBe(true);
    expect(problems).toEqual([]);
  });
});

/** The phone a judge holds in one hand. */
const JUDGE_PHONE = { width: 390, height: 844 };

/** Logs a catch with this photo for an entrant of the event, as their phone would; answers its id. */
async function submitCatch(client: TestClient, eventId: string, memberId: string, photo: Buffer, fishType = 'Flathead') {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fishType,
    size: '48',
    fishKeptOrReleased: 'released',
    eventId,
    memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: `${POSITION.latitude}, ${POSITION.longitude}`,
  }))
    form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await client.fetch('/api/catches', { method: 'POST', body: form });
  const body = (await res.json()) as { catch: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.catch.id;
}

/**
 * Thumb targets phoneProblems leaves out, shorter than 44 px in a scope: links to a map (a control of their own in a
 * line of facts) and the labels of a segmented control ('To judge' / 'Judged'), by their text.
 */
const smallTargets = (page: Page, scope: string) =>
  page.evaluate(
    (root) =>
      [...(document.querySelector(root)?.querySelectorAll('a[href*="openstreetmap"], .mantine-SegmentedControl-label') ?? [])]
        .filter((a) => a.getBoundingClientRect().height > 0 && a.getBoundingClientRect().height < 44)
        .map((a) => `${Math.round(a.getBoundingClientRect().height)} px: ${a.textContent}`),
    scope,
  );

describe('competition day for a judge on a phone', () => {
  it("judges today's event first, compares a copied photo side by side, and every control is 44 px at 390 px", async () => {
    const admin = (await createAdmin(t, { email: 'second.judge@example.com', firstName: 'Sec', lastName: 'Ond' })).client;
    const today = clubToday(t.clock.now());
    const create = (name: string, day: string) =>
      admin.trpc.admin.events.create.mutate({
        name,
        location: 'Fingal Head',
        eventDate: `${day}T00:05`,
        clubCode: CLUB_CODE,
        fishingStart: '00:00',
        fishingEnd: '23:59',
      });
    const todays = await create('Judge Day Cup', today);
    const lastWeek = await create('Last Week Bream Bash', addDays(today, -3));
    const ann = await createMember(t, { firstName: 'Ann', lastName: 'Original' });
    const cody = await createMember(t, { firstName: 'Cody', lastName: 'Copy' });
    for (const m of [ann, cody]) for (const e of [todays, lastWeek]) await enterEvent(t, e.id, m.memberId);

    const rng = randomSource(390);
    const exif = { camera: ['PhoneCo', 'Riverbank 7'] as [string, string], takenAtLocal: `${today}T09:00:00` };
    const photo = () =>
      catchPhoto({ species: 'Flathead', sizeCm: 48, clubCode: CLUB_CODE, rng, exif: { ...exif, lat: -28.2012, lng: 153.5654 } });
    // Last week's catch, logged on its day.
    t.clock.advance(-3 * 86_400_000);
    await submitCatch(ann.client, lastWeek.id, ann.memberId, await photo(), 'Bream');
    t.clock.advance(3 * 86_400_000);
    const original = await photo();
    await submitCatch(ann.client, todays.id, ann.memberId, original);
    // A mate's copy of Ann's photo, sent from another phone (resized, its metadata gone).
    await submitCatch(cody.client, todays.id, cody.memberId, await sharp(original).resize(800).jpeg({ quality: 80 }).toBuffer());

    // Past the minute between two sign-in links (the API client above was signed in by one).
    t.clock.advance(61_000);
    const { page, problems, shot } = await openPage(browser, 'judge-day-phone', JUDGE_PHONE);
    await followLink(page, await loginLink(t, 'second.judge@example.com'));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin?tab=judging`);
    const panel = page.getByRole('tabpanel');
    const event = panel.getByLabel('Event', { exact: true });
    // Today's event first, and chosen: its two catches only.
    const cards = panel.getByTestId('judge-catch');
    await cards.first().waitFor();
    await expect.poll(() => event.inputValue()).toBe(todays.id);
    await expect.poll(() => cards.count()).toBe(2);
    expect((await event.locator('option').allTextContents())[0]).toBe('Today: Judge Day Cup (2 waiting)');
    await cards
      .first()
      .getByRole('img', { name: /Catch photo/ })
      .waitFor();
    await shot('judging-today');
    await expectAccessible(page, 'judging on a phone');
    await expect.poll(() => phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    expect(await smallTargets(page, '[role="tabpanel"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // Another event, in the address: a reload keeps it.
    await event.selectOption(lastWeek.id);
    await page.waitForURL(`**/admin?tab=judging&event=${lastWeek.id}`);
    await expect.poll(() => cards.count()).toBe(1);
    await page.reload();
    await cards.filter({ hasText: 'Bream' }).waitFor();
    await expect.poll(() => panel.getByLabel('Event', { exact: true }).inputValue()).toBe(lastWeek.id);
    await expect.poll(() => cards.count()).toBe(1);
    await panel.getByLabel('Event', { exact: true }).selectOption('all');
    await expect.poll(() => cards.count()).toBe(3);
    await panel.getByLabel('Event', { exact: true }).selectOption(todays.id);
    await expect.poll(() => cards.count()).toBe(2);

    // The copy beside the earlier catch: stacked on a phone, both photos, and how alike they are.
    const copy = cards.filter({ hasText: 'Cody Copy' });
    await copy.getByText('No location in the photo').waitFor();
    await copy.getByRole('button', { name: 'Compare side by side' }).click();
    const dialog = page.getByRole('dialog', { name: "Cody Copy's flathead beside Ann Original's earlier catch" });
    await dialog.getByText(/identical once lined up/).waitFor();
    const [mine, earlier] = [dialog.getByRole('region', { name: 'This catch' }), dialog.getByRole('region', { name: 'The earlier catch' })];
    for (const side of [mine, earlier])
      await expect.poll(() => side.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await mine.getByText('Cody Copy').waitFor();
    await earlier.getByText('Ann Original').waitFor();
    const [top, bottom] = [await mine.boundingBox(), await earlier.boundingBox()];
    expect(bottom!.y).toBeGreaterThanOrEqual(top!.y + top!.height - 1);
    await shot('side-by-side-phone');
    await expectAccessible(page, 'a copied photo side by side on a phone');
    await expect.poll(() => phoneProblems(page, '[role="dialog"]')).toEqual([]);
    expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');

    // Approved with a thumb; then 'Judged', where Reopen, Disqualify and Suspend are thumb-sized too.
    const approve = panel.getByRole('article', { name: 'Flathead by Ann Original' }).getByRole('button', { name: 'Approve', exact: true });
    await approve.click();
    await page.getByText('Catch approved').waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    await panel.getByText('Judged', { exact: true }).click();
    const judged = panel.getByTestId('judged-catch').filter({ hasText: 'Ann Original' });
    await judged.getByRole('button', { name: /^Reopen/ }).waitFor();
    await shot('judged-phone');
    await expect.poll(() => phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    expect(await smallTargets(page, '[role="tabpanel"]')).toEqual([]);
    // The narrowest phone the club designs for: the same, for both lists.
    await page.setViewportSize(SMALL_PHONE);
    await expect.poll(() => phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    await panel.getByText('To judge', { exact: true }).click();
    await cards.first().getByRole('button', { name: 'Reject' }).waitFor();
    await expect.poll(() => phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    expect(await smallTargets(page, '[role="tabpanel"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);

    // On a computer the two catches sit side by side.
    const desk = await openPage(browser, 'judge-day-desk');
    t.clock.advance(61_000);
    await followLink(desk.page, await loginLink(t, 'second.judge@example.com'));
    await desk.page.waitForURL('**/member');
    await desk.page.goto(`${t.baseUrl}/admin?tab=judging&event=${todays.id}`);
    await desk.page.getByRole('button', { name: 'Compare side by side' }).click();
    const wide = desk.page.getByRole('dialog');
    await wide.getByText(/identical once lined up/).waitFor();
    // Read once the dialog has settled: while it opens, its content moves between two readings.
    const sideBySide = async () => {
      const left = (await wide.getByRole('region', { name: 'This catch' }).boundingBox())!;
      const right = (await wide.getByRole('region', { name: 'The earlier catch' }).boundingBox())!;
      return Math.abs(left.y - right.y) < 2 && right.x > left.x + left.width - 1;
    };
    await expect.poll(sideBySide).toBe(true);
    await desk.shot('side-by-side-desk');
    expect(desk.problems).toEqual([]);
  }, 90_000);
});
