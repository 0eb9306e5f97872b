/** Upload limits, for the server's checks and the forms that warn before sending. */
const MB = 1024 * 1024;

/** An image sent through an upload URL: event images, news pictures, sponsor logos. */
export const IMAGE_MAX_BYTES = 5 * MB;
/** A catch photo: a phone photo the browser could not shrink is still accepted up to this size. */
export const CATCH_PHOTO_MAX_BYTES = 10 * MB;

/** '5 MB': a limit as messages write it. */
export const formatMegabytes = (bytes: number) => `${bytes / MB} MB`;

/** The sentence for a file over its limit, e.g. 'The image is larger than 5 MB.' */
export const tooLargeMessage = (what: 'image' | 'photo', maxBytes: number) => `The ${what} is larger than ${formatMegabytes(maxBytes)}.`;

/** A stored image's thumbnail (`images/<id>.webp` → `images/<id>-thumb.webp`), made with it at upload. */
export const thumbnailKey = (imageKey: string) => imageKey.replace(/\.webp$/, '-thumb.webp');
/** The long side of a stored image and of its thumbnail, in pixels (at most). */
export const STORED_IMAGE_LONG_SIDE = 2048;
export const THUMBNAIL_LONG_SIDE = 480;
/** Where the site serves stored objects. */
export const OBJECTS_PATH = '/api/objects/';
