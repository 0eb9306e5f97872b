import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/factories';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'secretary@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true, smtp: true, env: { ADMIN_EMAILS: ADMIN, NEWSLETTER_SENDS_PER_SECOND: '10' } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Sue', lastName: 'Secretary' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('newsletters', () => {
  it('the secretary writes a newsletter with a picture on a 360 px phone and sends it to the current members; a member reads it, picture and all', async () => {
    const member = await createMember(t, { signedIn: false, firstName: 'Mia', lastName: 'Member' });
    const lapsed = await createMember(t, { signedIn: false, status: 'expired' });

    const { page, problems, shot } = await openPage(browser, 'newsletter', SMALL_PHONE);
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin?tab=newsletters`);
    await page.getByText('No newsletters yet. Write the first one!').waitFor();
    await expectAccessible(page, 'newsletters tab');

    await page.getByRole('button', { name: 'Write a newsletter' }).click();
    const form = page.getByRole('dialog', { name: 'Write a newsletter' });
    await form.getByLabel(/^Subject/).fill('Winter flathead season');
    const text = form.getByRole('textbox', { name: /^Message/ });
    await text.click();
    await page.keyboard.type('The flathead are on at Fingal. See you at the ramp on Saturday.');
    await page.keyboard.press('Enter');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6f8f' } })
      .jpeg()
      .toBuffer();
    await form.getByRole('button', { name: 'Image' }).click();
    const panel = form.getByRole('group', { name: 'Insert an image' });
    await panel.locator('input[type="file"]').setInputFiles({ name: 'flathead.jpg', mimeType: 'image/jpeg', buffer: photo });
    await panel.getByRole('textbox', { name: /Description/ }).fill('A flathead on the brag mat');
    await panel.getByRole('button', { name: 'Upload and insert' }).click();
    await panel.waitFor({ state: 'detached' });
    await text.getByRole('img', { name: 'A flathead on the brag mat' }).waitFor();

    // All current members (the default): one person; the lapsed member is not among them.
    await form.getByText('Goes to 1 person.').waitFor();
    await shot('compose');
    await expectAccessible(page, 'newsletter compose on a phone');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);

    await form.getByRole('button', { name: 'Send…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await confirm.getByText('“Winter flathead season” goes to 1 person (All current members)', { exact: false }).waitFor();
    await expectAccessible(page, 'send confirmation');
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('“Winter flathead season” is on its way to 1 person.').waitFor();

    // The member's copy, as their mail server receives it over SMTP.
    const mail = await t.mail.waitFor(member.email, 1);
    expect(mail.subject).toBe('Winter flathead season');
    expect(mail.text).toContain('The flathead are on at Fingal.');
    const src = /<img[^>]*src="([^"]+)"[^>]*alt="A flathead on the brag mat"/.exec(mail.html)?.[1];
    expect(src).toMatch(new RegExp(`^${t.baseUrl}/api/objects/images/[0-9a-f-]{36}\\.webp$`));
    const image = await fetch(src!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    // Nothing to the lapsed member.
    expect(t.mail.to(lapsed.email)).toEqual([]);

    // The committee sees it sent, with each recipient's outcome.
    await page.getByTestId('newsletter-row').filter({ hasText: 'Winter flathead season' }).getByText('Sent 1').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Open Winter flathead season' }).click();
    const detail = page.getByRole('dialog', { name: 'Winter flathead season' });
    await detail.getByTestId('delivery-row').filter({ hasText: member.email }).getByText('Sent').waitFor();
    await detail.getByRole('img', { name: 'A flathead on the brag mat' }).waitFor();
    await shot('sent');
    await expectAccessible(page, 'sent newsletter');
    expect(problems).toEqual([]);
  });
});
