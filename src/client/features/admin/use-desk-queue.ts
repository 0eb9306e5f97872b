import { useTRPCClient } from '../../trpc';
import { useCallback, useEffect, useState } from 'react';
import type { DeskEntrant } from '../../../shared/entries.schema';
import { toast } from '../../components/toast';
import { useAuth } from '../../lib/use-auth';
import { onDeskQueueChange, pendingId, putTap, queuedTaps, removeTap, type DeskTap, type QueuedDeskTap } from './desk-queue';
import { sendDeskQueue, sendDeskTap, type DeskOutcome } from './desk-sender';
import { useRefreshDesk } from './use-refresh-desk';

/** How long a tap waits for the club's answer before it goes on in the background and the desk is free. */
export const DESK_WAITS_MS = 3000;
/** How often the desk looks for taps due to go again (each waits longer after a failed try). */
const RETRY_LOOK_MS = 5000;

/** What a tap came to for the person at the desk: the club's answer, or kept on the device to send later. */
export type DeskResult = DeskOutcome | { kind: 'queued' };

const answerOrLater = (sending: Promise<DeskOutcome | null>) =>
  Promise.race([sending, new Promise<null>((resolve) => setTimeout(resolve, DESK_WAITS_MS, null))]);

/** Says what came of a tap sent in the background: another desk had done it, or the club refused it. */
function tell(entry: QueuedDeskTap, outcome: DeskOutcome) {
  if (outcome.kind === 'sent' && outcome.note) toast.info('Done at another desk', outcome.note);
  else if (outcome.kind === 'refused') toast.error('Not sent', `${entry.label}: ${outcome.message}`);
}

/** This event's taps on the device, kept up to date as they change here or in another tab. */
function useQueuedTaps(eventId: string): QueuedDeskTap[] {
  const [queued, setQueued] = useState<QueuedDeskTap[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void queuedTaps().then(
        (all) => live && setQueued(all.filter((e) => e.eventId === eventId)),
        () => undefined,
      );
    load();
    const off = onDeskQueueChange(load);
    return () => {
      live = false;
      off();
    };
  }, [eventId]);
  return queued;
}

/** Sends the waiting taps now, when the signal returns and every RETRY_LOOK_MS; the list is read again once any has gone. */
function useSendWaiting(eventId: string, userId: string | undefined) {
  const client = useTRPCClient();
  const refresh = useRefreshDesk(eventId);
  const sendWaiting = useCallback(
    async (now: boolean) => {
      if (!userId) return;
      let sent = false;
      await sendDeskQueue(
        client,
        userId,
        (entry, outcome) => {
          sent ||= outcome.kind === 'sent';
          tell(entry, outcome);
        },
        { now },
      ).catch(() => undefined); // Without a queue on this device (IndexedDB blocked) there is nothing waiting.
      if (sent) void refresh();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh is a new function each render; the event fixes it
    [client, userId, eventId],
  );
  useEffect(() => {
    void sendWaiting(true);
    const online = () => void sendWaiting(true);
    window.addEventListener('online', online);
    const timer = setInterval(() => void sendWaiting(false), RETRY_LOOK_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [sendWaiting]);
  return sendWaiting;
}

/**
 * The sign-on desk's taps, kept on the device first and sent once (the desk at the ramp has one bar of signal or
 * none): `queued` are this event's taps not yet with the club, `perform` makes one. Waiting taps go when the signal
 * returns, every little while after a failed try, and with 'Send now'; the list is read again once any has gone.
 */
export function useDeskQueue(eventId: string) {
  const client = useTRPCClient();
  const userId = useAuth().user?.id;
  const refresh = useRefreshDesk(eventId);
  const queued = useQueuedTaps(eventId);
  const sendWaiting = useSendWaiting(eventId, userId);

  /**
   * Keeps the tap on the device, then asks the club at once: an answer within DESK_WAITS_MS is the tap's result (a
   * refusal leaves the queue: the person is there to read it); later, or without signal, it is sent from the queue.
   */
  const perform = async (tap: DeskTap, label: string, walkUp?: DeskEntrant): Promise<DeskResult> => {
    const key = tap.kind === 'remove' ? crypto.randomUUID() : tap.input.requestKey;
    const entry: QueuedDeskTap = {
      key,
      eventId,
      userId: userId ?? '',
      tappedAt: new Date().toISOString(),
      tap,
      label,
      walkUp,
      state: 'waiting',
    };
    const kept = await putTap(entry).then(
      () => true,
      () => false,
    );
    if (kept && !navigator.onLine) return { kind: 'queued' };
    const sending = sendDeskTap(client, entry);
    const outcome = kept ? await answerOrLater(sending) : await sending;
    if (!outcome || outcome.kind === 'later' || outcome.kind === 'signed-out') {
      void sending.then((late) => {
        if (!late || late.kind === 'later') return;
        tell(entry, late);
        if (late.kind === 'sent') void refresh();
      });
      return kept ? { kind: 'queued' } : (outcome ?? { kind: 'later' });
    }
    if (outcome.kind === 'refused') await removeTap(key).catch(() => undefined);
    else void refresh();
    return outcome;
  };

  /** Takes back a tap still on the device (a check-in undone before it was sent, a refused one read). */
  const forget = (key: string) => removeTap(key).catch(() => undefined);

  /** A walk-up the club has not had yet, taken off again: their tap goes, with everything done for them since. */
  const takeBackWalkUp = async (registrationId: string) => {
    const names = (q: QueuedDeskTap) =>
      pendingId(q.key) === registrationId || ('registrationId' in q.tap.input && q.tap.input.registrationId === registrationId);
    await Promise.all(queued.filter(names).map((q) => forget(q.key)));
  };

  return { queued, perform, forget, takeBackWalkUp, sendNow: () => sendWaiting(true) };
}

export type DeskQueue = ReturnType<typeof useDeskQueue>;
