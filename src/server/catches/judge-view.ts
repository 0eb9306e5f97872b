import type { EntityManager } from '@mikro-orm/postgresql';
import type { JudgeCatchView } from '../../shared/catches.schema';
import { EventRegistration, type Catch } from '../db/entities';
import { catchView } from './catch-view';

/** A catch with everything the judge needs; `entered`: the `event:member` pairs entered (see entrantsOf). */
export function judgeView(c: Catch, entered: ReadonlySet<string>): JudgeCatchView {
  const submitter = c.submittedBy && c.submittedBy.id !== c.angler.user?.id ? c.submittedBy : null;
  return {
    ...catchView(c),
    anglerId: c.angler.id,
    anglerEntered: entered.has(`${c.event.id}:${c.angler.id}`),
    submittedByName: submitter ? `${submitter.firstName} ${submitter.lastName}` : null,
    gpsText: c.gpsText ?? null,
    latitude: num(c.latitude),
    longitude: num(c.longitude),
    photoTakenAt: c.photoTakenAt?.toISOString() ?? null,
    photoLatitude: num(c.photoLatitude),
    photoLongitude: num(c.photoLongitude),
    photoCamera: c.photoCamera ?? null,
    flags: c.flags,
    clubCode: c.event.clubCode ?? null,
    eventDate: c.event.eventDate.toISOString(),
    receivedAt: c.createdAt.toISOString(),
    duplicateOf: c.duplicateOf
      ? {
          id: c.duplicateOf.id,
          anglerName: `${c.duplicateOf.angler.firstName} ${c.duplicateOf.angler.lastName}`,
          eventName: c.duplicateOf.event.name,
          caughtAt: c.duplicateOf.caughtAt.toISOString(),
        }
      : null,
  };
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The `event:member` pairs among these catches whose angler is entered in the event. It also loads the rest the
 * judge's view needs: the angler and event of any earlier catch whose photo one of these copies.
 */
export async function entrantsOf(em: EntityManager, catches: Catch[]): Promise<Set<string>> {
  if (!catches.length) return new Set();
  await em.populate(catches, ['duplicateOf.angler', 'duplicateOf.event']);
  const entries = await em.find(
    EventRegistration,
    { event: { $in: catches.map((c) => c.event.id) }, member: { $in: catches.map((c) => c.angler.id) } },
    { fields: ['event', 'member'] },
  );
  return new Set(entries.map((e) => `${e.event.id}:${e.member.id}`));
}
