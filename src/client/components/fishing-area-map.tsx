import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { distanceMetres, insideArea, type FishingArea, type LatLng, PHOTO_PHONE_MAX_METRES } from '../../shared/fishing-area';
import { useTRPC } from '../trpc';

/** The map's drawing units; it scales to the width it is given (readable from 320 px). */
const W = 360;
const H = 240;
/** Around positions, the map shows at least this much ground, so the coast near them is in view. */
const MIN_SPAN_METRES = 3000;
const METRES_PER_DEGREE = 111_195;
const SCALE_STEPS_KM = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];

interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The ground to show: around the positions when there are any, else the whole area. */
function boxOf(area: FishingArea, positions: LatLng[]): Box {
  const lats = positions.length ? positions.map((p) => p.lat) : area.coordinates[0].map(([, lat]) => lat);
  const lngs = positions.length ? positions.map((p) => p.lng) : area.coordinates[0].map(([lng]) => lng);
  let box = { south: Math.min(...lats), north: Math.max(...lats), west: Math.min(...lngs), east: Math.max(...lngs) };
  const cos = Math.cos((((box.south + box.north) / 2) * Math.PI) / 180);
  const minLat = positions.length ? MIN_SPAN_METRES / METRES_PER_DEGREE : 0;
  const minLng = minLat / cos;
  const padLat = Math.max(minLat, box.north - box.south) * (positions.length ? 0.35 : 0.04);
  const padLng = Math.max(minLng, box.east - box.west) * (positions.length ? 0.35 : 0.04);
  const midLat = (box.south + box.north) / 2;
  const midLng = (box.west + box.east) / 2;
  const halfLat = Math.max(minLat, box.north - box.south) / 2 + padLat;
  const halfLng = Math.max(minLng, box.east - box.west) / 2 + padLng;
  box = { south: midLat - halfLat, north: midLat + halfLat, west: midLng - halfLng, east: midLng + halfLng };
  return box;
}

/** Latitude and longitude to the drawing's x and y: degrees of longitude shrink by cos(latitude). */
function projection(box: Box) {
  const midLat = (box.south + box.north) / 2;
  const midLng = (box.west + box.east) / 2;
  const cos = Math.cos((midLat * Math.PI) / 180);
  const scale = Math.min(W / ((box.east - box.west) * cos), H / (box.north - box.south));
  return {
    /** Drawing units per metre on the ground. */
    perMetre: scale / METRES_PER_DEGREE,
    at: (lat: number, lng: number) => ({ x: W / 2 + (lng - midLng) * cos * scale, y: H / 2 - (lat - midLat) * scale }),
  };
}

const fixed = (n: number) => n.toFixed(1);
const place = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;
/** 1.9 km, 300 m. */
export const formatDistance = (metres: number) =>
  metres >= 1000 ? `${(metres / 1000).toFixed(1)} km` : `${Math.round(metres / 10) * 10} m`;

/** A plain-English reading of the map, for screen readers and the judge's eye alike. */
export function describePositions(area: FishingArea, phone: LatLng | null, photo: LatLng | null): string {
  const where = (p: LatLng) => (insideArea(area, p.lat, p.lng) ? 'inside the fishing area' : 'outside the fishing area');
  const parts = [
    phone ? `The phone was at ${place(phone)}, ${where(phone)}.` : 'The phone sent no position.',
    photo ? `The photo was taken at ${place(photo)}, ${where(photo)}.` : 'The photo has no position.',
  ];
  if (phone && photo) parts.push(`They are ${formatDistance(distanceMetres(phone, photo))} apart.`);
  return parts.join(' ');
}

/** A position on the map: a dot and its label, on the side away from the other dot. */
function MapMarker({
  point: { x, y },
  label,
  colour,
  anchor,
}: {
  point: { x: number; y: number };
  label: string;
  colour: string;
  anchor: 'start' | 'end';
}) {
  return (
    <g data-testid={`map-${label.toLowerCase()}`}>
      <circle cx={fixed(x)} cy={fixed(y)} r={6} fill={colour} stroke="#fff" strokeWidth={2} />
      <text
        x={fixed(x + (anchor === 'start' ? 10 : -10))}
        y={fixed(y + 4)}
        textAnchor={anchor}
        fontSize={13}
        fontWeight={700}
        fill={colour}
        stroke="#fff"
        strokeWidth={3}
        paintOrder="stroke"
      >
        {label}
      </text>
    </g>
  );
}

