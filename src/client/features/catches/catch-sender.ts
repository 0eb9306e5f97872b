import type { Achievement } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';
import { queuedCatches, removeQueued, updateQueued, type QueuedCatch } from './catch-queue';
import { retryDelayMs } from '../../offline/retry-delay';
import { shrinkPhoto } from './photo';
import { CatchUploadError, type Upload } from './upload-catch';

export type SendOutcome =
  | { kind: 'sent'; result: { catch: CatchView; achievement: Achievement } }
  /** No signal or a stalled send: it stays queued and goes again later. */
  | { kind: 'offline' }
  /** The club's site answered with a failure of its own (an error, too busy): it stays queued and goes again later. */
  | { kind: 'club-problem' }
  /** The session has ended: it stays queued until the member signs in again. */
  | { kind: 'signed-out' }
  /** The club refused it with a reason the member has to act on. */
  | { kind: 'refused'; message: string };

/**
 * What a person is told of a catch that stays on the phone: no signal is not the club's site failing, and neither is
 * a session that has ended.
 */
export function stillWaitingSentence(kind: 'offline' | 'club-problem' | 'signed-out'): string {
  if (kind === 'signed-out') return 'Your session has ended: the catch is saved on this phone and sends once you sign in again.';
  if (kind === 'club-problem') return 'The club’s site had a problem; your catch is saved and will be sent again.';
  return 'No signal right now: the catch is saved on this phone and sends by itself when you are back online.';
}

// The queue is the phone's safety net; where the browser has none (IndexedDB blocked) sending still works.
const quietly = (change: Promise<void>) => change.catch(() => undefined);

/** This page's (or worker's) own sends under way, so that 'Send now' can cut a stalled one short. */
const underWay = new Map<string, AbortController>();

const locks = (): LockManager | undefined => (typeof navigator !== 'undefined' ? navigator.locks : undefined);

/**
 * Sends one queued catch; it leaves the queue only when the club has stored it. One sender at a time per catch
 * (a Web Lock shared by the tabs and the service worker): another one's send is left alone, and the answer is
 * null. `takeOver` ('Send now') instead abandons any send under way, here or elsewhere, and goes at once; the
 * club stores one catch per client id however often it arrives.
 */
export async function sendQueued(entry: QueuedCatch, upload: Upload, options: { takeOver?: boolean } = {}): Promise<SendOutcome | null> {
  const name = `tcac-catch:${entry.clientId}`;
  const manager = locks();
  if (!manager) return attempt(entry, upload);
  if (options.takeOver) {
    underWay.get(entry.clientId)?.abort();
    return manager.request(name, { steal: true }, () => attempt(entry, upload));
  }
  return manager.request(name, { ifAvailable: true }, (lock) => (lock ? attempt(entry, upload) : null));
}

async function attempt(entry: QueuedCatch, upload: Upload): Promise<SendOutcome> {
  const controller = new AbortController();
  underWay.set(entry.clientId, controller);
  await quietly(updateQueued(entry.clientId, { state: 'sending', error: undefined }));
  try {
    const result = await upload(await readyToSend(entry), controller.signal);
    await quietly(removeQueued(entry.clientId));
    return { kind: 'sent', result };
  } catch (error) {
    // 'Send now' took over: the new send says what happened.
    if (controller.signal.aborted) return { kind: 'offline' };
    const status = error instanceof CatchUploadError ? error.status : 0;
    if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
      const message = (error as CatchUploadError).serverMessage ?? 'The club could not accept this catch.';
      await quietly(updateQueued(entry.clientId, { state: 'failed', error: message }));
      return { kind: 'refused', message };
    }
    if (status === 401) {
      await quietly(updateQueued(entry.clientId, { state: 'waiting' }));
      return { kind: 'signed-out' };
    }
    const attempts = (entry.attempts ?? 0) + 1;
    const nextTryAt = new Date(Date.now() + retryDelayMs(attempts)).toISOString();
    await quietly(updateQueued(entry.clientId, { state: 'waiting', attempts, nextTryAt }));
    return { kind: status === 0 ? 'offline' : 'club-problem' };
  } finally {
    if (underWay.get(entry.clientId) === controller) underWay.delete(entry.clientId);
  }
}

/**
 * The catch with its photo as it is sent. A catch is queued with the photo as taken, so logging it never waits for
 * the shrinking; its first send (under the catch's lock) shrinks it and keeps the shrunk copy in the queue in place of
 * the original. A page closed mid-shrink leaves the original queued, and the next sender shrinks it again.
 */
async function readyToSend(entry: QueuedCatch): Promise<QueuedCatch> {
  if (entry.photoReady) return entry;
  const photo = await shrinkPhoto(entry.photo);
  if (photo === entry.photo) return entry;
  await quietly(updateQueued(entry.clientId, { photo, photoReady: true }));
  return { ...entry, photo, photoReady: true };
}

/**
 * Sends the user's waiting catches that are due (all of them when `now` is set: the signal has just come back),
 * oldest first, one at a time, stopping at the first sign of no signal. One sender at a time does this (the
 * club would store each catch once anyway). A catch left 'sending' by a page closed mid-send is free again at
 * once (its lock went with the page).
 */
export async function sendWaiting(
  userId: string,
  upload: Upload,
  onSent: (result: { catch: CatchView; achievement: Achievement }) => void,
  options: { now?: boolean } = {},
): Promise<void> {
  // The phone knows it has no network at all: nothing to try until the 'online' event.
  if (!navigator.onLine) return;
  const work = async () => {
    for (const entry of await queuedCatches()) {
      const due = options.now || !entry.nextTryAt || Date.parse(entry.nextTryAt) <= Date.now();
      if (entry.userId !== userId || entry.state === 'failed' || !due) continue;
      const outcome = await sendQueued(entry, upload);
      if (outcome?.kind === 'sent') onSent(outcome.result);
      if (outcome && outcome.kind !== 'sent' && outcome.kind !== 'refused') return;
    }
  };
  const manager = locks();
  if (manager) await manager.request('tcac-catch-queue', { ifAvailable: true }, async (lock) => (lock ? work() : undefined));
  else await work();
}
