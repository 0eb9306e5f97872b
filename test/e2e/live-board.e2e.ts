import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { activeMemberClient, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { DESKTOP, expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'judge@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A catch logged from the angler's phone (multipart, as the catch form sends it). */
async function logCatch(client: TestClient, eventId: string, memberId: string, fishType: string, size: string) {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6f8f' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fishType,
    size,
    fishKeptOrReleased: 'released',
    eventId,
    memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.170612, 153.543201',
  }))
    form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await client.fetch('/api/catches', { method: 'POST', body: form });
  expect(res.status).toBe(200);
}

describe('competition day', () => {
  it('the live board on a 360 px phone updates, without a reload, while a judge approves a catch; then the presentation with its mystery fish', async () => {
    const admin = (await signedInClient(t, ADMIN, { firstName: 'Jude', lastName: 'Judge' })).client;
    const today = clubToday(t.clock.now());
    // Fishing all day, so that the catch is logged whenever the test runs.
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Club Day at Jack Evans Boat Harbour',
      location: 'Jack Evans Boat Harbour',
      eventDate: `${today}T00:01`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const angler = await activeMemberClient(t, 'gary.walsh@example.com', { firstName: 'Gary', lastName: 'Walsh' });
    await admin.trpc.admin.events.addEntrant.mutate({ id: event.id, memberId: angler.memberId });
    await logCatch(angler.client, event.id, angler.memberId, 'Flathead', '52.5');
    await admin.trpc.admin.mysteryFish.set.mutate({ eventId: event.id, species: 'Flathead', length: { kind: 'exact', lengthCm: 50 } });

    const phone = await openPage(browser, 'live-board-phone', SMALL_PHONE);
    await phone.page.goto(`${t.baseUrl}/events/${event.id}/live`);
    await phone.page.getByText('Provisional', { exact: true }).waitFor();
    await phone.page.getByText(/1 catch is waiting for the judges\./).waitFor();
    await phone.page.getByText('Live: updates by itself as catches are logged and judged.').waitFor();
    await phone.shot('provisional');
    await expectAccessible(phone.page, 'live board on a phone');
    expect(await phoneProblems(phone.page, 'main')).toEqual([]);
    // Marks this page load: a reload would forget it.
    await phone.page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));

    // The judge approves it from the admin page, in another browser.
    const judge = await openPage(browser, 'live-board-judge', DESKTOP);
    await followLink(judge.page, await loginLink(t, ADMIN));
    await judge.page.waitForURL('**/member');
    await judge.page.goto(`${t.baseUrl}/admin`);
    await judge.page.getByRole('tab', { name: 'Judging' }).click();
    await judge.page
      .getByTestId('judge-catch')
      .filter({ hasText: 'Gary Walsh' })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await judge.page.getByText('Catch approved').waitFor();

    const table = phone.page.getByRole('table', { name: 'Open Flathead results' });
    await table.getByRole('row', { name: /1st Gary Walsh 52\.5 3 Later/ }).waitFor();
    await phone.page.getByText(/No catch is waiting for the judges\./).waitFor();
    expect(await phone.page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    await phone.shot('approved');
    await expectAccessible(phone.page, 'live board with a result on a phone');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await phone.page.locator('body').textContent()).not.toMatch(/-28\.17|153\.54|GPS/);

    // The presentation, as the laptop on the projector shows it.
    const screen = await openPage(browser, 'presentation', DESKTOP);
    await screen.page.goto(`${t.baseUrl}/events/${event.id}/presentation`);
    const openFlathead = screen.page.getByRole('region', { name: 'Open Flathead' });
    await openFlathead.getByText('Gary Walsh').waitFor();
    await openFlathead.getByText('52.5 cm · $100 tackle voucher · 3 points').waitFor();
    await screen.page.getByRole('button', { name: 'Enter full screen' }).waitFor();
    // The event's mystery fish has its place, sealed until the committee reveals it.
    await screen.page
      .getByTestId('mystery-fish-panel')
      .getByText(/Sealed until the presentation/)
      .waitFor();
    expect(await screen.page.getByRole('navigation').count()).toBe(0);
    await screen.shot('presentation');
    await expectAccessible(screen.page, 'presentation');

    // The presentation keeps up by itself, each change within the 2 s it promises: a catch logged, then judged, then
    // the mystery fish revealed at the presentation.
    await screen.page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    const status = screen.page.getByTestId('presentation-status');
    await status.getByText('Provisional — fishing is still open').waitFor();
    await logCatch(angler.client, event.id, angler.memberId, 'Bream', '31');
    await status.getByText('Provisional — 1 catch waiting for judging').waitFor({ timeout: PROMISED_MS });

    await judge.page.reload();
    await judge.page.getByRole('tab', { name: 'Judging' }).click();
    await judge.page.getByTestId('judge-catch').filter({ hasText: 'Bream' }).getByRole('button', { name: 'Approve', exact: true }).click();
    await screen.page.getByRole('region', { name: 'Open Bream' }).getByText('Gary Walsh').waitFor({ timeout: PROMISED_MS });
    await status.getByText('Provisional — fishing is still open').waitFor({ timeout: PROMISED_MS });
    const points = screen.page.getByRole('region', { name: /^Champion points/ });
    await points.getByRole('listitem').filter({ hasText: 'Gary Walsh' }).getByText('6', { exact: true }).waitFor({ timeout: PROMISED_MS });

    // Fishing has closed; the committee reveals the fish (Flathead, 50 cm): Gary's 52.5 cm flathead is the closest.
    t.clock.advance(clubLocalToInstant(`${addDays(today, 1)}T00:30`).getTime() - t.clock.now().getTime());
    await admin.trpc.admin.mysteryFish.reveal.mutate({ eventId: event.id });
    const fish = screen.page.getByTestId('mystery-fish-panel');
    await fish.getByText('Winner: Gary Walsh').waitFor({ timeout: PROMISED_MS });
    await status.getByText('Final', { exact: true }).waitFor({ timeout: PROMISED_MS });
    expect(await screen.page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    await screen.shot('presentation-revealed');

    // On the projector (1920 × 1080) and on a 1280 px laptop: the status and the button sit at the right, beside the
    // event's name, nothing is squeezed or runs off the screen.
    for (const viewport of [PROJECTOR, DESKTOP]) {
      await screen.page.setViewportSize(viewport);
      await screen.page.getByRole('heading', { level: 1 }).waitFor();
      await screen.shot(`presentation-${viewport.width}`);
      expect(await layoutProblems(screen.page), `${viewport.width} px`).toEqual([]);
    }
    expect([...phone.problems, ...judge.problems, ...screen.problems]).toEqual([]);
  }, 120_000);
});

