import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifSegment } from '../../src/client/features/catches/photo';

/** A phone-like JPEG: orientation 6 (taken on its side), camera, time and GPS in EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pixel Test', Orientation: '6' },
      IFD2: { DateTimeOriginal: '2026:11:21 08:15:00' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '28/1 10/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 32/1 0/1' },
    })
    .toBuffer();

describe('carrying EXIF over to the shrunk photo', () => {
  it("copies the original's EXIF block with the orientation reset to upright", async () => {
    const segment = exifSegment(new Uint8Array(await phonePhoto()));
    expect(segment).not.toBeNull();
    const tags = exifReader(Buffer.from(segment!.subarray(4)));
    expect(tags.Image?.Make).toBe('PhoneCo');
    expect(tags.Image?.Orientation).toBe(1);
    expect(tags.Photo?.DateTimeOriginal).toBeInstanceOf(Date);
    expect(tags.GPSInfo?.GPSLatitudeRef).toBe('S');
  });

  it('finds nothing in a JPEG without EXIF, or in bytes that are not a JPEG', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(exifSegment(new Uint8Array(plain))).toBeNull();
    expect(exifSegment(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(exifSegment(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff]))).toBeNull();
  });
});
