import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '../../src/server/db/entities';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'script@club.test' } });
  admin = (await signedInClient(t, 'script@club.test')).client;
});
afterAll(() => t?.close());

const BODY = { name: 'Whiting Wander', location: 'Cudgen Creek', registrationFee: '10', description: 'Whiting on the flats.' };

describe('POST and PUT /api/admin/events take eventDate as a script sends it', () => {
  it.each([
    ['an offset of +10:00', '2026-12-05T06:00:00+10:00', '2026-12-04T20:00:00.000Z', '2026-12-05T07:00'],
    ['UTC (Z)', '2026-12-04T20:00:00Z', '2026-12-04T20:00:00.000Z', '2026-12-05T07:00'],
    ['milliseconds and +11:00', '2027-01-09T07:00:00.000+11:00', '2027-01-08T20:00:00.000Z', '2027-01-09T07:00'],
    ['a winter date with +10:00', '2027-07-10T07:00+10:00', '2027-07-09T21:00:00.000Z', '2027-07-10T07:00'],
    ["the club's local time, as the form sends it", '2027-01-09T07:00', '2027-01-08T20:00:00.000Z', '2027-01-09T07:00'],
  ])('creates an event from %s at the right instant', async (_label, eventDate, instant, local) => {
    const res = await admin.json('POST', '/api/admin/events', { ...BODY, eventDate });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ eventDate: instant, eventDateLocal: local });
    const stored = await t.em().findOneOrFail(Event, { id: res.body.id });
    expect(stored.eventDate.toISOString()).toBe(instant);
  });

  it('moves an event with PUT and an offset date-time, entries closing at an offset time too', async () => {
    const created = await admin.json('POST', '/api/admin/events', { ...BODY, eventDate: '2026-12-12T07:00' });
    const res = await admin.json('PUT', `/api/admin/events/${created.body.id}`, {
      ...BODY,
      eventDate: '2026-12-19T05:30:00+11:00',
      entriesCloseAt: '2026-12-18T07:00:00Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      eventDate: '2026-12-18T18:30:00.000Z',
      eventDateLocal: '2026-12-19T05:30',
      entriesCloseAt: '2026-12-18T07:00:00.000Z',
      entriesCloseLocal: '2026-12-18T18:00',
    });
  });

  it.each([['2026-02-30T06:00:00+10:00'], ['2026-12-05T25:00:00+10:00'], ['2026-12-05T06:00:00+99:00'], ['05/12/2026 6:00'], ['tomorrow']])(
    'refuses %j with 400 naming the event date, and stores nothing',
    async (eventDate) => {
      const before = await t.em().count(Event, {});
      const res = await admin.json('POST', '/api/admin/events', { ...BODY, eventDate });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Event date must be a date and time (YYYY-MM-DDTHH:mm).');
      expect(await t.em().count(Event, {})).toBe(before);
    },
  );
});
