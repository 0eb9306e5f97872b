import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Member } from '../../src/server/db/entities';
import { catchPhoto, randomSource } from '../../src/server/demo/demo-images';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { requiredDocuments } from '../../src/shared/documents';
import { ADMIN_TABS } from '../../src/shared/tab-search';
import { clubToday, instantToClubLocal, setClubZone } from '../../src/shared/dates';
import { FakePayPal } from '../support/fake-paypal';
import { linkIn } from '../support/mime';
import {
  BAY_AREA,
  BAY_AREA_GEOJSON,
  BAY_CLUB,
  BAY_COMPETITION,
  BAY_MEMBERSHIP,
  REDCLIFFE_JETTY,
  TWEED_RIVER_MOUTH,
} from '../support/second-club';
import { keptLog } from '../support/setup-notice';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';
import { expectAccessible, followLink, launchBrowser, loginLink, openPage, phoneProblems, SMALL_PHONE } from './browser';

// A made-up club in another state, set up from an empty site through its own pages: Moreton Bay in Queensland, on
// Brisbane's clocks, with its own fees, rules and fishing area. A visitor joins and pays through PayPal, fishes a club
// day, is placed in the results and reads the newsletter; nothing anyone sees, receives or downloads names the Tweed.

/** The species of the day's catches: on Queensland's list, not on the example club's. */
const SPECIES = 'Grass Emperor';
/** What the example club's name and country leave behind when a setting is not yet the club's own. */
const TWEED = /tweed|tumbulgum/i;
const ADMIN = { firstName: 'Sue', lastName: 'Secretary', email: 'secretary@baysportfishers.example' };
const MEMBER = { firstName: 'Ray', lastName: 'Scarborough', email: 'ray.scarborough@example.com' };
/** The club's logo, at an address of its own (served to the browser below). */
const LOGO_URL = 'https://baysportfishers.example/logo.png';

let t: TestApp;
let browser: Browser;
let logo: Buffer;
const paypal = new FakePayPal();
const log = keptLog();
let code: string;

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    browser: true,
    smtp: true,
    logStream: log.logStream,
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
      NEWSLETTER_SENDS_PER_SECOND: '10',
    },
  });
  // The club day below fishes from midnight to 23:59 on Brisbane's clocks: late in its evening, the site's clock
  // (and every page's) is three hours on, in the next day.
  if (Number(instantToClubLocal(t.clock.now(), BAY_CLUB.timeZone).slice(11, 13)) >= 22) t.clock.advance(3 * 3600_000);
  browser = await launchBrowser();
  logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: BAY_CLUB.colours.primary } })
    .png()
    .toBuffer();
  ({ code } = await log.setupNotice());
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await paypal.stop();
  // The club's zone is the process's: the next app on this worker starts from the example club's.
  setClubZone('Australia/Sydney');
});

/**
 * PayPal's JavaScript SDK as the browser gets it, answered on the phone itself: its button opens no window, the buyer
 * approves at once in the fake PayPal, and the page then captures the order through the site as with PayPal's own.
 */
const PAYPAL_SDK = `
window.paypal = {
  async createInstance() {
    return {
      async findEligibleMethods() { return { isEligible: (method) => method === 'paypal' }; },
      createPayPalOneTimePaymentSession(callbacks) {
        return {
          async start(_mode, order) {
            const { orderId } = await order;
            await window.approveInFakePayPal(orderId);
            await callbacks.onApprove({ orderId });
          },
          destroy() {},
        };
      },
    };
  },
};
if (!customElements.get('paypal-button'))
  customElements.define('paypal-button', class extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      this.attachShadow({ mode: 'open' }).innerHTML =
        '<button type="button" style="width:100%;min-height:48px;font-size:16px">Pay with PayPal</button>';
    }
  });
`;

