import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatClubDateTime } from '../../../shared/dates';
import { DIVISION_LABELS, type GuestView } from '../../../shared/entries.schema';
import { fishingHoursText } from '../../../shared/events';
import { useTRPC } from '../../trpc';
import { FieldMode } from './field-mode';
import { LogCatchForm } from './log-catch-form';
import { QueuedCatches } from './queued-catches';

/** A guest's page for their one competition: the event, today's code, the catch form and their catches. */
export function GuestHome({ guest }: { guest: GuestView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Catches sent in the background reach the club later: the list looks again now and then.
  const catches = useQuery({ ...trpc.guests.myCatches.queryOptions(), refetchInterval: 20_000 });
  const signOut = useMutation(
    trpc.guests.signOut.mutationOptions({ onSuccess: () => queryClient.setQueryData(trpc.guests.me.queryKey(), null) }),
  );
  return (
    <Stack gap="md" data-testid="guest-home">
      <Card withBorder radius="md" padding="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {guest.eventName}
            </Title>
            <Badge variant="light" color="teal">
              Guest · {DIVISION_LABELS[guest.division]}
            </Badge>
          </Group>
          <Text size="sm">{guest.name}</Text>
          <Text size="sm" c="dimmed">
            {guest.location} · {formatClubDateTime(guest.eventDate)}
          </Text>
          <Text size="sm">Fishing {fishingHoursText(guest)}</Text>
          {guest.requireCheckIn && !guest.checkedIn && (
            <Alert color="yellow" variant="light" mt="xs">
              Sign on at the desk before you fish: catches count only for entrants checked in there.
            </Alert>
          )}
        </Stack>
      </Card>
      {guest.clubCode && (
        <Alert color="yellow" variant="light" title="Today's club code" data-testid="club-code">
          Write{' '}
          <Text span fw={800} fz="lg" ff="monospace">
            {guest.clubCode}
          </Text>{' '}
          on your brag mat so it shows in every photo.
        </Alert>
      )}
      <FieldMode userId={`guest:${guest.memberId}`} />
      <LogCatchForm guest={guest} />
      <QueuedCatches ownerId={`guest:${guest.memberId}`} />
      <Card withBorder radius="md" padding="md">
        <Title order={3} mb="sm">
          Your catches
        </Title>
        {(catches.data ?? []).length === 0 ? (
          <Text c="dimmed">No catches logged yet.</Text>
        ) : (
          <Stack gap="xs">
            {(catches.data ?? []).map((c) => (
              <Group key={c.id} justify="space-between" gap="xs" data-testid="guest-catch">
                <Text size="sm">
                  {c.fishType} · {c.size} cm · {c.fishKeptOrReleased}
                </Text>
                <Badge variant="light" color={c.status === 'verified' ? 'green' : c.status === 'rejected' ? 'red' : 'gray'}>
                  {c.status === 'verified' ? 'Verified' : c.status === 'rejected' ? 'Rejected' : 'Waiting for the judge'}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Button variant="default" mih={44} onClick={() => signOut.mutate()} loading={signOut.isPending}>
        Sign out of this phone
      </Button>
    </Stack>
  );
}
