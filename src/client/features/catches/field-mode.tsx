import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../../components/toast';
import { sendWhenSignalReturns } from '../../offline/background-sync';
import { registerServiceWorker } from '../../offline/register-service-worker';
import { useTRPC } from '../../trpc';
import { sendWaiting } from './catch-sender';
import { uploadFromPage } from './upload-catch';
import { useCatchQueue } from './use-catch-queue';
import { refreshOwnCatches } from './own-catches';

/** While catches wait, the phone looks this often for one whose next try is due (each waits longer: `retryDelayMs`). */
const TICK_MS = 5000;

/**
 * Field mode for a signed-in member: installs the offline app, sends queued catches by themselves when
 * there is signal, and shows 'Waiting to send' with their count in the navigation bar.
 */
export function FieldMode({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queue = useCatchQueue();
  const mine = queue.filter((entry) => entry.userId === userId);
  const waiting = mine.some((entry) => entry.state !== 'failed');

  useEffect(registerServiceWorker, []);

  useEffect(() => {
    if (!waiting) return;
    const send = (now: boolean) =>
      void sendWaiting(
        userId,
        uploadFromPage(),
        (result) => {
          toast.success('Catch sent', `${result.catch.fishType} ${result.catch.size} cm has reached the club.`);
          refreshOwnCatches(queryClient, trpc);
        },
        { now },
      ).catch(() => undefined);
    // Opening the app, or the signal coming back, tries every waiting catch at once; the browser is asked to send
    // them even if the app is closed before then.
    const sendAll = () => send(true);
    sendAll();
    void sendWhenSignalReturns();
    const timer = setInterval(() => send(false), TICK_MS);
    window.addEventListener('online', sendAll);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', sendAll);
    };
  }, [waiting, userId, queryClient, trpc]);

  if (mine.length === 0) return null;
  const failed = mine.filter((entry) => entry.state === 'failed').length;
  return (
    <Button
      component={Link}
      to="/member"
      search={{ tab: 'fish-logging' } as never}
      size="sm"
      mih={44}
      variant="light"
      color={failed ? 'red' : 'orange'}
      style={{ flexShrink: 0 }}
    >
      Waiting to send{' '}
      <Badge size="sm" circle color={failed ? 'red' : 'orange'} ml={6} data-testid="waiting-count">
        {mine.length}
      </Badge>
      <VisuallyHidden>
        {` ${mine.length === 1 ? 'catch' : 'catches'}${failed ? `, ${failed} need${failed === 1 ? 's' : ''} your attention` : ''}`}
      </VisuallyHidden>
    </Button>
  );
}
