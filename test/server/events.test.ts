import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubLocalToInstant } from '../../src/shared/dates';
import { Event, EventRegistration } from '../../src/server/db/entities';
import { successBody } from '../support/answers';
import { createAdmin, createMember, createUser } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'admin@club.test' } });
  admin = (await createAdmin(t, { email: 'admin@club.test' })).client;
});
afterAll(() => t?.close());

/** 'YYYY-MM-DDTHH:mm' on the club's clocks, `days` from the test clock's now. */
function clubLocal(days: number, time = '07:00') {
  const d = new Date(t.clock.now().getTime() + days * 86400_000);
  return `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(d)}T${time}`;
}

let n = 0;
async function createEvent(overrides: Record<string, unknown> = {}) {
  n += 1;
  const res = await admin.json('POST', '/api/admin/events', {
    name: `Flathead Classic ${n}`,
    description: 'Annual flathead competition on the Tweed River.',
    location: 'Fingal Head boat ramp',
    eventDate: clubLocal(14),
    registrationFee: '10',
    maxParticipants: '',
    rules: 'Catch and release. Brag mat photos only.',
    prizes: '1st $100 voucher',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return successBody(res);
}

describe('admin event management', () => {
  it("creates an event with the event form's rules and the club's time zone", async () => {
    const created = await createEvent({
      eventDate: '2027-01-09T07:00',
      registrationFee: '',
      maxParticipants: '',
      description: '  ',
      rules: '',
    });
    expect(created).toMatchObject({
      name: `Flathead Classic ${n}`,
      description: null,
      rules: null,
      registrationFee: '0.00',
      maxParticipants: null,
      status: 'active',
      registeredCount: 0,
      eventDate: '2027-01-08T20:00:00.000Z',
      eventDateLocal: '2027-01-09T07:00',
    });
    const stored = await t.em().findOneOrFail(Event, { id: created.id });
    expect(stored.eventDate.toISOString()).toBe('2027-01-08T20:00:00.000Z');
    expect(stored.registrationFeeCents).toBe(0);

    const winter = await createEvent({ eventDate: '2027-07-10T07:00', registrationFee: '12.5', maxParticipants: 30 });
    expect(winter.eventDate).toBe('2027-07-09T21:00:00.000Z');
    expect(winter.registrationFee).toBe('12.50');
    expect(winter.maxParticipants).toBe(30);
  });

  it('edits an event and lists every event with its registration count', async () => {
    const event = await createEvent();
    const res = await admin.json('PUT', `/api/admin/events/${event.id}`, {
      name: 'Bream Bonanza',
      location: 'Kingscliff',
      eventDate: clubLocal(20, '06:30'),
      registrationFee: '5.00',
      maxParticipants: 12,
      status: 'active',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Bream Bonanza',
      location: 'Kingscliff',
      registrationFee: '5.00',
      maxParticipants: 12,
      description: null,
    });
    const list = await admin.json('GET', '/api/admin/events');
    expect(list.body.find!((e: { id: string }) => e.id === event.id)).toMatchObject({ name: 'Bream Bonanza', registeredCount: 0 });
  });

  it.each([
    [{ name: '' }, 'Event name is required.'],
    [{ location: '' }, 'Location is required.'],
    [{ eventDate: '' }, 'Event date is required.'],
    [{ eventDate: 'next saturday' }, 'Event date must be a date and time (YYYY-MM-DDTHH:mm).'],
    [{ registrationFee: '10.005' }, 'Registration fee must be an amount in dollars with at most 2 decimals, such as 10.00.'],
    [{ registrationFee: '-5' }, 'Registration fee must be an amount in dollars with at most 2 decimals, such as 10.00.'],
    [{ maxParticipants: '2.5' }, 'Maximum participants must be a whole number from 1 to 10,000, or blank for no limit.'],
    [{ maxParticipants: 0 }, 'Maximum participants must be a whole number from 1 to 10,000, or blank for no limit.'],
    [{ status: 'deleted' }, 'Status must be active, cancelled or completed.'],
  ])('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const before = await t.em().count(Event, {});
    const res = await admin.json('POST', '/api/admin/events', { name: 'X', location: 'Y', eventDate: clubLocal(3), ...overrides });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.em().count(Event, {})).toBe(before);
  });

  it('takes fishing hours on the club clocks (07:00 to 14:00 when left out), keeps them on an edit that leaves them out, and answers with them', async () => {
    const plain = await createEvent();
    expect(plain).toMatchObject({ fishingStart: '07:00', fishingEnd: '14:00' });
    const night = await createEvent({ name: 'Bream by Night', fishingStart: '18:00', fishingEnd: '23:00' });
    expect(night).toMatchObject({ fishingStart: '18:00', fishingEnd: '23:00' });
    const stored = await t.em().findOneOrFail(Event, { id: night.id });
    expect([stored.fishingStart, stored.fishingEnd]).toEqual(['18:00', '23:00']);

    // The documented form's fields alone (no hours): the event keeps its own.
    const edit = { name: 'Bream by Night', location: 'Fingal Head boat ramp', eventDate: clubLocal(14, '17:30') };
    expect((await admin.json('PUT', `/api/admin/events/${night.id}`, edit)).body).toMatchObject({
      fishingStart: '18:00',
      fishingEnd: '23:00',
    });
    const moved = await admin.json('PUT', `/api/admin/events/${night.id}`, { ...edit, fishingStart: '17:30', fishingEnd: '23:30' });
    expect(moved.body).toMatchObject({ fishingStart: '17:30', fishingEnd: '23:30' });

    // Members, visitors and the committee's list see them too.
    const upcoming = await t.client().json('GET', '/api/events/upcoming');
    expect(upcoming.body.find!((e: { id: string }) => e.id === night.id)).toMatchObject({ fishingStart: '17:30', fishingEnd: '23:30' });
    expect(upcoming.body.find!((e: { id: string }) => e.id === plain.id)).toMatchObject({ fishingStart: '07:00', fishingEnd: '14:00' });
    const list = await admin.trpc.admin.events.list.query();
    expect(list.find((e) => e.id === night.id)).toMatchObject({ fishingStart: '17:30', fishingEnd: '23:30' });
  });

  it.each([
    [{ fishingStart: '7am' }, 'fishingStart', 'Fishing start must be a time of day from 00:00 to 23:59 (HH:mm), such as 07:00.'],
    [{ fishingStart: '24:00' }, 'fishingStart', 'Fishing start must be a time of day from 00:00 to 23:59 (HH:mm), such as 07:00.'],
    [{ fishingEnd: '14:60' }, 'fishingEnd', 'Fishing end must be a time of day from 00:00 to 23:59 (HH:mm), such as 07:00.'],
    [{ fishingEnd: 1400 }, 'fishingEnd', 'Fishing end must be a time of day (HH:mm), such as 07:00.'],
    [{ fishingStart: '14:00', fishingEnd: '07:00' }, 'fishingEnd', 'Fishing end must be after fishing start.'],
    [{ fishingStart: '09:00', fishingEnd: '09:00' }, 'fishingEnd', 'Fishing end must be after fishing start.'],
    // Only one given: the other is the club's default (a new event) or the event's own (an edit).
    [{ fishingEnd: '06:30' }, 'fishingEnd', 'Fishing end must be after fishing start.'],
    [{ fishingStart: '15:00' }, 'fishingEnd', 'Fishing end must be after fishing start.'],
  ])('refuses fishing hours %j (under %s) on a new event and an edit, and changes nothing', async (hours, field, message) => {
    const before = await t.em().count(Event, {});
    const created = await admin.json('POST', '/api/admin/events', { name: 'X', location: 'Y', eventDate: clubLocal(3), ...hours });
    expect(created).toMatchObject({ status: 400, body: { message } });
    const typed = await admin.mutation('admin.events.create', { name: 'X', location: 'Y', eventDate: clubLocal(3), ...hours });
    expect(typed.fieldErrors).toEqual({ [field]: message });
    expect(await t.em().count(Event, {})).toBe(before);

    const event = await createEvent();
    const edited = await admin.json('PUT', `/api/admin/events/${event.id}`, {
      name: 'Changed',
      location: 'Y',
      eventDate: clubLocal(3),
      ...hours,
    });
    expect(edited).toMatchObject({ status: 400, body: { message } });
    const stored = await t.em().fork().findOneOrFail(Event, { id: event.id });
    expect([stored.name, stored.fishingStart, stored.fishingEnd]).toEqual([event.name, '07:00', '14:00']);
  });

  it('keeps event management to admins', async () => {
    const { client } = await createUser(t);
    expect((await client.json('GET', '/api/admin/events')).status).toBe(403);
    expect((await client.json('POST', '/api/admin/events', { name: 'X', location: 'Y', eventDate: clubLocal(3) })).status).toBe(403);
    expect((await t.client().json('GET', '/api/admin/events')).status).toBe(401);
    const event = await createEvent();
    expect(
      (await client.json('PUT', `/api/admin/events/${event.id}`, { name: 'Hacked', location: 'Y', eventDate: clubLocal(3) })).status,
    ).toBe(403);
    expect((await t.em().findOneOrFail(Event, { id: event.id })).name).toBe(event.name);
  });
});