/** A page of the journey, on a 360 px phone unless told, with the club's logo and PayPal's script answered. */
async function bayPage(journey: string, viewport = SMALL_PHONE) {
  const opened = await openPage(browser, journey, viewport);
  if (t.clock.now().getTime() - Date.now() > 60_000) await opened.context.clock.setSystemTime(t.clock.now());
  await opened.context.route(LOGO_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: logo }));
  await opened.context.route('https://www.sandbox.paypal.com/web-sdk/v6/core**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: PAYPAL_SDK }),
  );
  await opened.page.exposeFunction('approveInFakePayPal', (orderId: string) => paypal.approve(orderId));
  return opened;
}

/** Each place the example club's name shows in `text`, with a few words either side. */
function tweedIn(text: string): string[] {
  return [...text.matchAll(new RegExp(TWEED.source, 'gi'))].map((m) =>
    text
      .slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * What a person sees on the page once it has loaded and they have read it to the foot (parts load as they come near):
 * its title and its visible text.
 */
async function seen(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  for (let pass = 0; pass < 2; pass++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.locator('.mantine-Loader-root:visible').count(), { timeout: 15_000, message: `still loading: ${page.url()}` })
      .toBe(0);
  }
  return `${await page.title()}\n${await page.evaluate(() => document.body.innerText)}`;
}

/** Signs a fresh API client in through the e-mailed sign-in link, as the person's own browser would. */
async function signedIn(email: string): Promise<TestClient> {
  const client = t.client();
  const token = new URL(await loginLink(t, email)).searchParams.get('token')!;
  await client.trpc.auth.verifyToken.mutate({ token, purpose: 'sign_in' });
  return client;
}

/** The text of a PDF answer. */
async function pdfText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** A CSV answer's text. */
async function csvText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return res.text();
}

let admin: TestClient;
let member: TestClient;
let memberId: string;
let eventId: string;
let insideCatch: string;
let outsideCatch: string;
const adminPhone = () => adminSession!;
let adminSession: Awaited<ReturnType<typeof bayPage>> | undefined;

