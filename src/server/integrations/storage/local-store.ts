import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SAFE_KEY, type ObjectStore } from './object-store';

/** Files under DATA_DIR/objects; uploads go to our own signed URL (see `verifyUpload`). */
export function createLocalStore(options: { dir: string; publicUrl: string; secret: string; now?: () => Date }) {
  const root = path.resolve(options.dir);
  const now = options.now ?? (() => new Date());
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Refusing object key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  const sign = (key: string, expires: number) => createHmac('sha256', options.secret).update(`${key}\n${expires}`).digest('base64url');

  const store: ObjectStore & { verifyUpload(key: string, expires: string, signature: string): boolean } = {
    kind: 'local',
    async uploadUrl(key, expiresInSeconds) {
      const expires = Math.floor(now().getTime() / 1000) + expiresInSeconds;
      return `${options.publicUrl}/api/objects/upload/${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    /** Whether a PUT to an upload URL carries our signature and has not expired. */
    verifyUpload(key, expires, signature) {
      const expected = Buffer.from(sign(key, Number(expires)));
      const given = Buffer.from(signature);
      return (
        SAFE_KEY.test(key) &&
        Number(expires) * 1000 > now().getTime() &&
        expected.length === given.length &&
        timingSafeEqual(expected, given)
      );
    },
    async read(key, maxBytes) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info) return null;
      if (info.size > maxBytes) return 'too-large';
      const handle = await open(file);
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async open(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      return info ? { body: createReadStream(file), size: info.size } : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
  return store;
}

export type LocalStore = ReturnType<typeof createLocalStore>;
