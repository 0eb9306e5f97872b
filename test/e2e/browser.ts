import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { linkIn } from '../support/mime';
import { outboxMail, outboxMails } from '../support/outbox';
import type { TestApp } from '../support/test-app';

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
/** The narrowest phone the club designs for. */
export const SMALL_PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };

/** Said on the console by the init script below for each CSP violation, eval included. */
const CSP_VIOLATION = 'CSP violation:';

/**
 * A page that records console errors and CSP violations, and takes a screenshot per journey step.
 * Every violation counts, also those Chromium does not print (a caught `new Function`, an eval probe):
 * a `securitypolicyviolation` listener installed before any of the site's scripts reports each one.
 * A page address answered with 404 on purpose (the §2.1 not-found page) is not a problem; its files failing are.
 */
export async function openPage(browser: Browser, journey: string, viewport = DESKTOP, options: { locale?: string } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    // An Australian browser unless a journey checks another language (dates must read the same in an American one).
    locale: options.locale ?? 'en-AU',
    timezoneId: 'Australia/Sydney',
    reducedMotion: 'reduce',
  });
  await context.addInitScript((prefix: string) => {
    window.addEventListener(
      'securitypolicyviolation',
      (e) =>
        console.error(
          `${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`,
        ),
      true,
    );
  }, CSP_VIOLATION);
  const page: Page = await context.newPage();
  const problems: string[] = [];
  const notFoundPages = new Set<string>();
  page.on('response', (response) => {
    if (response.status() === 404 && response.request().isNavigationRequest()) notFoundPages.add(response.url());
  });
  page.on('console', (msg) => {
    if (/^Failed to load resource: .* 404/.test(msg.text()) && notFoundPages.has(msg.location().url)) return;
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

/** One axe-core result, as much of it as a failure message needs. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; any: { data?: unknown }[] }[];
}

let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it is now and fails listing every serious or critical violation
 * (rule, impact, what to do, and the selectors of the elements). axe is evaluated through the
 * DevTools protocol, which the site's CSP (`script-src 'self'`) does not apply to, so the check
 * itself leaves no CSP report in the page's `problems`.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, data: n.any[0]?.data })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    // Colour contrast says which colours and what ratio; other rules are clear from the element.
    const detail = (data: unknown) => {
      const c = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      return c?.contrastRatio ? ` (${c.fgColor} on ${c.bgColor}: ${c.contrastRatio}:1)` : '';
    };
    const lines = serious.map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)}${detail(n.data)}  ${n.html.slice(0, 160)}`).join('\n')}`,
    );
    throw new Error(`Accessibility problems on ${screen} (${page.url()}):\n${lines.join('\n')}`);
  }
}

/**
 * What gets in the way of a wet finger on a phone, inside `within` (a CSS selector): controls smaller than 44 px
 * (a radio or checkbox counts with its label; links inside sentences are left out), badges whose text is cut short,
 * and the assistant's round button sitting over a control a finger can reach (with a dialog open, one of the dialog's).
 */
export async function phoneProblems(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const problems: string[] = [];
    const visible = (r: DOMRect) => r.width > 0 && r.height > 0;
    const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent?.trim() || el.outerHTML).slice(0, 80);
    const scope = document.querySelector(root) ?? document.body;
    const targets = new Set<Element>();
    for (const el of scope.querySelectorAll('button, select, input, textarea, [role="tab"], a.mantine-Button-root')) {
      const input = el as HTMLInputElement;
      if (input.type === 'hidden') continue;
      // A radio or checkbox is tapped on its whole row, label included.
      targets.add(input.type === 'radio' || input.type === 'checkbox' ? (el.closest('[class*="-body"]') ?? el) : el);
    }
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      if (visible(r) && r.height < 44) problems.push(`${Math.round(r.height)} px tall: ${name(el)}`);
    }
    for (const label of scope.querySelectorAll('.mantine-Badge-label')) {
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`badge cut short: ${label.textContent}`);
    }
    const chat = document.querySelector('[aria-label="Open the fishing assistant"]');
    // Under an open dialog only the dialog's own controls can be reached (the page behind is inert).
    const dialog = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].filter((d) => d.getClientRects().length > 0).at(-1);
    if (chat && !chat.hasAttribute('data-aside')) {
      const box = chat.getBoundingClientRect();
      for (const control of document.querySelectorAll('a[href], button, input, select, textarea, label, [role="tab"]')) {
        if (chat.contains(control) || (dialog && !dialog.contains(control))) continue;
        const r = control.getBoundingClientRect();
        if (visible(r) && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top)
          problems.push(`the assistant's button is over: ${name(control)}`);
      }
    }
    return problems;
  }, within);
}

/**
 * The controls a toast lies over: any link, button, field or tab that the toast showing now covers where a finger
 * would tap it. Controls that would be behind the navigation bar without the toast (scrolled past) or are under an
 * open dialog do not count.
 */
export async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('.mantine-Notification-root');
    if (!toast) return [];
    const bar = document.querySelector('header')?.firstElementChild?.getBoundingClientRect().bottom ?? 0;
    const dialog = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].filter((d) => d.getClientRects().length > 0).at(-1);
    const covered: string[] = [];
    for (const control of document.querySelectorAll('a[href], button, input, select, textarea, [role="tab"]')) {
      // Under an open dialog only the dialog's own controls can be reached at all.
      if (toast.contains(control) || (dialog && !dialog.contains(control))) continue;
      const r = control.getBoundingClientRect();
      // A toast in the header pushed the page down by its height: a control now behind it was behind the bar before.
      const pushedBy = toast.closest('header') ? toast.getBoundingClientRect().height : 0;
      if (r.width === 0 || r.height === 0 || r.top - pushedBy < bar) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && toast.contains(hit))
        covered.push((control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName).slice(0, 80));
    }
    return covered;
  });
}

export { outboxMail, outboxMails };

/** Asks for an e-mail sign-in link (as the login form does) and returns it from the outbox. */
export async function loginLink(t: TestApp, email: string): Promise<string> {
  return linkIn(await t.mailAfter(email, () => t.client().trpc.auth.login.mutate({ email }))).toString();
}

/** The buttons that spend an e-mailed link: opening its page spends nothing (mail scanners open links). */
const LINK_BUTTONS = /^(Sign in to your account|Verify my email address)$/;

/** Opens an e-mailed sign-in or verification link as its owner does: the page, then its one button. */
export async function followLink(page: Page, url: string | URL): Promise<void> {
  await page.goto(url.toString());
  await page.getByRole('button', { name: LINK_BUTTONS }).click();
}
