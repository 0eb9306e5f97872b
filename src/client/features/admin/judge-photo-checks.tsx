import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { JudgeCatchView } from '../../../shared/catches.schema';
import { clubToday, formatAuDate } from '../../../shared/dates';
import { distanceMetres, type LatLng } from '../../../shared/fishing-area';
import { FishingAreaMap, formatDistance, useFishingArea } from '../../components/fishing-area-map';
import { DuplicateComparison } from './duplicate-comparison';

const positionOf = (lat: number | null, lng: number | null): LatLng | null => (lat !== null && lng !== null ? { lat, lng } : null);

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

/** The earlier catch whose photo this one's is: a sentence, and a button that puts the two side by side. */
export function JudgeDuplicate({ item }: { item: JudgeCatchView }) {
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const earlier = item.duplicateOf;
  if (!earlier) return null;
  return (
    <Alert color="red" variant="light" p="sm">
      <Stack gap={6} align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          Looks like the photo of {earlier.anglerName}&apos;s catch in {earlier.eventName} on{' '}
          {formatAuDate(clubToday(new Date(earlier.caughtAt)))}.
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => setOpen(true)}>
          Compare side by side
        </Button>
      </Stack>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`${item.anglerName}'s ${item.fishType.toLowerCase()} beside ${earlier.anglerName}'s earlier catch`}
        size={1040}
        fullScreen={phone}
      >
        {open && <DuplicateComparison id={item.id} />}
      </Modal>
    </Alert>
  );
}
