import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Catch, SiteSetting } from '../../src/server/db/entities';
import { catchPhoto, randomSource } from '../../src/server/demo/demo-images';
import { photoPrint, printDifference, SAME_PICTURE_MAX_DIFFERENCE } from '../../src/server/catches/photo-prints';
import { CATCH_FLAG_LABELS } from '../../src/shared/catches';
import { NSW_SPECIES } from '../../src/shared/species';
import { instantToClubLocal } from '../../src/shared/dates';
import { EXAMPLE_FISHING_AREA } from '../../src/shared/example-fishing-area';
import { distanceMetres, insideArea } from '../../src/shared/fishing-area';
import { createAdmin, createMember, enterEvent } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let eventId: string;
let angler: Awaited<ReturnType<typeof createMember>>;
let mate: Awaited<ReturnType<typeof createMember>>;

// Places on the Tweed coast ([lat, lng]) and elsewhere.
const SYDNEY = { lat: -33.8568, lng: 151.2153 };
/** About 2 km out to sea from Kingscliff Beach. */
const OFF_KINGSCLIFF = { lat: -28.259, lng: 153.6 };
const FINGAL_ROCKS = { lat: -28.202, lng: 153.571 };
/** The Tweed River at Jack Evans Boat Harbour, inside the river mouth. */
const RIVER_MOUTH = { lat: -28.172, lng: 153.548 };
/** 1.5 km west of the Fingal Head rocks, on the Fingal side of the river. */
const FINGAL_VILLAGE = { lat: -28.202, lng: 153.5557 };
/** 300 m west of the rocks, at the headland's car park. */
const FINGAL_CAR_PARK = { lat: -28.202, lng: 153.5679 };

const rng = randomSource(2611);
let fish = 0;

/** A phone-like photo of a fish on the brag mat (the demo club's drawing), with EXIF camera, time and, if given, position. */
async function brag(at?: { lat: number; lng: number }) {
  fish += 1;
  return catchPhoto({
    species: NSW_SPECIES[fish % NSW_SPECIES.length].name,
    sizeCm: 30 + fish * 3,
    clubCode: 'FAIR19',
    rng,
    exif: at ? { camera: ['Google', 'Pixel 9'], takenAtLocal: `${instantToClubLocal(t.clock.now())}:00`, lat: at.lat, lng: at.lng } : null,
  });
}

const gpsText = (p: { lat: number; lng: number } | null) => (p ? `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}` : 'GPS not available');

/** Submits a catch for the angler (or `who`); answers with the stored catch. */
async function submit(bytes: Buffer, phone: { lat: number; lng: number } | null, who = angler) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fishType: 'Flathead',
    size: '45',
    fishKeptOrReleased: 'released',
    eventId,
    memberId: who.memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: gpsText(phone),
  }))
    form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await who.client.fetch('/api/catches', { method: 'POST', body: form });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  t.clock.advance(60_000);
  return t.em().findOneOrFail(Catch, { id: body.catch.id }, { populate: ['duplicateOf'] });
}

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  // The catches here are logged over a few minutes of the club's day: never start minutes before its midnight.
  const hour = Number(
    new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: 'numeric', hourCycle: 'h23' }).format(t.clock.now()),
  );
  if (hour >= 22) t.clock.advance(3 * 3600_000);
  admin = (await createAdmin(t, { email: 'judge@club.test', firstName: 'Jude', lastName: 'Judge' })).client;
  angler = await createMember(t, { email: 'first@example.com', firstName: 'Fay', lastName: 'First' });
  mate = await createMember(t, { email: 'copy@example.com', firstName: 'Cody', lastName: 'Copy' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
  eventId = (
    await admin.trpc.admin.events.create.mutate({
      name: 'Fair Play Flathead',
      location: 'Fingal Head',
      eventDate: `${today}T00:05`,
      // Fishing all day, so the catches are logged whenever the tests run.
      fishingStart: '00:00',
      fishingEnd: '23:59',
    })
  ).id;
  await enterEvent(t, eventId, angler.memberId);
  await enterEvent(t, eventId, mate.memberId);
});
afterAll(() => t?.close());