/** The map's scale: a bar of a round distance. */
function ScaleBar({ barKm, barLength }: { barKm: number; barLength: number }) {
  return (
    <g transform={`translate(12 ${H - 14})`} aria-hidden="true">
      <line x1={0} y1={0} x2={fixed(barLength)} y2={0} stroke="#343a40" strokeWidth={2} />
      <line x1={0} y1={-4} x2={0} y2={4} stroke="#343a40" strokeWidth={2} />
      <line x1={fixed(barLength)} y1={-4} x2={fixed(barLength)} y2={4} stroke="#343a40" strokeWidth={2} />
      <text x={fixed(barLength + 6)} y={4} fontSize={11} fill="#343a40">
        {barKm >= 1 ? `${barKm} km` : `${barKm * 1000} m`}
      </text>
    </g>
  );
}

/**
 * The fishing area drawn as a map (an inline SVG: no tile server, so it works offline and in tests), with the
 * phone's and the photo's positions when given. Around positions it shows a few kilometres of ground, with a line
 * between the two when they are over 1 km apart; without them, the whole area.
 */
export function FishingAreaMap({
  area,
  phone = null,
  photo = null,
  title = 'Map of the fishing area',
}: {
  area: FishingArea;
  phone?: LatLng | null;
  photo?: LatLng | null;
  title?: string;
}) {
  const id = useId();
  const positions = [phone, photo].filter((p): p is LatLng => p !== null);
  const box = boxOf(area, positions);
  const { at, perMetre } = projection(box);
  const path = area.coordinates
    .map((ring) => `M${ring.map(([lng, lat]) => Object.values(at(lat, lng)).map(fixed).join(' ')).join('L')}Z`)
    .join('');
  const barKm = SCALE_STEPS_KM.find((km) => km * 1000 * perMetre >= 50) ?? 500;
  const barLength = barKm * 1000 * perMetre;
  const far = phone !== null && photo !== null && distanceMetres(phone, photo) > PHOTO_PHONE_MAX_METRES;
  // The labels go on the far sides of the two dots, so that they never cover each other.
  const photoLeftOfPhone = phone !== null && photo !== null && at(photo.lat, photo.lng).x < at(phone.lat, phone.lng).x;
  const description = positions.length
    ? describePositions(area, phone, photo)
    : `The fishing area's outline, ${area.coordinates[0].length} points, from latitude ${box.north.toFixed(2)} to ${box.south.toFixed(2)}.`;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 8, background: '#dcebf5' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <path d={path} fill="#d3ecd0" fillOpacity={0.9} fillRule="evenodd" stroke="#2f9e44" strokeWidth={1.5} strokeLinejoin="round" />
      {phone && photo && far && (
        <line
          x1={fixed(at(phone.lat, phone.lng).x)}
          y1={fixed(at(phone.lat, phone.lng).y)}
          x2={fixed(at(photo.lat, photo.lng).x)}
          y2={fixed(at(photo.lat, photo.lng).y)}
          stroke="#c92a2a"
          strokeWidth={2}
          strokeDasharray="6 4"
        />
      )}
      {phone && <MapMarker point={at(phone.lat, phone.lng)} label="Phone" colour="#1864ab" anchor={photoLeftOfPhone ? 'start' : 'end'} />}
      {photo && <MapMarker point={at(photo.lat, photo.lng)} label="Photo" colour="#c92a2a" anchor={photoLeftOfPhone ? 'end' : 'start'} />}
      <ScaleBar barKm={barKm} barLength={barLength} />
    </svg>
  );
}

/** The club's fishing area, for the committee: read once for every judge's card and kept a few minutes. */
export function useFishingArea() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.fishingArea.get.queryOptions(undefined, { staleTime: 5 * 60_000 }));
}
