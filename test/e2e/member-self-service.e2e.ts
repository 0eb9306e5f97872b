import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../src/server/db/entities';
import { activeMemberClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const MEMBER = 'dana.reef@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true });
  browser = await launchBrowser();
  await activeMemberClient(t, MEMBER, { firstName: 'Dana', lastName: 'Reef' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a member helps themselves on a 360 px phone', () => {
  it('changes their phone number, adds a junior and pays the difference', async () => {
    const { page, problems, shot } = await openPage(browser, 'member-self-service', SMALL_PHONE);
    await followLink(page, await loginLink(t, MEMBER));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/member?tab=profile`);

    // Their phone number.
    await page.getByRole('button', { name: 'Edit my details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit my details' });
    await details.getByLabel('Phone').fill('0455 123 456');
    await shot('edit-details');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);
    await expectAccessible(page, 'edit my details');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.waitFor({ state: 'detached' });
    await page.getByText('0455 123 456').waitFor();

    // A junior: the form, then the payment dialog with the server's price.
    await page.getByRole('button', { name: 'Add a junior' }).click();
    const form = page.getByRole('dialog', { name: 'Add a junior' });
    await form.getByLabel('First name').fill('Ivy');
    await form.getByLabel('Last name').fill('Reef');
    const born = new Date();
    born.setFullYear(born.getFullYear() - 9);
    await form.getByLabel('Date of birth').fill(born.toLocaleDateString('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' }));
    await form.getByLabel('Gender').selectOption('female');
    await form.getByLabel('Shirt size').selectOption('S');
    await form.getByLabel("I accept the club's rules and code of conduct on their behalf").check();
    await shot('add-junior');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);
    await expectAccessible(page, 'add a junior');
    await form.getByRole('button', { name: 'Add junior' }).click();

    const pay = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await pay.getByText(/^Added to your membership until \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await shot('pay-for-junior');
    await pay.getByRole('button', { name: 'Pay $30.00 (demo)' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await pay.getByRole('button', { name: 'Continue' }).click();

    const ivy = page.getByTestId('household-person').filter({ hasText: 'Ivy Reef' });
    await ivy.getByText('Active').waitFor();
    expect(await page.getByTestId('pending-addition').count()).toBe(0);
    await shot('household');
    expect(await phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    await expectAccessible(page, 'household');

    const rows = await t.em().find(Member, { firstName: 'Ivy', lastName: 'Reef' });
    expect(rows.map((m) => m.status)).toEqual(['active']);
    expect(problems).toEqual([]);
  });
});
