import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubToday } from '../../src/shared/dates';
import { nextSeason, seasonOf } from '../../src/shared/sponsors';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, loginLink, openPage, outboxMail, followLink } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'treasurer@example.com';
/** The narrowest phones the club's committee and sponsors use. */
const SMALL_PHONE = { width: 360, height: 740 };

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Terry', lastName: 'Treasurer' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function apply(companyName: string, email: string) {
  const res = await t.client().json('POST', '/api/sponsors/register', {
    companyName,
    contactPerson: 'Pat Owner',
    email,
    phone: '07 5536 0000',
    sponsorshipType: 'website',
  });
  expect(res.status).toBe(200);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('sponsorship money on a phone', () => {
  it('the committee accepts a sponsor, the sponsor pays from the e-mailed link, the committee renews and records a bank transfer', async () => {
    const season = seasonOf(clubToday(new Date()));
    await apply('Fingal Head Bait & Ice', 'owner@fingalbait.example');
    // The applicant confirms the address from the acknowledgement on their phone: the invoice may then go there.
    const ack = await outboxMail(t.outboxDir, 'owner@fingalbait.example', 1);
    const applicant = await openPage(browser, 'sponsor-confirm', SMALL_PHONE);
    await applicant.page.goto(linkIn(ack).toString());
    await applicant.page.getByRole('button', { name: 'Confirm my address' }).click();
    await applicant.page.getByRole('heading', { name: 'Address confirmed' }).waitFor();
    await expectAccessible(applicant.page, 'sponsor address confirmed');
    expect(applicant.problems).toEqual([]);

    const committee = await openPage(browser, 'sponsor-invoices', SMALL_PHONE);
    const { page } = committee;
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin?tab=sponsors`);
    await page.getByRole('tab', { name: 'Sponsors' }).click();
    await page.getByRole('button', { name: 'Review Fingal Head Bait & Ice' }).click();
    const review = page.getByRole('dialog', { name: 'Review Fingal Head Bait & Ice' });
    await review.getByLabel('Status').selectOption('active');
    await review.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sponsor updated successfully').waitFor();
    const card = page.getByTestId('admin-sponsor').filter({ hasText: 'Fingal Head Bait & Ice' });
    await card.getByTestId('sponsor-invoice').getByText('Unpaid').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await committee.shot('accepted');
    await expectAccessible(page, 'sponsor with an unpaid invoice');

    // The sponsor opens the pay link from the acceptance e-mail on their own phone and pays (demo provider).
    const mail = await outboxMail(t.outboxDir, 'owner@fingalbait.example', 2);
    const sponsor = await openPage(browser, 'sponsor-pay', SMALL_PHONE);
    await sponsor.page.goto(linkIn(mail).toString());
    await sponsor.page.getByRole('heading', { name: 'Fingal Head Bait & Ice' }).waitFor();
    await sponsor.page.getByText('Unpaid').waitFor();
    expect(await fitsWidth(sponsor.page)).toBe(true);
    await sponsor.shot('invoice');
    await expectAccessible(sponsor.page, 'sponsor pay page');
    await sponsor.page.getByRole('button', { name: 'Pay $500.00 (demo)' }).click();
    await sponsor.page.getByText('Paid, thank you!').waitFor();
    await sponsor.shot('paid');
    await expectAccessible(sponsor.page, 'sponsor pay page, paid');
    expect(sponsor.problems).toEqual([]);

    // Back at the committee's desk: paid, then renewed for next season and paid by bank transfer.
    await page.reload();
    await page.getByRole('tab', { name: 'Sponsors' }).click();
    await card.getByTestId('sponsor-invoice').getByText('Paid', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Renew for ${nextSeason(season)}: Fingal Head Bait & Ice` }).click();
    const renew = page.getByRole('dialog', { name: `Renew Fingal Head Bait & Ice for ${nextSeason(season)}` });
    await expectAccessible(page, 'renew dialog');
    await renew.getByRole('button', { name: `Renew for ${nextSeason(season)}` }).click();
    await page.getByText('Sponsor renewed').waitFor();
    await card.getByTestId('sponsor-invoice').getByText('Unpaid').waitFor();

    await card.getByRole('button', { name: `Record payment for Fingal Head Bait & Ice ${nextSeason(season)}` }).click();
    const record = page.getByRole('dialog', { name: 'Record payment: Fingal Head Bait & Ice' });
    await record.getByLabel('Method').selectOption('bank_transfer');
    await record.getByLabel(/^Reference/).fill('EFT 4471');
    expect(await fitsWidth(page)).toBe(true);
    await committee.shot('record-payment');
    await expectAccessible(page, 'record payment dialog');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment recorded').waitFor();
    await expect.poll(() => card.getByTestId('sponsor-invoice').filter({ hasText: 'Paid' }).count()).toBe(2);
    await card.getByText(/Bank transfer · EFT 4471/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await committee.shot('renewed-and-paid');
    await expectAccessible(page, 'sponsor with two paid seasons');
    expect(committee.problems).toEqual([]);
  });
});
