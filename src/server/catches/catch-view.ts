import type { CatchView } from '../../shared/catches.schema';
import type { Catch } from '../db/entities';
import { objectUrl, thumbnailKey } from '../platform/object-keys';

/** A catch as its angler sees it (needs `event` and `angler` loaded). */
export function catchView(c: Catch): CatchView {
  return {
    id: c.id,
    fishType: c.species,
    size: c.sizeCm,
    fishKeptOrReleased: c.fate,
    catchTime: c.caughtAt.toISOString(),
    date: c.caughtAt.toISOString(),
    verified: c.status === 'verified',
    status: c.status,
    eventId: c.event.id,
    eventName: c.event.name,
    location: c.event.location,
    anglerName: `${c.angler.firstName} ${c.angler.lastName}`,
    photoUrl: objectUrl(c.photoKey),
    thumbnailUrl: objectUrl(thumbnailKey(c.photoKey)),
    rejectReason: c.rejectReason ?? null,
  };
}
