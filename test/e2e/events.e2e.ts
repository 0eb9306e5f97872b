import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAuDate, instantToClubLocal } from '../../src/shared/dates';
import { linkIn } from '../support/mime';
import { activeMemberClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, outboxMail, PHONE, phoneProblems } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'warden@example.com';
const MEMBER = 'casey.cast@example.com';
const EVENT_NAME = 'Flathead Classic';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The member's signed-in browser cookies, kept for the phone check. */
let memberCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];

/** A fresh e-mail-only login link for the member. */

describe('events', () => {
  it('an admin creates an event and uploads its image', async () => {
    await t.client().trpc.auth.signup.mutate({ email: ADMIN, firstName: 'Wren', lastName: 'Warden' });
    const link = linkIn(await outboxMail(t.outboxDir, ADMIN)).toString();
    const { page, problems, shot } = await openPage(browser, 'admin-events');
    await followLink(page, link);
    await page.getByRole('button', { name: 'Continue to Your Account' }).click();
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByText('No events found. Create your first event!').waitFor();
    await shot('admin-events-empty');
    await expectAccessible(page, 'admin events (none yet)');

    await page.getByRole('button', { name: 'Create New Event' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Event' });
    await form.getByLabel(/^Event Name/).fill(EVENT_NAME);
    // The date the Australian way (DD/MM/YYYY), the time in its own input.
    await form.getByLabel(/^Event Date/).fill(formatAuDate(instantToClubLocal(new Date(Date.now() + 30 * 86_400_000)).slice(0, 10)));
    await form.getByLabel(/^Start time/).fill('07:00');
    await form.getByLabel(/^Location/).fill('Jack Evans Boat Harbour, Tweed Heads');
    await form.getByLabel('Description').fill('A morning chasing flathead on the lower Tweed.');
    await form.getByLabel('Rules').fill('Artificial lures only. Catch, click and release.');
    await form.getByLabel('Prizes').fill('A new rod for the longest flathead.');
    await form.getByLabel(/^Registration Fee/).fill('10');
    await form.getByLabel('Maximum Participants').fill('30');
    await shot('create-event-form');
    await expectAccessible(page, 'create event dialog');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('Event created successfully').waitFor();
    const row = page.getByTestId('admin-event').filter({ hasText: EVENT_NAME });
    await row.getByText('Registrations: 0 / 30').waitFor();

    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const file = path.join(os.tmpdir(), `event-${Date.now()}.jpg`);
    writeFileSync(file, jpeg);
    await row.getByRole('button', { name: /^Upload image/ }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Event Image' });
    await upload.locator('input[type="file"]').setInputFiles(file);
    await shot('upload-dialog');
    await expectAccessible(page, 'upload event image dialog');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Event image uploaded successfully').waitFor();
    const image = row.getByRole('img', { name: EVENT_NAME });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot('admin-event-with-image');
    await expectAccessible(page, 'admin events');

    await page.setViewportSize(PHONE);
    await row.getByRole('button', { name: /^Edit/ }).waitFor();
    await shot('admin-events-phone');
    await expectAccessible(page, 'admin events on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('a paid-up member registers for the event in the portal and cancels', async () => {
    await activeMemberClient(t, MEMBER, { firstName: 'Casey', lastName: 'Cast' });
    const { page, context, problems, shot } = await openPage(browser, 'member-events');
    await followLink(page, await loginLink(t, MEMBER));
    await page.waitForURL('**/member');
    memberCookies = await context.cookies();
    await page.getByRole('tab', { name: 'Events' }).click();
    const entry = page.getByTestId('available-event').filter({ hasText: EVENT_NAME });
    await entry.getByText('Event Rules:').waitFor();
    await entry.getByText('Registration fee: $10.00').waitFor();
    await shot('available-events');
    await expectAccessible(page, 'member events');
    await entry.getByRole('button', { name: 'Register Now' }).click();
    await page.getByText('Successfully registered for the event!').waitFor();
    const mine = page.getByTestId('registered-event').filter({ hasText: EVENT_NAME });
    await mine.getByText('Registered').waitFor();
    await entry.getByText('29 places left').waitFor();
    await shot('registered');
    await expectAccessible(page, 'member events, registered');

    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await page.getByText(EVENT_NAME).waitFor();
    await expectAccessible(page, 'member dashboard with an event');
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByTestId('registered-event').filter({ hasText: EVENT_NAME }).getByRole('button', { name: 'Cancel Registration' }).click();
    await page.getByText('Registration cancelled successfully.').waitFor();
    await page.getByTestId('available-event').filter({ hasText: EVENT_NAME }).getByRole('button', { name: 'Register Now' }).waitFor();
    expect(await page.getByTestId('registered-event').count()).toBe(0);
    await shot('cancelled');
    expect(problems).toEqual([]);
  });

  it('the member events tab fits a phone', async () => {
    const { page, context, problems, shot } = await openPage(browser, 'member-events-phone', PHONE);
    await context.addCookies(memberCookies);
    await page.goto(`${t.baseUrl}/member?tab=events`);
    await page.getByTestId('available-event').filter({ hasText: EVENT_NAME }).getByText('Prizes:').waitFor();
    await shot('events-tab-phone');
    await expectAccessible(page, 'member events on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    // A short tab: the next four events, past entries folded, and the catch form only once asked for.
    expect(await page.getByTestId('available-event').count()).toBeLessThanOrEqual(4);
    expect(await page.getByRole('form', { name: 'Log Your Catch' }).count()).toBe(0);
    expect(await phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    await page.getByRole('button', { name: 'Log a Catch' }).click();
    // The check-in button scrolls to the fish logging form; with no event today it says so.
    await page.getByText('There is no club event today. Catches are logged on the day of an event.').waitFor();
    await expect
      .poll(() => page.getByRole('form', { name: 'Log Your Catch' }).evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    expect(problems).toEqual([]);
  });

  it('a visitor sees the event on the landing page', async () => {
    const { page, problems, shot } = await openPage(browser, 'landing-events');
    await page.goto(t.baseUrl);
    const card = page.getByTestId('upcoming-event').filter({ hasText: EVENT_NAME });
    await card.getByText('Jack Evans Boat Harbour, Tweed Heads').waitFor();
    await card.getByRole('img', { name: EVENT_NAME }).waitFor();
    await shot('landing-upcoming-events');
    await expectAccessible(page, 'landing with an event');
    await card.getByRole('button', { name: 'Join to Register' }).click();
    await page.getByRole('dialog', { name: 'Join the Club' }).waitFor();
    await shot('landing-join');
    await expectAccessible(page, 'join form from the landing page');

    // The other public screens at desktop width.
    await page.goto(`${t.baseUrl}/public`);
    await page.getByText(EVENT_NAME).first().waitFor();
    await expectAccessible(page, 'public home');
    await page.goto(`${t.baseUrl}/sponsor`);
    await page.getByText('Be our first sponsor! Join us in supporting the fishing community.').waitFor();
    await expectAccessible(page, 'sponsor page');
    expect(problems).toEqual([]);
  });
});
