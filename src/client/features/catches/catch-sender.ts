import type { Achievement } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';
import { queuedCatches, removeQueued, updateQueued, type QueuedCatch } from './catch-queue';
import { CatchUploadError, uploadCatch } from './upload-catch';

export type SendOutcome =
  | { kind: 'sent'; result: { catch: CatchView; achievement: Achievement } }
  /** No signal, or the site is busy: it stays queued and goes again later. */
  | { kind: 'offline' }
  /** The session has ended: it stays queued until the member signs in again. */
  | { kind: 'signed-out' }
  /** The club refused it with a reason the member has to act on. */
  | { kind: 'refused'; message: string };

/** A send cut off (tab closed, phone asleep) is tried again after this long. */
const STALE_SEND_MS = 2 * 60_000;

// The queue is the phone's safety net; where the browser has none (IndexedDB blocked) sending still works.
const quietly = (change: Promise<void>) => change.catch(() => undefined);

/** Sends one queued catch; it leaves the queue only when the club has stored it. */
export async function sendQueued(entry: QueuedCatch, onProgress: (percent: number) => void = () => {}): Promise<SendOutcome> {
  await quietly(updateQueued(entry.clientId, { state: 'sending', sendingSince: new Date().toISOString(), error: undefined }));
  try {
    const result = await uploadCatch(entry, onProgress);
    await quietly(removeQueued(entry.clientId));
    return { kind: 'sent', result };
  } catch (error) {
    const status = error instanceof CatchUploadError ? error.status : 0;
    if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
      const message = (error as CatchUploadError).serverMessage ?? 'The club could not accept this catch.';
      await quietly(updateQueued(entry.clientId, { state: 'failed', error: message }));
      return { kind: 'refused', message };
    }
    await quietly(updateQueued(entry.clientId, { state: 'waiting' }));
    return status === 401 ? { kind: 'signed-out' } : { kind: 'offline' };
  }
}

/**
 * Sends the user's waiting catches, oldest first, one at a time, stopping at the first sign of no
 * signal. One tab at a time does this (the club would store each catch once anyway).
 */
export async function sendWaiting(userId: string, onSent: (result: { catch: CatchView; achievement: Achievement }) => void): Promise<void> {
  // The phone knows it has no network at all: nothing to try until the 'online' event.
  if (!navigator.onLine) return;
  const work = async () => {
    for (const entry of await queuedCatches()) {
      const stale = entry.state === 'sending' && Date.now() - Date.parse(entry.sendingSince ?? '') > STALE_SEND_MS;
      if (entry.userId !== userId || (entry.state !== 'waiting' && !stale)) continue;
      const outcome = await sendQueued(entry);
      if (outcome.kind === 'sent') onSent(outcome.result);
      if (outcome.kind === 'offline' || outcome.kind === 'signed-out') return;
    }
  };
  if (navigator.locks)
    await navigator.locks.request('tcac-catch-queue', { ifAvailable: true }, async (lock) => (lock ? work() : undefined));
  else await work();
}
