import type {
  AnyEntity,
  EntityManager,
  EntityMetadata,
  EventArgs,
  EventSubscriber,
  FlushEventArgs,
  TransactionEventArgs,
  UnitOfWork,
} from '@mikro-orm/core';

export type Transaction = NonNullable<TransactionEventArgs['transaction']>;

/** What one written entity signals (none, one or several names), given its class and the entity as written. */
export type SignalsOf = (meta: EntityMetadata, entity: AnyEntity) => Iterable<string>;

/** What a subscriber does with the signals of writes: NOTIFY inside their transaction, and act here once committed. */
export interface SignalSink {
  /** Sends the signals inside the transaction (PostgreSQL delivers a NOTIFY on commit only); none: on their own. */
  notify(em: EntityManager, signals: ReadonlySet<string>, transaction?: Transaction): Promise<void>;
  /** The signals' writes have committed (this instance may act at once: a writer reads its own write). */
  committed?(signals: ReadonlySet<string>): void;
}

/**
 * Announces committed writes, declared by what each written entity signals, so no service has to remember to. It
 * watches the ORM: the change sets of each flush (and upserts). A flush that runs its own transaction is announced
 * from within it; one inside `em.transactional` (or `em.begin`) adds its signals to the outermost transaction,
 * announced when it commits. A rolled-back transaction announces nothing.
 *
 * Writes the ORM does not see (raw SQL, `nativeUpdate`) are not announced by themselves: do them in a transaction
 * that also flushes an entity with the same signal.
 */
export class CommittedWrites implements EventSubscriber {
  /** Outermost transactions that wrote something signalled, with their signals, to announce when they commit. */
  private readonly pending = new WeakMap<Transaction, Set<string>>();
  /** A savepoint's enclosing transaction (what a nested `transactional` writes counts for the outermost one). */
  private readonly parents = new WeakMap<Transaction, Transaction>();
  /** The transaction a savepoint is being opened in, between the start events (which run in order per em). */
  private readonly opening = new WeakMap<EntityManager, Transaction>();
  /** Flushes announced from within their own transaction (so afterFlush does not announce them again). */
  private readonly announced = new WeakSet<UnitOfWork>();
  private stopped = false;

  constructor(
    private readonly signalsOf: SignalsOf,
    private readonly sink: SignalSink,
  ) {}

  /** Registers it on the ORM's event manager (shared by every fork); `stop` makes it inert (there is no unregister). */
  static watch(em: EntityManager, signalsOf: SignalsOf, sink: SignalSink): { stop(): void } {
    const subscriber = new CommittedWrites(signalsOf, sink);
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
    const signals = this.signalsOfFlush(uow);
    if (!signals.size) return;
    if (transaction) this.mark(transaction, signals);
    // A flush outside any transaction ran its own, announced in beforeTransactionCommit; without one
    // (implicitTransactions off) its writes have committed by now.
    else if (!announced) await this.announce(em, signals);
  }

  async afterUpsert({ em, meta, entity }: EventArgs<AnyEntity>): Promise<void> {
    const signals = new Set(this.signalsOf(meta, entity));
    if (!signals.size) return;
    const transaction = em.getTransactionContext<Transaction>();
    if (transaction) this.mark(transaction, signals);
    else await this.announce(em, signals);
  }

  async beforeTransactionCommit({ em, uow, transaction }: TransactionEventArgs): Promise<void> {
    if (this.stopped || !transaction || transaction.savepointName) return;
    // The change sets are still there when a flush commits its own transaction; an explicit one was marked by its flushes.
    if (uow) {
      const own = this.signalsOfFlush(uow);
      if (own.size) {
        this.mark(transaction, own);
        this.announced.add(uow);
      }
    }
    const signals = this.pending.get(transaction);
    if (signals) await this.sink.notify(em, signals, transaction);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    const signals = transaction && !transaction.savepointName ? this.pending.get(transaction) : undefined;
    if (!this.stopped && signals) this.sink.committed?.(signals);
  }

  /** For a write that committed on its own (an upsert or a flush outside a transaction). */
  private async announce(em: EntityManager, signals: ReadonlySet<string>) {
    if (this.stopped) return;
    this.sink.committed?.(signals);
    await this.sink.notify(em, signals);
  }

  private signalsOfFlush(uow: UnitOfWork): Set<string> {
    // The entities have no collections (only references), so change sets say everything that was written.
    const signals = new Set<string>();
    for (const cs of uow.getChangeSets()) for (const signal of this.signalsOf(cs.meta, cs.entity as AnyEntity)) signals.add(signal);
    return signals;
  }

  private mark(transaction: Transaction, signals: ReadonlySet<string>) {
    const outer = this.outermost(transaction);
    const kept = this.pending.get(outer) ?? new Set<string>();
    for (const signal of signals) kept.add(signal);
    this.pending.set(outer, kept);
  }

  private outermost(transaction: Transaction): Transaction {
    let outer = transaction;
    for (let parent = this.parents.get(outer); parent; parent = this.parents.get(outer)) outer = parent;
    return outer;
  }
}
