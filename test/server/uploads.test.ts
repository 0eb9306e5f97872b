import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event, StoredObject } from '../../src/server/db/entities';
import { createAdmin, createUser } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/** A 1200×900 JPEG photo with EXIF orientation 6 (taken with the phone on its side) and GPS tags. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '28/1 10/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A valid 1×1 PNG whose header claims 50,000 × 50,000 pixels: a decompression bomb. */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** Local upload URLs name PUBLIC_URL (http://club.test in tests); send them to where the app listens. */
const reachable = (t: TestApp, url: string) => url.replace(t.env.PUBLIC_URL, t.baseUrl);

/** The upload tests, run against each object store. */
function uploadTests(start: () => Promise<{ t: TestApp; close: () => Promise<void> }>) {
  let t: TestApp;
  let close: () => Promise<void>;
  let admin: TestClient;
  let eventId: string;
  beforeAll(async () => {
    ({ t, close } = await start());
    admin = (await createAdmin(t, { email: 'admin@club.test' })).client;
    eventId = (
      await admin.trpc.admin.events.create.mutate({ name: 'Mulloway Muster', location: 'Tweed Heads', eventDate: '2027-03-06T07:00' })
    ).id;
  });
  afterAll(() => close?.());

  async function upload(bytes: Buffer, contentType = 'image/jpeg') {
    const slot = await admin.json('POST', '/api/objects/upload');
    expect(slot.status).toBe(200);
    const put = await fetch(reachable(t, slot.body.uploadURL!), {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': contentType },
    });
    return { uploadURL: slot.body.uploadURL as string, put };
  }

  it('uploads an event image: re-encoded upright as WebP, metadata stripped, with a thumbnail, served with its type', async () => {
    const { uploadURL, put } = await upload(await phonePhoto());
    expect(put.status).toBe(200);
    const res = await admin.json('PUT', `/api/events/${eventId}/image`, { imageUrl: uploadURL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}\.webp$/);
    expect(res.body.thumbnailUrl).toMatch(/-thumb\.webp$/);

    const image = await t.client().fetch(res.body.imageUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([900, 1200]);
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp(Buffer.from(await (await t.client().fetch(res.body.thumbnailUrl!)).arrayBuffer())).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(480);

    const upcoming = await t.client().trpc.events.upcoming.query();
    expect(upcoming.find((e) => e.id === eventId)?.imageUrl).toBe(res.body.imageUrl);
    // The slot is used once.
    const again = await admin.json('PUT', `/api/events/${eventId}/image`, { imageUrl: uploadURL });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('That upload has already been used. Please upload the image again.');
  });

  it('refuses an HTML file named .jpg, a pixel bomb and an image it did not issue; the event keeps its image', async () => {
    const before = (await t.em().findOneOrFail(Event, { id: eventId })).imageKey;
    const html = await upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg');
    const res = await admin.json('PUT', `/api/events/${eventId}/image`, { imageUrl: html.uploadURL });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That file is not an image. Please choose a JPEG, PNG, WebP or GIF picture.');

    const bomb = await upload(await pixelBomb(), 'image/png');
    const exploded = await admin.json('PUT', `/api/events/${eventId}/image`, { imageUrl: bomb.uploadURL });
    expect(exploded.status).toBe(400);
    expect(exploded.body.message).toBe('That image has too many pixels (more than 40 megapixels). Please choose a smaller picture.');

    for (const imageUrl of [
      'https://evil.example/incoming/00000000-0000-4000-8000-000000000000',
      '/api/objects/images/../../secrets.json',
      'x'.repeat(3000),
      '',
    ]) {
      const forged = await admin.json('PUT', `/api/events/${eventId}/image`, { imageUrl });
      expect(forged.status, imageUrl.slice(0, 40)).toBe(400);
    }
    expect((await t.em().findOneOrFail(Event, { id: eventId })).imageKey).toBe(before);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0xff);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const { uploadURL, put } = await upload(big);
    if (put.status === 200) {
      // A bucket takes any size: the server refuses it when it is attached.
      const res = await admin.json('PUT', `/api/events/${eventId}/image`, { imageUrl: uploadURL });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The image is larger than 5 MB.');
    } else {
      expect(put.status).toBe(413);
    }
  });

  it('keeps upload slots and event images to admins', async () => {
    const { client } = await createUser(t);
    expect((await client.json('POST', '/api/objects/upload')).status).toBe(403);
    expect((await t.client().json('POST', '/api/objects/upload')).status).toBe(401);
    expect((await client.json('PUT', `/api/events/${eventId}/image`, { imageUrl: 'x' })).status).toBe(403);
    expect(await t.em().count(StoredObject, { kind: 'upload', createdBy: { email: { $ne: 'admin@club.test' } } })).toBe(0);
  });
}

describe('uploads to local disk', () => {
  uploadTests(async () => {
    const t = await startTestApp({ env: { ADMIN_EMAILS: 'admin@club.test' } });
    return { t, close: () => t.close() };
  });
});

describe('uploads to an S3-compatible bucket (s3rver on loopback)', () => {
  uploadTests(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'club-objects', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    const t = await startTestApp({
      env: {
        ADMIN_EMAILS: 'admin@club.test',
        S3_BUCKET: 'club-objects',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    return {
      t,
      close: async () => {
        await t.close();
        await s3.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

describe('the local upload URL', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@club.test' } });
    client = (await createAdmin(t, { email: 'boss@club.test' })).client;
  });
  afterAll(() => t?.close());

  it('refuses a tampered or expired signature', async () => {
    const uploadURL = reachable(t, (await client.trpc.objects.createUpload.mutate()).uploadURL);
    expect((await fetch(uploadURL, { method: 'PUT', body: 'x' })).status).toBe(200);
    // A different first character of the signature, whatever it was.
    const tampered = uploadURL.replace(/signature=(.)/, (_all, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await fetch(tampered, { method: 'PUT', body: 'x' })).status).toBe(403);
    const otherKey = uploadURL.replace(/incoming\/[0-9a-f-]+/, 'incoming/00000000-0000-4000-8000-000000000000');
    expect((await fetch(otherKey, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect(
      (await fetch(uploadURL.replace('incoming/', 'incoming/..%2F..%2F'), { method: 'PUT', body: 'x' })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it('takes one file per slot: once its image is attached or it has expired it takes nothing more; abandoned uploads are cleaned up', async () => {
    const slot = reachable(t, (await client.trpc.objects.createUpload.mutate()).uploadURL);
    const photo = new Uint8Array(await phonePhoto());
    expect((await fetch(slot, { method: 'PUT', body: photo })).status).toBe(200);
    await client.trpc.objects.finishImage.mutate({ uploadURL: slot });
    const again = await fetch(slot, { method: 'PUT', body: photo });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({
      message: 'This upload link has already been used or has expired. Please choose the image again.',
    });

    // An upload that never became an image (refused, or the person gave up) is removed once its slot has expired.
    const abandoned = reachable(t, (await client.trpc.objects.createUpload.mutate()).uploadURL);
    expect((await fetch(abandoned, { method: 'PUT', body: 'not an image' })).status).toBe(200);
    await expect(client.trpc.objects.finishImage.mutate({ uploadURL: abandoned })).rejects.toThrow('That file is not an image.');
    const key = `incoming/${/incoming\/([0-9a-f-]+)/.exec(abandoned)![1]}`;
    t.clock.advance(11 * 60_000);
    expect((await fetch(abandoned, { method: 'PUT', body: photo })).status).toBe(410);
    await t.app.jobs.housekeeping();
    expect(await t.em().count(StoredObject, { key })).toBe(0);
    expect(readdirSync(path.join(t.env.DATA_DIR, 'objects', 'incoming')).filter((f) => key.endsWith(f))).toEqual([]);
  });

  it('answers an oversize upload 413 before reading it', async () => {
    const slot = reachable(t, (await client.trpc.objects.createUpload.mutate()).uploadURL);
    const res = await fetch(slot, { method: 'PUT', body: new Uint8Array(6 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The image is larger than 5 MB.' });
  });
});
