import { lazy } from '../lazy';

const sharpModule = lazy(() => import('sharp'));

/*
 * Near-duplicate photos. A 64-bit perceptual hash (the signs of a 32×32 DCT's lowest 8×8 frequencies) finds
 * candidates cheaply in PostgreSQL, but catch photos look much alike (a fish on the club's yellow brag mat, the
 * river behind), so two different fish can be a few bits apart while a slightly cropped copy of one photo is
 * more than ten. So each candidate is confirmed on a 64×64 greyscale print: the crop between the two pictures is
 * found from their row and column profiles, and what still differs once they are aligned decides.
 */

/** The side of a photo's stored greyscale print, in pixels (the print is PRINT_SIDE² bytes). */
export const PRINT_SIDE = 64;
/** Candidates: earlier photos at most this many of the hash's 64 bits away (5% crops measured up to 18, 8% up to 26). */
export const PHASH_CANDIDATE_BITS = 26;
/** How many candidates, nearest first, are compared print to print (about 0.4 ms each). */
export const PHASH_CANDIDATES = 100;
/**
 * Two prints show the same picture when, aligned, their grey levels differ by at most this much on average (of
 * 255). Measured on 120 of the demo club's catch photos: a copy re-saved at JPEG quality 40 or 95, as WebP or
 * PNG, halved or quartered, or cropped by 5% (on one side, all round or at a corner) differs by at most 2.0, and
 * cropped by 8% at a corner by at most 2.9; two photos of different fish on the mat by at least 5.7 (7.7 for two
 * fish of the same species and length).
 */
export const SAME_PICTURE_MAX_DIFFERENCE = 4;
/** The least two photos of different fish on the mat differed by in the measurement above (grey levels of 255). */
export const DIFFERENT_FISH_MIN_DIFFERENCE = 5.7;
/** A picture this plain (the standard deviation of its print's grey levels) has no fingerprint: only identical files match. */
const PLAIN_PICTURE_SPREAD = 4;

/** A photo's perceptual fingerprint. */
export interface PhotoPrint {
  /** The 64-bit perceptual hash as a signed 64-bit integer (PostgreSQL's bigint), in decimal. */
  phash: string;
  /** The aligned-comparison print: PRINT_SIDE × PRINT_SIDE grey levels, lightly blurred. */
  print: Buffer;
}

const HASH_SIDE = 32;
const COSINES = Array.from({ length: 8 }, (_, u) =>
  Float64Array.from({ length: HASH_SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE))),
);

/** The perceptual hash of a 32×32 greyscale picture: the lowest 8×8 DCT coefficients above their median (DC left out). */
export function perceptualHash(grey: Uint8Array): bigint {
  const rows: Float64Array[] = [];
  for (let y = 0; y < HASH_SIDE; y++) {
    const row = new Float64Array(8);
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let x = 0; x < HASH_SIDE; x++) sum += COSINES[v][x] * grey[y * HASH_SIDE + x];
      row[v] = sum;
    }
    rows.push(row);
  }
  const coefficients: number[] = [];
  for (let u = 0; u < 8; u++)
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < HASH_SIDE; y++) sum += COSINES[u][y] * rows[y][v];
      coefficients.push(sum);
    }
  const median = coefficients.slice(1).sort((a, b) => a - b)[31];
  let bits = 0n;
  for (const c of coefficients) bits = (bits << 1n) | (c > median ? 1n : 0n);
  return BigInt.asIntN(64, bits);
}

/** The bits two 64-bit hashes differ in. */
export function hashDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/**
 * The fingerprint of an uploaded photo (the original bytes, turned upright by its EXIF orientation), or null for a
 * picture too plain to tell from others (one colour) or one that cannot be read.
 */
export async function photoPrint(bytes: Buffer): Promise<PhotoPrint | null> {
  const { default: sharp } = await sharpModule();
  try {
    // Decoded once, small: JPEG shrink-on-load makes this cheap even for a 12-megapixel photo.
    const grey = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'none', animated: false })
      .rotate()
      .greyscale()
      .resize(256, 256, { fit: 'fill' })
      .raw()
      .toBuffer();
    const raw = { raw: { width: 256, height: 256, channels: 1 as const } };
    const [small, print] = await Promise.all([
      sharp(grey, raw).greyscale().resize(HASH_SIDE, HASH_SIDE, { fit: 'fill' }).raw().toBuffer(),
      sharp(grey, raw).greyscale().resize(PRINT_SIDE, PRINT_SIDE, { fit: 'fill' }).blur(0.8).raw().toBuffer(),
    ]);
    // A single-channel raw input comes back as sRGB unless asked for grey again.
    if (print.length !== PRINT_SIDE * PRINT_SIDE || small.length !== HASH_SIDE * HASH_SIDE) return null;
    if (spread(print) < PLAIN_PICTURE_SPREAD) return null;
    return { phash: perceptualHash(small).toString(), print };
  } catch {
    return null;
  }
}

function spread(values: Uint8Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / values.length;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return Math.sqrt(squares / values.length);
}

const S = PRINT_SIDE;

/** One axis of the alignment: the later picture's coordinate u (0-1) is the earlier one's offset + scale × u. */
interface Axis {
  scale: number;
  offset: number;
}

/** A profile sampled at t (0-1, pixel centres at (i + 0.5) / S), linearly between pixels. */
function sampleProfile(profile: Float64Array, t: number): number {
  const f = Math.min(S - 1, Math.max(0, t * S - 0.5));
  const i = Math.min(S - 2, Math.floor(f));
  const w = f - i;
  return profile[i] * (1 - w) + profile[i + 1] * w;
}

