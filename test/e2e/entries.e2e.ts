import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catch, EventRegistration } from '../../src/server/db/entities';
import { clubToday, instantToClubLocal } from '../../src/shared/dates';
import { linkIn } from '../support/mime';
import { signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, outboxMail, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
const ADMIN = 'desk@example.com';
const GUEST = 'gail.guest@example.com';
const EVENT_NAME = 'Whiting Open';
/** Kingscliff beach, inside the Tweed Shire. */
const POSITION = { latitude: -28.2546, longitude: 153.5842 };
/** The event the guest entered (the desk's journey follows on from it). */
let eventId = '';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A phone photo with the camera's EXIF: make, the time it was taken and its position. */
async function phonePhoto() {
  const takenAt = instantToClubLocal(t.clock.now()).replace('T', ' ').replaceAll('-', ':').slice(0, 16) + ':00';
  const bytes = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 110, sigma: 35 } },
  })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Beach 3' },
      IFD2: { DateTimeOriginal: takenAt },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '28/1 15/1 17/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 35/1 3/1' },
    })
    .toBuffer();
  const file = path.join(os.tmpdir(), `guest-catch-${Date.now()}.jpg`);
  writeFileSync(file, bytes);
  return file;
}

describe('a guest on a phone', () => {
  it('enters a competition, pays the non-member fee, opens the e-mailed link and logs a catch', async () => {
    const admin = (await signedInClient(t, ADMIN, { firstName: 'Dee', lastName: 'Desk' })).client;
    const today = clubToday(t.clock.now());
    const event = await admin.trpc.admin.events.create.mutate({
      name: EVENT_NAME,
      location: 'Kingscliff Beach',
      eventDate: `${today}T00:05`,
      registrationFee: '10',
      // Whenever the test runs, entries are taken and fishing is open.
      entriesCloseAt: `${today}T23:59`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
      clubCode: 'SANDY',
    });

    const { page, context, problems, shot } = await openPage(browser, 'guest-entry-phone', SMALL_PHONE);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await page.goto(t.baseUrl);
    const card = page.getByTestId('upcoming-event').filter({ hasText: EVENT_NAME });
    await card.getByText('Entry: Members $10.00 · Non-members $15.00').waitFor();
    await card.getByRole('button', { name: 'Enter as a guest' }).click();
    const dialog = page.getByRole('dialog', { name: `Enter ${EVENT_NAME} as a guest` });
    await dialog.getByLabel(/^First name/).fill('Gail');
    await dialog.getByLabel(/^Last name/).fill('Guest');
    await dialog.getByLabel(/^Email/).fill(GUEST);
    await dialog.getByLabel(/^Phone/).fill('0412 345 678');
    await dialog.getByLabel(/^Date of birth/).fill('1984-06-15');
    await dialog.getByLabel('I have read and accept the Competition Rules & Waiver').check();
    await dialog.getByLabel('I have read and accept the Club Competition Rules').check();
    await shot('guest-form');
    await expectAccessible(page, 'guest entry form');
    // The assistant's button steps aside on the next frames after the dialog opens: asked again until it has.
    await expect.poll(() => phoneProblems(page, 'form[aria-label="Enter as a guest"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByTestId('entry-amount').getByText('$15.00').waitFor();
    await shot('guest-pay');
    await dialog.getByRole('button', { name: 'Pay $15.00 (demo)' }).click();
    await dialog.getByText(/Payment received: you are entered\. We have e-mailed gail\.guest@example\.com/).waitFor();
    await shot('guest-paid');

    // The receipt carries the single-use link; opening it on the phone signs the guest in to this event.
    const link = linkIn(await outboxMail(t.outboxDir, GUEST));
    expect(link.pathname).toBe('/guest');
    await page.goto(link.toString());
    await page.getByRole('button', { name: 'Sign in to log my catches' }).click();
    const home = page.getByTestId('guest-home');
    await home.getByText(EVENT_NAME).first().waitFor();
    await home.getByTestId('club-code').getByText('SANDY').waitFor();
    expect(new URL(page.url()).search).toBe('');

    const form = page.getByRole('form', { name: 'Log Your Catch' });
    await expect.poll(() => form.getByLabel(/^Event/).inputValue()).toBe(event.id);
    await form.getByLabel(/^Species/).selectOption('Whiting');
    await form.getByLabel(/^Size \(cm\)/).fill('33');
    await form.getByLabel('Released', { exact: true }).check();
    await form.getByLabel(/^Photo/).setInputFiles(await phonePhoto());
    await form.getByText(/^GPS: -28\.2546/).waitFor();
    await form.getByLabel('I confirm that all information provided is accurate and truthful to the best of my knowledge.').check();
    await shot('guest-catch-form');
    expect(await phoneProblems(page, 'form[aria-label="Log Your Catch"]')).toEqual([]);
    await form.getByRole('button', { name: 'Submit Catch' }).click();
    await page.getByRole('dialog', { name: 'Competition Rules & Waiver' }).getByRole('button', { name: 'Accept & Continue' }).click();
    await page.getByText('Fish catch logged successfully!').waitFor();
    await shot('guest-catch-logged');

    const entry = await t.em().findOneOrFail(EventRegistration, { event: event.id, member: { email: GUEST } }, { populate: ['member'] });
    expect(entry.member.isGuest).toBe(true);
    expect(entry.paidAt).toBeTruthy();
    const logged = await t.em().find(Catch, { angler: entry.member.id });
    expect(logged.map((c) => [c.species, Number(c.sizeCm), c.fate])).toEqual([['Whiting', 33, 'released']]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
    eventId = event.id;
  }, 90_000);

  it('is on the sign-on desk a committee member opens on a 360 px phone, and is checked in with one tap', async () => {
    const { page, problems, shot } = await openPage(browser, 'sign-on-desk-phone', SMALL_PHONE);
    await followLink(page, await loginLink(t, ADMIN));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/admin?signon=${eventId}`);
    const desk = page.getByTestId('sign-on-desk');
    const gail = desk.getByTestId('desk-entrant').filter({ hasText: 'Gail Guest' });
    await gail.getByText('Guest', { exact: true }).waitFor();
    expect(await gail.getByTestId('desk-payment').textContent()).toBe('Paid · Demo payment');
    await shot('desk');
    await expectAccessible(page, 'sign-on desk');
    expect(await phoneProblems(page, '[data-testid="sign-on-desk"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await gail.getByRole('button', { name: 'Check in Gail Guest' }).click();
    await gail.getByRole('button', { name: /: Gail Guest checked in; tap to undo$/ }).waitFor();
    await desk.getByText('Checked in').locator('xpath=..').getByText('1').waitFor();
    await shot('desk-checked-in');
    expect(problems).toEqual([]);
  }, 60_000);

  it('signed on at the desk without an e-mail address, scans the catch link the desk shows and logs a catch; the link works once', async () => {
    const desk = await openPage(browser, 'desk-walk-up-catch-link', SMALL_PHONE);
    await followLink(desk.page, await loginLink(t, ADMIN));
    await desk.page.waitForURL('**/member');
    await desk.page.goto(`${t.baseUrl}/admin?signon=${eventId}`);
    const list = desk.page.getByTestId('sign-on-desk');
    await list.getByTestId('desk-entrant').first().waitFor();

    // A walk-up with no e-mail address: added, their $15.00 taken in cash.
    await list.getByRole('button', { name: 'Add guest' }).click();
    let dialog = desk.page.getByRole('dialog', { name: 'Add a guest' });
    await dialog.getByLabel(/First name/).fill('Noah');
    await dialog.getByLabel(/Last name/).fill('Noemail');
    await dialog.getByLabel(/Date of birth/).fill('06/06/1966');
    await dialog.getByRole('button', { name: 'Add guest' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const noah = list.getByTestId('desk-entrant').filter({ hasText: 'Noah Noemail' });
    await noah.getByRole('button', { name: 'Take $15.00 from Noah Noemail' }).click();
    dialog = desk.page.getByRole('dialog', { name: 'Take payment' });
    await dialog.getByRole('button', { name: 'Record $15.00' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await noah.getByText('Paid · Cash').waitFor();

    // The desk shows the catch link as a QR code; the link is the one the club gave the desk's screen.
    const shown = desk.page.waitForResponse((r) => r.url().includes('/trpc/admin.signOn.catchLink'));
    await noah.getByRole('button', { name: 'Catch link for Noah Noemail' }).click();
    // tRPC answers in a batch: one answer here.
    const [answer] = (await (await shown).json()) as { result: { data: { url: string } } }[];
    const url = new URL(answer.result.data.url);
    expect(url.pathname).toBe('/guest');
    dialog = desk.page.getByRole('dialog', { name: 'Catch link for Noah Noemail' });
    await dialog.getByRole('img', { name: 'Catch link for Noah Noemail' }).waitFor();
    await dialog.getByText(/Noah scans this with their phone's camera/).waitFor();
    await desk.shot('catch-link');
    await expectAccessible(desk.page, 'catch link on the desk');
    expect(await phoneProblems(desk.page, '[role="dialog"]')).toEqual([]);

    // Noah's phone opens it, signs in to this event and logs a catch with a photo.
    const phone = await openPage(browser, 'walk-up-guest-phone', SMALL_PHONE);
    await phone.context.grantPermissions(['geolocation']);
    await phone.context.setGeolocation(POSITION);
    await phone.page.goto(`${t.baseUrl}${url.pathname}${url.search}`);
    await phone.page.getByRole('button', { name: 'Sign in to log my catches' }).click();
    await phone.page.getByTestId('guest-home').getByText(EVENT_NAME).first().waitFor();
    const form = phone.page.getByRole('form', { name: 'Log Your Catch' });
    await expect.poll(() => form.getByLabel(/^Event/).inputValue()).toBe(eventId);
    await form.getByLabel(/^Species/).selectOption('Flathead');
    await form.getByLabel(/^Size \(cm\)/).fill('41');
    await form.getByLabel('Kept', { exact: true }).check();
    await form.getByLabel(/^Photo/).setInputFiles(await phonePhoto());
    await form.getByText(/^GPS: -28\.2546/).waitFor();
    await form.getByLabel('I confirm that all information provided is accurate and truthful to the best of my knowledge.').check();
    await form.getByRole('button', { name: 'Submit Catch' }).click();
    await phone.page.getByRole('dialog', { name: 'Competition Rules & Waiver' }).getByRole('button', { name: 'Accept & Continue' }).click();
    await phone.page.getByText('Fish catch logged successfully!').waitFor();
    // The guest's own list shows it as soon as the club has it, waiting for the judge.
    const mine = phone.page.getByTestId('guest-catch');
    await mine.getByText('Flathead · 41 cm · Kept').waitFor();
    await mine.getByText('Waiting for the judge').waitFor();
    await phone.shot('walk-up-catch-logged');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    const entry = await t
      .em()
      .findOneOrFail(EventRegistration, { event: eventId, member: { firstName: 'Noah' } }, { populate: ['member'] });
    expect([entry.member.isGuest, entry.member.email]).toEqual([true, null]);
    const logged = await t.em().find(Catch, { angler: entry.member.id });
    expect(logged.map((c) => [c.species, Number(c.sizeCm), c.fate])).toEqual([['Flathead', 41, 'kept']]);

    // Someone else's phone with the same link: refused, with whom to ask.
    const other = await openPage(browser, 'walk-up-link-again', SMALL_PHONE);
    await other.page.goto(`${t.baseUrl}${url.pathname}${url.search}`);
    await other.page.getByRole('button', { name: 'Sign in to log my catches' }).click();
    const refused = other.page.getByRole('alert').filter({ hasText: 'This link could not be used' });
    await refused.getByText('This link has already been used. Ask the sign-on desk to show you a new one.').waitFor();
    await other.shot('link-used');
    expect(await other.page.getByTestId('guest-home').count()).toBe(0);
    expect([...desk.problems, ...phone.problems, ...other.problems.filter((p) => !/status of 400/.test(p))]).toEqual([]);
  }, 120_000);
});
