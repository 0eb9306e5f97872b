import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantToClubLocal } from '../../src/shared/dates';
import { linkIn } from '../support/mime';
import { activeMemberClient, signedInClient, startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, outboxMail, PHONE, loginLink, followLink } from './browser';

// Everything a person does here is done with the keyboard alone: Tab, Enter, Space, Escape, the
// arrow keys and typing. No clicks. The only exceptions are what happens outside the site: opening
// the link in an e-mail (page.goto) and choosing a photo in the operating system's file picker
// (setInputFiles on the focused file input).

let t: TestApp;
let browser: Browser;
/** The committee member who sets the events up (through the API). */
let admin: Awaited<ReturnType<typeof signedInClient>>['client'];
const ADMIN = 'keys@example.com';
const ACCURACY = 'I confirm that all information provided is accurate and truthful to the best of my knowledge.';
/** Fingal Head, inside the Tweed Shire. */
const POSITION = { latitude: -28.201234, longitude: 153.565432 };

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  admin = (await signedInClient(t, ADMIN, { firstName: 'Kit', lastName: 'Keys' })).client;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const hasFocusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** A short name for the focused element: its label, its own name, or its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(page)';
    const labelled = el.getAttribute('aria-labelledby');
    const text =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled.split(' ')[0])?.textContent : null) ??
      ((el as HTMLInputElement).labels?.[0]?.textContent || null) ??
      el.textContent ??
      el.tagName;
    return text
      .replace(/\s+/g, ' ')
      .replace(/\s*\*$/, '')
      .trim();
  });
}

/**
 * Fails unless the focused element looks different from the same element without focus: a copy of
 * it, unfocused, is put beside it for a moment and their outline, shadow, border and colours compared.
 */
async function expectFocusVisible(page: Page) {
  const difference = await page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    // A focus ring may fade in (Mantine's inputs change their border colour in 100 ms): look once it has.
    await Promise.all(el.getAnimations().map((a) => a.finished));
    const look = (e: Element) => {
      const s = getComputedStyle(e);
      return [
        s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
        s.boxShadow,
        s.borderColor,
        s.backgroundColor,
        s.color,
        s.textDecorationLine,
      ].join(' | ');
    };
    const focused = look(el);
    const copy = el.cloneNode(true) as HTMLElement;
    copy.removeAttribute('id');
    copy.style.position = 'absolute';
    copy.style.visibility = 'hidden';
    el.after(copy);
    const unfocused = look(copy);
    copy.remove();
    return focused === unfocused ? `no visible focus on ${el.outerHTML.slice(0, 160)}` : null;
  });
  expect(difference).toBeNull();
}

/**
 * Presses Tab until `target` has the focus, checks the focus is visible, and returns the names of
 * the stops on the way; with `within` (an open dialog), every stop must be inside it.
 */
async function tabTo(page: Page, target: Locator, { within, limit = 40 }: { within?: Locator; limit?: number } = {}): Promise<string[]> {
  await target.waitFor();
  const passed: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (within) expect(await hasFocusInside(within), `focus left the dialog at stop ${i + 1}`).toBe(true);
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return passed;
    }
    passed.push(await focusedName(page));
  }
  throw new Error(`Tab never reached the target; it went: ${passed.join(' → ')}`);
}

/**
 * Tabs forward through a form from the focused control, typing or pressing keys at the stops named
 * in `actions`, until `last` has the focus; returns every stop in order. Focus must stay in `within`.
 */
