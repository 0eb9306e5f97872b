import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RECENT_CATCHES } from '../../../shared/catches';
import type { CatchView } from '../../../shared/catches.schema';
import type { MemberRegistration } from '../../../shared/events.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { useNow } from '../../lib/clock';
import { useTRPC } from '../../trpc';
import { SectionLoader } from '../../components/full-screen-loader';
import { CardShortcut } from './card-shortcut';

function Stat({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

/** The member's last few catches. */
function RecentCatchesCard({ catches: recentCatches }: { catches: CatchView[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} mb="sm">
        Recent Catches
      </Title>
      {recentCatches.length === 0 ? (
        <Text c="dimmed">No catches logged yet</Text>
      ) : (
        <Stack gap="sm">
          {recentCatches.map((c) => (
            <Group key={c.id} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{c.fishType}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {c.location}
                </Text>
                <Text size="sm">{formatClubDateTime(c.date).split(', ').slice(0, 2).join(', ')}</Text>
              </Stack>
              <Badge color="blue" variant="light" style={{ flexShrink: 0 }}>
                {c.size} cm
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The member's next few events. */
function UpcomingEventsCard({ registrations: upcoming }: { registrations: MemberRegistration[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} mb="sm">
        Upcoming Events
      </Title>
      {upcoming.length === 0 ? (
        <Text c="dimmed">No upcoming events</Text>
      ) : (
        <Stack gap="sm">
          {upcoming.map((r) => (
            <Group key={r.id} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {r.location}
                </Text>
                <Text size="sm">{formatClubDateTime(r.eventDate)}</Text>
              </Stack>
              <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                Registered
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The dashboard: four figures, recent catches and upcoming events. */
export function DashboardTab() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.members.dashboard.queryOptions());
  const registrations = useQuery(trpc.events.myRegistrations.queryOptions());
  // The same query as the catches list (its first five), so logging a catch refreshes both.
  const catches = useQuery(trpc.catches.mine.queryOptions({ limit: RECENT_CATCHES }));
  const recentCatches = (catches.data ?? []).slice(0, 3);
  const d = dashboard.data;
  const now = useNow();
  const upcoming = (registrations.data ?? []).filter((r) => new Date(r.eventDate).getTime() > now).slice(0, 3);
  const eventToday = registrations.data?.find((r) => r.acceptsCatchesToday);
  // Drawn once its figures and the member's events are in, so the event-day card never pushes the figures down.
  if (dashboard.isPending || registrations.isPending) return <SectionLoader label="Loading your dashboard..." />;
  return (
    <Stack gap="lg">
      {eventToday && (
        <Card withBorder radius="md" padding="md" bg="teal.0">
          <Group justify="space-between" gap="sm">
            <div>
              <Title order={3} fz="lg">
                Event day: {eventToday.name}
              </Title>
              <Text size="sm" c="dimmed">
                {eventToday.location} · fishing from {formatClubDateTime(eventToday.eventDate).split(', ').pop()}
              </Text>
            </div>
            <Button component={Link} to="/member" search={{ tab: 'fish-logging' } as never} color="teal">
              Log a Catch
            </Button>
          </Group>
        </Card>
      )}
      <CardShortcut />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Stat label="Events Attended" value={d?.eventsAttended ?? '–'} note="This year" />
        <Stat label="Fish Caught" value={d?.fishCaught ?? '–'} />
        <Stat label="Competitions" value={d?.competitions ?? '–'} />
        <Stat label="Member Level" value={d?.memberLevel ?? '–'} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <RecentCatchesCard catches={recentCatches} />
        <UpcomingEventsCard registrations={upcoming} />
      </SimpleGrid>
    </Stack>
  );
}
