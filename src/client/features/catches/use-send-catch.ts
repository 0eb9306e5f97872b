import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Achievement, achievementFor, type Species } from '../../../shared/catches';
import { toast } from '../../components/toast';
import { useTRPC } from '../../trpc';
import { putQueued, removeQueued, type QueuedCatch } from './catch-queue';
import { sendQueued, type SendOutcome } from './catch-sender';

export interface SendHandlers {
  /** The club refused the catch: the member is here to fix the form, and the next try is a new catch. */
  refused: () => void;
  /** Logged (or kept on the phone to send later) with this achievement. */
  earned: (achievement: Achievement) => void;
}

/**
 * Sending a catch from the form. The catch is kept on the phone first (photo, GPS and the moment it was logged),
 * then sent: without signal it waits in the queue and sends by itself later, so a catch is never lost.
 */
export function useSendCatch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  /** `build` makes the queue entry (given whether the phone is online); resolves with whether the club answered. */
  const send = async (
    build: (online: boolean) => Promise<QueuedCatch>,
    on: SendHandlers,
  ): Promise<{ online: boolean; earned: boolean }> => {
    setUploading(true);
    setProgress(0);
    let earned: Achievement | null = null;
    let online = navigator.onLine;
    try {
      const entry = await build(online);
      const queued = await putQueued(entry).then(
        () => true,
        () => false,
      );
      const outcome: SendOutcome = !online && queued ? { kind: 'offline' } : await sendQueued(entry, setProgress);
      online = outcome.kind === 'sent' || outcome.kind === 'refused';
      if (outcome.kind === 'sent') {
        earned = outcome.result.achievement;
        toast.success('Success', 'Fish catch logged successfully!');
        void queryClient.invalidateQueries({ queryKey: trpc.catches.mine.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.members.dashboard.queryKey() });
      } else if (outcome.kind === 'refused') {
        await removeQueued(entry.clientId).catch(() => undefined);
        on.refused();
        toast.error('Error', outcome.message);
      } else if (!queued) {
        toast.error('Error', 'Failed to log fish catch. Please try again.');
      } else {
        earned = achievementFor({ fishType: entry.fishType as Species, sizeCm: entry.size, fate: entry.fishKeptOrReleased });
        toast.info(
          'Waiting to send',
          outcome.kind === 'signed-out'
            ? 'Your session has ended: the catch is saved on this phone and sends once you sign in again.'
            : 'No signal right now: the catch is saved on this phone and sends by itself when you are back online.',
        );
      }
      if (earned) on.earned(earned);
    } catch (error) {
      console.error('Catch could not be logged', error);
      toast.error('Error', 'Failed to log fish catch. Please try again.');
    } finally {
      setUploading(false);
    }
    return { online, earned: earned !== null };
  };

  return { uploading, progress, clearProgress: () => setProgress(0), send };
}
