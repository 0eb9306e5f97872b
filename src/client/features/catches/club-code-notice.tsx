import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/**
 * The competition's code word, to be written on the brag mat in every photo. The server shows it only to
 * members registered for the event, once fishing opens on the day; until then it says why.
 */
export function ClubCodeNotice({ eventId }: { eventId: string }) {
  const trpc = useTRPC();
  const code = useQuery({
    ...trpc.events.clubCode.queryOptions({ id: eventId }),
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' ? 60_000 : false),
  });
  if (code.isPending) return null;
  if (code.isError) {
    return (
      <Text size="sm" c="dimmed">
        {serverMessage(code.error) ??
          (navigator.onLine ? 'The club code could not be loaded.' : 'No signal: the club code shows once the phone is back online.')}
      </Text>
    );
  }
  if (!code.data.code) return null;
  return (
    <Alert color="yellow" variant="light" title="Today's club code" data-testid="club-code">
      Write{' '}
      <Text span fw={800} fz="lg" ff="monospace">
        {code.data.code}
      </Text>{' '}
      on your brag mat so it shows in every photo.
    </Alert>
  );
}
