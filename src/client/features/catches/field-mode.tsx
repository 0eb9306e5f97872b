import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../../components/toast';
import { registerServiceWorker } from '../../offline/register-service-worker';
import { useTRPC } from '../../trpc';
import { sendWaiting } from './catch-sender';
import { useCatchQueue } from './use-catch-queue';

/** While catches wait, the phone tries again this often (and at once when the signal returns). */
const RETRY_MS = 30_000;

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
    const send = () =>
      void sendWaiting(userId, (result) => {
        toast.success('Catch sent', `${result.catch.fishType} ${result.catch.size} cm has reached the club.`);
        void queryClient.invalidateQueries({ queryKey: trpc.catches.mine.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.members.dashboard.queryKey() });
      }).catch(() => undefined);
    send();
    const timer = setInterval(send, RETRY_MS);
    window.addEventListener('online', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [waiting, userId, queryClient, trpc]);

  if (mine.length === 0) return null;
  const failed = mine.filter((entry) => entry.state === 'failed').length;
  return (
    <Button
      component={Link}
      to="/member"
      search={{ tab: 'fish-logging' } as never}
      size="compact-sm"
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
