import { refreshOwnCatches } from './own-catches';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Achievement, achievementFor } from '../../../shared/catches';
import { toast } from '../../components/toast';
import { sendWhenSignalReturns } from '../../offline/background-sync';
import { useTRPC } from '../../trpc';
import { putQueued, removeQueued, type QueuedCatch } from './catch-queue';
import { sendQueued, stillWaitingSentence, type SendOutcome } from './catch-sender';
import { uploadFromPage } from './upload-catch';

export interface SendHandlers {
  /** The catch is safe (kept on the phone, or stored by the club): the form is free for the next fish. */
  freed: () => void;
  /**
   * The club refused the catch while the form could still take it back (a quick answer): the form puts it back to be
   * fixed, as a new catch, and says true; false when the angler has already moved on to the next fish (the catch then
   * waits on the phone as 'Not sent', to be fixed there).
   */
  refused: (entry: QueuedCatch) => boolean;
  /** Logged (or kept on the phone to send later) with this achievement. */
  earned: (achievement: Achievement) => void;
}

/** A catch as the form hands it over; the moment it is logged is added as it is kept. */
export type LoggedCatch = Omit<QueuedCatch, 'loggedAt'>;

/** How long a refusal still comes back to the form; after it the catch's outcome is told on its own. */
export const FORM_WAITS_MS = 3000;

const later = () => new Promise<'later'>((resolve) => setTimeout(resolve, FORM_WAITS_MS, 'later'));

const onPhone = (entry: QueuedCatch) => achievementFor({ fishType: entry.fishType, sizeCm: entry.size, fate: entry.fishKeptOrReleased });

/** What a send that went on in the background came to, told when it ends (the queue card shows the rest). */
function reportLater(entry: QueuedCatch, outcome: SendOutcome | null, refreshCatches: () => void) {
  if (outcome?.kind === 'sent') {
    toast.success('Catch sent', `${entry.fishType} ${entry.size} cm has reached the club.`);
    refreshCatches();
  } else if (outcome?.kind === 'refused') toast.error('Not sent', `${entry.fishType} ${entry.size} cm: ${outcome.message}`);
  else if (outcome) void sendWhenSignalReturns();
}

/** What the first FORM_WAITS_MS of a queued catch's send came to: the achievement it earned, or null. */
async function followQueued(entry: QueuedCatch, on: SendHandlers, refreshCatches: () => void): Promise<Achievement | null> {
  if (!navigator.onLine) {
    void sendWhenSignalReturns();
    toast.info('Waiting to send', stillWaitingSentence('offline'));
    return onPhone(entry);
  }
  const sending = sendQueued(entry, uploadFromPage());
  const outcome = await Promise.race([sending, later()]);
  if (outcome === 'later' || outcome === null) {
    void sending.then((settled) => reportLater(entry, settled, refreshCatches));
    toast.info('Sending', 'Saved on this phone and on its way to the club. You can log your next fish.');
    return onPhone(entry);
  }
  if (outcome.kind === 'sent') {
    toast.success('Success', 'Fish catch logged successfully!');
    refreshCatches();
    return outcome.result.achievement;
  }
  if (outcome.kind === 'refused') {
    if (on.refused(entry)) {
      await removeQueued(entry.clientId).catch(() => undefined);
      toast.error('Error', outcome.message);
    } else toast.error('Not sent', `${entry.fishType} ${entry.size} cm: ${outcome.message}`);
    return null;
  }
  void sendWhenSignalReturns();
  toast.info('Waiting to send', stillWaitingSentence(outcome.kind));
  return onPhone(entry);
}

/** Without a queue on this phone the form waits for the club: a network failure leaves it filled in to try again. */
async function sendUnqueued(
  entry: QueuedCatch,
  on: SendHandlers,
  refreshCatches: () => void,
  onProgress: (percent: number) => void,
): Promise<Achievement | null> {
  const outcome = await sendQueued(entry, uploadFromPage(onProgress));
  if (outcome?.kind === 'sent') {
    on.freed();
    toast.success('Success', 'Fish catch logged successfully!');
    refreshCatches();
    return outcome.result.achievement;
  }
  if (outcome?.kind === 'refused') {
    on.refused(entry);
    toast.error('Error', outcome.message);
  } else toast.error('Error', 'Failed to log fish catch. Please try again.');
  return null;
}

/**
 * Sending a catch from the form. The catch is kept on the phone first, with its photo as taken (photo, GPS and the
 * moment it was logged), and the form is free at once: the photo is shrunk and sent in the background (with a stall
 * timeout and retries), and without signal the catch waits in the queue, so it is never lost. A refusal within
 * FORM_WAITS_MS comes back to the form to be fixed. Only where the phone cannot keep it (IndexedDB blocked) does the
 * form wait for the club.
 */
export function useSendCatch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  const refreshCatches = () => refreshOwnCatches(queryClient, trpc);

  /** Keeps the catch on the phone, frees the form and sends it; the achievement follows once it counts as logged. */
  const send = async (logged: LoggedCatch, on: SendHandlers): Promise<void> => {
    // Now is when the phone logged it: the catch's time, however much later it reaches the club.
    const entry: QueuedCatch = { ...logged, loggedAt: new Date().toISOString() };
    let earned: Achievement | null = null;
    setSaving(true);
    try {
      const queued = await putQueued(entry).then(
        () => true,
        () => false,
      );
      setSaving(false);
      if (queued) {
        on.freed();
        earned = await followQueued(entry, on, refreshCatches);
      } else {
        setUploading(true);
        setProgress(0);
        earned = await sendUnqueued(entry, on, refreshCatches, setProgress).finally(() => setUploading(false));
      }
    } catch (error) {
      console.error('Catch could not be logged', error);
      toast.error('Error', 'Failed to log fish catch. Please try again.');
    } finally {
      setSaving(false);
      if (earned) on.earned(earned);
    }
  };

  return {
    /** The form is holding the catch: saving it on the phone, or (with no queue) sending it. */
    busy: saving || uploading,
    /** Upload progress of a catch the form waits for (only where the phone cannot queue it). */
    uploading,
    progress,
    send,
  };
}
