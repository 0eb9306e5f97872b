import { Alert, Button, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { JudgeCatchView } from '../../../shared/catches.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { distanceMetres, type LatLng } from '../../../shared/fishing-area';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../trpc';
import { FishingAreaMap, formatDistance } from './fishing-area-map';
import { JudgeCatchFacts, JudgePhoto } from './judge-catch-facts';
import { JudgeFlags } from './judge-flags';

const positionOf = (lat: number | null, lng: number | null): LatLng | null => (lat !== null && lng !== null ? { lat, lng } : null);

/** The fishing area the flags use now; read once for every card and kept a few minutes. */
export function useFishingArea() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.fishingArea.get.queryOptions(undefined, { staleTime: 5 * 60_000 }));
}

/** Where the phone and the photo say the catch was, on a map of the fishing area (nothing when neither says). */
export function JudgeMap({ item }: { item: JudgeCatchView }) {
  const area = useFishingArea();
  const phone = positionOf(item.latitude, item.longitude);
  const photo = positionOf(item.photoLatitude, item.photoLongitude);
  if (!phone && !photo) return null;
  if (!area.data) {
    return area.isError ? (
      <Text size="sm" c="dimmed">
        The map of the fishing area could not be loaded.
      </Text>
    ) : null;
  }
  return (
    <Stack gap={4}>
      <FishingAreaMap area={area.data.area} phone={phone} photo={photo} title={`Where the ${item.fishType.toLowerCase()} was logged`} />
      <Text size="xs" c="dimmed">
        {phone && photo
          ? `Phone and photo ${formatDistance(distanceMetres(phone, photo))} apart.`
          : phone
            ? 'The photo has no position: the phone only.'
            : 'The phone sent no position: the photo only.'}{' '}
        The green area is the fishing area.
      </Text>
    </Stack>
  );
}

/** The earlier catch whose photo this one's is: a sentence, and a button that shows that catch. */
export function JudgeDuplicate({ item }: { item: JudgeCatchView }) {
  const [open, setOpen] = useState(false);
  const earlier = item.duplicateOf;
  if (!earlier) return null;
  return (
    <Alert color="red" variant="light" p="sm">
      <Stack gap={6} align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          Looks like the photo of {earlier.anglerName}&apos;s catch in {earlier.eventName} on{' '}
          {formatAuDate(clubToday(new Date(earlier.caughtAt)))}.
        </Text>
        <Button size="compact-sm" variant="light" color="red" onClick={() => setOpen(true)}>
          Show that catch
        </Button>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${earlier.anglerName}'s catch`} size="xl">
        {open && <EarlierCatch id={earlier.id} />}
      </Modal>
    </Alert>
  );
}

const VERDICTS = { pending: 'Waiting for the judges', verified: 'Verified', rejected: 'Rejected' } as const;

/** An earlier catch as the judge sees it, to put beside the later one. */
function EarlierCatch({ id }: { id: string }) {
  const trpc = useTRPC();
  const earlier = useQuery(trpc.admin.catches.get.queryOptions({ id }));
  const c = earlier.data;
  return (
    <QueryState query={earlier} loading="Loading that catch..." failure="Could not load that catch. Please try again later.">
      {c && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <JudgePhoto item={c} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg">
              {c.fishType} · {c.size} cm
            </Title>
            <Text size="sm" fw={600}>
              {VERDICTS[c.status]}
              {c.rejectReason ? `: ${c.rejectReason}` : ''}
            </Text>
            <JudgeFlags flags={c.flags} />
            <JudgeCatchFacts item={c} />
          </Stack>
        </SimpleGrid>
      )}
    </QueryState>
  );
}
