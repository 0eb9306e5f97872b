import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { MysteryFishView } from '../../../shared/competition.schema';
import { formatClubTime } from '../../../shared/dates';

/**
 * An event's mystery fish for everyone, and for the presentation screen (`large`): sealed until the committee reveals
 * it, then the species, the length, and the winner (or 'No winner') with the prize. The fish comes from the event's
 * live board, whose stream brings the reveal as the committee makes it.
 */
export function MysteryFishPanel({ fish: d, large = false }: { fish: MysteryFishView; large?: boolean }) {
  const big = (base: string, presentation: string) => (large ? presentation : base);

  return (
    <Card withBorder radius="md" padding={large ? 'xl' : 'md'} data-testid="mystery-fish-panel">
      <Stack gap={large ? 'md' : 'xs'}>
        <Group justify="space-between" gap="xs">
          <Title order={3} fz={big('lg', '2.4rem')}>
            Mystery fish
          </Title>
          <Badge size={large ? 'xl' : 'md'} color="teal" variant="light">
            Prize: {d.prize}
          </Badge>
        </Group>
        {d.state === 'none' ? (
          <Text c="dimmed" fz={big('sm', '1.4rem')}>
            No mystery fish was set for {d.eventName}.
          </Text>
        ) : d.state === 'sealed' ? (
          <Text fz={big('md', '1.8rem')}>Sealed until the presentation, when the committee reveals it.</Text>
        ) : (
          <Stack gap={large ? 'sm' : 4}>
            <Text fz={big('xl', '3rem')} fw={700}>
              {d.species}, {d.lengthText}
            </Text>
            {d.winner ? (
              <Group gap="md" wrap="wrap" align="center">
                {d.winner.thumbnailUrl && (
                  <img
                    src={large && d.winner.photoUrl ? d.winner.photoUrl : d.winner.thumbnailUrl}
                    alt={`${d.species}, ${d.winner.sizeCm} cm, by ${d.winner.anglerName}`}
                    width={large ? 320 : 96}
                    height={large ? 240 : 72}
                    style={{ objectFit: 'cover', borderRadius: 6, maxWidth: '100%', height: 'auto' }}
                  />
                )}
                <Stack gap={0}>
                  <Text fz={big('lg', '2.4rem')} fw={600}>
                    Winner: {d.winner.anglerName}
                  </Text>
                  <Text fz={big('sm', '1.5rem')} c="dimmed">
                    {d.winner.sizeCm} cm, caught at {formatClubTime(d.winner.caughtAt)}
                  </Text>
                </Stack>
              </Group>
            ) : (
              <Text fz={big('lg', '2.4rem')} fw={600}>
                No winner: no catch of the day matched it.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