async function fillByTab(
  page: Page,
  within: Locator,
  last: Locator,
  actions: Record<string, () => Promise<void>>,
  limit = 40,
): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    expect(
      await hasFocusInside(within),
      `focus left ${(await within.getAttribute('aria-label')) ?? 'the form'} after ${stops.join(' → ')}`,
    ).toBe(true);
    const name = await focusedName(page);
    if (stops.at(-1) !== name) {
      await expectFocusVisible(page);
      stops.push(name);
      await actions[name]?.();
    }
    if (await isFocused(last)) return stops;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the last control; it went: ${stops.join(' → ')}`);
}

describe('the site by keyboard alone', () => {
  it('a visitor signs up, joins and pays, and registers for an event without touching the mouse', async () => {
    await admin.trpc.admin.events.create.mutate({
      name: 'Keyboard Classic',
      location: 'Chinderah boat ramp',
      eventDate: instantToClubLocal(new Date(Date.now() + 30 * 86_400_000)).slice(0, 11) + '07:00',
    });

    const { page, problems, shot } = await openPage(browser, 'keyboard-join');
    await page.goto(t.baseUrl);
    await page.getByTestId('upcoming-event').filter({ hasText: 'Keyboard Classic' }).waitFor();

    // The first stop skips the navigation; then the bar in reading order.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await isFocused(skip)).toBe(true);
    await expectFocusVisible(page);
    await shot('skip-link');
    const login = page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });
    expect(await tabTo(page, login)).toEqual(['Tweed Coast Anglers Club home', 'Home', 'Sponsors']);
    await page.keyboard.press('Enter');

    // The login dialog takes the focus to its first tab; the arrow keys move between its tabs.
    const dialog = page.getByRole('dialog', { name: 'Login or sign up' });
    await expect.poll(() => isFocused(dialog.getByRole('tab', { name: 'Login' }))).toBe(true);
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowRight');
    const signUp = dialog.getByRole('form', { name: 'Sign Up' });
    await signUp.waitFor();
    expect(await isFocused(dialog.getByRole('tab', { name: 'Sign Up' }))).toBe(true);
    await page.keyboard.press('Tab');
    const stops = await fillByTab(page, signUp, signUp.getByRole('button', { name: 'Sign Up' }), {
      Email: () => page.keyboard.type('kai.keys@example.com'),
      'First Name': () => page.keyboard.type('Kai'),
      'Last Name': () => page.keyboard.type('Keys'),
    });
    expect(stops).toEqual(['Email', 'First Name', 'Last Name', 'Sign Up']);
    await shot('sign-up');
    await page.keyboard.press('Enter');
    await page.getByText('Check Your Email').waitFor();

    // The link in the e-mail (opened from the mail program), then on by keyboard.
    await page.goto(linkIn(await outboxMail(t.outboxDir, 'kai.keys@example.com')).toString());
    // Opening the link spends nothing: the person presses its one button (by keyboard here).
    await tabTo(page, page.getByRole('button', { name: 'Verify my email address' }));
    await page.keyboard.press('Enter');
    await page.getByText('Email Verified!').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Continue to Your Account' }));
    await page.keyboard.press('Enter');
    const joinButton = page.getByRole('main').getByRole('button', { name: 'Join the Club' });
    await joinButton.waitFor();
    await tabTo(page, joinButton);
    await page.keyboard.press('Enter');

    // The join form, every control in order.
    const form = page.getByRole('dialog', { name: 'Join the Club' });
    const submit = form.getByRole('button', { name: 'Submit and Pay' });
    await submit.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    const conductLink = form.getByRole('button', { name: 'Code of Conduct', exact: true });
    /** The title of the club document the focused button belongs to (its accessible description). */
    const focusedDocument = () =>
      page.evaluate(() => {
        const described = document.activeElement?.getAttribute('aria-describedby');
        return (described && document.getElementById(described)?.textContent) || null;
      });
    const accepted = (title: string) =>
      form
        .getByRole('group', { name: 'Club documents' })
        .locator('.mantine-Card-root')
        .filter({ has: page.getByText(title, { exact: true }) })
        .getByRole('button', { name: 'Accepted' });
    let documentsRead = 0;
    const joinStops = await fillByTab(page, form, submit, {
      'Phone Number': () => page.keyboard.type('0412 345 678'),
      Address: () => page.keyboard.type('9 Keyboard Lane, Kingscliff NSW 2487'),
      // Typed into the day, month and year parts; the same day and month fit dd/mm and mm/dd browsers alike.
      'Date of Birth': () => page.keyboard.type('03031985'),
      Gender: () => page.keyboard.type('Female'),
      'Shirt Size': () => page.keyboard.type('M'),
      'Membership Type': () => page.keyboard.type('Adult'),
      // Read the first document (Enter), close it with Escape: only the document closes and the focus comes back.
      'Read Document': async () => {
        if (documentsRead++ > 0) return;
        const title = (await focusedDocument())!;
        expect(title).toBe('Competition Rules & Waiver');
        await page.keyboard.press('Enter');
        const panel = page.getByRole('dialog', { name: title });
        await panel.getByText('I take part at my own risk', { exact: false }).waitFor();
        await shot('document-open');
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await expect.poll(() => focusedDocument()).toBe(title);
        expect(await focusedName(page)).toBe('Read Document');
        expect(await form.isVisible()).toBe(true);
      },
      // Space accepts the waiver and the competition rules; the Code of Conduct is accepted with its checkbox below.
      'Accept Required': async () => {
        const title = (await focusedDocument())!;
        if (title === 'Code of Conduct') return;
        await page.keyboard.press('Space');
        await accepted(title).waitFor();
        expect(await focusedName(page)).toBe('Accepted');
      },
      'I accept the terms and conditions': () => page.keyboard.press('Space'),
      // The checkbox and the Code of Conduct document's toggle are one acceptance.
      "I agree to abide by the club's Code of Conduct": async () => {
        await page.keyboard.press('Space');
        await accepted('Code of Conduct').waitFor();
      },
      'Code of Conduct': async () => {
        // Read it, close it with Escape: only the code of conduct closes and the focus comes back.
        await page.keyboard.press('Enter');
        const conduct = page.getByRole('dialog', { name: 'Code of Conduct' });
        await conduct.getByText('Incorporated association').waitFor();
        await page.keyboard.press('Escape');
        await conduct.waitFor({ state: 'hidden' });
        await expect.poll(() => isFocused(conductLink)).toBe(true);
        expect(await form.isVisible()).toBe(true);
      },
    });
    expect(joinStops).toEqual([
      'Close dialog',
      'First Name',
      'Last Name',
      'Email Address',
      'Phone Number',
      'Address',
      'Date of Birth',
      'Gender',
      'Shirt Size',
      'Membership Type',
      'Add another member and pay together',
      'Read Document',
      'Accept Required',
      'Read Document',
      'Accept Required',
      'Read Document',
      'Accept Required',
      'I accept the terms and conditions',
      "I agree to abide by the club's Code of Conduct",
      'Code of Conduct',
      'Submit and Pay',
    ]);
    expect(await form.getByLabel('Date of Birth').inputValue()).toBe('03/03/1985');
    expect(await form.getByLabel('Gender').inputValue()).toBe('female');
    expect(await form.getByLabel('Membership Type').inputValue()).toBe('adult');
    expect(await form.getByRole('button', { name: 'Accepted' }).count()).toBe(3);
    expect(await form.getByRole('button', { name: 'Accept Required' }).count()).toBe(0);
    await form.getByText('Total to pay: $40.00 AUD').waitFor();
    await shot('join-form');
    await page.keyboard.press('Enter');

    const pay = page.getByRole('dialog', { name: 'Complete Your Payment' });
    const payButton = pay.getByRole('button', { name: 'Pay $40.00 (demo)' });
    await tabTo(page, payButton, { within: pay });
    await page.keyboard.press('Enter');
    await pay.getByText('Payment Successful!').waitFor();
    await tabTo(page, pay.getByRole('button', { name: 'Continue' }), { within: pay });
    await page.keyboard.press('Enter');
    await page.getByText('Active Member').waitFor();
    await shot('active');

    // The portal's tabs: Tab reaches the open one, the arrow keys choose another.
    await tabTo(page, page.getByRole('tab', { name: 'Dashboard' }));
    await page.keyboard.press('ArrowRight');
    const entry = page.getByTestId('available-event').filter({ hasText: 'Keyboard Classic' });
    const register = entry.getByRole('button', { name: 'Register Now' });
    await register.waitFor();
    expect(await isFocused(page.getByRole('tab', { name: 'Events' }))).toBe(true);
    await tabTo(page, register);
    await page.keyboard.press('Enter');
    await page.getByText('Successfully registered for the event!').waitFor();
    await page.getByTestId('registered-event').filter({ hasText: 'Keyboard Classic' }).getByText('Registered').waitFor();
    await shot('registered');
    await expectAccessible(page, 'member events after registering by keyboard');
    expect(problems).toEqual([]);
  });

  it('a member on a phone logs a catch with the keyboard', async () => {
    // The member registers before the start; then the server's clock moves on to when fishing has opened.
    const opens = new Date(t.clock.now().getTime() + 2 * 60_000);
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Tab Key Flathead',
      location: 'Fingal Head',
      eventDate: instantToClubLocal(opens).slice(0, 16),
      clubCode: 'KEYS42',
      // Whenever the test runs, fishing is open.
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const member = await activeMemberClient(t, 'lou.keys@example.com', { firstName: 'Lou', lastName: 'Keys' });
    await member.client.trpc.events.register.mutate({ id: event.id });
    t.clock.advance(5 * 60_000);
    const photo = path.join(os.tmpdir(), `keyboard-catch-${Date.now()}.jpg`);
    writeFileSync(
      photo,
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer(),
    );

    const { page, context, problems, shot } = await openPage(browser, 'keyboard-catch', PHONE);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(POSITION);
    await followLink(page, await loginLink(t, 'lou.keys@example.com'));
    await page.waitForURL('**/member');
    await page.getByText('Active Member').waitFor();

    await tabTo(page, page.getByRole('tab', { name: 'Dashboard' }));
    await page.keyboard.press('ArrowRight');
    const logCatch = page.getByRole('button', { name: 'Log a Catch' });
    await tabTo(page, logCatch);
    await page.keyboard.press('Enter');

    // 'Log a Catch' brings the form and the focus with it: the next Tab is the form's first control.
    const form = page.getByRole('form', { name: 'Log Your Catch' });
    await expect.poll(() => form.getByLabel(/^Event/).inputValue()).toBe(event.id);
    await form.getByTestId('club-code').getByText('KEYS42').waitFor();
    await page.keyboard.press('Tab');
    const photoInput = form.getByLabel(/^Photo/);
    const accuracy = form.getByLabel(ACCURACY);
    const stops = await fillByTab(page, form, form.getByRole('button', { name: 'Submit Catch' }), {
      Species: () => page.keyboard.type('Flathead'),
      'Size (cm)': () => page.keyboard.type('45.5'),
      // Space picks the focused option of the radio group (the first, Kept).
      Kept: () => page.keyboard.press('Space'),
      // A keyboard user presses Space here and picks the photo in the phone's own file picker.
      Photo: async () => {
        await photoInput.setInputFiles(photo);
        await form.getByText('GPS: -28.201234, 153.565432').waitFor();
      },
      [ACCURACY]: () => page.keyboard.press('Space'),
    });
    expect(stops).toEqual(['Member', 'Event', 'Species', 'Size (cm)', 'Kept', 'Photo', ACCURACY, 'Submit Catch']);
    expect(await form.getByLabel('Kept', { exact: true }).isChecked()).toBe(true);
    expect(await accuracy.isChecked()).toBe(true);
    await shot('form-filled');
    await page.keyboard.press('Enter');

    const waiver = page.getByRole('dialog', { name: 'Competition Rules & Waiver' });
    const accept = waiver.getByRole('button', { name: 'Accept & Continue' });
    await tabTo(page, accept, { within: waiver });
    await page.keyboard.press('Enter');

    // The day's first catch asks the hours before it goes, with the focus in the dialog's one field.
    const hours = page.getByRole('dialog', { name: 'Daily Fishing Hours' });
    await hours.waitFor();
    await expect.poll(() => isFocused(hours.getByLabel('Hours fished today'))).toBe(true);
    await page.keyboard.type('3.5');
    await tabTo(page, hours.getByRole('button', { name: 'Record Hours' }), { within: hours });
    await page.keyboard.press('Enter');
    await page.getByText('Fish catch logged successfully!').waitFor();
    await page.getByRole('status', { name: 'Achievement unlocked' }).getByText('Big Fish!').waitFor();
    await page.getByText('Your Recent Catches').waitFor();
    await page.getByText('Flathead · 45.5 cm').waitFor();
    await shot('logged');
    expect(problems).toEqual([]);
  }, 60_000);
});
