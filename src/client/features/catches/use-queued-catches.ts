import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from '../../components/toast';
import { useAuth } from '../../lib/use-auth';
import { onSyncAnswer, sendsWhileClosed, sendWhenSignalReturns, syncAsked } from '../../offline/background-sync';
import { useTRPC } from '../../trpc';
import { removeQueued, updateQueued, type QueuedCatch } from './catch-queue';
import { sendQueued, stillWaitingSentence } from './catch-sender';
import { uploadFromPage } from './upload-catch';
import { useCatchQueue } from './use-catch-queue';
import { refreshOwnCatches } from './own-catches';

/** Whether the browser has accepted to send the waiting catches with the site closed; asks it once catches wait. */
function useSendsWhileClosed(waiting: boolean): boolean {
  // A page drawn on the server (and the app taking it over) has not asked the browser yet.
  const accepted = useSyncExternalStore(onSyncAnswer, sendsWhileClosed, () => false);
  useEffect(() => {
    if (waiting && !syncAsked()) void sendWhenSignalReturns();
  }, [waiting]);
  return accepted;
}

/** What the member may correct in a refused catch before it is sent again. */
export type QueuedCatchFix = Pick<QueuedCatch, 'memberId' | 'anglerName' | 'fishType' | 'size' | 'fishKeptOrReleased'>;

/**
 * The catches still on this phone for `ownerId` (a guest's queue is 'guest:<member id>'; the signed-in user's by
 * default): the one being fixed, the one being discarded, and sending now, resending a fix and discarding.
 */
export function useQueuedCatches(ownerId?: string) {
  const { user } = useAuth();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queue = useCatchQueue().filter((entry) => entry.userId === (ownerId ?? user?.id));
  const [editing, setEditing] = useState<QueuedCatch | null>(null);
  const [discarding, setDiscarding] = useState<QueuedCatch | null>(null);
  const whileClosed = useSendsWhileClosed(queue.some((entry) => entry.state !== 'failed'));

  const sendNow = async (entry: QueuedCatch) => {
    // Never stuck: a send under way (here, in another tab or cut off by a closed page) gives way to this one.
    const outcome = await sendQueued(entry, uploadFromPage(), { takeOver: true });
    if (outcome?.kind === 'sent') {
      toast.success('Catch sent', `${entry.fishType} ${entry.size} cm has reached the club.`);
      refreshOwnCatches(queryClient, trpc);
    } else if (outcome?.kind === 'refused') toast.error('Not sent', outcome.message);
    else if (outcome) toast.info('Waiting to send', stillWaitingSentence(outcome.kind));
  };
  const resend = async (entry: QueuedCatch, fix: QueuedCatchFix) => {
    setEditing(null);
    await updateQueued(entry.clientId, { ...fix, state: 'waiting', error: undefined });
    await sendNow({ ...entry, ...fix });
  };
  const discard = (entry: QueuedCatch) => {
    setDiscarding(null);
    void removeQueued(entry.clientId).then(() =>
      toast.info('Discarded', `${entry.fishType} ${entry.size} cm was removed from this phone.`),
    );
  };
  return { queue, editing, setEditing, discarding, setDiscarding, whileClosed, sendNow, resend, discard };
}
