import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ARTIFACTS = path.resolve('test/e2e/artifacts');

/** The system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), headless, with no calls home. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** A page that records console errors and CSP violations, and takes a screenshot per journey step. */
export async function openPage(browser: Browser, journey: string, viewport = DESKTOP) {
  const context: BrowserContext = await browser.newContext({ viewport, locale: 'en-AU', timezoneId: 'Australia/Sydney', reducedMotion: 'reduce' });
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const dir = path.join(ARTIFACTS, journey);
  mkdirSync(dir, { recursive: true });
  let step = 0;
  return {
    page,
    context,
    problems,
    async shot(name: string) {
      step += 1;
      await page.screenshot({ path: path.join(dir, `${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
    },
  };
}

export { outboxMail, outboxMails } from '../support/outbox';
