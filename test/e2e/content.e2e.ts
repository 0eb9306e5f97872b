import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, outboxMail, PHONE, loginLink, followLink } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'editor@example.com';
const HERO = 'Cast a Line on the Tweed';
const ARTICLE = 'Whiting Wars results';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  await signedInClient(t, ADMIN, { firstName: 'Eddie', lastName: 'Editor' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('content management and sponsors', () => {
  /** The admin's signed-in cookies (sign-in links are limited to one a minute per address). */
  let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];

  it('an admin edits the hero title and publishes a news article; a visitor sees both', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'cms');
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    adminCookies = await context.cookies();
    await page.goto(`${t.baseUrl}/admin/cms`);
    await page.getByRole('heading', { name: 'Content Management System' }).waitFor();
    await page.getByText('No pages yet. Create your first page!').waitFor();
    await expectAccessible(page, 'CMS pages');

    // A content page, for visitors at /pages/club-history.
    await page.getByRole('button', { name: 'Create New Page' }).click();
    const pageForm = page.getByRole('dialog', { name: 'Create New Page' });
    await pageForm.getByLabel(/^Title/).fill('Club History');
    await pageForm.getByLabel(/^Slug/).fill('club-history');
    // Written like a document: a heading from the toolbar, then a paragraph.
    await pageForm.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Since 1972');
    await pageForm.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Anglers on the Tweed for fifty years.');
    await pageForm.getByLabel('Published').check();
    await expectAccessible(page, 'CMS page form');
    await pageForm.getByRole('button', { name: 'Create Page' }).click();
    await page.getByText('Page created successfully').waitFor();

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Create New Setting' }).waitFor();
    await page.getByTestId('cms-setting').first().waitFor();
    await expectAccessible(page, 'CMS settings');
    await page.getByRole('button', { name: 'Create New Setting' }).click();
    await page.getByRole('dialog', { name: 'Create New Setting' }).waitFor();
    await expectAccessible(page, 'CMS setting form');
    await page.getByRole('dialog', { name: 'Create New Setting' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Sections' }).click();
    await page.getByText('No sections yet. Create one or start from a template.').waitFor();
    await expectAccessible(page, 'CMS sections');
    await page.getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('dialog', { name: 'Section Templates' }).waitFor();
    await expectAccessible(page, 'CMS section templates');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Section Templates' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create New Section' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Section' });
    await form.getByLabel(/^Page Slug/).fill('landing');
    await form.getByLabel(/^Section Key/).fill('hero_title');
    await form.getByLabel(/^Title/).fill('Hero title');
    await form.getByRole('textbox', { name: /^Content/ }).fill(HERO);
    await shot('section-form');
    await expectAccessible(page, 'CMS section form');
    await form.getByRole('button', { name: 'Create Section' }).click();
    await page.getByText('Section created successfully').waitFor();
    await page.getByText('landing - hero_title (Order: 0)').waitFor();
    await expectAccessible(page, 'CMS sections with a section');

    await page.getByRole('tab', { name: 'News' }).click();
    await page.getByRole('button', { name: 'Create New Article' }).click();
    const article = page.getByRole('dialog', { name: 'Create New Article' });
    await article.getByLabel(/^Title/).fill(ARTICLE);
    await article.getByLabel(/^Excerpt/).fill('Pia took the whiting with a 31 cm fish.');
    await article.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Congratulations to ');
    await article.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Pia');
    await article.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('!');
    await article.getByLabel('Published').check();
    await shot('article-form');
    await expectAccessible(page, 'CMS article form');
    await article.getByRole('button', { name: 'Create Article' }).click();
    await page.getByText('Article created successfully').waitFor();
    await shot('news-list');
    await expectAccessible(page, 'CMS news');
    expect(problems).toEqual([]);

    const visitor = await openPage(browser, 'cms-visitor', PHONE);
    await visitor.page.goto(t.baseUrl);
    await visitor.page.getByRole('heading', { name: HERO }).waitFor();
    await visitor.shot('landing-hero');
    await visitor.page.getByText('No upcoming events at the moment. Check back soon!').waitFor();
    await expectAccessible(visitor.page, 'landing on a phone');
    await visitor.page.goto(`${t.baseUrl}/public`);
    await visitor.page.getByText(ARTICLE).waitFor();
    await visitor.page.getByRole('button', { name: 'Read more' }).click();
    await visitor.page.getByText('Congratulations to').waitFor();
    await visitor.page.locator('.cms-content strong', { hasText: 'Pia' }).waitFor();
    expect(await visitor.page.locator('.cms-content script').count()).toBe(0);
    await visitor.shot('public-news');
    await expectAccessible(visitor.page, 'public home with news on a phone');
    await visitor.page.goto(`${t.baseUrl}/pages/club-history`);
    await visitor.page.getByRole('heading', { name: 'Since 1972' }).waitFor();
    await expectAccessible(visitor.page, 'content page on a phone');
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(visitor.problems).toEqual([]);
  });

  it('a business applies on a phone, the committee accepts it, and it shows on the sponsor page', async () => {
    const { page, problems, shot } = await openPage(browser, 'sponsor-phone', PHONE);
    await page.goto(`${t.baseUrl}/sponsor`);
    await page.getByText('Be our first sponsor! Join us in supporting the fishing community.').waitFor();
    await expectAccessible(page, 'sponsor page on a phone');
    await page.getByRole('button', { name: 'Choose Website Sponsorship' }).click();
    const form = page.getByRole('form', { name: 'Sponsor application' });
    expect(await form.getByLabel(/^Sponsorship Type/).inputValue()).toBe('website');
    await form.getByLabel(/^Company Name/).fill('Kingscliff Bait & Tackle');
    await form.getByLabel(/^Contact Person/).fill('Kim Cliff');
    await form.getByLabel(/^Email/).fill('kim@kingscliffbait.example');
    await form.getByLabel(/^Phone/).fill('02 6674 0000');
    await shot('sponsor-form');
    await expectAccessible(page, 'sponsor form filled in');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Sponsor application submitted successfully! We will contact you within 2 business days.').waitFor();
    expect(await form.getByLabel(/^Company Name/).inputValue()).toBe('');
    expect(await outboxMail(t.outboxDir, 'kim@kingscliffbait.example')).toBeTruthy();
    expect(problems).toEqual([]);

    const admin = await openPage(browser, 'sponsor-review');
    await admin.context.addCookies(adminCookies);
    await admin.page.goto(`${t.baseUrl}/admin`);
    await admin.page.getByRole('tab', { name: 'Sponsors' }).click();
    await admin.page.getByRole('button', { name: 'Review Kingscliff Bait & Tackle' }).waitFor();
    await expectAccessible(admin.page, 'admin sponsors');
    await admin.page.getByRole('button', { name: 'Review Kingscliff Bait & Tackle' }).click();
    const review = admin.page.getByRole('dialog');
    await review.getByLabel(/^Status/).selectOption('active');
    await review.getByLabel(/^Website/).fill('https://kingscliffbait.example');
    await admin.shot('review');
    await expectAccessible(admin.page, 'sponsor review dialog');
    await review.getByRole('button', { name: /^Save/ }).click();
    await admin.page.getByText('Sponsor updated successfully').waitFor();
    expect(admin.problems).toEqual([]);

    await page.reload();
    const card = page.getByText('Kingscliff Bait & Tackle');
    await card.first().waitFor();
    await page.getByText('Website Sponsor').first().waitFor();
    await page.getByText('$500.00').first().waitFor();
    await shot('current-sponsors');
    await expectAccessible(page, 'sponsor page with a sponsor on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
  });
});
