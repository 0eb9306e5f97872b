import { describe, expect, it } from 'vitest';
import { catchFlags, TIME_GAP_MS, type CatchFlagFacts } from '../../src/server/catches/catch-flags';
import { keptUnderMinimum } from '../../src/shared/catches';
import { EXAMPLE_FISHING_AREA } from '../../src/shared/example-fishing-area';

const start = new Date('2026-11-21T20:00:00.000Z'); // 7:00 am in Tweed Heads
const at = (ms: number) => new Date(start.getTime() + ms);
/** The club's default fishing hours, 7am to 2pm. */
const FISHING_HOURS_MS = 7 * 3600_000;
/** A catch nobody need look at twice: inside the Tweed, a camera photo taken when it was logged, sent at once, released. */
const clean: CatchFlagFacts = {
  gps: { lat: -28.27, lng: 153.5 },
  photoPosition: { lat: -28.27, lng: 153.5 },
  area: EXAMPLE_FISHING_AREA,
  duplicatePhoto: false,
  photo: { camera: 'Apple iPhone 15', takenAt: at(2 * 3600_000) },
  event: { eventDate: start, fishingStart: '07:00', fishingEnd: '14:00' },
  loggedAt: at(2 * 3600_000 + 60_000),
  receivedAt: at(2 * 3600_000 + 120_000),
  fate: 'released',
  sizeCm: 20,
  minimumCm: 36,
};

