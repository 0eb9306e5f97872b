import type { EntityManager } from '@mikro-orm/core';
import { CommittedWrites } from './committed-writes';
import type { ContentCache } from './content-cache';

/** The one signal of a write the content cache depends on (its answers are cleared whole). */
const CONTENT = 'content';

/**
 * Tells the content cache of every committed write to an entity a public read depends on, so no service has to
 * remember to (`CommittedWrites` watches the ORM): a NOTIFY inside the transaction (PostgreSQL delivers it to every
 * instance only on commit, never on rollback) and, once committed, clearing this instance at once so the writer
 * reads its own write. For a write the ORM does not see, see `CommittedWrites`: registering for an event bumps the
 * count in SQL next to the EventRegistration it writes.
 */
export const ContentChanges = {
  /** Entity names (`meta.className`) in `watched` are those the cached reads depend on. */
  watch(em: EntityManager, cache: ContentCache, watched: ReadonlySet<string>): { stop(): void } {
    return CommittedWrites.watch(em, (meta) => (watched.has(meta.className) ? [CONTENT] : []), {
      notify: async (tem, _signals, transaction) => {
        await tem.getConnection('write').execute(cache.notifySql, [], 'run', transaction);
      },
      committed: () => cache.changedHere(),
    });
  },
};
