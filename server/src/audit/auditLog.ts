// The audit log's writer: entries are appended one at a time, in order, each hashed with the one before
// (chain.ts). Nothing here updates or deletes a row but retention, which removes the oldest entries
// whole (the first kept row's `prevHash` then names an entry no longer stored, and the check starts
// there). One hub writes the chain; a hub per database is assumed (see the scale-out issue).
import type { Db } from '../store/db.ts';
import { type AuditFields, entryHash, GENESIS_HASH, maskSecrets, type StoredAuditEntry } from './chain.ts';

/** An entry as a caller gives it: time and address default, details masked. */
export type NewAuditEntry = Omit<AuditFields, 'at' | 'ip' | 'targetType' | 'targetId' | 'targetName' | 'details'> &
  Partial<Pick<AuditFields, 'at' | 'ip' | 'targetType' | 'targetId' | 'targetName' | 'details'>>;

export interface AuditRow {
  seq: number;
  at: number;
  actor_id: number | null;
  actor_name: string;
  ip: string | null;
  action: string;
  outcome: AuditFields['outcome'];
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  details: string;
  prev_hash: string;
  hash: string;
}

export const AUDIT_COLUMNS =
  'seq, at, actor_id, actor_name, ip, action, outcome, target_type, target_id, target_name, details, prev_hash, hash';

export function fromAuditRow(row: AuditRow): StoredAuditEntry {
  return {
    seq: Number(row.seq),
    at: Number(row.at),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorName: row.actor_name,
    ip: row.ip,
    action: row.action,
    outcome: row.outcome,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    details: JSON.parse(row.details) as Record<string, unknown>,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export class AuditLog {
  readonly #db: Db;
  readonly #log: { error(details: object, message: string): void };
  /** Appends wait for each other: each needs the hash of the one before. */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(db: Db, log: { error(details: object, message: string): void }) {
    this.#db = db;
    this.#log = log;
  }

  /**
   * Appends an entry after every earlier one. Never throws to its caller: an audit write that fails is
   * logged (the action it records has already happened).
   */
  record(entry: NewAuditEntry): Promise<void> {
    const append = this.#tail.then(() => this.#append(entry));
    this.#tail = append.catch((error: unknown) => {
      this.#log.error({ err: error, action: entry.action }, 'could not write an audit entry');
    });
    return this.#tail as Promise<void>;
  }

  /**
   * Retention: removes the oldest entries whole, every one before the first written at or after
   * `cutoffMs` (a prefix in `seq` order, so the kept chain stays unbroken), then records what it removed
   * as an `audit.pruned` entry by the system. Runs in turn with the appends. Answers the count removed.
   */
  prune(cutoffMs: number): Promise<number> {
    const run = this.#tail.then(async () => {
      const first = await this.#db.get<{ seq: number | null }>('SELECT min(seq) AS seq FROM audit_log WHERE at >= ?', [
        cutoffMs,
      ]);
      const keepFrom = first?.seq ?? null;
      const last = await this.#db.get<{ seq: number; hash: string }>(
        keepFrom === null
          ? 'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1'
          : 'SELECT seq, hash FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT 1',
        keepFrom === null ? [] : [keepFrom],
      );
      if (!last) return 0;
      const { changes } = await this.#db.run('DELETE FROM audit_log WHERE seq <= ?', [last.seq]);
      await this.#append({
        actorId: null,
        actorName: 'system',
        action: 'audit.pruned',
        outcome: 'ok',
        details: { count: changes, throughSeq: Number(last.seq), olderThan: cutoffMs },
      });
      return changes;
    });
    this.#tail = run.catch((error: unknown) => {
      this.#log.error({ err: error }, 'could not prune the audit log');
    });
    return run;
  }

  /** Waits for every entry recorded so far (tests, shutdown). */
  async flush(): Promise<void> {
    await this.#tail;
  }

  async #append(entry: NewAuditEntry): Promise<void> {
    const fields: AuditFields = {
      at: entry.at ?? Date.now(),
      actorId: entry.actorId,
      actorName: entry.actorName,
      ip: entry.ip ?? null,
      action: entry.action,
      outcome: entry.outcome,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      targetName: entry.targetName ?? null,
      details: maskSecrets(entry.details ?? {}),
    };
    await this.#db.transaction(async (tx) => {
      const last = await tx.get<{ hash: string }>('SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1');
      const prevHash = last?.hash ?? GENESIS_HASH;
      await tx.run(
        `INSERT INTO audit_log (at, actor_id, actor_name, ip, action, outcome, target_type, target_id, target_name,
          details, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          fields.at,
          fields.actorId,
          fields.actorName,
          fields.ip,
          fields.action,
          fields.outcome,
          fields.targetType,
          fields.targetId,
          fields.targetName,
          JSON.stringify(fields.details),
          prevHash,
          entryHash(prevHash, fields),
        ],
      );
    });
  }
}
