import { Alert, Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CatchComparison, JudgeCatchView } from '../../../shared/catches.schema';
import { formatClubDateTime } from '../../../shared/dates';
import { distanceMetres, type LatLng } from '../../../shared/fishing-area';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { formatDistance } from '../../components/fishing-area-map';
import { Fact, osmUrl } from './judge-catch-facts';

const VERDICTS = { pending: 'Waiting for the judges', verified: 'Approved', rejected: 'Rejected' } as const;
const VERDICT_COLORS = { pending: 'gray', verified: 'green', rejected: 'red' } as const;

const positionOf = (lat: number | null, lng: number | null): LatLng | null => (lat !== null && lng !== null ? { lat, lng } : null);

/** A position with its map link, or what is missing. */
function Place({ at, missing, label }: { at: LatLng | null; missing: string; label: string }) {
  if (!at) return <>{missing}</>;
  return (
    <>
      {at.lat.toFixed(6)}, {at.lng.toFixed(6)}{' '}
      <Anchor href={osmUrl(at.lat, at.lng)} target="_blank" rel="noopener noreferrer" aria-label={label} data-tap-target>
        (map)
      </Anchor>
    </>
  );
}

/** One of the two catches: its photo, angler, event, times and places, and its verdict. */
function ComparedCatch({ heading, item }: { heading: string; item: JudgeCatchView }) {
  return (
    <Stack component="section" aria-label={heading} gap={6} style={{ minWidth: 0 }}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Title order={3} fz="md">
          {heading}
        </Title>
        <Badge color={VERDICT_COLORS[item.status]} variant="light" style={{ textTransform: 'none' }}>
          {VERDICTS[item.status]}
        </Badge>
      </Group>
      <Anchor href={item.photoUrl} target="_blank" rel="noopener noreferrer" title="Open the full-size photo in a new tab">
        <img
          src={item.photoUrl}
          alt={`${heading}: ${item.fishType} by ${item.anglerName}`}
          style={{
            display: 'block',
            width: '100%',
            height: 280,
            objectFit: 'contain',
            borderRadius: 8,
            background: 'var(--mantine-color-gray-1)',
          }}
        />
      </Anchor>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {item.fishType} · {item.size} cm
      </Text>
      <Fact label="Angler">{item.anglerName}</Fact>
      {item.submittedByName && <Fact label="Logged by">{item.submittedByName}</Fact>}
      <Fact label="Event">
        {item.eventName}, {formatClubDateTime(item.eventDate)}
      </Fact>
      <Fact label="Logged">{formatClubDateTime(item.catchTime)}</Fact>
      <Fact label="Photo taken">{item.photoTakenAt ? formatClubDateTime(item.photoTakenAt) : 'not in the photo'}</Fact>
      <Fact label="Phone's position">
        <Place at={positionOf(item.latitude, item.longitude)} missing="none sent" label={`${heading}: the phone's position on a map`} />
      </Fact>
      <Fact label="Photo's position">
        <Place
          at={positionOf(item.photoLatitude, item.photoLongitude)}
          missing="not in the photo"
          label={`${heading}: the photo's position on a map`}
        />
      </Fact>
      <Fact label="Camera">{item.photoCamera ?? 'not in the photo'}</Fact>
      {item.rejectReason && <Fact label="Reason">{item.rejectReason}</Fact>}
    </Stack>
  );
}

/** How far apart two catches' photos (or else phones) say they were taken, when both say. */
function apart(c: CatchComparison): string | null {
  const photos = [c.suspect, c.earlier].map((i) => positionOf(i.photoLatitude, i.photoLongitude));
  if (photos[0] && photos[1]) return `The two photos were taken ${formatDistance(distanceMetres(photos[0], photos[1]))} apart.`;
  const phones = [c.suspect, c.earlier].map((i) => positionOf(i.latitude, i.longitude));
  if (phones[0] && phones[1]) return `The two phones were ${formatDistance(distanceMetres(phones[0], phones[1]))} apart.`;
  return null;
}

/**
 * A catch whose photo copies an earlier catch's, side by side with that catch (one above the other on a phone): both
 * photos, anglers, times and places, and how alike the check measured the two photos to be.
 */
export function DuplicateComparison({ id }: { id: string }) {
  const trpc = useTRPC();
  const comparison = useQuery(trpc.admin.catches.compare.queryOptions({ id }));
  return (
    <QueryState query={comparison} loading="Loading both catches..." failure="Could not load the two catches. Please try again later.">
      {(c) => (
        <Stack gap="md">
          <Alert color="red" variant="light" title={c.likeness.kind === 'same_file' ? 'The same photo file' : 'The same picture'}>
            <Stack gap={4}>
              <Text size="sm">{c.likeness.summary}</Text>
              {apart(c) && <Text size="sm">{apart(c)}</Text>}
            </Stack>
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="side-by-side">
            <ComparedCatch heading="This catch" item={c.suspect} />
            <ComparedCatch heading="The earlier catch" item={c.earlier} />
          </SimpleGrid>
        </Stack>
      )}
    </QueryState>
  );
}
