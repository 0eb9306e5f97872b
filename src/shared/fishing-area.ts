import { z } from 'zod';

/**
 * The water the club fishes in competitions: a GeoJSON Polygon, positions as
 * [longitude, latitude]. The first ring is the outline; any further rings are holes left out of it.
 */
export interface FishingArea {
  type: 'Polygon';
  coordinates: [lng: number, lat: number][][];
}

/** A position as the phone or the photo gives it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** How many positions a fishing area may have, counting every ring's closing repeat. */
export const FISHING_AREA_POINTS = { min: 4, max: 2000 } as const;
/** How far apart the photo's and the phone's positions may be before the judge is told. */
export const PHOTO_PHONE_MAX_METRES = 1000;

/** Whether a position lies inside the area: inside its outline and in none of its holes (ray casting, even-odd). */
export function insideArea(area: FishingArea, lat: number, lng: number): boolean {
  let inside = false;
  for (const ring of area.coordinates) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The distance in metres between two positions over the Earth's surface (haversine, mean radius). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How many positions an area has (every ring's closing repeat included). */
export const areaPoints = (area: FishingArea) => area.coordinates.reduce((n, ring) => n + ring.length, 0);

const SHAPE_MESSAGE =
  'The fishing area must be a GeoJSON Polygon, or a MultiPolygon with one polygon (a Feature or a FeatureCollection holding one is fine too).';

type Found = { polygon: unknown } | { problem: string };

/** The one polygon's rings in a GeoJSON text's object, or what is wrong with it. */
function polygonOf(value: unknown): Found {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: SHAPE_MESSAGE };
  const object = value as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown };
  switch (object.type) {
    case 'Polygon':
      return { polygon: object.coordinates };
    case 'MultiPolygon': {
      if (!Array.isArray(object.coordinates)) return { problem: SHAPE_MESSAGE };
      if (object.coordinates.length !== 1)
        return { problem: `The fishing area must be one polygon; this MultiPolygon has ${object.coordinates.length}.` };
      return { polygon: object.coordinates[0] };
    }
    case 'Feature':
      return polygonOf(object.geometry);
    case 'FeatureCollection': {
      if (!Array.isArray(object.features)) return { problem: SHAPE_MESSAGE };
      if (object.features.length !== 1)
        return { problem: `The fishing area must be one polygon; this FeatureCollection has ${object.features.length} features.` };
      return polygonOf(object.features[0]);
    }
    default:
      return { problem: SHAPE_MESSAGE };
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks a polygon's rings: closed, in range, 4-2000 positions in all; the problem in a sentence, or the area. */
function checkRings(rings: unknown): FishingArea | string {
  if (!Array.isArray(rings) || rings.length === 0 || !rings.every(Array.isArray))
    return "The polygon's coordinates must be a list of rings, each a list of [longitude, latitude] positions.";
  const total = (rings as unknown[][]).reduce((n, ring) => n + ring.length, 0);
  if (total < FISHING_AREA_POINTS.min || total > FISHING_AREA_POINTS.max)
    return `The fishing area must have ${FISHING_AREA_POINTS.min} to ${FISHING_AREA_POINTS.max.toLocaleString('en-AU')} points; this one has ${total.toLocaleString('en-AU')}.`;
  const checked: [number, number][][] = [];
  for (const [r, ring] of (rings as unknown[][]).entries()) {
    const name = r === 0 ? 'The outline' : `Hole ${r}`;
    if (ring.length < FISHING_AREA_POINTS.min)
      return `${name} needs at least ${FISHING_AREA_POINTS.min} points (the last repeating the first).`;
    const positions: [number, number][] = [];
    for (const [i, position] of ring.entries()) {
      if (!Array.isArray(position) || position.length < 2 || !isNumber(position[0]) || !isNumber(position[1]))
        return `${name}: point ${i + 1} must be [longitude, latitude] in degrees.`;
      const [lng, lat] = position as [number, number];
      if (Math.abs(lng) > 180 || Math.abs(lat) > 90) {
        const swapped = Math.abs(lng) <= 90 && Math.abs(lat) <= 180 ? ' GeoJSON puts the longitude first.' : '';
        return `${name}: point ${i + 1} is out of range: longitude must be between -180 and 180 and latitude between -90 and 90.${swapped}`;
      }
      positions.push([lng, lat]);
    }
    const [first, last] = [positions[0], positions[positions.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) return `${name} must be closed: its last point must repeat its first.`;
    checked.push(positions);
  }
  return { type: 'Polygon', coordinates: checked };
}

/** A fishing area as the committee pastes or uploads it: GeoJSON text, checked and reduced to one Polygon. */
export const fishingAreaInput = z.object({
  geojson: z
    .string({ error: 'Please paste or choose the GeoJSON of the fishing area.' })
    .max(500_000, 'That GeoJSON is too long (at most 500,000 characters).')
    .transform((text, ctx): FishingArea => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'That is not GeoJSON: the text could not be read as JSON.' });
        return z.NEVER;
      }
      const found = polygonOf(parsed);
      const area = 'problem' in found ? found.problem : checkRings(found.polygon);
      if (typeof area === 'string') {
        ctx.addIssue({ code: 'custom', message: area });
        return z.NEVER;
      }
      return area;
    }),
});
export type FishingAreaInput = z.input<typeof fishingAreaInput>;

const position = z.tuple([z.number(), z.number()]);
/** The stored area as the site reads it back (already checked when it was saved). */
export const fishingAreaGeometry = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) });

/** The area the flags use now, for the committee's card and the judge's maps. */
export const fishingAreaView = z.object({
  area: fishingAreaGeometry,
  points: z.number(),
  /** Whether this is the example club's area, the site's own never having been stored. */
  isExample: z.boolean(),
  /** When and by whom it was last replaced, if ever. */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type FishingAreaView = z.infer<typeof fishingAreaView>;