describe('upcoming events', () => {
  it('lists active events from the start of today on the club clocks, soonest first', async () => {
    const fresh = await startTestApp({ env: { ADMIN_EMAILS: 'a@club.test' } });
    try {
      const boss = (await createAdmin(fresh, { email: 'a@club.test' })).client;
      const now = fresh.clock.now();
      const clubDate = (days: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(now.getTime() + days * 86400_000));
      const [today, yesterday] = [clubDate(0), clubDate(-1)];
      const add = (name: string, eventDate: string, status = 'active') =>
        boss.trpc.admin.events.create.mutate({ name, location: 'Tweed', eventDate, status: status as 'active' });
      await add('Later', `${clubDate(3)}T07:00`);
      await add('Early today', `${today}T00:01`);
      await add('Yesterday', `${yesterday}T23:59`);
      await add('Cancelled', `${today}T12:00`, 'cancelled');
      const res = await fresh.client().json('GET', '/api/events/upcoming');
      expect(res.status).toBe(200);
      expect(res.body.map!((e: { name: string }) => e.name)).toEqual(['Early today', 'Later']);
      // Catches can be logged for today's event only.
      expect(res.body.map!((e: { acceptsCatchesToday: boolean }) => e.acceptsCatchesToday)).toEqual([true, false]);
      // The day turns at midnight in Sydney, not at midnight UTC.
      const startOfTomorrow = clubLocalToInstant(`${clubDate(1)}T00:00`);
      fresh.clock.advance(startOfTomorrow.getTime() - now.getTime() - 1000);
      expect((await fresh.client().json('GET', '/api/events/upcoming')).body.map!((e: { name: string }) => e.name)).toEqual([
        'Early today',
        'Later',
      ]);
      fresh.clock.advance(2000);
      expect((await fresh.client().json('GET', '/api/events/upcoming')).body.map!((e: { name: string }) => e.name)).toEqual(['Later']);
      expect(await fresh.client().trpc.events.upcoming.query({ limit: 1 })).toHaveLength(1);
      // The results board offers the events that have started, newest first, never cancelled ones.
      expect((await fresh.client().trpc.events.started.query()).map((e) => e.name)).toEqual(['Early today', 'Yesterday']);
    } finally {
      await fresh.close();
    }
  });
});

