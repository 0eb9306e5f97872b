import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { lazy } from '../../lazy';
import { SAFE_KEY, type ObjectStore } from './object-store';

const sdk = lazy(async () => ({ ...(await import('@aws-sdk/client-s3')), ...(await import('@aws-sdk/s3-request-presigner')) }));

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
  // The SDK is loaded, and the client made, on the first call.
  const connect = lazy(async () => {
    const s3 = await sdk();
    const client: S3Client = new s3.S3Client({
      region: options.region ?? 'auto',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
    return { s3, client };
  });
  const check = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Refusing object key ${JSON.stringify(key)}`);
    return key;
  };
  return {
    kind: 's3',
    async uploadUrl(key, expiresInSeconds) {
      const { s3, client } = await connect();
      // The content type is left unsigned: the bytes are checked, not the declared type.
      return s3.getSignedUrl(client, new s3.PutObjectCommand({ Bucket: options.bucket, Key: check(key) }), { expiresIn: expiresInSeconds });
    },
    async read(key, maxBytes) {
      const { s3, client } = await connect();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket: options.bucket, Key: check(key) }));
        if ((head.ContentLength ?? 0) > maxBytes) return 'too-large';
        const object = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: key }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        return bytes.length > maxBytes ? 'too-large' : bytes;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async put(key, body, contentType) {
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket: options.bucket, Key: check(key), Body: body, ContentType: contentType }));
    },
    async open(key) {
      const { s3, client } = await connect();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: check(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: check(key) }));
    },
  };
}