describe('a second club: Moreton Bay, Queensland', () => {
  it('is set up on a 360 px phone through the setup page: its profile, memberships, competitions, fishing area and first administrator', async () => {
    adminSession = await bayPage('second-club-setup');
    const { page, shot } = adminSession;
    await page.goto(`${t.baseUrl}/setup`);
    await page.getByLabel(/^Setup code/).waitFor();
    await page.getByLabel(/^Setup code/).fill(code);

    // The club.
    await page.getByLabel(/^Club name/).fill(BAY_CLUB.name);
    await page.getByLabel(/^Short name/).fill(BAY_CLUB.shortName);
    await page.getByLabel(/^Town/).fill(BAY_CLUB.town);
    await page.getByLabel(/^State/).selectOption(BAY_CLUB.state);
    await page.getByLabel(/^Region/).fill(BAY_CLUB.area);
    await page.getByLabel(/^Local name/).fill(BAY_CLUB.localName);
    await page.getByLabel(/^Time zone/).selectOption(BAY_CLUB.timeZone);
    await page.getByLabel(/^Committee e-mail/).fill(BAY_CLUB.contactEmail);
    await page.getByLabel(/^ABN/).fill('51 824 753 556');
    await page.getByLabel(/^Association number/).fill(BAY_CLUB.associationNumber);
    await page.getByLabel('The club is registered for GST').setChecked(BAY_CLUB.gstRegistered);
    await page.getByLabel(/^Logo address/).fill(LOGO_URL);
    for (const [label, colour] of [
      ['Main colour', BAY_CLUB.colours.primary],
      ['Dark colour', BAY_CLUB.colours.primaryDark],
      ['Accent colour', BAY_CLUB.colours.accent],
      ['Background colour', BAY_CLUB.colours.sand],
    ]) {
      await page.getByLabel(new RegExp(`^${label}`)).fill(colour);
      await page.keyboard.press('Escape');
    }
    await shot('setup-club');

    // Its memberships, typed as the committee has them.
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    await page.getByLabel(/^Adult fee/).fill(dollars(BAY_MEMBERSHIP.feesCents.adult));
    await page.getByLabel(/^Junior fee/).fill(dollars(BAY_MEMBERSHIP.feesCents.junior));
    await page.getByLabel(/^Family fee/).fill(dollars(BAY_MEMBERSHIP.feesCents.family));
    await page.getByLabel(/^Adults in a family/).fill(String(BAY_MEMBERSHIP.familyLimits.adults));
    await page.getByLabel(/^Juniors in a family/).fill(String(BAY_MEMBERSHIP.familyLimits.juniors));
    await page.getByLabel(/^Juniors are under/).fill(String(BAY_MEMBERSHIP.juniorUnder));
    await page.getByLabel('A fixed year starting on').check();
    await page.getByLabel(/^Day/).selectOption('01');
    await page.getByLabel(/^Month/).selectOption('07');
    await page.getByText('Memberships run', { exact: false }).scrollIntoViewIfNeeded();
    await shot('setup-memberships');

    // Its competitions: the fees, the day's times, and the bay's open water allowed.
    const fees = BAY_COMPETITION.entryFeesCents;
    await page.getByLabel(/^Member entry fee/).fill(dollars(fees.member));
    await page.getByLabel(/^Non-member entry fee/).fill(dollars(fees.nonMember));
    await page.getByLabel(/^Junior entry fee/).fill(dollars(fees.junior!));
    await page.getByLabel(/^Sign-on hours/).fill(String(BAY_COMPETITION.times.signOnHours));
    await page.getByLabel(/^Fishing starts/).fill(BAY_COMPETITION.times.fishingStart);
    await page.getByLabel(/^Fishing ends/).fill(BAY_COMPETITION.times.fishingEnd);
    await page.getByLabel(/^Presentation/).fill(BAY_COMPETITION.times.presentation);
    // The first place's prize and points, the Bay's own.
    const [first] = BAY_COMPETITION.placePrizes;
    await page.getByLabel('1st place: amount').fill(dollars(first.cents));
    await page.getByLabel('1st place: what it is').fill(first.text);
    await page.getByLabel('1st place points').fill(String(BAY_COMPETITION.championPoints[0]));
    const offshore = page.getByRole('switch', { name: /^Offshore fishing allowed/ });
    if (!(await offshore.isChecked())) await offshore.check();
    await offshore.scrollIntoViewIfNeeded();
    await shot('setup-competitions');

    // Its species: Queensland's list and legal sizes.
    await page.getByLabel(/^Legal sizes of/).selectOption('QLD');
    await page.getByRole('button', { name: 'Use QLD’s list' }).click();
    await page.getByRole('group', { name: SPECIES }).scrollIntoViewIfNeeded();
    await shot('setup-species');

    // Its fishing area, pasted as a mapping tool saved it: the map then shows it.
    await page.getByLabel(/^New fishing area \(GeoJSON\)/).fill(BAY_AREA_GEOJSON);
    await page.getByText('The area given:', { exact: false }).waitFor();
    await page.getByText('The area given:', { exact: false }).scrollIntoViewIfNeeded();
    await shot('setup-fishing-area');

    // The first administrator.
    await page.getByLabel(/^First name/).fill(ADMIN.firstName);
    await page.getByLabel(/^Last name/).fill(ADMIN.lastName);
    await page.getByLabel(/^Email/).fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill('a long enough password');
    await shot('setup-filled');
    await expectAccessible(page, 'the setup page, filled in');
    expect(await phoneProblems(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Set up and sign in' }).click();

    await page.waitForURL('**/admin**');
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    await page.getByRole('banner').getByText(BAY_CLUB.name).first().waitFor();
    expect(await page.title()).toBe(BAY_CLUB.name);
    // The logo given, beside the name.
    const shown = page.getByRole('banner').locator(`img[src="${LOGO_URL}"]`).first();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await shot('administration');

    // Everything typed is the club's now.
    const anyone = t.client();
    expect(await anyone.trpc.club.profile.query()).toEqual({ ...BAY_CLUB, logoUrl: LOGO_URL });
    expect(await anyone.trpc.club.membership.query()).toEqual(BAY_MEMBERSHIP);
    expect(await anyone.trpc.club.competition.query()).toMatchObject({
      entryFeesCents: BAY_COMPETITION.entryFeesCents,
      times: BAY_COMPETITION.times,
      offshoreAllowed: true,
    });
    expect((await anyone.trpc.club.competition.query()).placePrizes[0]).toEqual(BAY_COMPETITION.placePrizes[0]);
    expect((await anyone.trpc.club.competition.query()).championPoints[0]).toBe(BAY_COMPETITION.championPoints[0]);
    const species = await anyone.trpc.club.species.query();
    expect(species.state).toBe('QLD');
    expect(species.species.find((s) => s.name === SPECIES)).toMatchObject({ minimumCm: 30, countsForPoints: true });
    admin = await signedIn(ADMIN.email);
    const area = await admin.trpc.admin.fishingArea.get.query();
    expect(area.isExample).toBe(false);
    expect(area.area).toEqual(BAY_AREA);
    expect(adminSession.problems).toEqual([]);
  });

  it('a visitor joins from the landing page on a 360 px phone and pays the $55.00 adult fee through PayPal; the receipt names the Bay club', async () => {
    const { page, problems, shot } = await bayPage('second-club-join');
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Join Our Club Today' }).click();
    const form = page.getByRole('dialog', { name: 'Join the Club' });
    await form.getByLabel('First Name').fill(MEMBER.firstName);
    await form.getByLabel('Last Name').fill(MEMBER.lastName);
    await form.getByLabel('Email Address').fill(MEMBER.email);
    await form.getByLabel('Phone Number').fill('0433 222 111');
    await form.getByLabel(/^Address/).fill('12 Marine Pde, Redcliffe QLD 4020');
    await form.getByLabel('Date of Birth').fill('1979-10-02');
    await form.getByLabel('Gender').selectOption('male');
    await form.getByLabel('Shirt Size').selectOption('XL');
    await form.getByLabel('Membership Type').selectOption('adult');
    await form.getByLabel('I accept the terms and conditions').check();
    // Each club document read, then accepted: what it says is kept to look for the Tweed below.
    for (const doc of requiredDocuments(EXAMPLE_CLUB_DOCUMENTS)) {
      const card = form
        .getByRole('group', { name: 'Club documents' })
        .locator('.mantine-Card-root')
        .filter({ has: page.getByText(doc.title, { exact: true }) });
      await card.getByRole('button', { name: 'Read Document' }).click();
      const panel = page.getByRole('dialog', { name: doc.title });
      await panel.getByRole('button', { name: 'Close', exact: true }).waitFor();
      documentTexts.set(doc.title, await panel.innerText());
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await panel.waitFor({ state: 'hidden' });
      const toggle = card.getByRole('button', { name: /^(Accept Required|Accepted)$/ });
      if ((await toggle.textContent()) !== 'Accepted') await toggle.click();
      await card.getByRole('button', { name: 'Accepted' }).waitFor();
    }
    // The Bay's adult fee, not the example club's.
    await form.getByText('Total to pay: $55.00 AUD').waitFor();
    await form.getByRole('button', { name: 'Submit and Pay' }).scrollIntoViewIfNeeded();
    await shot('join-form');
    await expectAccessible(page, 'the join form on a phone');
    expect(await phoneProblems(page, '[role="dialog"]')).toEqual([]);
    await form.getByRole('button', { name: 'Submit and Pay' }).click();

    const pay = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await pay.getByText('$55.00 AUD').waitFor();
    const button = pay.getByRole('button', { name: 'Pay with PayPal' });
    await button.waitFor();
    await shot('payment');
    await expectAccessible(page, 'the payment dialog on a phone');
    await button.click();
    await pay.getByText('Payment Successful!').waitFor();
    await shot('payment-successful');
    // PayPal was asked for $55.00, and took it.
    const [order] = [...paypal.orders.values()];
    expect(order.amount).toEqual({ currency_code: 'AUD', value: '55.00' });
    expect(order.status).toBe('COMPLETED');

    const joined = await t.em().findOneOrFail(Member, { email: MEMBER.email });
    expect(joined.status).toBe('active');
    memberId = joined.id;
    const receipt = await t.mail.waitFor(MEMBER.email, 1);
    expect(receipt.subject).toBe(`Receipt: ${BAY_CLUB.name} membership fee $55.00`);
    expect(receipt.text).toContain(BAY_CLUB.name);

    // The receipt's link signs them in to the portal: an active member of the Bay club.
    await pay.getByRole('button', { name: 'Continue' }).click();
    await followLink(page, linkIn(receipt));
    await page.waitForURL('**/member');
    await page.getByText('Active Member').waitFor();
    await shot('portal-active');
    await expectAccessible(page, 'the portal on a phone');
    expect(await phoneProblems(page, 'main')).toEqual([]);
    memberSession = { page, problems, shot };
    member = await signedIn(MEMBER.email);
  });

  it('a club day today: the member enters and logs two catches; the judge keeps the one at Redcliffe and rejects the one at the Tweed; the results place the member first', async () => {
    const today = clubToday(t.clock.now(), BAY_CLUB.timeZone);
    // Fishing all day, so the catches are logged whenever the test runs (see beforeAll for late evenings).
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Redcliffe Jetty Flathead Day',
      location: 'Redcliffe Jetty',
      description: `A day on ${BAY_CLUB.localName} for the club's flathead.`,
      eventDate: `${today}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
      entriesCloseAt: `${today}T23:58`,
      // As the event form fills it in: the club's member entry fee.
      memberFee: (BAY_COMPETITION.entryFeesCents.member / 100).toFixed(2),
    });
    eventId = event.id;

    // The member enters and pays the Bay's member entry fee through PayPal.
    const entered = await member.trpc.entries.enter.mutate({ id: eventId, payAtSignOn: false });
    expect(entered.amountDue).toBe('12.00');
    const entryOrder = await member.trpc.entries.createOrder.mutate({ id: eventId });
    paypal.approve(entryOrder.id);
    expect((await member.trpc.entries.capture.mutate({ orderId: entryOrder.id })).status).toBe('COMPLETED');

    const rng = randomSource(4020);
    const logged = async (at: { lat: number; lng: number }, sizeCm: number) => {
      const photo = await catchPhoto({
        species: SPECIES,
        sizeCm,
        clubCode: null,
        rng,
        exif: {
          camera: ['Google', 'Pixel 9'],
          takenAtLocal: `${instantToClubLocal(t.clock.now(), BAY_CLUB.timeZone)}:00`,
          lat: at.lat,
          lng: at.lng,
        },
      });
      const form = new FormData();
      for (const [k, v] of Object.entries({
        fishType: SPECIES,
        size: String(sizeCm),
        fishKeptOrReleased: 'released',
        eventId,
        memberId,
        rulesWaiverAccepted: 'true',
        dataAccuracyAcknowledged: 'true',
        gpsCoordinates: `${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}`,
      }))
        form.set(k, v);
      form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
      const res = await member.fetch('/api/catches', { method: 'POST', body: form });
      const body = (await res.json()) as { catch: { id: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.catch.id;
    };
    insideCatch = await logged(REDCLIFFE_JETTY, 52);
    // The longer fish, but at the Tweed's river mouth: far outside the Bay's area.
    outsideCatch = await logged(TWEED_RIVER_MOUTH, 61);

    const queue = await admin.trpc.admin.catches.queue.query({ eventId });
    expect(queue.find((c) => c.id === insideCatch)?.flags).toEqual([]);
    // The flag's name is historical: it means outside the club's own fishing area.
    expect(queue.find((c) => c.id === outsideCatch)?.flags).toEqual(['phone_outside_area', 'photo_outside_area']);

    // The judge on the phone sees the flagged catch in words.
    const { page, shot } = adminPhone();
    await page.goto(`${t.baseUrl}/admin?tab=judging`);
    const flagged = page.getByTestId('judge-catch').filter({ hasText: '61' });
    await flagged.waitFor();
    await shot('judging');
    await expectAccessible(page, 'judging on a phone');
    expect(await phoneProblems(page, '[role="tabpanel"]')).toEqual([]);
    await admin.trpc.admin.catches.judge.mutate({ action: 'approve', id: insideCatch });
    await admin.trpc.admin.catches.judge.mutate({
      action: 'reject',
      id: outsideCatch,
      reason: 'Caught outside the club’s fishing area.',
    });

    const results = await t.client().trpc.catches.results.query({ id: eventId });
    const category = results.categories.find((c) => c.species === SPECIES && c.division === 'open');
    expect(category?.placings).toMatchObject([
      {
        place: 1,
        anglerName: `${MEMBER.firstName} ${MEMBER.lastName}`,
        size: 52,
        catchId: insideCatch,
        points: 5,
        prize: BAY_COMPETITION.placePrizes[0].text,
      },
    ]);

    // The results in the browser: the event's live board, on a visitor's phone.
    const visitor = await bayPage('second-club-results');
    await visitor.page.goto(`${t.baseUrl}/events/${eventId}/live`);
    const board = visitor.page.getByRole('table', { name: `Open ${SPECIES} results` });
    await board.getByRole('row', { name: new RegExp(`1st ${MEMBER.firstName} ${MEMBER.lastName} 52`) }).waitFor();
    expect(await board.getByText('61').count()).toBe(0);
    await visitor.shot('live-results');
    await expectAccessible(visitor.page, 'the results on a phone');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('a newsletter the committee sends reaches the member, in the Bay club’s name', async () => {
    const draft = await admin.trpc.admin.newsletters.create.mutate({
      subject: 'Flathead on the Bay',
      bodyHtml: '<p>The flathead were on at the Redcliffe jetty. Well done Ray on the winning fish.</p>',
      segment: { kind: 'current' },
    });
    await admin.trpc.admin.newsletters.send.mutate({ id: draft.id });
    const mail = await vi.waitFor(
      () => {
        const got = t.mail.to(MEMBER.email).find((m) => m.subject === 'Flathead on the Bay');
        if (!got) throw new Error('No newsletter yet');
        return got;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(mail.text).toContain('The flathead were on at the Redcliffe jetty.');
    expect(`${mail.text}\n${mail.html}`).toContain(BAY_CLUB.name);
  });

  it('never names the Tweed: in the pages a visitor, the member and the committee see, every e-mail, the receipt, the reports and the exports', async () => {
    const found: Record<string, string[]> = {};
    let resourcesText = '';
    const look = (where: string, text: string) => {
      const hits = tweedIn(text);
      if (hits.length) found[where] = hits;
    };

    // A visitor's pages, on a phone.
    const visitor = await bayPage('second-club-visitor');
    const visits: [string, string][] = [
      ['landing', '/'],
      ['public home', '/public'],
      ['sponsor', '/sponsor'],
      ['events (no such page: the not-found page)', '/events'],
      ['event page', `/events/${eventId}`],
      ['live results', `/events/${eventId}/live`],
    ];
    for (const [where, path] of visits) {
      await visitor.page.goto(`${t.baseUrl}${path}`);
      if (path === '/public') {
        await visitor.page.getByRole('heading', { name: 'Competition Results' }).scrollIntoViewIfNeeded();
        await visitor.page
          .getByRole('table', { name: `${SPECIES} results` })
          .first()
          .waitFor();
      }
      look(`visitor: ${where}`, await seen(visitor.page));
      if (path === '/public') {
        // The Bay club's home on a phone, read to its foot: the results board with the member first.
        await visitor.shot('public-home');
        await expectAccessible(visitor.page, 'the public home on a phone');
        expect(await phoneProblems(visitor.page, 'main')).toEqual([]);
      }
    }
    await visitor.page.goto(`${t.baseUrl}/events/${eventId}`);
    await visitor.page.getByRole('heading', { name: 'Redcliffe Jetty Flathead Day' }).waitFor();
    await visitor.shot('event-page');
    await expectAccessible(visitor.page, 'the event page on a phone');
    expect(await phoneProblems(visitor.page, 'main')).toEqual([]);

    // The member's portal, every tab.
    const { page: portal, shot: portalShot } = memberSession!;
    for (const tab of ['dashboard', 'events', 'catches', 'resources', 'profile', 'fish-logging', 'card', 'documents', 'chat']) {
      await portal.goto(`${t.baseUrl}/member?tab=${tab}`);
      const text = await seen(portal);
      if (tab === 'resources') resourcesText = text;
      look(`member portal: ${tab}`, text);
    }
    await portal.goto(`${t.baseUrl}/member?tab=resources`);
    await seen(portal);
    await portalShot('portal-resources');
    for (const [title, text] of documentTexts) look(`join form: club document '${title}'`, text);
    // Queensland's law and the Bay's own rules, never New South Wales's or the example club's.
    expect(resourcesText).toContain('Queensland has no general recreational fishing licence');
    expect(resourcesText).not.toMatch(/NSW/);
    expect(documentTexts.get('Code of Conduct')).toContain('QLD fishery laws');
    expect(documentTexts.get('Club Competition Rules')).toContain('Entry fee: $12 per entrant, $20 for non-members, $5 for juniors.');
    expect(documentTexts.get('Club Competition Rules')).toContain(SPECIES);
    expect(documentTexts.get('Club Competition Rules')).toContain(
      'Fishing only within Moreton Bay. Offshore fishing is allowed within the fishing area.',
    );

    // The committee's administration, every tab.
    const { page: desk, shot: deskShot } = adminPhone();
    await desk.goto(`${t.baseUrl}/admin`);
    look('admin: overview', await seen(desk));
    for (const tab of ADMIN_TABS) {
      await desk.goto(`${t.baseUrl}/admin?tab=${tab}`);
      look(`admin: ${tab}`, await seen(desk));
    }
    await desk.goto(`${t.baseUrl}/admin?tab=club`);
    await seen(desk);
    await deskShot('club-settings');
    await expectAccessible(desk, 'club settings on a phone');
    expect(await phoneProblems(desk, 'main')).toEqual([]);

    // Every e-mail sent: subject, text and HTML.
    expect(t.mail.messages.length).toBeGreaterThan(3);
    for (const mail of t.mail.messages)
      look(`e-mail to ${mail.to.join(', ')}: '${mail.subject}'`, `${mail.subject}\n${mail.text}\n${mail.html}`);

    // The member's receipt, the reports and the exports.
    const [payment] = await member.trpc.memberPayments.history.query();
    look('receipt PDF', await pdfText(await member.fetch(payment.receiptUrl!)));
    look('financial report PDF', await pdfText(await admin.fetch('/api/admin/reports/financial.pdf')));
    const resultsPdf = await pdfText(await admin.fetch(`/api/admin/reports/events/${eventId}/results.pdf`));
    // The club's champion points: the Bay's first place (5), the example's second and third as the setup left them.
    expect(resultsPdf).toContain('champion points 5, 2 and 1');
    look('event results PDF', resultsPdf);
    look('accounting CSV', await csvText(await admin.fetch('/api/admin/export/accounting.csv')));
    look('members CSV', await csvText(await admin.fetch('/api/admin/export/members')));
    look('membership report CSV', await csvText(await admin.fetch('/api/admin/reports/membership.csv')));

    expect(found).toEqual({});
  });
});

const documentTexts = new Map<string, string>();
let memberSession: { page: Page; problems: string[]; shot: (name: string) => Promise<void> } | undefined;
