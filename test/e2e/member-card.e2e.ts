import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMemberClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, PHONE, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const MEMBER = 'casey.newman@example.com';
let verifyUrl: string;

beforeAll(async () => {
  t = await startTestApp({ browser: true });
  browser = await launchBrowser();
  const { client } = await activeMemberClient(t, MEMBER, { firstName: 'Casey', lastName: 'Newman' });
  // What the card's QR code holds, read the way the portal reads it.
  verifyUrl = (await client.trpc.memberCard.mine.query()).cards[0].verifyUrl;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the membership card on a phone', () => {
  it('opens from the dashboard, and still shows with no signal after a reload', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'member-card', PHONE);
    await followLink(page, await loginLink(t, MEMBER));
    await page.waitForURL('**/member');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);

    await page.getByRole('link', { name: 'Show my card' }).click();
    const card = page.getByRole('region', { name: 'Membership card: Casey Newman' });
    await card.getByText('Current member').waitFor();
    await card.getByText('Adult membership').waitFor();
    await card.getByRole('img', { name: "QR code to check Casey Newman's membership" }).waitFor();
    expect(page.url()).toContain('tab=card');
    await shot('card');
    // The card screen itself (the banner above it is the portal's).
    expect(await phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    await expectAccessible(page, 'membership card');
    // The card is kept on the phone with the portal's other answers.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tcac.savedQueries')?.includes('memberCard') ?? false)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await card.getByText('Casey Newman').waitFor();
    await card.getByText('Current member').waitFor();
    const qr = card.getByRole('img', { name: "QR code to check Casey Newman's membership" });
    await qr.waitFor();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    await shot('card-offline');
    await context.setOffline(false);
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/i.test(p))).toEqual([]);
  });

  it('is checked by the committee on a phone at /verify: Current member with the name only', async () => {
    const { page, problems, shot } = await openPage(browser, 'member-card-verify', SMALL_PHONE);
    await page.goto(verifyUrl);
    await page.getByText('Current member', { exact: true }).waitFor();
    await page.getByText('Casey Newman', { exact: true }).waitFor();
    const text = (await page.locator('main').textContent()) ?? (await page.locator('body').textContent()) ?? '';
    for (const personal of [MEMBER, 'River St', '0400', 'Adult']) expect(text).not.toContain(personal);
    await shot('verify');
    expect(await phoneProblems(page, 'main')).toEqual([]);
    await expectAccessible(page, 'membership check');
    expect(problems).toEqual([]);

    await page.goto(verifyUrl.replace(/[^/]{6}$/, 'AAAAAA'));
    await page.getByText('Not a current member').waitFor();
    await page.getByText('This card is not recognised.').waitFor();
  });
});
