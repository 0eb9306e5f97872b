import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMemberClient, startTestApp, type TestApp } from '../support/test-app';
import { followLink, launchBrowser, loginLink, openPage, PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const MEMBER = 'robin.tanaka@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true });
  browser = await launchBrowser();
  await activeMemberClient(t, MEMBER, { firstName: 'Robin', lastName: 'Tanaka' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The same phone with its scripts off: what the page's HTML shows before the app has run. */
async function withoutScripts(cookiesFrom?: BrowserContext): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    javaScriptEnabled: false,
    ...(cookiesFrom ? { storageState: await cookiesFrom.storageState() } : {}),
  });
  return context.newPage();
}

/** Keeps the page's first heading as the HTML drew it, to tell later whether the app kept it or drew its own. */
async function keepFirstHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnHeading: Element | null }).drawnHeading = document.querySelector('#root h1');
    });
  });
}

/** Whether the heading on screen is the very element the HTML drew (the app took the page over rather than redrawing it). */
const sameHeading = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
    return drawn !== null && drawn.isConnected && document.querySelector('#root h1') === drawn;
  });

describe('pages drawn on the server', () => {
  it('a visitor on a phone reads the landing page before any script; the app then takes it over, and Join opens the form', async () => {
    const bare = await withoutScripts();
    await bare.goto(t.baseUrl);
    await bare.getByRole('heading', { level: 1, name: 'Tweed Coast Anglers Club' }).waitFor();
    await bare.getByRole('button', { name: 'Join Our Club Today' }).waitFor();
    await bare.context().close();

    const { page, problems, shot } = await openPage(browser, 'server-drawn-landing', PHONE);
    await keepFirstHeading(page);
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Join Our Club Today' }).click();
    await page.getByRole('dialog').getByLabel('First Name').waitFor();
    await shot('join-form');
    expect(await sameHeading(page)).toBe(true);
    // No hydration mismatch, no inline script refused by the site's policy.
    expect(problems).toEqual([]);
  });

  it("a member's portal comes drawn with their name and status; the app takes it over and its tabs work", async () => {
    const signIn = await openPage(browser, 'server-drawn-sign-in', PHONE);
    await followLink(signIn.page, await loginLink(t, MEMBER));
    await signIn.page.waitForURL('**/member');

    const bare = await withoutScripts(signIn.context);
    const response = await bare.goto(`${t.baseUrl}/member`);
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    await bare.getByRole('heading', { level: 1, name: 'Welcome, Robin Tanaka' }).waitFor();
    await bare.getByText('Active Member').waitFor();
    await bare.getByRole('tab', { name: 'Events' }).waitFor();
    await bare.context().close();

    // The same session on a phone opening the portal for the first time (no app kept on it yet).
    const { page, context, problems, shot } = await openPage(browser, 'server-drawn-portal', PHONE);
    await context.addCookies(await signIn.context.cookies());
    await signIn.context.close();
    await keepFirstHeading(page);
    await page.goto(`${t.baseUrl}/member`);
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect.poll(() => page.url()).toContain('tab=events');
    await shot('events-tab');
    expect(await sameHeading(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('a visitor who scrolls down to the sponsor form before the app has taken the page over stays there', async () => {
    const { page, problems } = await openPage(browser, 'server-drawn-scroll', PHONE);
    // The app's script held back a moment, as on a weak signal.
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${t.baseUrl}/sponsor`, { waitUntil: 'commit' });
    const heading = page.locator('#sponsor-form-title');
    await heading.waitFor();
    await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    // The form loads once the app is running and sees it on screen; the page has not jumped back to the top.
    await page.getByLabel('Company Name').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(problems).toEqual([]);
  });
});
