import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parseMail, type ReceivedMail } from '../support/mime';

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

/** The newest e-mail to `to` in the outbox folder (SMTP_URL unset), waiting for it briefly. */
export async function outboxMail(outboxDir: string, to: string, count = 1): Promise<ReceivedMail> {
  for (let i = 0; i < 50; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
    } catch {
      // The folder appears with the first mail.
    }
    const mails = files.map((f) => parseMail(readFileSync(path.join(outboxDir, f), 'utf8'))).filter((m) => m.to.some((t) => t.includes(to)));
    if (mails.length >= count) return mails[mails.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail to ${to} in ${outboxDir}`);
}
