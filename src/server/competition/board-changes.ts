import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The PostgreSQL channel that says an event's live board may have changed (the payload is the event's id). Every
 * instance listens (LiveBoards), so a TV following the board on one instance sees a catch another one took.
 */
export const BOARD_CHANNEL = 'club_event_board_changed';

/**
 * Tells every instance that an event's board may have changed: a catch of it was logged, judged or reopened, an
 * entrant disqualified or reinstated, or its mystery fish sealed or revealed. Call it once the write has been
 * flushed: inside a transaction PostgreSQL delivers the notification only when (and if) it commits. A notification that cannot be sent (the database just
 * went away) is not the writer's problem: its write stands, and the boards are worked out afresh once the
 * listeners reconnect.
 */
export async function boardChanged(em: EntityManager, eventId: string): Promise<void> {
  await notify(em, eventId);
}

/** The payload that says every board may have changed (a club rule they all follow, such as the placing rules). */
export const EVERY_BOARD = '*';

/** Tells every instance that every followed board may have changed; sent, like `boardChanged`, once the write is flushed. */
export async function everyBoardChanged(em: EntityManager): Promise<void> {
  await notify(em, EVERY_BOARD);
}

async function notify(em: EntityManager, payload: string): Promise<void> {
  try {
    await em.getConnection('write').execute(`select pg_notify(?, ?)`, [BOARD_CHANNEL, payload], 'run', em.getTransactionContext());
  } catch {
    // See above: the listeners refresh every board they follow when they reconnect.
  }
}
