import type { Fate } from '../../../shared/catches';

/** A catch kept on the phone until it reaches the club: everything captured when it was logged. */
export interface QueuedCatch {
  /** Generated when logged; the server stores one catch per id, however often it is sent. */
  clientId: string;
  /** The moment the catch was logged on the phone (the catch time, whenever it is sent). */
  loggedAt: string;
  /** The signed-in user who logged it: it is sent only under their account. */
  userId: string;
  fishType: string;
  size: number;
  fishKeptOrReleased: Fate;
  eventId: string;
  memberId: string;
  gpsCoordinates: string;
  /** The photo as taken, until its first send shrinks it (then the shrunk copy, and `photoReady`). */
  photo: Blob;
  /** The photo has been shrunk for sending. */
  photoReady?: boolean;
  /** Names to show while offline. */
  eventName: string;
  anglerName: string;
  /** waiting: to be sent when there is signal; sending: on its way; failed: the club refused it (see `error`). */
  state: 'waiting' | 'sending' | 'failed';
  /** Failed tries so far (no signal, a stalled send), and when the next is due: each waits longer. */
  attempts?: number;
  nextTryAt?: string;
  /** The club's reason, for a catch the member has to fix or discard. */
  error?: string;
}

const DB_NAME = 'tcac-field-mode';
const STORE = 'catches';
const CHANNEL = 'tcac-catch-queue';

let opening: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  return (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'clientId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  }));
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    // Resolved once the transaction has committed, so a reload straight after finds the catch.
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
function changed() {
  listeners.forEach((listener) => listener());
  // A BroadcastChannel (same origin by definition), not window.postMessage: there is no target origin to give.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  channel?.postMessage('changed');
}

/** Calls `listener` whenever the queue changes, in this tab or another. Returns the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every queued catch of this phone, oldest first. */
export async function queuedCatches(): Promise<QueuedCatch[]> {
  const all = await run('readonly', (store) => store.getAll() as IDBRequest<QueuedCatch[]>);
  return all.sort((a, b) => a.loggedAt.localeCompare(b.loggedAt));
}

export async function putQueued(entry: QueuedCatch): Promise<void> {
  await run('readwrite', (store) => store.put(entry));
  changed();
}

export async function updateQueued(clientId: string, patch: Partial<QueuedCatch>): Promise<void> {
  const current = await run('readonly', (store) => store.get(clientId) as IDBRequest<QueuedCatch | undefined>);
  if (!current) return;
  await putQueued({ ...current, ...patch, clientId });
}

export async function removeQueued(clientId: string): Promise<void> {
  await run('readwrite', (store) => store.delete(clientId));
  changed();
}
