import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../src/server/db/entities';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, outboxMail, PHONE } from './browser';

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

/** Signs a new user up through the API and returns their verification link. */
async function verificationLink(email: string, firstName: string) {
  await t.client().trpc.auth.signup.mutate({ email, firstName, lastName: 'Angler' });
  return linkIn(await outboxMail(t.outboxDir, email)).toString();
}

describe('joining the club', () => {
  it('a signed-in user joins, pays with the demo provider and sees Active Member in the portal', async () => {
    const { page, problems, shot } = await openPage(browser, 'join-and-pay');
    await page.goto(await verificationLink('jordan@example.com', 'Jordan'));
    await page.getByRole('button', { name: 'Continue to Your Account' }).click();
    await page.getByText('No catches logged yet').waitFor();
    await expectAccessible(page, 'member portal before joining');
    await page.getByRole('button', { name: 'Join the Club' }).click();

    const form = page.getByRole('dialog', { name: 'Join the Club' });
    expect(await form.getByLabel('Email Address').inputValue()).toBe('jordan@example.com');
    await expectAccessible(page, 'join form');
    await form.getByLabel('Phone Number').fill('0412 345 678');
    await form.getByLabel(/^Address/).fill('7 Coral St, Kingscliff NSW 2487');
    await form.getByLabel('Date of Birth').fill('1985-03-14');
    await form.getByLabel('Gender').selectOption('female');
    await form.getByLabel('Shirt Size').selectOption('M');
    await form.getByLabel('Membership Type').selectOption('adult');
    await form.getByLabel('I accept the terms and conditions').check();
    await form.getByRole('button', { name: 'Code of Conduct' }).click();
    const conduct = page.getByRole('dialog', { name: 'Code of Conduct' });
    await conduct.getByText('Incorporated association').waitFor();
    await shot('code-of-conduct');
    await expectAccessible(page, 'code of conduct');
    await conduct.getByRole('button', { name: 'Close', exact: true }).click();
    await form.getByRole('checkbox', { name: /Code of Conduct/ }).check();
    await form.getByText('Total to pay: $40.00 AUD').waitFor();
    await shot('join-form');
    await expectAccessible(page, 'join form filled in');
    await form.getByRole('button', { name: 'Submit and Pay' }).click();

    const pay = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await pay.getByText('Demo payments: no money is taken', { exact: false }).waitFor();
    await pay.getByText('$40.00 AUD').waitFor();
    await shot('payment');
    await expectAccessible(page, 'payment dialog');
    await pay.getByRole('button', { name: 'Pay $40.00 (demo)' }).click();
    await pay.getByText('Payment Successful!').waitFor();
    await shot('payment-successful');
    await expectAccessible(page, 'payment successful');
    await pay.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Active Member').waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByText('7 Coral St, Kingscliff NSW 2487').waitFor();
    await shot('portal-active');
    await expectAccessible(page, 'portal profile');

    // Every portal tab, and the two reached by address.
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await page.getByText('Member Level').waitFor();
    await expectAccessible(page, 'portal dashboard');
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByText('You have not registered for any events yet.').waitFor();
    await page.getByText('No upcoming events at the moment. Check back soon!').waitFor();
    await expectAccessible(page, 'portal events');
    await page.getByRole('tab', { name: 'Catches' }).click();
    await page.getByText('There is no club event today. Catches are logged on the day of an event.').waitFor();
    await expectAccessible(page, 'portal catches');
    await page.getByRole('tab', { name: 'NSW Resources' }).click();
    await page.getByText('Legal notice').waitFor();
    await expectAccessible(page, 'portal resources');
    await page.getByRole('tab', { name: 'Assistant' }).click();
    await page.getByLabel('Message').waitFor();
    await expectAccessible(page, 'portal assistant');
    await page.goto(`${t.baseUrl}/member?tab=documents`);
    await page.getByRole('heading', { name: 'Club Documents' }).waitFor();
    await expectAccessible(page, 'portal documents');
    await page.getByRole('button', { name: 'View Document' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).waitFor();
    await expectAccessible(page, 'club document');
    await page.goto(`${t.baseUrl}/member?tab=fish-logging`);
    await page.getByText('There is no club event today. Catches are logged on the day of an event.').waitFor();
    await expectAccessible(page, 'portal fish logging');
    const member = await t.em().findOneOrFail(Member, { email: 'jordan@example.com' });
    expect(member.status).toBe('active');
    const receipt = await outboxMail(t.outboxDir, 'jordan@example.com', 2);
    expect(receipt.subject).toBe('Receipt: Tweed Coast Anglers Club membership fee $40.00');
    expect(problems).toEqual([]);
  });

  it('the join form and portal work at phone width', async () => {
    const { page, problems, shot } = await openPage(browser, 'join-phone', PHONE);
    await page.goto(`${t.baseUrl}/public`);
    await page.getByRole('button', { name: 'Join as Family' }).waitFor();
    await expectAccessible(page, 'public home on a phone');
    await page.getByRole('button', { name: 'Join as Family' }).click();
    const form = page.getByRole('dialog', { name: 'Join the Club' });
    expect(await form.getByLabel('Membership Type').inputValue()).toBe('family');
    await form.getByRole('button', { name: 'Add family member' }).click();
    await shot('family-form');
    await expectAccessible(page, 'join form on a phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(problems).toEqual([]);
  });
});
