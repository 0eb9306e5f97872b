import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment } from '../../src/server/db/entities';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import type { ClubProfile } from '../../src/shared/club-profile';
import { clubTimeZone } from '../../src/shared/dates';
import { createAdmin, createEvent, createMember } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/** Another club than the example: another name, state, time zone (no daylight saving), ABN and GST standing. */
const MORETON_BAY: ClubProfile = {
  name: 'Moreton Bay Anglers Club',
  shortName: 'Moreton Bay Anglers',
  town: 'Redcliffe',
  area: 'Moreton Bay',
  localName: 'the Bay',
  state: 'QLD',
  timeZone: 'Australia/Brisbane',
  contactEmail: 'committee@moretonbayanglers.example',
  abn: '51824753556',
  gstRegistered: true,
  associationNumber: 'IA12345',
  logoUrl: '',
  colours: { primary: '#2b8a3e', primaryDark: '#1b4d2b', accent: '#f08c00', sand: '#f4f1e8' },
};

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  admin = (await createAdmin(t, { email: 'secretary@club.test' })).client;
  await admin.trpc.admin.club.saveProfile.mutate(MORETON_BAY);
});
afterAll(async () => {
  // The club's zone is the process's: the next app on this worker starts from the example club's.
  await admin?.trpc.admin.club.saveProfile.mutate(EXAMPLE_CLUB_PROFILE);
  await t?.close();
});

async function pdfText(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** The lines of a calendar file, unfolded (RFC 5545 §3.1). */
const icsLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('what the site prints and serves, after the committee saves another club’s profile', () => {
  it('moves the process’s clock to the club’s zone', () => {
    expect(clubTimeZone()).toBe('Australia/Brisbane');
  });

  it('names the club in an event’s calendar file', async () => {
    const event = await createEvent(t, { name: 'Bay Bream Bash', location: 'Scarborough boat ramp' });
    const lines = icsLines(await (await t.client().fetch(`/api/events/${event.id}/calendar.ics`)).text());
    expect(lines).toContain('PRODID:-//Moreton Bay Anglers Club//Club website//EN');
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toMatch(/^ORGANIZER;CN=Moreton Bay Anglers Club:mailto:/);
    expect(lines.filter((l) => l.includes(EXAMPLE_CLUB_PROFILE.name))).toEqual([]);
  });

  it('keeps a member’s calendar subscription on the club’s name and time zone', async () => {
    await createEvent(t, { name: 'Bay Flathead Classic' });
    const { client } = await createMember(t);
    const feed = await client.trpc.calendarFeed.mine.query();
    const lines = icsLines(await (await t.client().fetch(new URL(feed.httpsUrl).pathname)).text());
    for (const line of [
      'PRODID:-//Moreton Bay Anglers Club//Club website//EN',
      'X-WR-CALNAME:Moreton Bay Anglers Club',
      'X-WR-TIMEZONE:Australia/Brisbane',
      'TZID:Australia/Brisbane',
    ])
      expect(lines).toContain(line);
    // The factory's event starts at 07:00 on the club's clocks, Brisbane's now.
    const start = lines.find((l) => l.startsWith('DTSTART;TZID='))!;
    expect(start).toMatch(/^DTSTART;TZID=Australia\/Brisbane:\d{8}T070000$/);
    expect(lines.join('\n')).not.toContain('Australia/Sydney');
    expect(lines.join('\n')).not.toContain('Tweed Coast');
  });

  it('prints a tax invoice with the club’s name, its ABN and its GST line', async () => {
    const { client } = await createMember(t);
    const [payment] = await client.trpc.memberPayments.history.query();
    const text = await pdfText(await client.fetch(payment.receiptUrl!));
    for (const part of [
      'Moreton Bay Anglers Club',
      'ABN 51 824 753 556',
      'Tax invoice number:',
      'Prices include GST.',
      'GST included in the total',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Tweed');
  });

  it('heads and foots a report with the club’s name, and counts its months on the club’s clocks', async () => {
    const em = t.em();
    // 31 January 23:30 in Brisbane; already 1 February in Sydney (daylight time).
    em.create(Payment, {
      kind: 'membership',
      purpose: null,
      household: null,
      createdBy: null,
      description: 'Adult membership',
      payee: 'Robin Redcliffe',
      amountCents: 4000,
      currency: 'AUD',
      provider: 'demo',
      providerOrderId: 'ORDER-BAY-1',
      providerCaptureId: 'CAPTURE-BAY-1',
      status: 'completed',
      capturedAt: new Date('2027-01-31T13:30:00Z'),
      rawResponse: null,
    });
    await em.flush();
    const csv = await (await admin.fetch('/api/admin/reports/financial.csv?from=2027-01-01&to=2027-02-28')).text();
    expect(csv).toContain('2027-01,40.00,0.00,0.00,40.00');
    const accounting = await (await admin.fetch('/api/admin/export/accounting.csv?from=2027-01-01&to=2027-02-28')).text();
    expect(accounting).toContain('31/01/2027,40.00,Robin Redcliffe');

    const text = await pdfText(await admin.fetch('/api/admin/reports/financial.pdf?from=2027-01-01&to=2027-02-28'));
    expect(text).toContain('Moreton Bay Anglers Club');
    expect(text).toContain('Financial Summary');
    expect(text).toContain('Jan 2027');
    expect(text).not.toContain('Tweed');
  });

  it('serves the web app manifest with the club’s name, short name and colour', async () => {
    const res = await t.client().fetch('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Moreton Bay Anglers Club',
      short_name: 'Moreton Bay Anglers',
      theme_color: '#2b8a3e',
      display: 'standalone',
      start_url: '/member?from=home-screen',
    });
    expect(JSON.stringify(manifest)).not.toContain('Tweed');
  });

  it('has the assistant quote the club’s documents in its own words', async () => {
    const ask = (message: string) => t.client().trpc.chat.ask.mutate({ message });
    expect((await ask('Can I fish offshore in a club competition?')).response).toContain('Fishing only within Moreton Bay.');
    expect((await ask("What is the club's mission?")).response).toContain('Moreton Bay Anglers Club brings together anglers');
  });
});
