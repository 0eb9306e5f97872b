import type { AnyEntity, EntityManager, EntityMetadata } from '@mikro-orm/core';
import { CommittedWrites } from '../platform/committed-writes';
import { ONE_PLACING_SETTING } from './placing-rules.service';

/**
 * The PostgreSQL channel that says an event's live board may have changed (the payload is the event's id). Every
 * instance listens (LiveBoards), so a TV following the board on one instance sees a catch another one took.
 */
export const BOARD_CHANNEL = 'club_event_board_changed';

/** The payload that says every board may have changed (a club rule they all follow, such as the placing rules). */
export const EVERY_BOARD = '*';

/** What a board is worked out from: an event's own row, its catches, its entries (disqualifications) and its mystery fish. */
const OF_AN_EVENT = new Set(['Catch', 'EventRegistration', 'MysteryFish']);

/** The boards a written entity may change: its event's, or every board for the placing rules. */
export function boardsChangedBy(meta: EntityMetadata, entity: AnyEntity): string[] {
  if (meta.className === 'Event') return [String((entity as { id: string }).id)];
  if (OF_AN_EVENT.has(meta.className)) {
    const event = (entity as { event?: { id: string } | null }).event;
    return event?.id ? [event.id] : [];
  }
  if (meta.className === 'SiteSetting' && (entity as { settingKey?: string }).settingKey === ONE_PLACING_SETTING) return [EVERY_BOARD];
  return [];
}

/**
 * Announces, for every committed write, the boards it may have changed (`boardsChangedBy`), so no service has to
 * remember to: a NOTIFY per board inside the write's transaction, delivered only when (and if) it commits. After a
 * write that committed on its own, a notification that cannot be sent (the database just went away) is not the
 * writer's problem: its write stands, and the boards are worked out afresh once the listeners reconnect.
 */
export function watchBoardChanges(em: EntityManager): { stop(): void } {
  return CommittedWrites.watch(em, boardsChangedBy, {
    async notify(tem, boards, transaction) {
      const connection = tem.getConnection('write');
      for (const board of boards) {
        const sent = connection.execute('select pg_notify(?, ?)', [BOARD_CHANNEL, board], 'run', transaction);
        await (transaction ? sent : sent.catch(() => undefined));
      }
    },
  });
}
