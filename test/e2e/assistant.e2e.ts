import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, PHONE } from './browser';

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await startTestApp({ browser: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the fishing assistant', () => {
  it('a visitor on the landing page asks about the junior fee and gets $30 with a link; the chat survives navigation', async () => {
    const { page, problems, shot } = await openPage(browser, 'assistant', PHONE);
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Open the fishing assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'Fishing Assistant' });
    await panel.getByText("G'day!").waitFor();
    await expectAccessible(page, 'assistant open on a phone');
    const input = panel.getByLabel('Message');
    await input.fill('How much is it for a junior to join?');
    await input.press('Enter');
    await panel.getByText(/junior \$30\.00/i).waitFor();
    const link = panel.locator('a[href="/public"]').first();
    await link.waitFor();
    await shot('junior-fee');
    await expectAccessible(page, 'assistant with an answer');

    await link.click();
    await page.waitForURL('**/public');
    await page.getByRole('button', { name: 'Open the fishing assistant' }).click();
    await page.getByRole('dialog', { name: 'Fishing Assistant' }).getByText('How much is it for a junior to join?').waitFor();
    await shot('after-navigation');
    await expectAccessible(page, 'assistant on the public home');
    expect(problems).toEqual([]);
  });
});
