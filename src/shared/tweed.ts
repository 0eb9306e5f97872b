/** An outline of the Tweed Shire (lat, lng), a little generous along the coast; competition waters lie inside. */
export const TWEED_SHIRE_OUTLINE: [number, number][] = [
  [-28.155, 153.19],
  [-28.155, 153.56],
  [-28.3, 153.6],
  [-28.46, 153.6],
  [-28.64, 153.58],
  [-28.65, 153.28],
  [-28.6, 153.05],
  [-28.42, 153.02],
  [-28.26, 153.08],
];

/** Whether a point lies inside a polygon (ray casting). */
export function insidePolygon(lat: number, lng: number, polygon: [number, number][] = TWEED_SHIRE_OUTLINE): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i];
    const [yj, xj] = polygon[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** 'lat, lng' → numbers, or null for 'GPS not available' or nothing. */
export function parseGps(text: string | undefined | null): { lat: number; lng: number } | null {
  const match = text ? /^(-?\d+(?:\.\d+)?), ?(-?\d+(?:\.\d+)?)$/.exec(text.trim()) : null;
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
