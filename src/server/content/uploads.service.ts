import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { tooLargeMessage } from '../../shared/uploads';
import type { Clock } from '../clock';
import { StoredObject, type User } from '../db/entities';
import type { ObjectStore } from '../integrations/storage';
import { requireUser, type Actor } from '../platform/actor';
import { IMAGE_LIMITS, normaliseImage } from './images';
import { thumbnailKey } from '../platform/object-keys';

export interface UploadsDeps {
  clock: Clock;
  objects: ObjectStore;
}

/** Upload URLs are good for this long. */
export const UPLOAD_URL_SECONDS = 10 * 60;
/** The slot id at the end of an upload URL's path: ours (`/api/objects/upload/incoming/<id>`) or a bucket's. */
const INCOMING = /\/incoming\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A stored image: its key and its size in pixels. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

export class UploadsService {
  constructor(private readonly deps: UploadsDeps) {}

  /** Hands out a one-file upload slot: the browser PUTs the file to `uploadURL`. */
  async createUpload(em: EntityManager, actor: Actor): Promise<{ uploadURL: string }> {
    const key = `incoming/${randomUUID()}`;
    const expiresAt = new Date(this.deps.clock.now().getTime() + UPLOAD_URL_SECONDS * 1000);
    em.create(StoredObject, {
      key,
      kind: 'upload',
      contentType: 'application/octet-stream',
      size: 0,
      createdBy: requireUser(actor),
      expiresAt,
      consumedAt: null,
    });
    await em.flush();
    return { uploadURL: await this.deps.objects.uploadUrl(key, UPLOAD_URL_SECONDS) };
  }

  /**
   * Turns an uploaded file into a served image: only a slot this server issued (to this user, unused),
   * holding real image bytes within the limits. Returns the image's key.
   */
  async takeImage(em: EntityManager, actor: Actor, uploadUrl: string): Promise<string> {
    return (await this.takeSizedImage(em, actor, uploadUrl)).key;
  }

  /** takeImage, also giving the stored image's size in pixels (an image placed in text keeps its shape while loading). */
  async takeSizedImage(em: EntityManager, actor: Actor, uploadUrl: string): Promise<StoredImage> {
    const user = requireUser(actor);
    const id = INCOMING.exec(uploadUrl.split(/[?#]/)[0])?.[1];
    const slot = id ? await em.findOne(StoredObject, { key: `incoming/${id}`, kind: 'upload' }) : null;
    if (!id || !slot || slot.createdBy?.id !== user.id)
      throw new AppError('BAD_REQUEST', 'That image was not uploaded through this site. Please upload it again.');
    if (slot.consumedAt) throw new AppError('BAD_REQUEST', 'That upload has already been used. Please upload the image again.');
    const bytes = await this.deps.objects.read(slot.key, IMAGE_LIMITS.maxBytes);
    if (bytes === null) throw new AppError('BAD_REQUEST', 'The upload did not arrive. Please upload the image again.');
    if (bytes === 'too-large') throw new AppError('BAD_REQUEST', tooLargeMessage('image', IMAGE_LIMITS.maxBytes));
    const stored = await this.storeSizedImage(em, user, bytes, IMAGE_LIMITS.maxBytes, id);
    slot.consumedAt = this.deps.clock.now();
    await em.flush();
    await this.deps.objects.delete(slot.key);
    return stored;
  }

  /**
   * Whether the upload target may take a file for this slot now: a slot this server issued, not yet turned into an
   * image and not expired. A slot takes one file for one image, never more.
   */
  async slotOpen(em: EntityManager, key: string): Promise<boolean> {
    const slot = await em.findOne(StoredObject, { key, kind: 'upload' });
    return Boolean(slot && !slot.consumedAt && slot.expiresAt && slot.expiresAt > this.deps.clock.now());
  }

  /**
   * Removes what uploads leave behind: files of slots that expired without becoming an image (abandoned, or refused
   * as not an image), and the records of slots used or expired over a day ago. Safe on several instances at once.
   */
  async cleanup(em: EntityManager): Promise<{ removed: number }> {
    const now = this.deps.clock.now();
    const expired = await em.find(StoredObject, { kind: 'upload', expiresAt: { $lt: now } }, { limit: 500 });
    for (const slot of expired) await this.deps.objects.delete(slot.key).catch(() => {});
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const removed = await em.nativeDelete(StoredObject, {
      kind: 'upload',
      key: { $in: expired.map((slot) => slot.key) },
      $or: [{ expiresAt: { $lt: dayAgo } }, { consumedAt: null }],
    });
    return { removed: expired.length ? removed : 0 };
  }

  /** Checks, re-encodes and stores an image with its thumbnail; returns its key (`images/<id>.webp`). */
  async storeImage(em: EntityManager, user: User | null, bytes: Buffer, maxBytes: number, id: string = randomUUID()): Promise<string> {
    return (await this.storeSizedImage(em, user, bytes, maxBytes, id)).key;
  }

  /** storeImage, also giving the stored image's size in pixels. */
  async storeSizedImage(
    em: EntityManager,
    user: User | null,
    bytes: Buffer,
    maxBytes: number,
    id: string = randomUUID(),
  ): Promise<StoredImage> {
    const { image, thumbnail, width, height } = await normaliseImage(bytes, maxBytes);
    const key = `images/${id}.webp`;
    const thumbKey = thumbnailKey(key);
    await this.deps.objects.put(key, image, 'image/webp');
    await this.deps.objects.put(thumbKey, thumbnail, 'image/webp');
    em.create(StoredObject, {
      key,
      kind: 'image',
      contentType: 'image/webp',
      size: image.length,
      createdBy: user,
      expiresAt: null,
      consumedAt: null,
    });
    em.create(StoredObject, {
      key: thumbKey,
      kind: 'thumbnail',
      contentType: 'image/webp',
      size: thumbnail.length,
      createdBy: user,
      expiresAt: null,
      consumedAt: null,
    });
    return { key, width, height };
  }

  /** A served object (an image or thumbnail) with its stored type, or null. */
  async open(em: EntityManager, key: string) {
    const record = await em.findOne(StoredObject, { key, kind: { $in: ['image', 'thumbnail'] } });
    if (!record) return null;
    const body = await this.deps.objects.open(key);
    return body ? { ...body, contentType: record.contentType } : null;
  }
}
