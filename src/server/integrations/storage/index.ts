import path from 'node:path';
import type { Env } from '../../env';
import { createLocalStore } from './local-store';
import { createS3Store } from './s3-store';

export * from './object-store';
export type { LocalStore } from './local-store';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/objects. */
export function createObjectStore(env: Env, secret: string) {
  if (env.S3_BUCKET) {
    return createS3Store({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    });
  }
  return createLocalStore({ dir: path.join(path.resolve(env.DATA_DIR), 'objects'), publicUrl: env.PUBLIC_URL, secret });
}
