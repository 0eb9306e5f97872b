import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/**
 * The member's private calendar address: the club's events with their own entries marked, which calendar apps
 * refresh by themselves. 'Subscribe' opens the phone's calendar (webcal:); the https address is for Google Calendar
 * and Outlook. Reset when shared by mistake: the old address stops working.
 */
export function CalendarSubscription() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feed = useQuery(trpc.calendarFeed.mine.queryOptions());
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation(
    trpc.calendarFeed.reset.mutationOptions({
      onSuccess: (fresh) => {
        queryClient.setQueryData(trpc.calendarFeed.mine.queryKey(), fresh);
        setConfirming(false);
        toast.success('New calendar address', 'The old address no longer works: subscribe again with this one.');
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? 'Could not reset your calendar address. Please try again.'),
    }),
  );
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Copied', 'Paste it into your calendar app’s “subscribe from web / from URL”.');
    } catch {
      toast.info('Copy it by hand', 'Select the address and copy it.');
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="calendar-heading">
      <Title order={3} id="calendar-heading" mb="xs">
        Your calendar
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The club’s events, with the ones you have entered marked, in your phone’s calendar. It updates by itself. Keep the address to
        yourself: anyone with it sees your entries.
      </Text>
      <QueryState query={feed} loading="Loading your calendar address..." failure="Could not load your calendar address." keepData>
        {(data) => (
          <Stack gap="sm">
            <Button component="a" href={data.webcalUrl} mih={44}>
              Subscribe in my calendar app
            </Button>
            <TextInput label="Calendar address" value={data.httpsUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group gap="sm">
              <Button variant="light" mih={44} onClick={() => void copy(data.httpsUrl)}>
                Copy address
              </Button>
              <Button variant="subtle" color="red" mih={44} onClick={() => setConfirming(true)}>
                Reset address
              </Button>
            </Group>
          </Stack>
        )}
      </QueryState>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Reset your calendar address?" centered>
        <Stack gap="md">
          <Text>
            The current address stops working at once, in every calendar subscribed to it. You then subscribe again with the new one.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button color="red" mih={44} loading={reset.isPending} onClick={() => reset.mutate()}>
              Reset address
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
