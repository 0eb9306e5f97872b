import { GPS_UNAVAILABLE } from '../../../shared/catches.schema';

/** The phone's position as 'lat, lng' with 6 decimals, or 'GPS not available' (unsupported, refused or timed out). */
export function currentGpsText(): Promise<string> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(GPS_UNAVAILABLE);
    try {
      navigator.geolocation.getCurrentPosition(
        (pos) => resolve(`${pos.coords.latitude.toFixed(6)}, ${pos.coords.longitude.toFixed(6)}`),
        () => resolve(GPS_UNAVAILABLE),
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
      );
    } catch {
      resolve(GPS_UNAVAILABLE);
    }
  });
}

export const PHOTO_MAX_SIDE = 2048;
const JPEG_QUALITY = 0.85;

/**
 * Shrinks a phone photo to a long side of at most 2048 px (JPEG, quality 0.85) so it sends quickly on a
 * riverbank connection. The canvas drops all metadata, so the original's EXIF block (the photo's own time,
 * place and camera, which the judges rely on) is carried over with its orientation reset, because the
 * pixels are already upright. Works in a page and in the service worker (an OffscreenCanvas where there is
 * one). On any failure the original is sent as it is: the same object comes back.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  try {
    if (typeof createImageBitmap !== 'function') return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.type === 'image/jpeg') {
      bitmap.close();
      return file;
    }
    const blob = await drawAsJpeg(bitmap, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    bitmap.close();
    if (!blob) return file;
    const exif = exifSegment(new Uint8Array(await file.arrayBuffer()));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const body = exif ? insertAfterSoi(bytes, exif) : bytes;
    const name = (file instanceof File && file.name.replace(/\.[^.]*$/, '')) || 'catch';
    return new File([body as BlobPart], `${name}.jpg`, {
      type: 'image/jpeg',
      lastModified: file instanceof File ? file.lastModified : Date.now(),
    });
  } catch {
    return file;
  }
}

/** The bitmap drawn at width × height and encoded as JPEG, or null where there is no canvas to draw on. */
async function drawAsJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

/** A copy of a JPEG's APP1 EXIF segment (marker included) with the orientation tag set to 1, or null. */
export function exifSegment(jpeg: Uint8Array): Uint8Array | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker === 0xda || marker === 0xd9) return null; // image data starts: no EXIF before it
    const length = (jpeg[at + 2] << 8) | jpeg[at + 3];
    if (length < 2 || at + 2 + length > jpeg.length) return null;
    if (marker === 0xe1 && EXIF_HEADER.every((b, i) => jpeg[at + 4 + i] === b)) {
      const segment = jpeg.slice(at, at + 2 + length);
      resetOrientation(segment, 10);
      return segment;
    }
    at += 2 + length;
  }
  return null;
}

/** Sets tag 0x0112 (Orientation) of IFD0 to 1 in place; `tiff` is where the TIFF header starts. */
function resetOrientation(segment: Uint8Array, tiff: number) {
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  if (tiff + 8 > view.byteLength) return;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return;
  const little = order === 0x4949;
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > view.byteLength) return;
  const entries = view.getUint16(ifd0, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > view.byteLength) return;
    if (view.getUint16(entry, little) === 0x0112) view.setUint16(entry + 8, 1, little);
  }
}

function insertAfterSoi(jpeg: Uint8Array, segment: Uint8Array): Uint8Array {
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}
