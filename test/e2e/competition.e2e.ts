import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubToday } from '../../src/shared/dates';
import { activeMemberClient, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

// Competition day on a 360 px phone: a member votes for the fish picture of the month; the committee seals
// an event's mystery fish at the ramp and reveals it once fishing has closed.

let t: TestApp;
let browser: Browser;
let admin: TestClient;
const ADMIN = 'secretary@example.com';

beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: ADMIN } });
  browser = await launchBrowser();
  admin = (await signedInClient(t, ADMIN, { firstName: 'Sue', lastName: 'Secretary' })).client;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A catch the committee logs for an entrant (at any time) and approves. */
async function approvedCatch(eventId: string, memberId: string, fishType: string, size: string, shade: string) {
  await admin.trpc.admin.events.addEntrant.mutate({ id: eventId, memberId });
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: shade } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fishType,
    size,
    fishKeptOrReleased: 'released',
    eventId,
    memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
  }))
    form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await admin.fetch('/api/catches', { method: 'POST', body: form });
  expect(res.status).toBe(200);
  const id = (await res.json()).catch.id as string;
  await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
  return id;
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('competition day on a phone', () => {
  it('a member votes for the picture of the month on a 360 px phone: tap to enlarge, Vote, confirm, their vote highlighted', async () => {
    const today = clubToday(t.clock.now());
    // Fishing at the dawn round closed a minute after midnight: its photos can be voted for.
    const dawn = await admin.trpc.admin.events.create.mutate({
      name: 'Dawn Bream Round',
      location: 'Fingal Head',
      eventDate: `${today}T00:00`,
      fishingStart: '00:00',
      fishingEnd: '00:01',
    });
    const mia = await activeMemberClient(t, 'mia.fisher@example.com', { firstName: 'Mia', lastName: 'Fisher' });
    const voter = await activeMemberClient(t, 'vic.voter@example.com', { firstName: 'Vic', lastName: 'Voter' });
    await approvedCatch(dawn.id, mia.memberId, 'Bream', '33.5', '#3a6f8f');
    await approvedCatch(dawn.id, voter.memberId, 'Flathead', '48', '#8f6f3a');

    const phone = await openPage(browser, 'picture-of-the-month-phone', SMALL_PHONE);
    await followLink(phone.page, await loginLink(t, voter.email));
    await phone.page.waitForURL('**/member');
    await phone.page.goto(`${t.baseUrl}/member?tab=catches`);
    const card = phone.page.getByTestId('picture-of-month-voting');
    await card.getByText('Mia Fisher').waitFor();
    await card.getByText('Yours', { exact: true }).waitFor();
    await phone.shot('candidates');
    await expectAccessible(phone.page, 'picture of the month on a phone');
    expect(await phoneProblems(phone.page, '[data-testid="picture-of-month-voting"]')).toEqual([]);
    expect(await overflows(phone.page)).toBe(false);

    await card.getByRole('button', { name: 'Enlarge the photo: Bream, 33.5 cm, by Mia Fisher' }).click();
    const enlarged = phone.page.getByRole('dialog', { name: 'Bream, 33.5 cm, by Mia Fisher' });
    await enlarged.getByRole('img', { name: 'Bream, 33.5 cm, by Mia Fisher' }).waitFor();
    await phone.page.keyboard.press('Escape');
    await enlarged.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Vote for Bream, 33.5 cm, by Mia Fisher' }).click();
    const confirm = phone.page.getByRole('dialog', { name: 'Vote for this photo?' });
    await confirm.waitFor();
    expect(await phoneProblems(phone.page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Vote' }).click();
    await card.getByText('Your vote', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /^Vote for/ }).count()).toBe(0);
    await phone.shot('voted');
    expect(phone.problems).toEqual([]);
  });

  it('the committee seals the mystery fish on a 360 px phone, sees only that it is sealed, and reveals it once fishing has closed', async () => {
    const today = clubToday(t.clock.now());
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Harbour Mystery Day',
      location: 'Jack Evans Boat Harbour',
      eventDate: `${today}T00:02`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const gary = await activeMemberClient(t, 'gary.walsh@example.com', { firstName: 'Gary', lastName: 'Walsh' });
    await approvedCatch(event.id, gary.memberId, 'Flathead', '51', '#2f5f4f');

    const phone = await openPage(browser, 'mystery-fish-phone', SMALL_PHONE);
    await followLink(phone.page, await loginLink(t, ADMIN));
    await phone.page.waitForURL('**/member');
    await phone.page.goto(`${t.baseUrl}/admin`);
    await phone.page.getByRole('button', { name: 'Mystery fish of Harbour Mystery Day' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Mystery fish: Harbour Mystery Day' });
    await dialog.getByText('No mystery fish is set for Harbour Mystery Day yet.').waitFor();
    await dialog.getByLabel('Species').selectOption('Flathead');
    await dialog.getByLabel('Length', { exact: true }).fill('50');
    await phone.shot('seal-form');
    expect(await phoneProblems(phone.page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Seal mystery fish' }).click();
    await dialog.getByText(/^Sealed \(set by Sue Secretary at /).waitFor();
    // Nothing of the fish is left on screen, the form included.
    expect(await dialog.textContent()).not.toMatch(/50 cm/);
    expect(await dialog.getByLabel('Length', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Reveal mystery fish' }).isDisabled()).toBe(true);
    await phone.shot('sealed');
    await expectAccessible(phone.page, 'mystery fish dialog on a phone');
    expect(await overflows(phone.page)).toBe(false);

    // The presentation, after fishing has closed (the site's and the phone's clocks moved on a day).
    t.clock.advance(24 * 3600_000);
    await phone.page.clock.setFixedTime(t.clock.now());
    await phone.page.reload();
    await phone.page.getByRole('button', { name: 'Mystery fish of Harbour Mystery Day' }).click();
    await dialog.getByRole('button', { name: 'Reveal mystery fish' }).click();
    const confirm = phone.page.getByRole('dialog', { name: 'Reveal the mystery fish?' });
    await confirm.getByRole('button', { name: 'Reveal' }).click();
    await dialog.getByText('Revealed: Flathead, 50 cm').waitFor();
    await dialog.getByText(/^Winner: Gary Walsh, 51 cm/).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await phone.shot('revealed');
    expect(await phoneProblems(phone.page, '[role="dialog"]')).toEqual([]);
    expect(phone.problems).toEqual([]);
  });
});