describe("the club's default fishing area", () => {
  it('follows the coast: the rocks, beaches, river and creeks are in; the sea 2 km out, Queensland and Sydney are not', () => {
    const inside = (p: { lat: number; lng: number }) => insideArea(EXAMPLE_FISHING_AREA, p.lat, p.lng);
    for (const p of [FINGAL_ROCKS, RIVER_MOUTH, FINGAL_VILLAGE, { lat: -28.2079, lng: 153.5122 }, { lat: -28.3873, lng: 153.5621 }])
      expect(inside(p), JSON.stringify(p)).toBe(true);
    // Terranora Broadwater and Mooball Creek above; Murwillumbah, Uki, Norries Head and Hastings Point here.
    for (const p of [
      { lat: -28.327, lng: 153.395 },
      { lat: -28.414, lng: 153.336 },
      { lat: -28.3337, lng: 153.5744 },
      { lat: -28.3606, lng: 153.5769 },
    ])
      expect(inside(p), JSON.stringify(p)).toBe(true);
    // Cook Island (offshore), Coolangatta and Byron Bay are out too.
    for (const p of [
      OFF_KINGSCLIFF,
      SYDNEY,
      { lat: -28.1957, lng: 153.5782 },
      { lat: -28.1656, lng: 153.5399 },
      { lat: -28.64, lng: 153.61 },
    ])
      expect(inside(p), JSON.stringify(p)).toBe(false);
    expect(distanceMetres(OFF_KINGSCLIFF, { lat: -28.259, lng: 153.5805 })).toBeGreaterThan(1900); // from the beach
  });
});

describe('where the photo was taken', () => {
  it('flags a photo whose own position is in Sydney or 2 km offshore, not one on the Fingal Head rocks or in the river', async () => {
    // Without the phone's position, only the photo's place can be flagged.
    expect((await submit(await brag(SYDNEY), null)).flags).toEqual(['no_gps', 'photo_outside_area']);
    expect((await submit(await brag(OFF_KINGSCLIFF), null)).flags).toEqual(['no_gps', 'photo_outside_area']);
    const rocks = await submit(await brag(FINGAL_ROCKS), FINGAL_ROCKS);
    expect(rocks.flags).toEqual([]);
    expect(rocks.photoLatitude).toBeCloseTo(FINGAL_ROCKS.lat, 4);
    expect((await submit(await brag(RIVER_MOUTH), RIVER_MOUTH)).flags).toEqual([]);
    // The phone's own position is checked against the same area.
    expect((await submit(await brag(OFF_KINGSCLIFF), OFF_KINGSCLIFF)).flags).toEqual(['phone_outside_area', 'photo_outside_area']);
  });

  it("flags a photo taken over 1 km from the phone's position, not one 300 m away", async () => {
    expect(distanceMetres(FINGAL_ROCKS, FINGAL_VILLAGE)).toBeCloseTo(1500, -1);
    expect(distanceMetres(FINGAL_ROCKS, FINGAL_CAR_PARK)).toBeCloseTo(300, -1);
    expect((await submit(await brag(FINGAL_ROCKS), FINGAL_VILLAGE)).flags).toEqual(['photo_far_from_phone']);
    expect((await submit(await brag(FINGAL_ROCKS), FINGAL_CAR_PARK)).flags).toEqual([]);
  });

  it('flags a photo without a location of its own, with or without other camera metadata', async () => {
    expect((await submit(await brag(), FINGAL_ROCKS)).flags).toEqual(['no_photo_location', 'no_camera_metadata']);
    const noPlace = await sharp(await brag())
      .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 9' } })
      .toBuffer();
    const stored = await submit(noPlace, FINGAL_ROCKS);
    expect(stored.flags).toEqual(['no_photo_location']);
    // The judge sees it in words, and can look back on every such catch in 'Judged'.
    const [item] = (await admin.trpc.admin.catches.queue.query({ eventId })).filter((c) => c.id === stored.id);
    expect(item.flags).toEqual(['no_photo_location']);
    expect(CATCH_FLAG_LABELS[item.flags[0]]).toBe('No location in the photo');
    await admin.trpc.admin.catches.judge.mutate({ action: 'approve', id: stored.id });
    const judged = await admin.trpc.admin.catches.judged.query({ flag: 'no_photo_location' });
    expect(judged.rows.map((r) => r.id)).toContain(stored.id);
    expect(judged.rows.every((r) => r.flags.includes('no_photo_location'))).toBe(true);
  });
});

