import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../src/server/db/entities';
import { addYears, clubToday, formatAuDate } from '../../src/shared/dates';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, loginLink, openPage, PHONE, followLink } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'treasurer@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Terry', lastName: 'Treasurer' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('payments taken by hand, on a phone', () => {
  it('the treasurer records a cash payment for a new member, then refunds it and ends the membership', async () => {
    const { page, problems, shot } = await openPage(browser, 'admin-payments', PHONE);
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByText('No payments found.').waitFor();

    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('First name').fill('Jane');
    await dialog.getByLabel('Last name').fill('Citizen');
    await dialog.getByLabel('E-mail').fill('jane.citizen@example.com');
    await dialog.getByLabel('Phone').fill('0412 345 678');
    await dialog.getByLabel('Date of birth').fill('1985-04-02');
    await dialog.getByLabel('Address').fill('2 Wharf St, Tweed Heads NSW 2485');
    await dialog.getByLabel('Shirt size').selectOption('M');
    await dialog.getByLabel('Reference').fill('Receipt 0042');
    await dialog.getByText('Fee: $40.00').waitFor();
    await shot('record-dialog');
    await expectAccessible(page, 'record payment dialog');
    await dialog.getByRole('button', { name: 'Record $40.00 payment' }).click();
    await page.getByText('Payment recorded').waitFor();
    const today = clubToday(new Date());
    await page
      .getByText(
        `$40.00 from Jane Citizen. Paid up until ${formatAuDate(addYears(today, 1))}. The receipt went to jane.citizen@example.com.`,
      )
      .waitFor();

    const list = page.getByRole('list', { name: 'Payments' });
    await list.getByText('Jane Citizen').waitFor();
    await shot('list');
    await expectAccessible(page, 'payments list');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await list.getByRole('button', { name: /^Refund Jane Citizen/ }).click();
    const refund = page.getByRole('dialog', { name: 'Refund Jane Citizen' });
    await refund.getByLabel('Reason').fill('Moved to Brisbane');
    await refund.getByLabel('End the membership').check();
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund
      .getByText(
        'Record a refund of $40.00 to Jane Citizen (paid by cash: the club returns the money itself) and end the membership of Jane Citizen.',
      )
      .waitFor();
    await shot('refund-confirm');
    await expectAccessible(page, 'refund confirmation');
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText('Refund made').waitFor();
    await list.getByText('-$40.00').waitFor();
    await list.getByText('Money returned').waitFor();
    await list.getByText('Refunded', { exact: true }).waitFor();
    await shot('refunded');

    expect(await t.em().findOneOrFail(Member, { email: 'jane.citizen@example.com' })).toMatchObject({ status: 'expired' });
    expect(problems).toEqual([]);
  });
});
