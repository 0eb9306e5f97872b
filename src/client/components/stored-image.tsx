import { Image, type ImageProps } from '@mantine/core';
import { OBJECTS_PATH, STORED_IMAGE_LONG_SIDE, THUMBNAIL_LONG_SIDE, thumbnailKey } from '../../shared/uploads';

/** The thumbnail beside a picture the site stores, for `srcset`; none for a picture from elsewhere. */
export function storedImageSrcSet(src: string): string | undefined {
  if (!src.startsWith(OBJECTS_PATH) || !src.endsWith('.webp') || src.endsWith('-thumb.webp')) return undefined;
  return `${thumbnailKey(src)} ${THUMBNAIL_LONG_SIDE}w, ${src} ${STORED_IMAGE_LONG_SIDE}w`;
}

/**
 * A picture in a box of known size, so nothing moves when it arrives: `width` and `height` give the box's shape (the
 * picture is fitted into it), `sizes` how wide it is shown, from which the browser picks the stored thumbnail or the
 * full picture. Below the fold unless said otherwise (`priority` for the first screen).
 */
export function StoredImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  ...props
}: Omit<ImageProps, 'src' | 'w' | 'h'> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
}) {
  return (
    <Image
      src={src}
      srcSet={storedImageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...props}
      style={{ width: '100%', maxWidth: width, height: 'auto', aspectRatio: `${width} / ${height}`, ...(props.style as object) }}
    />
  );
}