/** What the presentation promises: a decision shows on the screen within 2 s, without a reload. */
const PROMISED_MS = 2_000;
/** A projector's full HD screen. */
const PROJECTOR = { width: 1920, height: 1080 };

/**
 * What is wrong with the presentation's header at the page's width: the status (badge, its notice, the full screen
 * button) must sit at the right edge beside the event's name, the badge and the button must keep their text on one
 * line, and nothing may run off the screen sideways.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const box = (el: Element | null) => el?.getBoundingClientRect();
    const heading = box(document.querySelector('h1'));
    const statusBox = document.querySelector('[data-testid="presentation-status"]');
    const status = box(statusBox);
    if (!heading || !status) return ['the heading or the status is missing'];
    // The page's padding, the same on both sides: where the event's name starts.
    const padding = heading.left;
    if (width - status.right > padding + 2) problems.push(`the status ends ${Math.round(width - status.right)} px from the right edge`);
    if (status.left < width / 2) problems.push(`the status starts at ${Math.round(status.left)} px, in the left half`);
    if (status.top > heading.bottom) problems.push('the status is below the event name, not beside it');
    if (heading.right > status.left) problems.push('the event name runs under the status');
    for (const el of statusBox!.querySelectorAll('.mantine-Badge-root, button')) {
      // The lines its text takes: a text's rectangles, one per line.
      const tops = new Set<number>();
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      const lines = tops.size;
      if (lines > 1) problems.push(`'${el.textContent}' wraps onto ${lines} lines`);
    }
    if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways');
    return problems;
  });
}
