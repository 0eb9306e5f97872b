import { httpStatusOf, isLostAnswer, serverMessage } from '../../lib/errors';
import type { TrpcClient } from '../../trpc';
import { retryDelayMs } from '../../offline/retry-delay';
import {
  type DeskTap,
  isPending,
  isUnsent,
  pendingId,
  queuedTap,
  queuedTaps,
  removeTap,
  updateTap,
  type QueuedDeskTap,
} from './desk-queue';

export type DeskOutcome =
  /** The club has it. */
  | ({ kind: 'sent' } & DeskAnswer)
  /** No signal, a lost reply or the club's site failing: it stays queued and goes again later. */
  | { kind: 'later' }
  /** The session has ended: it stays queued until the committee member signs in again. */
  | { kind: 'signed-out' }
  /** The club refused it with its sentence (another desk paid or removed them first, …). */
  | { kind: 'refused'; message: string };

/**
 * The desk is watched while it waits (a phone may give no sign when the signal comes back): its taps go again at
 * least this often, where a catch queued on an angler's phone waits up to 5 minutes.
 */
const DESK_RETRY_MAX_MS = 30_000;

// The queue is the desk's safety net; where the browser has none (IndexedDB blocked) sending still works.
const quietly = (change: Promise<void>) => change.catch(() => undefined);

const locks = (): LockManager | undefined => (typeof navigator !== 'undefined' ? navigator.locks : undefined);

interface DeskAnswer {
  /** A walk-up's new entry. */
  registrationId: string | null;
  /** The club's own sentence of what it did, where it gives one. */
  message: string | null;
  /** Said when another desk had already done the same. */
  note: string | null;
}

/** Asks the club to do one tap. */
async function call(client: TrpcClient, tap: DeskTap): Promise<DeskAnswer> {
  const none = { registrationId: null, message: null, note: null };
  switch (tap.kind) {
    case 'checkIn':
      return { ...none, note: (await client.admin.signOn.checkIn.mutate(tap.input)).note };
    case 'payment':
      return { ...none, message: (await client.admin.signOn.recordPayment.mutate(tap.input)).message };
    case 'guest': {
      const entrant = await client.admin.signOn.addGuest.mutate(tap.input);
      return { ...none, registrationId: entrant.registrationId, message: `${entrant.name} is entered; take their $${entrant.fee}.` };
    }
    case 'member': {
      const { registrationId, message } = await client.admin.events.addEntrant.mutate(tap.input);
      return { ...none, registrationId, message };
    }
    case 'remove':
      return { ...none, message: (await client.admin.signOn.remove.mutate(tap.input)).message };
  }
}

async function attempt(client: TrpcClient, entry: QueuedDeskTap): Promise<DeskOutcome> {
  await quietly(updateTap(entry.key, { state: 'sending', error: undefined }));
  try {
    const answer = await call(client, entry.tap);
    // Another desk's doing is kept for this desk to read; otherwise the tap is done with.
    await quietly(answer.note ? updateTap(entry.key, { state: 'noted', error: answer.note }) : removeTap(entry.key));
    if (answer.registrationId) await quietly(walkUpEntered(entry.key, answer.registrationId));
    return { kind: 'sent', ...answer };
  } catch (error) {
    const status = httpStatusOf(error);
    if (status === 401) {
      await quietly(updateTap(entry.key, { state: 'waiting' }));
      return { kind: 'signed-out' };
    }
    if (!isLostAnswer(error) && status !== undefined && status >= 400 && status < 500 && status !== 429) {
      const message = serverMessage(error) ?? 'The club could not accept this.';
      await quietly(updateTap(entry.key, { state: 'failed', error: message }));
      if (entry.walkUp) await quietly(walkUpRefused(entry.key, entry.walkUp.name));
      return { kind: 'refused', message };
    }
    const attempts = (entry.attempts ?? 0) + 1;
    const nextTryAt = new Date(Date.now() + Math.min(retryDelayMs(attempts), DESK_RETRY_MAX_MS)).toISOString();
    await quietly(updateTap(entry.key, { state: 'waiting', attempts, nextTryAt }));
    return { kind: 'later' };
  }
}

/** The taps made for a walk-up before the club had entered them now name their entry. */
async function walkUpEntered(key: string, registrationId: string): Promise<void> {
  for (const later of await tapsFor(key)) {
    await updateTap(later.key, { tap: { ...later.tap, input: { ...later.tap.input, registrationId } } as DeskTap });
  }
}

/** A walk-up the club refused: what the desk did for them afterwards cannot be sent either. */
async function walkUpRefused(key: string, name: string): Promise<void> {
  for (const later of await tapsFor(key)) await updateTap(later.key, { state: 'failed', error: `Not sent: ${name} was not added.` });
}

/** The taps made for a walk-up (by its tap's key) before the club had entered them. */
const tapsFor = async (key: string) => (await queuedTaps()).filter((later) => registrationOf(later) === pendingId(key));

/**
 * Sends one queued tap, once: one sender at a time per tap (a Web Lock shared by the tabs), so another tab's send is
 * left alone (the answer is then null). A tap for a walk-up the club has not entered yet waits for them.
 */
export async function sendDeskTap(client: TrpcClient, entry: QueuedDeskTap): Promise<DeskOutcome | null> {
  if ('registrationId' in entry.tap.input && isPending(entry.tap.input.registrationId)) return { kind: 'later' };
  const manager = locks();
  if (!manager) return attempt(client, entry);
  return manager.request(`tcac-desk:${entry.key}`, { ifAvailable: true }, (lock) => (lock ? attempt(client, entry) : null));
}

/**
 * Sends this committee member's waiting taps in the order they were made (all of them when `now`: the signal has just
 * come back, or 'Send now'), one at a time, stopping at the first sign of no signal; one sender at a time does this.
 * `told` hears each answer, for the desk to say what came of it.
 */
export async function sendDeskQueue(
  client: TrpcClient,
  userId: string,
  told: (entry: QueuedDeskTap, outcome: DeskOutcome) => void,
  options: { now?: boolean } = {},
): Promise<void> {
  if (!navigator.onLine) return;
  const work = async () => {
    for (const entry of await queuedTaps()) {
      const due = options.now || !entry.nextTryAt || Date.parse(entry.nextTryAt) <= Date.now();
      if (entry.userId !== userId || !isUnsent(entry) || !due) continue;
      // Read again: an earlier send in this round may have given this tap its walk-up's id, or another sender sent it.
      const fresh = await queuedTap(entry.key);
      if (!fresh || !isUnsent(fresh)) continue;
      const outcome = await sendDeskTap(client, fresh);
      if (outcome) told(fresh, outcome);
      if (outcome?.kind === 'later' && !isPending(registrationOf(fresh))) return;
      if (outcome?.kind === 'signed-out') return;
    }
  };
  const manager = locks();
  if (manager) await manager.request('tcac-desk-queue', { ifAvailable: true }, async (lock) => (lock ? work() : undefined));
  else await work();
}

const registrationOf = (entry: QueuedDeskTap) => ('registrationId' in entry.tap.input ? entry.tap.input.registrationId : '');