describe('catchFlags', () => {
  it('raises no flag on a clean catch', () => {
    expect(catchFlags(clean)).toEqual([]);
  });

  it('flags a missing position, or one outside the Tweed Shire', () => {
    expect(catchFlags({ ...clean, gps: null })).toEqual(['no_gps']);
    // The phone in Sydney, the photo on the Tweed: far apart too.
    expect(catchFlags({ ...clean, gps: { lat: -33.86, lng: 151.21 } })).toEqual(['phone_outside_area', 'photo_far_from_phone']);
  });

  it("flags a photo whose own position is outside the fishing area, or over 1 km from the phone's", () => {
    const rocks = { lat: -28.202, lng: 153.571 }; // Fingal Head
    expect(catchFlags({ ...clean, gps: rocks, photoPosition: rocks })).toEqual([]);
    expect(catchFlags({ ...clean, gps: null, photoPosition: { lat: -33.86, lng: 151.21 } })).toEqual(['no_gps', 'photo_outside_area']);
    // 2 km off Kingscliff Beach: the sea is not the club's water, for the photo nor the phone.
    const offshore = { lat: -28.259, lng: 153.6 };
    expect(catchFlags({ ...clean, gps: offshore, photoPosition: offshore })).toEqual(['phone_outside_area', 'photo_outside_area']);
    expect(catchFlags({ ...clean, gps: rocks, photoPosition: { lat: -28.202, lng: 153.5557 } })).toEqual(['photo_far_from_phone']); // 1.5 km
    expect(catchFlags({ ...clean, gps: rocks, photoPosition: { lat: -28.202, lng: 153.5679 } })).toEqual([]); // 300 m
    // A photo without a position of its own has a flag of its own, with or without the phone's position.
    expect(catchFlags({ ...clean, photoPosition: null })).toEqual(['no_photo_location']);
    expect(catchFlags({ ...clean, gps: null, photoPosition: null })).toEqual(['no_gps', 'no_photo_location']);
    // The committee's area replaces the default: here a box around Fingal Head only.
    const fingalOnly = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [153.56, -28.21],
          [153.58, -28.21],
          [153.58, -28.19],
          [153.56, -28.19],
          [153.56, -28.21],
        ] as [number, number][],
      ],
    };
    expect(catchFlags({ ...clean, gps: rocks, photoPosition: rocks, area: fingalOnly })).toEqual([]);
    expect(catchFlags({ ...clean, photoPosition: clean.gps, area: fingalOnly })).toEqual(['phone_outside_area', 'photo_outside_area']);
  });

  it('flags a photo sent before, and one without camera metadata', () => {
    expect(catchFlags({ ...clean, duplicatePhoto: true })).toEqual(['duplicate_photo']);
    // A photo with no camera and no time: nothing to compare its time with either.
    expect(catchFlags({ ...clean, photo: { camera: null, takenAt: null } })).toEqual(['no_camera_metadata']);
    expect(catchFlags({ ...clean, photo: { camera: null, takenAt: clean.photo.takenAt } })).toEqual([]);
  });

  it("flags a photo taken outside the event's fishing hours or over an hour from the logged time", () => {
    const before = at(-60_000);
    expect(catchFlags({ ...clean, photo: { ...clean.photo, takenAt: before }, loggedAt: before, receivedAt: before })).toEqual([
      'photo_time_outside_hours',
    ]);
    const after = at(FISHING_HOURS_MS + 60_000);
    expect(catchFlags({ ...clean, photo: { ...clean.photo, takenAt: after }, loggedAt: after, receivedAt: after })).toEqual([
      'photo_time_outside_hours',
    ]);
    const loggedLater = at(2 * 3600_000 + TIME_GAP_MS + 60_000);
    expect(catchFlags({ ...clean, loggedAt: loggedLater, receivedAt: loggedLater })).toEqual(['photo_time_differs']);
    const loggedJustWithin = at(2 * 3600_000 + TIME_GAP_MS);
    expect(catchFlags({ ...clean, loggedAt: loggedJustWithin, receivedAt: loggedJustWithin })).toEqual([]);
  });

  it("reads the photo's time against the event's own fishing hours on its day, not against its start", () => {
    // A 6 am sign-on with fishing from 7am to 2pm: a 6:30 am photo is outside, a 1:30 pm one inside.
    const sixAm = { eventDate: at(-3600_000), fishingStart: '07:00', fishingEnd: '14:00' };
    const photoAt = (ms: number) => ({
      ...clean,
      event: sixAm,
      photo: { ...clean.photo, takenAt: at(ms) },
      loggedAt: at(ms),
      receivedAt: at(ms),
    });
    expect(catchFlags(photoAt(-30 * 60_000))).toEqual(['photo_time_outside_hours']);
    expect(catchFlags(photoAt(6.5 * 3600_000))).toEqual([]);
    // The last minute counts, as the clock reads it (2:00 pm and 30 seconds is 2:00 pm); 2:01 pm does not.
    expect(catchFlags(photoAt(FISHING_HOURS_MS + 30_000))).toEqual([]);
    expect(catchFlags(photoAt(FISHING_HOURS_MS + 60_000))).toEqual(['photo_time_outside_hours']);
    // A night event fishing 6pm to 11pm: its morning is outside, its evening inside.
    const night = { eventDate: at(10 * 3600_000), fishingStart: '18:00', fishingEnd: '23:00' };
    const nightPhoto = (ms: number) => ({ ...photoAt(ms), event: night });
    expect(catchFlags(nightPhoto(2 * 3600_000))).toEqual(['photo_time_outside_hours']);
    expect(catchFlags(nightPhoto(13 * 3600_000))).toEqual([]);
    expect(catchFlags(nightPhoto(16 * 3600_000 + 60_000))).toEqual(['photo_time_outside_hours']);
  });

  it('flags a catch that reached the site over an hour after it was logged', () => {
    expect(catchFlags({ ...clean, receivedAt: at(2 * 3600_000 + 60_000 + TIME_GAP_MS + 1) })).toEqual(['sent_late']);
    expect(catchFlags({ ...clean, receivedAt: at(2 * 3600_000 + 60_000 + TIME_GAP_MS) })).toEqual([]);
  });

  it("flags a fish kept under its species' legal minimum length, never a released one or a species without a limit", () => {
    expect(catchFlags({ ...clean, fate: 'kept', sizeCm: 35.9 })).toEqual(['kept_under_minimum']);
    expect(catchFlags({ ...clean, fate: 'kept', sizeCm: 36 })).toEqual([]);
    expect(catchFlags({ ...clean, fate: 'released', sizeCm: 10 })).toEqual([]);
    expect(catchFlags({ ...clean, fate: 'kept', sizeCm: 10, minimumCm: null })).toEqual([]);
    expect(keptUnderMinimum({ fate: 'kept', sizeCm: 24.9, minimumCm: 25 })).toBe(true);
  });

  it('lists every flag that applies, in a fixed order', () => {
    const late = at(FISHING_HOURS_MS + 3 * 3600_000);
    expect(
      catchFlags({
        ...clean,
        gps: null,
        photoPosition: null,
        duplicatePhoto: true,
        photo: { camera: null, takenAt: at(-3600_000) },
        loggedAt: at(FISHING_HOURS_MS),
        receivedAt: late,
        fate: 'kept',
        sizeCm: 12,
      }),
    ).toEqual([
      'no_gps',
      'no_photo_location',
      'duplicate_photo',
      'photo_time_outside_hours',
      'photo_time_differs',
      'sent_late',
      'kept_under_minimum',
    ]);
  });
});
