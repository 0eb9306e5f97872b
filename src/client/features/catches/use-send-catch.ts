import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Achievement, achievementFor, type Species } from '../../../shared/catches';
import { toast } from '../../components/toast';
import { sendWhenSignalReturns } from '../../offline/background-sync';
import { useTRPC } from '../../trpc';
import { putQueued, removeQueued, type QueuedCatch } from './catch-queue';
import { sendQueued, stillWaitingSentence, type SendOutcome } from './catch-sender';
import { uploadFromPage } from './upload-catch';

export interface SendHandlers {
  /** The club refused the catch: the member is here to fix the form, and the next try is a new catch. */
  refused: () => void;
  /** Logged (or kept on the phone to send later) with this achievement. */
  earned: (achievement: Achievement) => void;
}

/** How long the form waits for the club's answer before the send goes on in the background and the form is free. */
export const FORM_WAITS_MS = 1500;

const later = () => new Promise<'later'>((resolve) => setTimeout(resolve, FORM_WAITS_MS, 'later'));

/**
 * Sending a catch from the form. The catch is kept on the phone first (photo, GPS and the moment it was logged),
 * then sent. Logging never waits on the network: an answer within FORM_WAITS_MS is shown on the form (a refusal
 * leaves it filled in to fix); after that the send goes on in the background (with a stall timeout and retries)
 * and the form is ready for the next fish. Without signal the catch waits in the queue, so it is never lost.
 */
export function useSendCatch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  const refreshCatches = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.catches.mine.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.members.dashboard.queryKey() });
  };

  /** What a send that went on in the background came to, told when it ends (the queue card shows the rest). */
  const reportLater = (entry: QueuedCatch, outcome: SendOutcome | null) => {
    if (outcome?.kind === 'sent') {
      toast.success('Catch sent', `${entry.fishType} ${entry.size} cm has reached the club.`);
      refreshCatches();
    } else if (outcome?.kind === 'refused') toast.error('Not sent', `${entry.fishType} ${entry.size} cm: ${outcome.message}`);
    else if (outcome) void sendWhenSignalReturns();
  };

  /** `build` makes the queue entry; resolves with whether the club was reachable and whether the catch counts as logged. */
  const send = async (build: () => Promise<QueuedCatch>, on: SendHandlers): Promise<{ online: boolean; earned: boolean }> => {
    setUploading(true);
    setProgress(0);
    let earned: Achievement | null = null;
    let online = navigator.onLine;
    try {
      const entry = await build();
      const queued = await putQueued(entry).then(
        () => true,
        () => false,
      );
      const onPhone = () => achievementFor({ fishType: entry.fishType as Species, sizeCm: entry.size, fate: entry.fishKeptOrReleased });
      if (!online && queued) {
        earned = onPhone();
        void sendWhenSignalReturns();
        toast.info('Waiting to send', stillWaitingSentence('offline'));
        return { online, earned: true };
      }
      const sending = sendQueued(entry, uploadFromPage(setProgress));
      // Saved on the phone, the catch need not hold the form up; without a queue (IndexedDB blocked) the form waits.
      const outcome = queued ? await Promise.race([sending, later()]) : await sending;
      if (outcome === 'later' || outcome === null) {
        void sending.then((settled) => reportLater(entry, settled));
        earned = onPhone();
        toast.info('Sending', 'Saved on this phone and on its way to the club. You can log your next fish.');
      } else if (outcome.kind === 'sent') {
        earned = outcome.result.achievement;
        toast.success('Success', 'Fish catch logged successfully!');
        refreshCatches();
      } else if (outcome.kind === 'refused') {
        online = true;
        await removeQueued(entry.clientId).catch(() => undefined);
        on.refused();
        toast.error('Error', outcome.message);
      } else if (!queued) {
        online = false;
        toast.error('Error', 'Failed to log fish catch. Please try again.');
      } else {
        online = false;
        earned = onPhone();
        void sendWhenSignalReturns();
        toast.info('Waiting to send', stillWaitingSentence(outcome.kind));
      }
    } catch (error) {
      console.error('Catch could not be logged', error);
      toast.error('Error', 'Failed to log fish catch. Please try again.');
    } finally {
      setUploading(false);
      if (earned) on.earned(earned);
    }
    return { online, earned: earned !== null };
  };

  return { uploading, progress, clearProgress: () => setProgress(0), send };
}
