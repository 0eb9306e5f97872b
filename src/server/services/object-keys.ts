/** URL under which the object store serves a key. */
export const objectUrl = (key: string) => `/api/objects/${key}`;

/** The key of an image's thumbnail (`images/<id>.webp` → `images/<id>-thumb.webp`). */
export const thumbnailKey = (imageKey: string) => imageKey.replace(/\.webp$/, '-thumb.webp');
