import { lazy } from '../lazy';
import { AppError } from '../../shared/errors';
import { IMAGE_MAX_BYTES, STORED_IMAGE_LONG_SIDE, THUMBNAIL_LONG_SIDE, tooLargeMessage } from '../../shared/uploads';

const sharpModule = lazy(() => import('sharp'));
const exifModule = lazy(() => import('exif-reader'));

/** Upload limits; the byte limit is shared with the forms. */
export const IMAGE_LIMITS = {
  maxBytes: IMAGE_MAX_BYTES,
  /** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
  maxPixels: 40_000_000,
  longSide: STORED_IMAGE_LONG_SIDE,
  thumbnailLongSide: THUMBNAIL_LONG_SIDE,
} as const;

/** The image type the bytes themselves say, whatever the file name or declared type claims. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (
    bytes.length >= 12 &&
    bytes.subarray(4, 8).toString('latin1') === 'ftyp' &&
    /^avi[fs]$/.test(bytes.subarray(8, 12).toString('latin1'))
  )
    return 'avif';
  return null;
}

export interface NormalisedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded picture as WebP: turned upright by its EXIF orientation, metadata (GPS included)
 * stripped, at most 2048 px on the long side, with a 480 px thumbnail.
 */
export async function normaliseImage(bytes: Buffer, maxBytes: number = IMAGE_LIMITS.maxBytes): Promise<NormalisedImage> {
  if (bytes.length > maxBytes) throw new AppError('BAD_REQUEST', tooLargeMessage('image', maxBytes));
  if (!sniffImageType(bytes))
    throw new AppError('BAD_REQUEST', 'That file is not an image. Please choose a JPEG, PNG, WebP or GIF picture.');
  const { default: sharp } = await sharpModule();
  try {
    const input = () => sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', animated: false }).rotate();
    const { data: image, info } = await input()
      .resize({ width: IMAGE_LIMITS.longSide, height: IMAGE_LIMITS.longSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await input()
      .resize({ width: IMAGE_LIMITS.thumbnailLongSide, height: IMAGE_LIMITS.thumbnailLongSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw new AppError('BAD_REQUEST', 'That image has too many pixels (more than 40 megapixels). Please choose a smaller picture.');
    }
    throw new AppError('BAD_REQUEST', 'That image could not be read. It may be damaged; please choose another picture.');
  }
}

export interface PhotoFacts {
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  camera: string | null;
}

const dms = (parts: number[] | undefined, ref: string | undefined) =>
  parts && parts.length === 3 ? (parts[0] + parts[1] / 60 + parts[2] / 3600) * (ref === 'S' || ref === 'W' ? -1 : 1) : null;

/** What a photo's own EXIF says: when and where it was taken, and with what camera. */
export async function readPhotoFacts(bytes: Buffer, wallClockToInstant: (local: string) => Date): Promise<PhotoFacts> {
  const none: PhotoFacts = { takenAt: null, latitude: null, longitude: null, camera: null };
  const [{ default: sharp }, { default: exifReader }] = await Promise.all([sharpModule(), exifModule()]);
  try {
    const { exif } = await sharp(bytes).metadata();
    if (!exif) return none;
    const tags = exifReader(exif);
    const original = tags.Photo?.DateTimeOriginal ?? tags.Image?.DateTime;
    // EXIF times are the camera's wall clock without a zone: read them as the club's local time.
    const takenAt =
      original instanceof Date && !Number.isNaN(original.getTime()) ? wallClockToInstant(original.toISOString().slice(0, 16)) : null;
    const camera = [tags.Image?.Make, tags.Image?.Model].filter(Boolean).join(' ').trim() || null;
    return {
      takenAt,
      latitude: dms(tags.GPSInfo?.GPSLatitude as number[] | undefined, tags.GPSInfo?.GPSLatitudeRef as string | undefined),
      longitude: dms(tags.GPSInfo?.GPSLongitude as number[] | undefined, tags.GPSInfo?.GPSLongitudeRef as string | undefined),
      camera,
    };
  } catch {
    return none;
  }
}
