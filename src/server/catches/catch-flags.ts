import { keptUnderMinimum, type CatchFlag, type Fate } from '../../shared/catches';
import { isWithinFishingHours, type FishingHours } from '../../shared/events';
import { distanceMetres, insideArea, PHOTO_PHONE_MAX_METRES, type FishingArea, type LatLng } from '../../shared/fishing-area';

/** The judge is told when the photo's time or the arrival strays this far from the logged time. */
export const TIME_GAP_MS = 60 * 60_000;

/** What the judge's flags are worked out from: the submission, its photo's own facts and the event. */
export interface CatchFlagFacts {
  /** The position the phone sent, or null when it had none. */
  gps: LatLng | null;
  /** Where the photo's own EXIF says it was taken, or null when it does not say. */
  photoPosition: LatLng | null;
  /** The club's fishing area, which both positions are checked against. */
  area: FishingArea;
  /** The same picture was submitted before (the same file, or the picture re-saved, resized or cropped slightly). */
  duplicatePhoto: boolean;
  /** The photo's EXIF camera and time, when it has them. */
  photo: { camera: string | null; takenAt: Date | null };
  /** The event's day and its own fishing hours. */
  event: FishingHours;
  /** When the phone logged the catch. */
  loggedAt: Date;
  /** When the site received it. */
  receivedAt: Date;
  fate: Fate;
  sizeCm: number;
  /** The species' legal minimum length, or null when it has none. */
  minimumCm: number | null;
}

/** The automatic flags a judge sees on a catch, in a fixed order. A flag asks for a closer look; it refuses nothing. */
export function catchFlags(f: CatchFlagFacts): CatchFlag[] {
  const flags: CatchFlag[] = [];
  const { area } = f;
  if (!f.gps) flags.push('no_gps');
  else if (!insideArea(area, f.gps.lat, f.gps.lng)) flags.push('phone_outside_area');
  if (f.photoPosition && !insideArea(area, f.photoPosition.lat, f.photoPosition.lng)) flags.push('photo_outside_area');
  if (f.photoPosition && f.gps && distanceMetres(f.gps, f.photoPosition) > PHOTO_PHONE_MAX_METRES) flags.push('photo_far_from_phone');
  // A photo without a position of its own cannot show where it was taken, whatever else its metadata says.
  if (!f.photoPosition) flags.push('no_photo_location');
  if (f.duplicatePhoto) flags.push('duplicate_photo');
  if (!f.photo.camera && !f.photo.takenAt) flags.push('no_camera_metadata');
  const takenAt = f.photo.takenAt;
  if (takenAt && !isWithinFishingHours(f.event, takenAt)) flags.push('photo_time_outside_hours');
  if (takenAt && Math.abs(takenAt.getTime() - f.loggedAt.getTime()) > TIME_GAP_MS) flags.push('photo_time_differs');
  if (f.receivedAt.getTime() - f.loggedAt.getTime() > TIME_GAP_MS) flags.push('sent_late');
  if (keptUnderMinimum(f)) flags.push('kept_under_minimum');
  return flags;
}
