import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubLocalToInstant } from '../../src/shared/dates';
import { createAdmin, createEvent } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, openPage, outboxMail, outboxMails, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const SECRETARY = 'secretary@tweedanglers.example';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: SECRETARY } });
  browser = await launchBrowser();
  await createAdmin(t, { email: SECRETARY, firstName: 'Sally', lastName: 'Secretary', signedIn: false });
  await createEvent(t, { name: 'Bream Bonanza', eventDate: clubLocalToInstant('2026-11-24T07:00'), location: 'Kingscliff' });
  await t.client().json('POST', '/api/sponsors/register', {
    companyName: 'Cudgen Creek Cafe',
    contactPerson: 'Kim Latte',
    email: 'kim@cudgencafe.example',
    phone: '02 6674 0000',
    sponsorshipType: 'website',
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').textContent();

describe("the committee's desk on a phone, in an American browser", () => {
  it('follows an e-mailed admin link through sign-in to its tab; tabs keep their addresses; dates read 24/11/2026', async () => {
    const { page, problems, shot } = await openPage(browser, 'admin-desk', SMALL_PHONE, { locale: 'en-US' });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    // The sponsor notice's link, signed out: the sign-in card, not the 404 page.
    await page.goto(`${t.baseUrl}/admin?tab=sponsors`);
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    expect(await page.getByText('404 Page Not Found').count()).toBe(0);
    await shot('admin-sign-in');
    await expectAccessible(page, 'admin sign-in');
    const before = outboxMails(t.outboxDir, SECRETARY).length;
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(SECRETARY);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Check Your Email').waitFor();
    const mail = await outboxMail(t.outboxDir, SECRETARY, before + 1);
    const link = /https?:\/\/\S+\/sign-in\?token=\S+/.exec(mail.text)![0];
    expect(new URL(link).searchParams.get('next')).toBe('/admin?tab=sponsors');

    await followLink(page, link);
    await page.waitForURL(`${t.baseUrl}/admin?tab=sponsors`);
    await page.getByText('Cudgen Creek Cafe').first().waitFor();
    expect(await selectedTab(page)).toBe('Sponsors');
    await shot('sponsors-tab');

    // Another tab goes into the address and the history; Back returns; a reload keeps the place.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.waitForURL(/\?tab=audit$/);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\?tab=sponsors$/);
    await page.getByText('Cudgen Creek Cafe').first().waitFor();
    expect(await selectedTab(page)).toBe('Sponsors');
    await page.reload();
    await page.getByText('Cudgen Creek Cafe').first().waitFor();
    expect(await selectedTab(page)).toBe('Sponsors');

    // At 360 px the strip scrolls, with a cue on the side where more tabs are.
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL(/\?tab=members$/);
    await page.getByTestId('more-tabs-right').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Dates read the Australian way in an American browser: the list and the edit form.
    await page.getByRole('tab', { name: 'Events' }).click();
    const row = page.getByTestId('admin-event').filter({ hasText: 'Bream Bonanza' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Tue,? 24 Nov 2026, 7:00 am/);
    await row.getByRole('button', { name: 'Edit Bream Bonanza' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    expect(await dialog.getByLabel(/^Event Date/).inputValue()).toBe('24/11/2026');
    expect(await dialog.getByLabel(/^Start time/).inputValue()).toBe('07:00');
    await shot('edit-event');
    await expectAccessible(page, 'edit event dialog');

    // Escape with a change asks first; keeping edits keeps them.
    await dialog.getByLabel(/^Location/).fill('Cudgen Creek');
    await dialog.getByLabel(/^Location/).press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor();
    await shot('discard-changes');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel(/^Location/).inputValue()).toBe('Cudgen Creek');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
