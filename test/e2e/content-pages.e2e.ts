import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'secretary@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Sue', lastName: 'Secretary' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a content page written like a document', () => {
  it('the secretary writes a page with a heading and an uploaded image on a 360 px phone, puts it in the menu, and a visitor on a phone opens it from the menu', async () => {
    const { page, problems, shot } = await openPage(browser, 'content-page-editor', SMALL_PHONE);
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin/cms`);
    await page.getByRole('heading', { name: 'Content Management System' }).waitFor();

    await page.getByRole('button', { name: 'Create New Page' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Page' });
    await form.getByLabel(/^Title/).fill('Where to Fish');
    expect(await form.getByLabel(/^Slug/).inputValue()).toBe('where-to-fish');
    const text = form.getByRole('textbox', { name: 'Content' });
    await text.click();
    await page.keyboard.type('Fingal Head');
    await form.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bream and whiting on the run-out tide, off the rocks below the lighthouse.');
    await page.keyboard.press('Enter');

    // The image goes up from the editor and lands where the cursor is, with its description.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6f8f' } })
      .jpeg()
      .toBuffer();
    await form.getByRole('button', { name: 'Image' }).click();
    const panel = form.getByRole('group', { name: 'Insert an image' });
    await panel.locator('input[type="file"]').setInputFiles({ name: 'fingal.jpg', mimeType: 'image/jpeg', buffer: photo });
    await panel.getByRole('textbox', { name: /Description/ }).fill('The rocks below Fingal Head lighthouse at dawn');
    await shot('image-panel');
    await expectAccessible(page, 'page form with the image panel');
    // The editor and its panels (the form's own fields are the CMS's).
    expect(await phoneProblems(page, '.club-rte')).toEqual([]);
    await panel.getByRole('button', { name: 'Upload and insert' }).click();
    await panel.waitFor({ state: 'detached' });
    const placed = text.getByRole('img', { name: 'The rocks below Fingal Head lighthouse at dawn' });
    await expect.poll(() => placed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await placed.getAttribute('width')).toBe('1200');
    await form.getByLabel('Published').check();
    await shot('page-form');
    await expectAccessible(page, 'page form on a phone');
    expect(await phoneProblems(page, '.club-rte')).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    await form.getByRole('button', { name: 'Create Page' }).click();
    await page.getByText('Page created successfully').waitFor();

    // Into the menu, from the Settings tab.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const card = page.getByRole('region', { name: 'Menu and footer' });
    const menu = card.getByRole('group', { name: 'Menu' });
    await menu.getByLabel('Add a page to the menu').selectOption({ label: 'Where to Fish' });
    await menu.getByRole('button', { name: 'Add to the menu' }).click();
    await card.getByRole('button', { name: 'Save menu and footer' }).click();
    await page.getByText('Menu and footer saved').waitFor();
    await shot('menu-and-footer');
    await expectAccessible(page, 'menu and footer settings on a phone');
    expect(await phoneProblems(page, '[aria-labelledby="navigation-settings-title"]')).toEqual([]);
    expect(problems).toEqual([]);

    const visitor = await openPage(browser, 'content-page-visitor', SMALL_PHONE);
    await visitor.page.goto(`${t.baseUrl}/public`);
    await visitor.page.getByRole('button', { name: 'Open menu' }).click();
    await visitor.page.getByRole('dialog').getByRole('link', { name: 'Where to Fish' }).click();
    await visitor.page.waitForURL('**/pages/where-to-fish');
    await visitor.page.getByRole('heading', { level: 1, name: 'Where to Fish' }).waitFor();
    await visitor.page.getByRole('heading', { level: 2, name: 'Fingal Head' }).waitFor();
    const image = visitor.page.getByRole('img', { name: 'The rocks below Fingal Head lighthouse at dawn' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Shrunk to the phone's width, keeping its shape.
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(360);
    expect(Math.abs(box.width / box.height - 1.5)).toBeLessThan(0.02);
    await visitor.shot('content-page');
    await expectAccessible(visitor.page, 'content page on a 360 px phone');
    expect(await noOverflow(visitor.page)).toBe(true);
    expect(visitor.problems).toEqual([]);
  });
});
