import { OBJECTS_PATH } from '../../shared/uploads';

export { thumbnailKey } from '../../shared/uploads';

/** URL under which the object store serves a key. */
export const objectUrl = (key: string) => `${OBJECTS_PATH}${key}`;
