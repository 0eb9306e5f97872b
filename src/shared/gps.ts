/** 'lat, lng' → numbers, or null for 'GPS not available' or nothing. */
export function parseGps(text: string | undefined | null): { lat: number; lng: number } | null {
  const match = text ? /^(-?\d+(?:\.\d+)?), ?(-?\d+(?:\.\d+)?)$/.exec(text.trim()) : null;
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
