import type { CheckInInput, DeskEntrant, DeskGuestInput, DeskMember, DeskPaymentInput, DeskView } from '../../../shared/entries.schema';
import type { AddEntrantInput } from '../../../shared/events.schema';
import { objectStores } from '../../offline/object-store';

/** What the sign-on desk did, as the club is asked to do it; every one carries the key that makes it count once. */
export type DeskTap =
  | { kind: 'checkIn'; input: CheckInInput & { requestKey: string } }
  | { kind: 'payment'; input: DeskPaymentInput }
  | { kind: 'guest'; input: DeskGuestInput & { requestKey: string } }
  | { kind: 'member'; input: AddEntrantInput & { requestKey: string } }
  | { kind: 'remove'; input: { registrationId: string } };

/**
 * A tap kept on the device until the club has it (the desk at the ramp has no signal for long stretches). Taps go in
 * the order they were made; one for a walk-up not yet sent names it as `pending:<key>` until the club gives its id.
 */
export interface QueuedDeskTap {
  /** The tap's request key (a removal's own key): the club does it once however often it arrives. */
  key: string;
  eventId: string;
  /** The committee member who tapped: it is sent only under their account. */
  userId: string;
  tappedAt: string;
  tap: DeskTap;
  /** What the desk shows while it waits: 'Check in Mia Fisher', '$10.00 cash from Mia Fisher'. */
  label: string;
  /** A walk-up's entrant as the desk shows them until the club answers. */
  walkUp?: DeskEntrant;
  /**
   * waiting: to send when there is signal; sending: on its way; failed: the club refused it; noted: the club had it
   * already from another desk. The last two stay, with the club's sentence in `error`, until the desk has read them.
   */
  state: 'waiting' | 'sending' | 'failed' | 'noted';
  attempts?: number;
  nextTryAt?: string;
  /** The club's sentence for a tap it refused or had already: another desk got there first, the entrant was taken off, … */
  error?: string;
}

/** The desk's list as last seen with signal, kept for the morning without it. */
export interface SavedDeskView {
  eventId: string;
  userId: string;
  savedAt: string;
  view: DeskView;
  /** The members the desk may sign on, as last seen (absent from a list kept before they were). */
  members?: DeskMember[];
}

/** Whether a tap is still to reach the club (not one kept only for the desk to read what came of it). */
export const isUnsent = (entry: QueuedDeskTap) => entry.state === 'waiting' || entry.state === 'sending';

/** The id the desk uses for a walk-up until the club has entered them. */
export const pendingId = (key: string) => `pending:${key}`;
export const isPending = (registrationId: string) => registrationId.startsWith('pending:');

const store = objectStores('tcac-sign-on-desk', { taps: 'key', views: 'eventId' });
const taps = store<QueuedDeskTap>('taps');
const views = store<SavedDeskView>('views');

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tcac-desk-queue') : null;
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
function changed() {
  listeners.forEach((listener) => listener());
  // A BroadcastChannel (same origin by definition), not window.postMessage: there is no target origin to give.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  channel?.postMessage('changed');
}

/** Calls `listener` whenever the desk's queue changes, in this tab or another. Returns the unsubscribe. */
export function onDeskQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queued taps, oldest first. */
export async function queuedTaps(): Promise<QueuedDeskTap[]> {
  return (await taps.all()).sort((a, b) => a.tappedAt.localeCompare(b.tappedAt) || a.key.localeCompare(b.key));
}

export async function putTap(entry: QueuedDeskTap): Promise<void> {
  await taps.put(entry);
  changed();
}

/** One queued tap as it is now (a send may have changed it since the queue was read). */
export const queuedTap = (key: string): Promise<QueuedDeskTap | undefined> => taps.get(key);

export async function updateTap(key: string, patch: Partial<QueuedDeskTap>): Promise<void> {
  const current = await taps.get(key);
  if (current) await putTap({ ...current, ...patch, key });
}

export async function removeTap(key: string): Promise<void> {
  await taps.delete(key);
  changed();
}

export async function saveDeskView(userId: string, view: DeskView, members: DeskMember[] | undefined): Promise<void> {
  await views.put({ eventId: view.eventId, userId, savedAt: new Date().toISOString(), view, members });
}

export async function savedDeskView(eventId: string, userId: string): Promise<SavedDeskView | null> {
  const saved = await views.get(eventId);
  return saved?.userId === userId ? saved : null;
}

/** Signing out forgets the lists (names, phone numbers, juniors' medical notes); taps not yet sent stay to be sent. */
export async function forgetDeskViews(): Promise<void> {
  await views.clear();
}
