import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitlistEntry } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { createMember } from '../support/factories';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'waitdesk@example.com';
const EVENT_NAME = 'Bream Bonanza';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a guest on a 360 px phone', () => {
  it('joins a full event’s waiting list, and the desk sees them in line', async () => {
    const admin = (await signedInClient(t, ADMIN, { firstName: 'Dee', lastName: 'Desk' })).client;
    const fortnight = clubToday(new Date(t.clock.now().getTime() + 14 * 86_400_000));
    const event = await admin.trpc.admin.events.create.mutate({
      name: EVENT_NAME,
      location: 'Tweed River, Chinderah',
      eventDate: `${fortnight}T07:00`,
      registrationFee: '10',
      maxParticipants: '1',
    });
    const first = await createMember(t, { firstName: 'Fay', lastName: 'First' });
    await first.client.trpc.entries.enter.mutate({ id: event.id, payAtSignOn: true });

    const { page, problems, shot } = await openPage(browser, 'guest-waitlist-phone', SMALL_PHONE);
    await page.goto(t.baseUrl);
    const card = page.getByTestId('upcoming-event').filter({ hasText: EVENT_NAME });
    await card.getByRole('button', { name: 'Join the waiting list as a guest' }).click();
    const dialog = page.getByRole('dialog', { name: `Wait for a place in ${EVENT_NAME}` });
    await dialog.getByLabel(/^First name/).fill('Gina');
    await dialog.getByLabel(/^Last name/).fill('Guest');
    await dialog.getByLabel(/^Email/).fill('gina.guest@example.com');
    await dialog.getByLabel(/^Phone/).fill('0412 345 679');
    await dialog.getByLabel(/^Date of birth/).fill('1986-07-16');
    await dialog.getByLabel('I have read and accept the Competition Rules & Waiver').check();
    await dialog.getByLabel('I have read and accept the Club Competition Rules').check();
    await shot('waitlist-form');
    await expectAccessible(page, 'guest waiting list form');
    await expect.poll(() => phoneProblems(page, 'form[aria-label="Join the waiting list as a guest"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
    await dialog.getByText("You're number 1 on the waiting list").waitFor();
    await dialog.getByText(/we enter you and e-mail you; you then pay the non-member fee at the sign-on desk/).waitFor();
    await shot('waitlist-joined');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await t.em().count(WaitlistEntry, { event: event.id })).toBe(1);
    expect(problems).toEqual([]);

    // The committee's desk on a phone lists her, with the button that gives her the place.
    const desk = await openPage(browser, 'guest-waitlist-desk-phone', SMALL_PHONE);
    await followLink(desk.page, await loginLink(t, ADMIN));
    await desk.page.waitForURL('**/member');
    await desk.page.goto(`${t.baseUrl}/admin?signon=${event.id}`);
    const list = desk.page.getByTestId('desk-waiting-list');
    await list.getByText('1. Gina Guest').waitFor();
    await list.getByRole('button', { name: 'Put a guest on the waiting list' }).waitFor();
    await desk.shot('desk-waiting-list');
    expect(await phoneProblems(desk.page, '[data-testid="desk-waiting-list"]')).toEqual([]);
    expect(desk.problems).toEqual([]);
  }, 90_000);
});
