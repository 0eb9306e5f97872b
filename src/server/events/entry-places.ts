import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignOnRules } from '../../shared/entries';

// An event's places: `registered_count` on its row, taken and given back by conditional UPDATEs, and the row lock
// the committee's adds take.

/**
 * The conditional UPDATE that takes `places` places at once, only while entries are open and there is room: with
 * one place left exactly one of many simultaneous entries gets it. SQL twin of `entriesCloseAt`: the committee's close,
 * or the end of the club's sign-on (`signOn`).
 */
export async function takePlaces(
  em: EntityManager,
  signOn: SignOnRules,
  eventId: string,
  places: number,
  now: Date,
  options: { pastClose?: boolean } = {},
) {
  const taken = await em.execute<{ id: string }[]>(
    `update events set registered_count = registered_count + ?
     where id = ? and status = 'active'
       and (? or coalesce(entries_close_at, event_date + make_interval(hours => ?)) > ?)
       and (? or max_participants is null or registered_count + ? <= max_participants)
     returning id`,
    [places, eventId, options.pastClose === true, signOn.times.signOnHours, now, options.pastClose === true, places],
  );
  return taken.length > 0;
}

/**
 * Takes the event's row lock for the rest of the caller's transaction: the committee's adds (Add member, Add guest, a
 * guest put on the waiting list) check who is already there and write under it, one at a time per event, as places
 * are taken under the same row by `takePlaces`.
 */
export async function lockEvent(em: EntityManager, eventId: string): Promise<void> {
  await em.execute('select id from events where id = ? for update', [eventId]);
}

/** Gives a place back (an entry cancelled or removed). */
export const freePlace = (em: EntityManager, eventId: string) =>
  em.execute('update events set registered_count = registered_count - 1 where id = ? and registered_count > 0', [eventId]);
