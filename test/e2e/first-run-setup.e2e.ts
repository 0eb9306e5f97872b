import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAY_CLUB } from '../support/second-club';
import { keptLog } from '../support/setup-notice';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const log = keptLog();
let code: string;

beforeAll(async () => {
  t = await startTestApp({ browser: true, logStream: log.logStream });
  browser = await launchBrowser();
  ({ code } = await log.setupNotice());
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('setting up a new club', () => {
  it('on a 360 px phone: the landing page leads to the setup page, where the code from the log makes the first administrator, who lands on the administration; then /setup is gone', async () => {
    const { page, problems, shot } = await openPage(browser, 'first-run-setup', SMALL_PHONE);
    // A site just started on an empty database: its landing page says so and leads to the setup page.
    await page.goto(t.baseUrl);
    await page.getByText('This site is not set up yet').waitFor();
    await shot('landing-not-set-up');
    await expectAccessible(page, 'landing page, not set up');
    await page.getByRole('link', { name: 'Set up the club' }).click();
    await page.waitForURL('**/setup');
    const form = page.locator('form');
    const submit = form.getByRole('button', { name: 'Set up and sign in' });
    await page.getByLabel(/^Setup code/).waitFor();
    await shot('setup');
    await expectAccessible(page, 'setup');
    expect(await phoneProblems(page, 'main')).toEqual([]);

    // A wrong code first: said under the field, nothing made.
    await page.getByLabel(/^Setup code/).fill('AAAAA-BBBBB');
    await page.getByLabel(/^Club name/).fill(BAY_CLUB.name);
    await page.getByLabel(/^Short name/).fill(BAY_CLUB.shortName);
    await page.getByLabel(/^Town/).fill(BAY_CLUB.town);
    await page.getByLabel(/^State/).selectOption('QLD');
    await page.getByLabel(/^Region/).fill(BAY_CLUB.area);
    await page.getByLabel(/^Local name/).fill(BAY_CLUB.localName);
    await page.getByLabel(/^Time zone/).selectOption('Australia/Brisbane');
    await page.getByLabel(/^Committee e-mail/).fill(BAY_CLUB.contactEmail);
    await page.getByLabel(/^ABN/).fill('51 824 753 556');
    await page.getByLabel(/^First name/).fill('Sue');
    await page.getByLabel(/^Last name/).fill('Secretary');
    await page.getByLabel(/^Email/).fill('secretary@example.com');
    await page.getByLabel(/^Password/).fill('a long enough password');
    await submit.click();
    await page.getByText('That setup code is not right.', { exact: false }).waitFor();
    await shot('wrong-code');

    // Typed as a person might: lower case.
    await page.getByLabel(/^Setup code/).fill(code.toLowerCase());
    await submit.click();
    await page.waitForURL('**/admin**');
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    await shot('administration');
    // The club is the one just named, on the page and in the browser's tab.
    await page.getByRole('banner').getByText(BAY_CLUB.name).first().waitFor();
    expect(await page.title()).toBe(BAY_CLUB.name);

    // Admin → Club settings: the memberships changed on the phone, saved, and read by the join form at once.
    await page.goto(`${t.baseUrl}/admin?tab=club`);
    const memberships = page.locator('form', { has: page.getByRole('heading', { name: 'Memberships' }) });
    await memberships.getByLabel(/^Adult fee/).fill('55.00');
    await shot('club-settings');
    await expectAccessible(page, 'club settings');
    expect(await phoneProblems(page, 'main')).toEqual([]);
    await memberships.getByRole('button', { name: 'Save membership rules' }).click();
    await page.getByText('Membership rules saved').waitFor();
    expect((await t.client().trpc.club.membership.query()).feesCents.adult).toBe(5500);
    await page.goto(`${t.baseUrl}/public`);
    await page.getByText('$55').first().waitFor();
    await shot('public-prices');

    const again = await page.goto(`${t.baseUrl}/setup`);
    expect(again?.status()).toBe(404);
    expect(problems.filter((p) => !/status of 400|status of 404/.test(p))).toEqual([]);
  });
});
