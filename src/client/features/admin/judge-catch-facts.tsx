import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { JudgeCatchView } from '../../../shared/catches.schema';
import { formatClubDateTime } from '../../../shared/dates';

/** A map of a position on OpenStreetMap, zoomed to street level. */
export function osmUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
}

/** One fact about a catch: 'Angler: Mia Fisher'. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The photo (opens full size in a new tab) and the event's club code to look for on the brag mat. */
export function JudgePhoto({ item }: { item: JudgeCatchView }) {
  return (
    <Stack gap="sm">
      <Anchor
        href={item.photoUrl}
        target="_blank"
        rel="noopener noreferrer"
        title="Open the full-size photo in a new tab"
        style={{ display: 'block' }}
      >
        <img
          src={item.photoUrl}
          alt={`Catch photo: ${item.fishType} by ${item.anglerName}`}
          style={{
            display: 'block',
            width: '100%',
            maxHeight: 420,
            objectFit: 'contain',
            borderRadius: 8,
            background: 'var(--mantine-color-gray-1)',
          }}
        />
      </Anchor>
      {item.clubCode ? (
        <Alert color="blue" variant="light" p="sm">
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            Club code: {item.clubCode} — check it is on the brag mat
          </Text>
        </Alert>
      ) : (
        <Alert color="gray" variant="light" p="sm">
          <Text fw={600}>No club code set for this event</Text>
        </Alert>
      )}
    </Stack>
  );
}

function PhotoFacts({ item }: { item: JudgeCatchView }) {
  const hasPlace = item.photoLatitude !== null && item.photoLongitude !== null;
  if (!item.photoTakenAt && !hasPlace && !item.photoCamera) {
    return (
      <Text size="sm" c="dimmed">
        No camera metadata
      </Text>
    );
  }
  return (
    <>
      <Fact label="Photo taken">{item.photoTakenAt ? formatClubDateTime(item.photoTakenAt) : 'not recorded'}</Fact>
      <Fact label="Photo location">
        {hasPlace ? (
          <>
            {item.photoLatitude!.toFixed(6)}, {item.photoLongitude!.toFixed(6)}{' '}
            <Anchor
              href={osmUrl(item.photoLatitude!, item.photoLongitude!)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Photo location on OpenStreetMap"
              data-tap-target
            >
              (map)
            </Anchor>
          </>
        ) : (
          'not recorded'
        )}
      </Fact>
      <Fact label="Camera">{item.photoCamera ?? 'not recorded'}</Fact>
    </>
  );
}

/** What the angler logged, where and when, and what the photo's own metadata says. */
export function JudgeCatchFacts({ item }: { item: JudgeCatchView }) {
  const hasGps = item.latitude !== null && item.longitude !== null;
  return (
    <>
      <Fact label="Angler">{item.anglerName}</Fact>
      {!item.anglerEntered && (
        <Text size="sm" c="red.9" fw={600}>
          Not entered in this event: only entrants score.
        </Text>
      )}
      {item.submittedByName && <Fact label="Logged by">{item.submittedByName}</Fact>}
      <Fact label="Event">
        {item.eventName}, {formatClubDateTime(item.eventDate)}
      </Fact>
      <Fact label="Species">{item.fishType}</Fact>
      <Fact label="Size">{item.size} cm</Fact>
      <Fact label="Kept or released">{item.fishKeptOrReleased === 'kept' ? 'Kept' : 'Released'}</Fact>
      <Fact label="Logged">{formatClubDateTime(item.catchTime)}</Fact>
      {item.flags.includes('sent_late') && <Fact label="Received">{formatClubDateTime(item.receivedAt)}</Fact>}
      <Fact label="GPS">
        {item.gpsText ?? 'GPS not available'}
        {hasGps && (
          <>
            {' '}
            <Anchor href={osmUrl(item.latitude!, item.longitude!)} target="_blank" rel="noopener noreferrer" data-tap-target>
              View on OpenStreetMap
            </Anchor>
          </>
        )}
      </Fact>
      <PhotoFacts item={item} />
    </>
  );
}