describe('one event', () => {
  it("answers anyone an event's details, and clearly refuses an unknown or malformed id", async () => {
    const created = await createEvent({ description: 'Line one.\nLine two.\nLine three.\nLine four.\nLine five.' });
    const visitor = t.client();
    const event = await visitor.trpc.events.byId.query({ id: created.id });
    expect(event).toMatchObject({
      id: created.id,
      name: created.name,
      description: 'Line one.\nLine two.\nLine three.\nLine four.\nLine five.',
    });
    const page = await visitor.fetch(`/events/${created.id}`);
    expect(page.status).toBe(200);
    await expect(visitor.trpc.events.byId.query({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      data: { httpStatus: 404 },
      message: 'That event does not exist.',
    });
    await expect(visitor.trpc.events.byId.query({ id: 'not-an-id' })).rejects.toMatchObject({ data: { httpStatus: 400 } });
  });
});

describe('member registration', () => {
  it('registers, confirms by e-mail with an .ics attachment, lists, and cancels', async () => {
    const event = await createEvent({ name: 'Whiting Wander', location: 'Cudgen Creek', eventDate: clubLocal(10, '07:00') });
    const { client, email } = await createMember(t, { email: 'reg@example.com', firstName: 'Reggie', lastName: 'Stray' });
    const res = await client.json('POST', `/api/events/${event.id}/register`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventId: event.id, name: 'Whiting Wander', location: 'Cudgen Creek' });

    const mail = t.mail.last(email);
    expect(mail.subject).toBe("You're registered: Whiting Wander");
    expect(mail.text).toContain('Where: Cudgen Creek');
    expect(mail.text).toContain('Entry fee: $10.00, payable on the day.');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(mail.raw).toMatch(/filename=whiting-wander\.ics/);

    const mine = await client.json('GET', '/api/members/events');
    expect(mine.body).toEqual([
      expect.objectContaining({
        eventId: event.id,
        name: 'Whiting Wander',
        location: 'Cudgen Creek',
        eventDate: event.eventDate,
        date: event.eventDate,
      }),
    ]);
    expect((await client.trpc.members.dashboard.query()).eventsAttended).toBe(1);

    const again = await client.json('POST', `/api/events/${event.id}/register`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You are already registered for this event.');
    expect((await t.em().findOneOrFail(Event, { id: event.id })).registeredCount).toBe(1);

    const cancel = await client.json('DELETE', `/api/events/${event.id}/register`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ message: 'Registration cancelled successfully.' });
    expect((await client.json('GET', '/api/members/events')).body).toEqual([]);
    expect((await t.em().findOneOrFail(Event, { id: event.id })).registeredCount).toBe(0);
    expect((await client.json('DELETE', `/api/events/${event.id}/register`)).status).toBe(404);
  });

  it('serves every event as an .ics download', async () => {
    const event = await createEvent({
      name: 'Jack Attack, Night Session',
      location: 'Tweed River; south arm',
      eventDate: '2027-02-06T18:00',
      fishingStart: '18:30',
      fishingEnd: '23:30',
    });
    const res = await t.client().fetch(`/api/events/${event.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="jack-attack-night-session.ics"');
    const ics = await res.text();
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain('DTSTART:20270206T070000Z\r\n');
    // It lasts until fishing closes, in the event's own hours.
    expect(ics).toContain('DTEND:20270206T123000Z\r\n');
    expect(ics).toContain('SUMMARY:Jack Attack\\, Night Session\r\n');
    expect(ics).toContain('LOCATION:Tweed River\\; south arm\r\n');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect((await t.client().json('GET', '/api/events/00000000-0000-4000-8000-000000000000/calendar.ics')).status).toBe(404);
  });

  it('lets a member cancel until the event starts, and says so in the registration', async () => {
    const fresh = await startTestApp({ env: { ADMIN_EMAILS: 'boss@club.test' } });
    try {
      const boss = (await createAdmin(fresh, { email: 'boss@club.test' })).client;
      const now = fresh.clock.now();
      const inTwoHours = new Date(now.getTime() + 2 * 3600_000);
      const local = `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(inTwoHours)}T${new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(inTwoHours)}`;
      const event = await boss.trpc.admin.events.create.mutate({
        name: 'Dawn Bream',
        location: 'Tweed',
        eventDate: local,
        status: 'active',
      });
      const { client } = await createMember(fresh);
      expect(await client.trpc.events.register.mutate({ id: event.id })).toMatchObject({ eventId: event.id, canCancel: true });
      expect(await client.trpc.events.myRegistrations.query()).toEqual([expect.objectContaining({ eventId: event.id, canCancel: true })]);

      fresh.clock.advance(3 * 3600_000);
      expect(await client.trpc.events.myRegistrations.query()).toEqual([expect.objectContaining({ eventId: event.id, canCancel: false })]);
      const cancel = await client.json('DELETE', `/api/events/${event.id}/register`);
      expect(cancel.status).toBe(400);
      expect(cancel.body.message).toBe('This event has already started, so the registration can no longer be cancelled.');
    } finally {
      await fresh.close();
    }
  });

  it('refuses non-members, past events and unknown events', async () => {
    const event = await createEvent();
    const { client: notMember } = await createUser(t);
    const refused = await notMember.json('POST', `/api/events/${event.id}/register`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only current club members can register for events. Join or renew your membership first.');
    expect((await t.client().json('POST', `/api/events/${event.id}/register`)).status).toBe(401);

    const { client } = await createMember(t);
    const past = await createEvent({ eventDate: clubLocal(-2) });
    const late = await client.json('POST', `/api/events/${past.id}/register`);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Registration for this event has closed.');
    expect((await client.json('POST', '/api/events/00000000-0000-4000-8000-000000000000/register')).status).toBe(404);
    const bad = await client.json('POST', '/api/events/not-a-uuid/register');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('That is not a valid event id.');
  });

  it('admits exactly one of 20 simultaneous registrations for the last place', async () => {
    const event = await createEvent({ maxParticipants: 2 });
    const first = await createMember(t);
    expect((await first.client.json('POST', `/api/events/${event.id}/register`)).status).toBe(200);
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => createMember(t, { email: `race${i}@example.com` })));
    const results = await Promise.all(members.map((m) => m.client.json('POST', `/api/events/${event.id}/register`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('Sorry, this event is full.');
    expect(await t.em().count(EventRegistration, { event: event.id })).toBe(2);
    const stored = await t.em().findOneOrFail(Event, { id: event.id });
    expect(stored.registeredCount).toBe(2);
    const upcoming = await t.client().trpc.events.upcoming.query();
    expect(upcoming.find((e) => e.id === event.id)).toMatchObject({ isFull: true, isOpen: false, registeredCount: 2 });
  });
});
