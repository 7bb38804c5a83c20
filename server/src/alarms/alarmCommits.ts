// The engine's order and transactions: work runs one piece at a time (two operators acknowledging the
// same alarm give one record), a batch of transitions shares one transaction that every commit inside
// joins, and changes are announced only after their transaction commits (an alarm a client sees is in
// the store: RELIABILITY decision 7, invariant I3).
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

export class AlarmCommits {
  readonly #db: Db;
  readonly #hooks: CommitHooks;
  #queue: Promise<unknown> = Promise.resolve();
  #batch: { tx: Db; changes: AlarmChange[] } | null = null;

  constructor(db: Db, hooks: CommitHooks) {
    this.#db = db;
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

  /** Runs `work` in one transaction that every commit inside joins; announces the changes after it. */
  async batched(work: () => Promise<void>): Promise<void> {
    const batch: AlarmChange[] = [];
    try {
      await this.#db.transaction(async (tx) => {
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

  /** Runs `work` in its own transaction and announces its changes after the commit, or joins the batch. */
  async commit(work: (tx: Db) => Promise<AlarmChange[]>): Promise<AlarmChange[]> {
    const batch = this.#batch;
    const changes = batch ? await work(batch.tx) : await this.#db.transaction(work);
    this.#hooks.written(changes);
    if (batch) batch.changes.push(...changes);
    else for (const change of changes) this.#hooks.announce(change);
    return changes;
  }
}
