import type { EntityManager, EventArgs, EventSubscriber, FlushEventArgs, TransactionEventArgs, UnitOfWork } from '@mikro-orm/core';
import type { ContentCache } from './content-cache';

type Transaction = NonNullable<TransactionEventArgs['transaction']>;

/**
 * Tells the content cache of every committed write to an entity a public read depends on, so no service has
 * to remember to. It watches the ORM: the change sets of each flush (and upserts). A flush that runs its own
 * transaction is announced from within it; one inside `em.transactional` (or `em.begin`) marks the outermost
 * transaction, which is announced when it commits. Announcing means a NOTIFY inside the transaction
 * (PostgreSQL delivers it to every instance only on commit, never on rollback) and, once committed,
 * clearing this instance at once so the writer reads its own write. A rolled-back transaction announces
 * nothing.
 *
 * Writes the ORM does not see (raw SQL, `nativeUpdate`) are not announced by themselves: do them in a
 * transaction that also flushes an entity of the same read (as registering for an event bumps the count in
 * SQL next to the EventRegistration it writes), or wait out the cache's one-minute backstop.
 */
export class ContentChanges implements EventSubscriber {
  /** Outermost transactions that wrote a watched entity, to announce when they commit. */
  private readonly touched = new WeakSet<Transaction>();
  /** A savepoint's enclosing transaction (what a nested `transactional` writes counts for the outermost one). */
  private readonly parents = new WeakMap<Transaction, Transaction>();
  /** The transaction a savepoint is being opened in, between the start events (which run in order per em). */
  private readonly opening = new WeakMap<EntityManager, Transaction>();
  /** Flushes announced from within their own transaction (so afterFlush does not announce them again). */
  private readonly announced = new WeakSet<UnitOfWork>();
  private stopped = false;

  constructor(
    private readonly cache: ContentCache,
    /** Entity names (`meta.className`) the cached reads depend on. */
    private readonly watched: ReadonlySet<string>,
  ) {}

  /** Registers it on the ORM's event manager (shared by every fork); `stop` makes it inert (there is no unregister). */
  static watch(em: EntityManager, cache: ContentCache, watched: ReadonlySet<string>): { stop(): void } {
    const subscriber = new ContentChanges(cache, watched);
    em.getEventManager().registerSubscriber(subscriber);
    return { stop: () => void (subscriber.stopped = true) };
  }

  beforeTransactionStart({ em, transaction }: TransactionEventArgs): void {
    if (transaction) this.opening.set(em, transaction);
  }

  afterTransactionStart({ em, transaction }: TransactionEventArgs): void {
    const parent = this.opening.get(em);
    this.opening.delete(em);
    if (transaction?.savepointName && parent) this.parents.set(transaction, parent);
  }

  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const transaction = em.getTransactionContext<Transaction>();
    const announced = this.announced.delete(uow);
    if (!this.writes(uow)) return;
    if (transaction) this.touched.add(this.outermost(transaction));
    // A flush outside any transaction ran its own, announced in beforeTransactionCommit; without one
    // (implicitTransactions off) its writes have committed by now.
    else if (!announced) await this.announce(em);
  }

  async afterUpsert({ em, meta }: EventArgs<unknown>): Promise<void> {
    if (!this.watched.has(meta.className)) return;
    const transaction = em.getTransactionContext<Transaction>();
    if (transaction) this.touched.add(this.outermost(transaction));
    else await this.announce(em);
  }

  async beforeTransactionCommit({ em, uow, transaction }: TransactionEventArgs): Promise<void> {
    if (this.stopped || !transaction || transaction.savepointName) return;
    // The change sets are still there when a flush commits its own transaction; an explicit one was marked by its flushes.
    if (this.touched.has(transaction) || (uow && this.writes(uow))) {
      this.touched.add(transaction);
      if (uow) this.announced.add(uow);
      await em.getConnection('write').execute(this.cache.notifySql, [], 'run', transaction);
    }
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!this.stopped && transaction && !transaction.savepointName && this.touched.has(transaction)) this.cache.changedHere();
  }

  /** For a write that committed on its own (an upsert or a flush outside a transaction). */
  private async announce(em: EntityManager) {
    if (this.stopped) return;
    this.cache.changedHere();
    await em.getConnection('write').execute(this.cache.notifySql, [], 'run');
  }

  private writes(uow: UnitOfWork): boolean {
    // The entities have no collections (only references), so change sets say everything that was written.
    return uow.getChangeSets().some((cs) => this.watched.has(cs.meta.className));
  }

  private outermost(transaction: Transaction): Transaction {
    let outer = transaction;
    for (let parent = this.parents.get(outer); parent; parent = this.parents.get(outer)) outer = parent;
    return outer;
  }
}
