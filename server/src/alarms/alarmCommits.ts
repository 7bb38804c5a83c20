// The engine's order and transactions: work runs one piece at a time (two operators acknowledging the
// same alarm give one record), a batch of transitions shares one transaction that every commit inside
// joins, and changes are announced only after their transaction commits (an alarm a client sees is in
// the store: RELIABILITY decision 7, invariant I3). What the engine decides by itself (a raise, a clear,
// a clock's expiry, an operator's action, which a follower sends the leader) commits through the leader's
// fence, so that a node that lost the lease cannot write a transition; a plain event commits as it is.
import type { Db } from '../store/db.ts';
import type { AlarmChange } from './alarmWriter.ts';

export interface CommitHooks {
  /** Each commit's changes, as soon as they are written (the engine keeps its open alarms by them). */
  written(changes: readonly AlarmChange[]): void;
  /** After the transaction committed. */
  announce(change: AlarmChange): void;
  /** After a batch failed and rolled back: what the engine holds must be read again from the store. */
  rolledBack(): Promise<void>;
}

/** A transaction that first checks this node still leads (Leadership.fenced). */
export type FencedTransaction = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

export class AlarmCommits {
  readonly #db: Db;
  readonly #fenced: FencedTransaction;
  readonly #hooks: CommitHooks;
  #queue: Promise<unknown> = Promise.resolve();
  #batch: { tx: Db; changes: AlarmChange[] } | null = null;

  constructor(db: Db, fenced: FencedTransaction, hooks: CommitHooks) {
    this.#db = db;
    this.#fenced = fenced;
    this.#hooks = hooks;
  }

  /** Runs `work` after everything queued before it, whether that failed or not. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => {});
    return next;
  }

  /** Resolves once the queue is empty. */
  idle(): Promise<unknown> {
    return this.#queue;
  }

  /**
   * Runs `work` in one transaction that every commit inside joins (fenced unless `fenced` is false);
   * announces the changes after it.
   */
  async batched(work: () => Promise<void>, fenced = true): Promise<void> {
    const batch: AlarmChange[] = [];
    try {
      await this.#transaction(fenced)(async (tx) => {
        this.#batch = { tx, changes: batch };
        await work();
      });
    } catch (error) {
      // The open alarms were updated as the batch went; the store is the truth.
      this.#batch = null;
      await this.#hooks.rolledBack();
      throw error;
    } finally {
      this.#batch = null;
    }
    for (const change of batch) this.#hooks.announce(change);
  }

  /**
   * Runs `work` in its own transaction (fenced unless `fenced` is false) and announces its changes after
   * the commit, or joins the batch.
   */
  async commit(work: (tx: Db) => Promise<AlarmChange[]>, fenced = true): Promise<AlarmChange[]> {
    const batch = this.#batch;
    const changes = batch ? await work(batch.tx) : await this.#transaction(fenced)(work);
    this.#hooks.written(changes);
    if (batch) batch.changes.push(...changes);
    else for (const change of changes) this.#hooks.announce(change);
    return changes;
  }

  #transaction(fenced: boolean): FencedTransaction {
    return fenced ? this.#fenced : (fn) => this.#db.transaction(fn);
  }
}