describe('the same photo again', () => {
  it('tells the demo photos apart, and finds one re-saved, resized or cropped (measured on the prints)', async () => {
    const photos = await Promise.all(Array.from({ length: 10 }, () => brag(FINGAL_ROCKS)));
    const prints = await Promise.all(photos.map(async (p) => (await photoPrint(p))!.print));
    let nearest = Infinity;
    for (const [i, a] of prints.entries()) for (const b of prints.slice(i + 1)) nearest = Math.min(nearest, printDifference(a, b));
    expect(nearest).toBeGreaterThan(SAME_PICTURE_MAX_DIFFERENCE);
    const copies = [
      await sharp(photos[0]).jpeg({ quality: 55 }).toBuffer(),
      await sharp(photos[0]).resize(600).jpeg().toBuffer(),
      await sharp(photos[0]).extract({ left: 30, top: 22, width: 1140, height: 856 }).jpeg().toBuffer(),
    ];
    for (const copy of copies)
      expect(printDifference((await photoPrint(copy))!.print, prints[0])).toBeLessThan(SAME_PICTURE_MAX_DIFFERENCE);
    // A one-colour picture has no fingerprint: only the very same file counts.
    expect(
      await photoPrint(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBeNull();
  });

  it('flags a photo re-saved, resized or cropped from an earlier catch, linked to that catch and its angler', async () => {
    const original = await brag(FINGAL_ROCKS);
    const first = await submit(original, FINGAL_ROCKS);
    expect(first.flags).toEqual([]);
    expect(first.duplicateOf).toBeNull();
    // A different photo of another fish on the same mat is not a copy.
    const other = await submit(await brag(FINGAL_ROCKS), FINGAL_ROCKS, mate);
    expect(other.flags).toEqual([]);

    const copies = {
      'the same file': original,
      're-saved at JPEG quality 60': await sharp(original).keepExif().jpeg({ quality: 60 }).toBuffer(),
      'resized to half': await sharp(original).keepExif().resize(600).jpeg({ quality: 85 }).toBuffer(),
      'cropped by 5%': await sharp(original).keepExif().extract({ left: 60, top: 0, width: 1140, height: 900 }).jpeg().toBuffer(),
      'cropped 2.5% all round and saved as WebP': await sharp(original)
        .keepExif()
        .extract({ left: 30, top: 22, width: 1140, height: 856 })
        .webp({ quality: 80 })
        .toBuffer(),
    };
    const later: string[] = [];
    for (const [what, bytes] of Object.entries(copies)) {
      const copy = await submit(bytes, FINGAL_ROCKS, mate);
      expect(copy.flags, what).toEqual(['duplicate_photo']);
      expect(copy.duplicateOf?.id, what).toBe(first.id);
      later.push(copy.id);
    }

    // The judge sees which catch it copies, and can open that one whatever its verdict.
    await admin.trpc.admin.catches.judge.mutate({ action: 'approve', id: first.id });
    const queue = await admin.trpc.admin.catches.queue.query();
    const copy = queue.find((c) => c.id === later[1])!;
    expect(copy.duplicateOf).toEqual({
      id: first.id,
      anglerName: 'Fay First',
      eventName: 'Fair Play Flathead',
      caughtAt: first.caughtAt.toISOString(),
    });
    expect(queue.find((c) => c.id === other.id)!.duplicateOf).toBeNull();
    const earlier = await admin.trpc.admin.catches.get.query({ id: first.id });
    expect(earlier).toMatchObject({ id: first.id, anglerName: 'Fay First', status: 'verified', photoUrl: expect.any(String) });
    await expect(mate.client.trpc.admin.catches.get.query({ id: first.id })).rejects.toThrow('Only club administrators can do that.');
  });
});

describe("the committee's fishing area", () => {
  /** A small box around Fingal Head (GeoJSON, [lng, lat]), as a Feature. */
  const FINGAL_ONLY = JSON.stringify({
    type: 'Feature',
    properties: { name: 'Fingal Head only' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [153.56, -28.21],
          [153.58, -28.21],
          [153.58, -28.19],
          [153.56, -28.19],
          [153.56, -28.21],
        ],
      ],
    },
  });

  it("is the example club's until replaced; a replacement is audited and used by the next catch", async () => {
    const start = await admin.trpc.admin.fishingArea.get.query();
    expect(start).toMatchObject({ isExample: true, changedAt: null, changedBy: null, points: EXAMPLE_FISHING_AREA.coordinates[0].length });
    expect(start.area).toEqual(EXAMPLE_FISHING_AREA);

    const replaced = await admin.trpc.admin.fishingArea.replace.mutate({ geojson: FINGAL_ONLY });
    expect(replaced).toMatchObject({ isExample: false, points: 5, changedBy: 'Jude Judge', changedAt: expect.stringMatching(/^\d{4}-/) });
    expect(replaced.area.coordinates[0][1]).toEqual([153.58, -28.21]);
    const audit = await t.em().findOneOrFail(AuditLog, { action: 'fishingArea.replace' });
    expect(audit.entityType).toBe('FishingArea');
    expect(audit.before).toMatchObject({ isExample: true, points: start.points });
    expect(audit.after).toMatchObject({ isExample: false, points: 5, area: replaced.area });

    // The river mouth is outside the new area, for the phone and the photo alike; the rocks are still in.
    expect((await submit(await brag(RIVER_MOUTH), RIVER_MOUTH)).flags).toEqual(['phone_outside_area', 'photo_outside_area']);
    expect((await submit(await brag(FINGAL_ROCKS), FINGAL_ROCKS)).flags).toEqual([]);
    // It is not a setting to edit as free text.
    await expect(
      admin.trpc.admin.cms.settings.save.mutate({ settingKey: 'fishing_area', settingValue: '{}', settingType: 'json' }),
    ).rejects.toThrow('The fishing area is changed on its card in Admin → Club settings.');
    const row = await t.em().findOneOrFail(SiteSetting, { settingKey: 'fishing_area' });
    await expect(admin.trpc.admin.cms.settings.delete.mutate({ id: row.id })).rejects.toThrow(
      'The fishing area is changed on its card in Admin → Club settings.',
    );

    // Back to the whole area, as the committee would paste it.
    await admin.trpc.admin.fishingArea.replace.mutate({ geojson: JSON.stringify(EXAMPLE_FISHING_AREA) });
    expect((await submit(await brag(RIVER_MOUTH), RIVER_MOUTH)).flags).toEqual([]);
  });

  it('accepts a MultiPolygon of one polygon', async () => {
    const multi = { type: 'MultiPolygon', coordinates: [JSON.parse(FINGAL_ONLY).geometry.coordinates] };
    expect((await admin.trpc.admin.fishingArea.replace.mutate({ geojson: JSON.stringify(multi) })).points).toBe(5);
    await admin.trpc.admin.fishingArea.replace.mutate({ geojson: JSON.stringify(EXAMPLE_FISHING_AREA) });
  });

  it.each([
    ['not JSON', 'lake tweed', 'That is not GeoJSON: the text could not be read as JSON.'],
    [
      'a point',
      JSON.stringify({ type: 'Point', coordinates: [153.5, -28.2] }),
      'The fishing area must be a GeoJSON Polygon, or a MultiPolygon with one polygon (a Feature or a FeatureCollection holding one is fine too).',
    ],
    [
      'two polygons',
      JSON.stringify({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [1, 1],
              [2, 1],
              [2, 2],
              [1, 1],
            ],
          ],
          [
            [
              [3, 3],
              [4, 3],
              [4, 4],
              [3, 3],
            ],
          ],
        ],
      }),
      'The fishing area must be one polygon; this MultiPolygon has 2.',
    ],
    [
      'an open outline',
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [153.5, -28.2],
            [153.6, -28.2],
            [153.6, -28.3],
            [153.5, -28.3],
          ],
        ],
      }),
      'The outline must be closed: its last point must repeat its first.',
    ],
    [
      'three points',
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [153.5, -28.2],
            [153.6, -28.2],
            [153.5, -28.2],
          ],
        ],
      }),
      'The fishing area must have 4 to 2,000 points; this one has 3.',
    ],
    [
      '2,001 points',
      JSON.stringify({
        type: 'Polygon',
        coordinates: [[...Array.from({ length: 2000 }, (_, i) => [153.5 + i / 10000, -28.2 - (i % 2) / 1000]), [153.5, -28.2]]],
      }),
      'The fishing area must have 4 to 2,000 points; this one has 2,001.',
    ],
    [
      'latitude first',
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [-28.2, 153.5],
            [-28.2, 153.6],
            [-28.3, 153.6],
            [-28.2, 153.5],
          ],
        ],
      }),
      'The outline: point 1 is out of range: longitude must be between -180 and 180 and latitude between -90 and 90. GeoJSON puts the longitude first.',
    ],
    [
      'a point that is not a position',
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [153.5, -28.2],
            ['east', -28.2],
            [153.6, -28.3],
            [153.5, -28.2],
          ],
        ],
      }),
      'The outline: point 2 must be [longitude, latitude] in degrees.',
    ],
  ])('refuses %s with a 400 that says why, and changes nothing', async (_, geojson, message) => {
    const error = await admin.trpc.admin.fishingArea.replace.mutate({ geojson }).catch((e) => e);
    expect(error.message).toBe(message);
    expect(error.data.httpStatus).toBe(400);
    expect((await admin.trpc.admin.fishingArea.get.query()).area).toEqual(EXAMPLE_FISHING_AREA);
    expect(await t.em().count(AuditLog, { action: 'fishingArea.replace', entityType: 'FishingArea' })).toBe(4);
  });

  it('is for the committee only', async () => {
    for (const call of [
      () => angler.client.trpc.admin.fishingArea.get.query(),
      () => angler.client.trpc.admin.fishingArea.replace.mutate({ geojson: FINGAL_ONLY }),
    ]) {
      const error = await call().catch((e) => e);
      expect(error.data.httpStatus).toBe(403);
    }
    expect((await admin.trpc.admin.fishingArea.get.query()).area).toEqual(EXAMPLE_FISHING_AREA);
  });
});