/** How far the alignment looks: scales (later / earlier) and offsets, as shares of the picture. */
const SCALES = { min: 0.88, max: 1.14 } as const;
const OFFSETS = { min: -0.14, max: 0.12 } as const;

/**
 * The crop (or enlargement) along one axis that best lines up two profiles, by the correlation of the part they
 * share (at least 80% of the later one): scales 0.88-1.14 and offsets -0.14 to 0.12, first in steps of 0.02, then
 * in steps of 0.005 around the best.
 */
function alignAxis(later: Float64Array, earlier: Float64Array): Axis {
  const a = new Float64Array(S);
  const b = new Float64Array(S);
  const score = (scale: number, offset: number) => {
    let n = 0;
    for (let i = 0; i < S; i++) {
      const t = offset + (scale * (i + 0.5)) / S;
      if (t < 0 || t > 1) continue;
      a[n] = later[i];
      b[n] = sampleProfile(earlier, t);
      n++;
    }
    return n < S * 0.8 ? -Infinity : correlation(a, b, n);
  };
  let best: Axis = { scale: 1, offset: 0 };
  let bestScore = score(1, 0);
  const search = (scales: [number, number], offsets: [number, number], step: number) => {
    const from = best;
    for (
      let scale = Math.max(SCALES.min, from.scale + scales[0]);
      scale <= Math.min(SCALES.max, from.scale + scales[1]) + 1e-9;
      scale += step
    )
      for (
        let offset = Math.max(OFFSETS.min, from.offset + offsets[0]);
        offset <= Math.min(OFFSETS.max, from.offset + offsets[1]) + 1e-9;
        offset += step
      ) {
        const s = score(scale, offset);
        if (s > bestScore) {
          bestScore = s;
          best = { scale, offset };
        }
      }
  };
  search([SCALES.min - 1, SCALES.max - 1], [OFFSETS.min, OFFSETS.max], 0.02);
  search([-0.02, 0.02], [-0.02, 0.02], 0.005);
  return best;
}

function correlation(a: Float64Array, b: Float64Array, n: number): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i] - ma) * (b[i] - mb);
    da += (a[i] - ma) ** 2;
    db += (b[i] - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

function profiles(print: Uint8Array): { columns: Float64Array; rows: Float64Array } {
  const columns = new Float64Array(S);
  const rows = new Float64Array(S);
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++) {
      columns[x] += print[y * S + x] / S;
      rows[y] += print[y * S + x] / S;
    }
  return { columns, rows };
}

function samplePrint(print: Uint8Array, x: number, y: number): number {
  const fx = Math.min(S - 1, Math.max(0, x * S - 0.5));
  const fy = Math.min(S - 1, Math.max(0, y * S - 0.5));
  const i = Math.min(S - 2, Math.floor(fx));
  const j = Math.min(S - 2, Math.floor(fy));
  const wx = fx - i;
  const wy = fy - j;
  const top = print[j * S + i] * (1 - wx) + print[j * S + i + 1] * wx;
  const bottom = print[(j + 1) * S + i] * (1 - wx) + print[(j + 1) * S + i + 1] * wx;
  return top * (1 - wy) + bottom * wy;
}

/** Two prints compared once aligned. */
export interface PrintComparison {
  /** The mean difference of their grey levels (0-255) over the part they share; Infinity when they share too little to say. */
  difference: number;
  /** How much of the earlier picture the later one shows (0-1; 1 when it shows all of it, or more). */
  shownShare: number;
}

/** The share (0-1) of the earlier picture's side that the later one covers along one axis. */
const shownAlong = (axis: Axis) => Math.max(0, Math.min(1, axis.offset + axis.scale) - Math.max(0, axis.offset));

/** How different two prints are once aligned (the crop between them found first), and how much of the earlier one the later shows. */
export function comparePrints(later: Uint8Array, earlier: Uint8Array): PrintComparison {
  if (later.length !== S * S || earlier.length !== S * S) return { difference: Infinity, shownShare: 0 };
  const p = profiles(later);
  const q = profiles(earlier);
  const ax = alignAxis(p.columns, q.columns);
  const ay = alignAxis(p.rows, q.rows);
  let sum = 0;
  let n = 0;
  for (let y = 0; y < S; y++) {
    const v = ay.offset + (ay.scale * (y + 0.5)) / S;
    if (v < 0 || v > 1) continue;
    for (let x = 0; x < S; x++) {
      const u = ax.offset + (ax.scale * (x + 0.5)) / S;
      if (u < 0 || u > 1) continue;
      sum += Math.abs(later[y * S + x] - samplePrint(earlier, u, v));
      n++;
    }
  }
  return { difference: n < S * S * 0.6 ? Infinity : sum / n, shownShare: shownAlong(ax) * shownAlong(ay) };
}

/** How different two prints are once aligned: the mean difference of their grey levels (0-255), as `comparePrints`. */
export const printDifference = (later: Uint8Array, earlier: Uint8Array): number => comparePrints(later, earlier).difference;

/** Whether two prints show the same picture (re-saved, resized or cropped slightly). */
export const samePicture = (later: Uint8Array, earlier: Uint8Array) => printDifference(later, earlier) <= SAME_PICTURE_MAX_DIFFERENCE;
