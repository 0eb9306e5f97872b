import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { SAFE_KEY, type ObjectStore } from './object-store';

export interface S3Options {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket; the browser uploads straight to it with a presigned PUT URL. */
export function createS3Store(options: S3Options): ObjectStore {
  const client = new S3Client({
    region: options.region ?? 'auto',
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const check = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Refusing object key ${JSON.stringify(key)}`);
    return key;
  };
  return {
    kind: 's3',
    uploadUrl(key, expiresInSeconds) {
      // The content type is left unsigned: the bytes are checked, not the declared type.
      return getSignedUrl(client, new PutObjectCommand({ Bucket: options.bucket, Key: check(key) }), { expiresIn: expiresInSeconds });
    },
    async read(key, maxBytes) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: check(key) }));
        if ((head.ContentLength ?? 0) > maxBytes) return 'too-large';
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        return bytes.length > maxBytes ? 'too-large' : bytes;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: check(key), Body: body, ContentType: contentType }));
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: check(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: check(key) }));
    },
  };
}
