import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event, Member } from '../../src/server/db/entities';
import { DEMO_LOGINS } from '../../src/server/demo/seed';
import { logCatch } from '../support/factories';
import type { TestApp, TestClient } from '../support/test-app';
import { startDemoClub } from './demo-club';
import { ARTIFACTS, expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

const CLUB_DAY = 'Club Day at Jack Evans Boat Harbour';

let t: TestApp;
let browser: Browser;
let demo: Awaited<ReturnType<typeof startDemoClub>>;

/**
 * The demo club as of 6:30 am today (club time): this morning's club day has started, its sign-on runs until 8 am, and
 * no catch is logged yet. The site's clock runs on from that moment.
 */
beforeAll(async () => {
  demo = await startDemoClub('06:30');
  t = demo.t;
  browser = await launchBrowser();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function signedIn(login: { email: string; password: string }): Promise<TestClient> {
  const client = t.client();
  await client.trpc.auth.login.mutate(login);
  return client;
}

describe('a family on a 360 px phone', () => {
  it("Daniel Nguyen enters Ethan and Chloe in today's club day with 'Enter with my juniors', and they fish in the Juniors division", async () => {
    const admin = await signedIn(DEMO_LOGINS.admin);
    const clubDay = await t.em().findOneOrFail(Event, { name: CLUB_DAY });
    // The day filled up overnight; on the morning the committee takes everyone who comes.
    const event = (await admin.trpc.admin.events.list.query()).find((e) => e.id === clubDay.id)!;
    await admin.trpc.admin.events.update.mutate({
      id: event.id,
      event: {
        name: event.name,
        location: event.location,
        eventDate: event.eventDateLocal,
        description: event.description,
        rules: event.rules,
        prizes: event.prizes,
        memberFee: event.memberFee,
        maxParticipants: null,
      },
    });

    const { page, problems, shot } = await openPage(browser, 'family-entries-phone', SMALL_PHONE);
    await followLink(page, await loginLink(t, DEMO_LOGINS.member.email));
    await page.waitForURL('**/member');
    await page.goto(`${t.baseUrl}/member?tab=events`);
    const card = page.getByTestId('available-event').filter({ hasText: CLUB_DAY });
    // Daniel entered himself last week: his Family membership's juniors can still be entered.
    await card.getByText('Registered', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enter with my juniors' }).click();
    const dialog = page.getByRole('dialog', { name: `Enter ${CLUB_DAY}` });
    await dialog.getByLabel('Ethan Nguyen (junior)').waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(2);
    expect(await dialog.getByLabel('Chloe Nguyen (junior)').isChecked()).toBe(true);
    await shot('enter-with-my-juniors');
    // The dialog fills the phone's screen: a picture of the screen as Daniel sees it.
    await page.screenshot({ path: path.join(ARTIFACTS, 'family-entries-phone', 'dialog-as-seen.png') });
    await expectAccessible(page, 'enter with my juniors');
    await expect.poll(() => phoneProblems(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Enter 2 people' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const entries = page.getByTestId('registered-event').filter({ hasText: CLUB_DAY });
    await entries.filter({ hasText: 'Entrant: Ethan Nguyen · Juniors division' }).waitFor();
    await entries.filter({ hasText: 'Entrant: Chloe Nguyen · Juniors division' }).waitFor();
    // Juniors fish free at club days: nothing to pay for them.
    expect(await entries.filter({ hasText: 'Chloe Nguyen' }).getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await entries.filter({ hasText: 'Ethan Nguyen' }).scrollIntoViewIfNeeded();
    await shot('juniors-entered');
    expect(await phoneProblems(page, 'main')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // From the water: Daniel logs a catch for each of them, the judge approves, and the live board places them in Juniors.
    const daniel = await signedIn(DEMO_LOGINS.member);
    for (const [firstName, fishType] of [
      ['Ethan', 'Bream'],
      ['Chloe', 'Whiting'],
    ]) {
      const junior = await t.em().findOneOrFail(Member, { firstName, lastName: 'Nguyen' });
      const id = await logCatch(t, daniel, {
        eventId: clubDay.id,
        memberId: junior.id,
        fishType,
        size: '29',
        gps: '-28.170612, 153.543201',
      });
      await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
    }
    await page.goto(`${t.baseUrl}/events/${clubDay.id}/live`);
    const juniors = page.getByTestId('results-division').filter({ has: page.getByRole('heading', { name: 'Juniors', exact: true }) });
    await juniors.getByRole('table', { name: 'Juniors Bream results' }).getByText('Ethan Nguyen').waitFor();
    await juniors.getByRole('table', { name: 'Juniors Whiting results' }).getByText('Chloe Nguyen').waitFor();
    await shot('live-board-juniors');
    expect(await phoneProblems(page, 'main')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
  }, 180_000);
});
