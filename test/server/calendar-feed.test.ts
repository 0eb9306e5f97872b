import ICAL from 'ical.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Household, Member } from '../../src/server/db/entities';
import { addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import type { ApiError } from '../support/answers';
import { createEvent, createMember, enterEvent } from '../support/factories';
import { PUBLIC_URL, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The feed's path on this test server (the address names the site's PUBLIC_URL). */
const pathOf = (httpsUrl: string) => {
  expect(httpsUrl.startsWith(`${PUBLIC_URL}/api/calendar/`)).toBe(true);
  return httpsUrl.slice(PUBLIC_URL.length);
};

/** Fetched as a calendar app does: no cookies, no session. */
const fetchFeed = (path: string, headers: Record<string, string> = {}) => t.client().fetch(path, { headers });

/** The feed parsed by ical.js, its time zones registered so that local times convert to instants. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({ component: v, event: new ICAL.Event(v) }));
  return { calendar, events, byName: (name: string) => events.find((e) => e.event.summary.includes(name))! };
}

describe('the calendar subscription', () => {
  it('gives a private webcal and https address of at least 128 bits, made once', async () => {
    const { client } = await createMember(t);
    const feed = await client.trpc.calendarFeed.mine.query();
    const token = /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(feed.httpsUrl)![1];
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
    expect(feed.webcalUrl).toBe(feed.httpsUrl.replace(/^https?:/, 'webcal:'));
    expect(await client.trpc.calendarFeed.mine.query()).toEqual(feed);
    const rows = await t.em().getConnection().execute('select * from calendar_feeds');
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('serves the club’s events and the member’s own entries, marked as entered, and nobody else’s', async () => {
    const casey = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const em = t.em();
    const today = clubToday(t.clock.now());
    const sam = em.create(Member, {
      household: em.getReference(Household, casey.householdId),
      firstName: 'Sam',
      lastName: 'Newman',
      dateOfBirth: addYears(today, -11),
      membershipType: 'junior',
      status: 'active',
      memberSince: today,
      expiryDate: addYears(today, 1),
    });
    await em.flush();
    const other = await createMember(t, { firstName: 'Robin', lastName: 'Elsewhere' });
    const suffix = randomBytes(2).toString('hex');
    // 5 December: summer time in Sydney (UTC+11), 7:00 am to the default close at 2:00 pm.
    const classic = await createEvent(t, {
      name: `Bream Classic ${suffix}`,
      eventDate: clubLocalToInstant(`${Number(today.slice(0, 4)) + 1}-12-05T07:00`),
    });
    // 20 June: winter (UTC+10).
    const winter = await createEvent(t, {
      name: `Winter Whiting ${suffix}`,
      eventDate: clubLocalToInstant(`${Number(today.slice(0, 4)) + 1}-06-20T06:30`),
    });
    const juniors = await createEvent(t, { name: `Juniors Day ${suffix}` });
    await createEvent(t, { name: `Washed Out ${suffix}`, status: 'cancelled' });
    await enterEvent(t, classic.id, casey.memberId);
    await enterEvent(t, juniors.id, sam.id);
    await enterEvent(t, winter.id, other.memberId);

    const { httpsUrl } = await casey.client.trpc.calendarFeed.mine.query();
    const res = await fetchFeed(pathOf(httpsUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expect(text).not.toContain('Robin');
    expect(text).not.toContain('Elsewhere');
    expect(text).toMatch(/\r\n/);

    const { calendar, byName } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tweed Coast Anglers Club');
    expect(calendar.getFirstPropertyValue('x-published-ttl')?.toString()).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Australia/Sydney');

    const entered = byName('Bream Classic');
    expect(entered.event.summary).toBe(`Bream Classic ${suffix} (entered)`);
    expect(entered.event.description).toContain('Entered: You.');
    expect(entered.component.getFirstPropertyValue('categories')).toBe('Entered');
    expect(entered.component.getFirstPropertyValue('transp')).toBe('OPAQUE');
    expect(entered.event.uid).toBe(`event-${classic.id}@club.test`);
    expect(entered.event.startDate.toJSDate().toISOString()).toBe(classic.eventDate.toISOString());
    expect(entered.event.startDate.toJSDate().toISOString()).toMatch(/T20:00:00\.000Z$/);
    expect(entered.event.endDate.toJSDate().toISOString()).toMatch(/T03:00:00\.000Z$/);
    expect(entered.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(entered.component.getFirstPropertyValue('last-modified')).toBeTruthy();

    const notEntered = byName('Winter Whiting');
    expect(notEntered.event.summary).toBe(`Winter Whiting ${suffix}`);
    expect(notEntered.component.getFirstPropertyValue('categories')).toBeNull();
    expect(notEntered.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(notEntered.event.startDate.toJSDate().toISOString()).toMatch(/T20:30:00\.000Z$/);

    expect(byName('Juniors Day').event.summary).toBe(`Juniors Day ${suffix} (Sam Newman entered)`);
    expect(byName('Washed Out').event.summary).toBe(`Cancelled: Washed Out ${suffix}`);
    expect(byName('Washed Out').component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('is cacheable: the same ETag and UIDs on a refresh, 304 when nothing changed, a new ETag when an entry is added', async () => {
    const { client, memberId } = await createMember(t);
    const event = await createEvent(t, { name: `Estuary Dawn ${randomBytes(2).toString('hex')}` });
    const path = pathOf((await client.trpc.calendarFeed.mine.query()).httpsUrl);
    const first = await fetchFeed(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const firstUids = parse(await first.text()).events.map((e) => e.event.uid);
    t.clock.advance(3600_000);
    const second = await fetchFeed(path);
    expect(second.headers.get('etag')).toBe(etag);
    expect(parse(await second.text()).events.map((e) => e.event.uid)).toEqual(firstUids);
    const unchanged = await fetchFeed(path, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    await enterEvent(t, event.id, memberId);
    const changed = await fetchFeed(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('can be reset when shared by mistake: the old address answers 404, the new one works; audited', async () => {
    const { client, memberId } = await createMember(t);
    const old = await client.trpc.calendarFeed.mine.query();
    const fresh = await client.trpc.calendarFeed.reset.mutate();
    expect(fresh.httpsUrl).not.toBe(old.httpsUrl);
    const refused = await t.client().json<ApiError>('GET', pathOf(old.httpsUrl));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/^This calendar address is not in use\./);
    expect((await fetchFeed(pathOf(fresh.httpsUrl))).status).toBe(200);
    expect(await client.trpc.calendarFeed.mine.query()).toEqual(fresh);
    expect(await t.em().count(AuditLog, { action: 'calendar.reset', entityId: memberId })).toBe(1);
  });

  it('answers 404 for an address never issued, and needs a paid membership to make one', async () => {
    expect((await fetchFeed(`/api/calendar/${randomBytes(24).toString('base64url')}.ics`)).status).toBe(404);
    expect((await fetchFeed('/api/calendar/short.ics')).status).toBe(404);
    expect((await fetchFeed('/api/calendar/no-extension')).status).toBe(404);
    const pending = await createMember(t, { status: 'pending' });
    const res = await pending.client.json('GET', '/trpc/calendarFeed.mine');
    expect(res.status).toBe(403);
    expect((await t.client().json('GET', '/trpc/calendarFeed.mine')).status).toBe(401);
  });
});
