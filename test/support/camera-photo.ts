import sharp from 'sharp';

/**
 * A phone camera's photo as JPEG bytes: 4032×3024 (12 megapixels) of fine detail with little compression, about
 * 7.5 MB, for the journeys and benchmarks that log a catch as it comes from a real phone.
 */
export function cameraPhotoBytes(): Promise<Buffer> {
  return sharp({
    create: { width: 4032, height: 3024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 32 } },
  })
    .blur(0.6)
    .jpeg({ quality: 95 })
    .toBuffer();
}
