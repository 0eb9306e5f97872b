import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Catch, FishingSession } from '../../src/server/db/entities';
import { addDays, clubLocalToInstant, clubToday, instantToClubLocal } from '../../src/shared/dates';
import { createAdmin, createMember, createUser, enterEvent } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let member: Awaited<ReturnType<typeof createMember>>;
let todayEvent: { id: string; eventDateLocal: string };
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  // Half past eight on the event morning, whenever the tests run (the photos say 8:30 am).
  const morning = clubLocalToInstant(`${clubToday(t.clock.now())}T08:35`);
  t.clock.advance(morning.getTime() - t.clock.now().getTime());
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  member = await createMember(t, { email: 'angler@example.com', firstName: 'Ange', lastName: 'Ler' });
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
  todayEvent = await admin.trpc.admin.events.create.mutate({
    name: 'Bream Bash',
    location: 'Tweed River, Chinderah',
    eventDate: `${today}T07:00`,
  });
  await enterEvent(t, todayEvent.id, member.memberId);
});
afterAll(() => t?.close());

let shade = 0;
/** A phone-like JPEG: camera make, the time it was taken (club wall clock) and, optionally, GPS. */
async function photo(options: { takenAt?: string; camera?: boolean } = {}) {
  shade += 1;
  let image = sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade % 255, g: 120, b: 90 } } }).jpeg();
  if (options.camera !== false) {
    image = image.withExif({
      IFD0: { Make: 'Pixel', Model: '9' },
      IFD2: { DateTimeOriginal: options.takenAt ?? `${today.replace(/-/g, ':')} 08:30:00` },
      // About 10 m from the phone's position below (a photo far from the phone is flagged).
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '28/1 15/1 52/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 33/1 47/1' },
    });
  }
  return image.toBuffer();
}

function submission(fields: Record<string, string>, bytes?: Buffer) {
  const form = new FormData();
  const base: Record<string, string> = {
    fishType: 'Bream',
    size: '32.4',
    fishKeptOrReleased: 'kept',
    eventId: todayEvent.id,
    memberId: member.memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.264512, 153.563218',
  };
  for (const [k, v] of Object.entries({ ...base, ...fields })) if (v !== undefined) form.set(k, v);
  if (bytes) form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'catch.jpg');
  return form;
}

async function submit(client: TestClient, fields: Record<string, string> = {}, bytes?: Buffer | null) {
  const res = await client.fetch('/api/catches', {
    method: 'POST',
    body: submission(fields, bytes === null ? undefined : (bytes ?? (await photo()))),
  });
  return { status: res.status, body: await res.json() };
}

