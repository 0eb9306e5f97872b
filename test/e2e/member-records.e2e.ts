import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, enterEvent } from '../support/factories';
import { activeMemberClient, signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'secretary@example.com';
let eventName = '';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Sam', lastName: 'Secretary' });
  const morgan = await activeMemberClient(t, 'morgan.reef@example.com', { firstName: 'Morgan', lastName: 'Reef' });
  await activeMemberClient(t, 'casey.cast@example.com', { firstName: 'Casey', lastName: 'Cast' });
  const event = await createEvent(t, { name: 'Whiting Wander' });
  eventName = event.name;
  await enterEvent(t, event.id, morgan.memberId);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Nothing wider than the screen: the page itself never scrolls sideways (a wide table scrolls inside its box). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("the committee's member records on a 360 px phone", () => {
  it('opens the members list from a dashboard figure, edits a member and sees an event’s entrants, every control 44 px', async () => {
    const { page, problems, shot } = await openPage(browser, 'member-records-phone', SMALL_PHONE);
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin`);
    const figures = page.getByTestId('member-figures');
    await figures.getByText('2 current').waitFor();
    await figures.getByRole('button', { name: '2 current: show them in the members list' }).click();
    await page.waitForURL('**/admin?tab=members&status=active');
    const panel = page.getByRole('tabpanel');
    const table = panel.getByRole('table', { name: 'Members' });
    await table.getByText('Morgan Reef').waitFor();
    expect(await panel.getByLabel('Status').inputValue()).toBe('active');
    await panel.getByText('Export CSV holds the 2 members of this filter: Current (paid up).').waitFor();
    await shot('members');
    expect(await phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
    await expectAccessible(page, 'members tab on a phone');

    await table.getByRole('button', { name: 'Edit Morgan Reef' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Morgan Reef' });
    await dialog.getByLabel('Date of birth').waitFor();
    await dialog.getByLabel('Shirt size').selectOption('L');
    await dialog.getByRole('region', { name: 'Household' }).waitFor();
    await shot('edit member');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
    await expectAccessible(page, 'edit member dialog on a phone');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Member updated successfully').waitFor();

    await page.goto(`${t.baseUrl}/admin?tab=events`);
    await page.getByRole('button', { name: `Entrants of ${eventName}` }).click();
    const entrants = page.getByRole('dialog', { name: `Entrants: ${eventName}` });
    await entrants.getByText('Morgan Reef').waitFor();
    await entrants.getByText('Not checked in').waitFor();
    await shot('entrants');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
    await expectAccessible(page, 'event entrants on a phone');
    expect(problems).toEqual([]);
  });
});
