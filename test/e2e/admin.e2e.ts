import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubToday } from '../../src/shared/dates';
import { activeMemberClient, signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, PHONE, loginLink, followLink } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'secretary@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Sam', lastName: 'Secretary' });
  await activeMemberClient(t, 'morgan.reef@example.com', { firstName: 'Morgan', lastName: 'Reef' });
  await activeMemberClient(t, 'casey.cast@example.com', { firstName: 'Casey', lastName: 'Cast' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("the committee's desk", () => {
  it('an admin finds a member, edits the expiry, exports the CSV and downloads a report', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'admin-desk');
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByTestId('member-figures').waitFor();
    await page.getByText('Revenue (YTD)').waitFor();
    await page.getByText('$80.00').first().waitFor(); // two adult memberships paid with the demo provider
    await shot('dashboard');
    await expectAccessible(page, 'admin dashboard');

    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByLabel('Search members').fill('reef');
    const table = page.getByRole('table', { name: 'Members' });
    await table.getByText('morgan.reef@example.com').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await shot('found');
    await expectAccessible(page, 'admin members');

    await table.getByRole('button', { name: 'Edit Morgan Reef' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Morgan Reef' });
    const newExpiry = `${Number(clubToday(new Date()).slice(0, 4)) + 2}-06-30`;
    await form.getByLabel('Expiry date').fill(newExpiry);
    await shot('edit');
    await expectAccessible(page, 'edit member dialog');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Member updated successfully').waitFor();
    await table.getByText(`30/06/${newExpiry.slice(0, 4)}`).waitFor();

    // 'Export CSV' opens the file in a new window; fetch what it asked for with the same cookies.
    const [request] = await Promise.all([
      context.waitForEvent('request', (r) => r.url().includes('/api/admin/export/members')),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('search')).toBe('reef');
    const exported = await context.request.get(request.url());
    expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="members-/);
    const csv = await exported.body();
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain(`Morgan,Reef,morgan.reef@example.com`);
    expect(csv.toString('utf8')).toContain(newExpiry);

    await page.getByRole('tab', { name: 'Reports' }).click();
    const financial = page.getByRole('region', { name: 'Financial Summary' });
    await financial.getByRole('button', { name: 'Generate Report' }).click();
    await financial.getByRole('table', { name: 'Financial Summary by month' }).waitFor();
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), financial.getByRole('link', { name: 'Download PDF' }).click()]);
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync(await pdfDownload.path())));
    const text = (await extractText(pdf, { mergePages: true })).text;
    expect(text).toContain('Tweed Coast Anglers Club');
    expect(text).toContain('Financial Summary');
    expect(text).toContain('$80.00');
    await shot('reports');
    await expectAccessible(page, 'admin reports');

    await page.getByRole('tab', { name: 'Accounting' }).click();
    await page.getByTestId('accounting-figure').filter({ hasText: 'Membership fees' }).getByText('$80.00').waitFor();
    await expectAccessible(page, 'admin accounting');

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.getByText('member.update').first().waitFor();
    await shot('audit');
    await expectAccessible(page, 'admin audit log');
    expect(problems).toEqual([]);

    await page.setViewportSize(PHONE);
    // The tab strip reflows for the new width; on a loaded machine Playwright's wait for a 'stable' box can outlast
    // its timeout, so the tap is dispatched once the tab is in view (the table appearing is what is checked).
    const membersTab = page.getByRole('tab', { name: 'Members' });
    await membersTab.scrollIntoViewIfNeeded();
    await membersTab.dispatchEvent('click');
    await page.getByRole('table', { name: 'Members' }).waitFor();
    await shot('members-phone');
    await expectAccessible(page, 'admin members on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
  });
});