describe('logging a catch', () => {
  it('stores the catch with the photo re-encoded, answers with the achievement, and lists it', async () => {
    const res = await submit(member.client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.achievement).toMatchObject({ title: 'Keeper Size!', rarity: 'rare', points: 25 });
    expect(res.body.catch).toMatchObject({
      fishType: 'Bream',
      size: 32.4,
      fishKeptOrReleased: 'kept',
      verified: false,
      location: 'Tweed River, Chinderah',
      anglerName: 'Ange Ler',
    });

    const stored = await t.em().findOneOrFail(Catch, { id: res.body.catch.id });
    expect(stored.flags).toEqual([]);
    expect(stored.photoCamera).toBe('Pixel 9');
    expect(stored.photoLatitude).toBeCloseTo(-28.2644, 3);
    expect(stored.latitude).toBeCloseTo(-28.264512, 6);
    const served = Buffer.from(await (await t.client().fetch(res.body.catch.photoUrl)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const mine = await member.client.json('GET', '/api/members/catches');
    expect(mine.body[0]).toMatchObject({ id: res.body.catch.id, fishType: 'Bream', size: 32.4 });
    expect(Object.keys(mine.body[0]!)).not.toContain('latitude');
    expect((await member.client.trpc.members.dashboard.query()).fishCaught).toBeGreaterThanOrEqual(1);
  });

  it('stores one catch when the same clientId arrives twice', async () => {
    const clientId = '6f2d3c1e-8a9b-4c7d-9e0f-1a2b3c4d5e6f';
    const bytes = await photo();
    const [a, b] = await Promise.all([submit(member.client, { clientId }, bytes), submit(member.client, { clientId }, bytes)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.catch.id).toBe(b.body.catch.id);
    expect(await t.em().count(Catch, { clientId })).toBe(1);
  });

  it.each([
    [{ fishType: '' }, 'Please choose a species from the list.'],
    [{ fishType: 'Shark' }, 'Please choose a species from the list.'],
    [{ size: '' }, 'Size must be a length in cm between 0.1 and 300.'],
    [{ size: '-3' }, 'Size must be a length in cm between 0.1 and 300.'],
    [{ fishKeptOrReleased: 'eaten' }, 'Please say whether the fish was kept or released.'],
    [{ rulesWaiverAccepted: 'false' }, 'Please accept the competition rules and waiver.'],
    [{ dataAccuracyAcknowledged: '' }, 'Please confirm the accuracy of your data.'],
    [{ memberId: 'nobody' }, 'Please choose the member who caught the fish.'],
    [{ gpsCoordinates: '<script>' }, "GPS coordinates must be 'lat, lng' or 'GPS not available'."],
  ])('refuses %j with "%s" and stores nothing', async (fields, message) => {
    const before = await t.em().count(Catch, {});
    const res = await submit(member.client, fields);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.em().count(Catch, {})).toBe(before);
  });

  it('requires a photo that is an image', async () => {
    expect((await submit(member.client, {}, null)).body).toEqual({ message: 'Please take a photo of your catch.' });
    const html = await submit(member.client, {}, Buffer.from('<html>not a fish</html>'));
    expect(html.status).toBe(400);
    expect(html.body.message).toBe('That file is not an image. Please choose a JPEG, PNG, WebP or GIF picture.');
  });

  it('accepts catches only on the day of the event, except from admins', async () => {
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
      new Date(t.clock.now().getTime() + 86400_000),
    );
    const later = await admin.trpc.admin.events.create.mutate({
      name: 'Tomorrow Tailor',
      location: 'Kingscliff',
      eventDate: `${tomorrow}T07:00`,
    });
    const res = await submit(member.client, { eventId: later.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Catches can only be logged on the day of the event.');
    await enterEvent(t, later.id, member.memberId);
    expect((await submit(admin, { eventId: later.id })).status).toBe(200);
  });

  it('counts only entrants: a catch for a member not entered in the event is refused, also from the committee', async () => {
    const walkIn = await createMember(t, { email: 'walk.in@example.com', firstName: 'Wal', lastName: 'Kin' });
    const before = await t.em().count(Catch, {});
    for (const client of [walkIn.client, admin]) {
      const res = await submit(client, { memberId: walkIn.memberId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "Wal Kin is not entered in Bream Bash. Only entrants' catches count; the committee can add an entrant on the day.",
      );
    }
    expect(await t.em().count(Catch, {})).toBe(before);
    // The committee signs them on at the ramp (after the start, past the close of entries), once; it is audited.
    const entrant = { id: todayEvent.id, memberId: walkIn.memberId };
    expect(await admin.trpc.admin.events.addEntrant.mutate(entrant)).toEqual({
      message: 'Wal Kin is entered in Bream Bash.',
      registrationId: expect.any(String),
    });
    await expect(admin.trpc.admin.events.addEntrant.mutate(entrant)).rejects.toThrow('Wal Kin is already entered in Bream Bash.');
    await expect(walkIn.client.trpc.admin.events.addEntrant.mutate(entrant)).rejects.toThrow('Only club administrators can do that.');
    expect(await t.em().count(AuditLog, { action: 'event.addEntrant', entityId: todayEvent.id })).toBe(1);
    expect((await submit(walkIn.client, { memberId: walkIn.memberId })).status).toBe(200);
  });

  it('is for signed-in current members', async () => {
    expect((await submit(t.client())).status).toBe(401);
    const { client } = await createUser(t);
    const res = await submit(client);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only current club members can log catches. Join or renew your membership first.');
    const json = await member.client.json('POST', '/api/catches', { fishType: 'Bream' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('A catch is sent as multipart/form-data with a photo.');
  });
});

describe('automatic flags for the judge', () => {
  async function flagsOf(fields: Record<string, string>, bytes?: Buffer) {
    const res = await submit(member.client, fields, bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await t.em().findOneOrFail(Catch, { id: res.body.catch.id })).flags;
  }

  it('flags no GPS, a position outside the Tweed Shire, and a photo without camera metadata', async () => {
    expect(await flagsOf({ gpsCoordinates: 'GPS not available' })).toEqual(['no_gps']);
    // The photo says Kingscliff: it is also far from a phone in Sydney.
    expect(await flagsOf({ gpsCoordinates: '-33.856784, 151.215297' })).toEqual(['phone_outside_area', 'photo_far_from_phone']);
    expect(await flagsOf({}, await photo({ camera: false }))).toEqual(['no_photo_location', 'no_camera_metadata']);
  });

  it('flags the same photo submitted twice and a photo taken outside the fishing hours', async () => {
    const bytes = await photo();
    expect(await flagsOf({}, bytes)).toEqual([]);
    expect(await flagsOf({}, bytes)).toEqual(['duplicate_photo']);
    expect(await flagsOf({}, await photo({ takenAt: `${today.replace(/-/g, ':')} 18:45:00` }))).toEqual([
      'photo_time_outside_hours',
      'photo_time_differs',
    ]);
  });

  it("flags a fish kept under its species' legal minimum length (the phone only warns), not one released", async () => {
    // A photo of its own for each catch (photos a shade apart can encode alike).
    const fresh = async (minute: number) => photo({ takenAt: `${today.replace(/-/g, ':')} 08:${minute}:00` });
    expect(await flagsOf({ fishType: 'Bream', size: '20', fishKeptOrReleased: 'kept' }, await fresh(41))).toEqual(['kept_under_minimum']);
    expect(await flagsOf({ fishType: 'Bream', size: '20', fishKeptOrReleased: 'released' }, await fresh(42))).toEqual([]);
    expect(await flagsOf({ fishType: 'Bream', size: '25', fishKeptOrReleased: 'kept' }, await fresh(43))).toEqual([]);
  });
});

describe('fishing hours and size limits', () => {
  it('records the hours for today once per member and event, correcting on a second post', async () => {
    const body = { eventId: todayEvent.id, memberId: member.memberId, hoursSpent: 4.5, sessionDate: today };
    // Only for a member entered in the event (Ange was entered before the day, for the catches above).
    const fay = await createMember(t, { firstName: 'Fay', lastName: 'Later' });
    const notEntered = await fay.client.json('POST', '/api/fishing-sessions', { ...body, memberId: fay.memberId });
    expect(notEntered).toMatchObject({
      status: 400,
      body: { message: 'Fay is not entered in Bream Bash, so no hours can be recorded for it.' },
    });
    const res = await member.client.json('POST', '/api/fishing-sessions', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '4.5 hours logged for today.' });
    await member.client.json('POST', '/api/fishing-sessions', { ...body, hoursSpent: 5 });
    const sessions = await t.em().find(FishingSession, { event: todayEvent.id });
    expect(sessions.map((s) => s.hoursSpent)).toEqual([5]);
    expect((await member.client.json('POST', '/api/fishing-sessions', { ...body, hoursSpent: 25 })).status).toBe(400);
    expect((await member.client.json('POST', '/api/fishing-sessions', { ...body, hoursSpent: 1.2 })).body.message).toBe(
      'Hours must be between 0 and 24, in half hours.',
    );
  });

  it('records hours only for an account with a membership, for its own household, on the event day and never ahead', async () => {
    const before = await t.em().count(FishingSession, {});
    const body = { eventId: todayEvent.id, memberId: member.memberId, hoursSpent: 3, sessionDate: today };
    const signedUpOnly = (await createUser(t)).client;
    const refused = await signedUpOnly.json('POST', '/api/fishing-sessions', body);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Only current club members can record fishing hours. Join or renew your membership first.' },
    });
    const other = await createMember(t, { email: 'other.angler@example.com', firstName: 'Otto', lastName: 'Angler' });
    expect(await other.client.json('POST', '/api/fishing-sessions', body)).toMatchObject({
      status: 403,
      body: { message: 'You can record fishing hours for yourself and your household only.' },
    });
    const tomorrow = addDays(today, 1);
    expect((await member.client.json('POST', '/api/fishing-sessions', { ...body, sessionDate: tomorrow })).body.message).toBe(
      'Fishing hours cannot be recorded for a day that has not come yet.',
    );
    expect(await t.em().count(FishingSession, {})).toBe(before);
    // Nor does an account without a membership read the members list (it names juniors).
    expect((await signedUpOnly.json('GET', '/api/members')).status).toBe(403);
    expect((await other.client.json('GET', '/api/members')).status).toBe(200);
  });
});

describe("the event's fishing hours", () => {
  const at = (time: string) => clubLocalToInstant(`${today}T${time}`);
  /** Runs `body` with the test clock at `time` today (club time), then puts it back. */
  async function atTime(time: string, body: () => Promise<void>) {
    const shift = at(time).getTime() - t.clock.now().getTime();
    t.clock.advance(shift);
    try {
      await body();
    } finally {
      t.clock.advance(-shift);
    }
  }
  async function event(name: string, eventTime: string, hours: { fishingStart?: string; fishingEnd?: string } = {}) {
    const created = await admin.trpc.admin.events.create.mutate({
      name,
      location: 'Tweed River',
      eventDate: `${today}T${eventTime}`,
      ...hours,
    });
    await enterEvent(t, created.id, member.memberId);
    return created.id;
  }
  const exif = (time: string) => `${today.replace(/-/g, ':')} ${time}:00`;

  it('refuses a catch logged before fishing starts or after it ends, with the hours and the time, and stores nothing', async () => {
    const late = await event('Late Start', '07:00', { fishingStart: '09:00', fishingEnd: '15:00' });
    const early = await event('Early Finish', '05:00', { fishingStart: '05:30', fishingEnd: '08:00' });
    const before = await t.em().count(Catch, {});
    // The test clock says 8:35 am.
    expect(await submit(member.client, { eventId: late })).toEqual({
      status: 400,
      body: { message: 'Fishing for Late Start runs 9:00 am to 3:00 pm. This catch was logged at 8:35 am, outside those hours.' },
    });
    expect(await submit(member.client, { eventId: early })).toEqual({
      status: 400,
      body: { message: 'Fishing for Early Finish runs 5:30 am to 8:00 am. This catch was logged at 8:35 am, outside those hours.' },
    });
    expect(await t.em().count(Catch, {})).toBe(before);
    // The last minute counts, as the clock reads it; what the phone logged decides, not when it arrived.
    expect((await submit(member.client, { eventId: early, loggedAt: new Date(at('08:00').getTime() + 40_000).toISOString() })).status).toBe(
      200,
    );
    // The committee may log at any time (a catch brought to the weigh-in).
    expect((await submit(admin, { eventId: late })).status).toBe(200);
  });

  it('reads the hours of a 6 am event from the event, not from its start: 6:30 am is refused, 1:30 pm accepted, and photos are flagged alike', async () => {
    const dawn = await event('Dawn Bream', '06:00');
    const refused = await submit(
      member.client,
      { eventId: dawn, loggedAt: at('06:30').toISOString() },
      await photo({ takenAt: exif('06:30') }),
    );
    expect(refused).toEqual({
      status: 400,
      body: { message: 'Fishing for Dawn Bream runs 7:00 am to 2:00 pm. This catch was logged at 6:30 am, outside those hours.' },
    });
    await atTime('13:31', async () => {
      const res = await submit(
        member.client,
        { eventId: dawn, loggedAt: at('13:30').toISOString() },
        await photo({ takenAt: exif('13:29') }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await t.em().findOneOrFail(Catch, { id: res.body.catch.id })).flags).toEqual([]);
      // A photo from before fishing started, sent with a catch logged inside the hours.
      const early = await submit(
        member.client,
        { eventId: dawn, loggedAt: at('13:30').toISOString() },
        await photo({ takenAt: exif('06:30') }),
      );
      expect((await t.em().findOneOrFail(Catch, { id: early.body.catch.id })).flags).toEqual([
        'photo_time_outside_hours',
        'photo_time_differs',
      ]);
    });
  });

  it('accepts a catch queued on the water and sent after fishing closed, by its logged time, and refuses one logged after the close', async () => {
    const classic = await event('Flathead Classic', '07:00');
    await atTime('15:10', async () => {
      const clientId = '7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
      const queued = await submit(
        member.client,
        { eventId: classic, clientId, loggedAt: at('13:58').toISOString() },
        await photo({ takenAt: exif('13:57') }),
      );
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      expect(queued.body.catch.catchTime).toBe(at('13:58').toISOString());
      expect((await t.em().findOneOrFail(Catch, { clientId })).flags).toEqual(['sent_late']);

      const after = await submit(member.client, { eventId: classic, loggedAt: at('14:31').toISOString() });
      expect(after).toEqual({
        status: 400,
        body: { message: 'Fishing for Flathead Classic runs 7:00 am to 2:00 pm. This catch was logged at 2:31 pm, outside those hours.' },
      });
      // Without a logged time it is logged now, at 3:10 pm.
      expect((await submit(member.client, { eventId: classic })).body.message).toBe(
        'Fishing for Flathead Classic runs 7:00 am to 2:00 pm. This catch was logged at 3:10 pm, outside those hours.',
      );
    });
  });
});

// Last in the file: it moves the test clock on by days.
describe('catches logged without signal and sent later', () => {
  const exifTime = (at: Date) => `${instantToClubLocal(at).replace('T', ' ').replace(/-/g, ':')}:00`;

  it('accepts a catch queued on the event day after the day has ended, keeping the time it was logged', async () => {
    const loggedAt = new Date(t.clock.now().getTime() - 60_000);
    const clientId = '0d1e2f30-4152-4637-8899-aabbccddeeff';
    const bytes = await photo({ takenAt: exifTime(loggedAt) });
    t.clock.advance(2 * 86_400_000);
    // Without its logged time it would be a new catch on a day without an event.
    expect((await submit(member.client, {}, bytes)).body).toEqual({ message: 'Catches can only be logged on the day of the event.' });

    const res = await submit(member.client, { clientId, loggedAt: loggedAt.toISOString() }, bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.catch.catchTime).toBe(loggedAt.toISOString());
    const stored = await t.em().findOneOrFail(Catch, { clientId });
    expect(stored.caughtAt.toISOString()).toBe(loggedAt.toISOString());
    expect(stored.flags).toContain('sent_late');
    expect(stored.flags).not.toContain('photo_time_differs');

    // The judge sees when it was logged and when it arrived.
    const queue = await admin.trpc.admin.catches.queue.query();
    const judged = queue.find((c) => c.id === stored.id)!;
    expect(judged.catchTime).toBe(loggedAt.toISOString());
    expect(judged.receivedAt).toBe(t.clock.now().toISOString());

    // The phone sending it again (it never heard the answer) stores nothing new.
    const again = await submit(member.client, { clientId, loggedAt: loggedAt.toISOString() }, bytes);
    expect(again.body.catch.id).toBe(stored.id);
    expect(await t.em().count(Catch, { clientId })).toBe(1);
  });

  it('flags a photo whose own time is far from the logged time, and refuses a future time or one over a week old', async () => {
    const loggedAt = new Date(t.clock.now().getTime() - 2 * 86_400_000 - 120_000);
    const res = await submit(
      member.client,
      { loggedAt: loggedAt.toISOString() },
      await photo({ takenAt: exifTime(new Date(loggedAt.getTime() - 3 * 3600_000)) }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.em().findOneOrFail(Catch, { id: res.body.catch.id })).flags).toEqual(
      expect.arrayContaining(['sent_late', 'photo_time_differs']),
    );

    const before = await t.em().count(Catch, {});
    const future = await submit(member.client, { loggedAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
    expect(future).toEqual({
      status: 400,
      body: { message: "The catch's time is in the future. Please check the date and time on your phone." },
    });
    t.clock.advance(7 * 86_400_000);
    const stale = await submit(member.client, { loggedAt: loggedAt.toISOString() });
    expect(stale).toEqual({
      status: 400,
      body: { message: 'This catch was logged more than 7 days ago, too late to send. Please ask the committee to add it.' },
    });
    expect((await submit(member.client, { loggedAt: 'yesterday' })).body).toEqual({ message: 'loggedAt must be an ISO date and time.' });
    expect(await t.em().count(Catch, {})).toBe(before);
  });
});
