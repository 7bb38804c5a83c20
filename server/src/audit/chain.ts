// The audit log's tamper evidence: each entry's hash covers its own fields and the previous entry's
// hash, so editing, removing or reordering any stored row breaks every hash after it. `verifyChain`
// walks the rows in order and names the first that does not match.
import { createHash } from 'node:crypto';

/** What one entry says; `seq` and the hashes are the store's. */
export interface AuditFields {
  at: number;
  actorId: number | null;
  actorName: string;
  ip: string | null;
  /** `noun.verb`: `user.create`, `role.update`, `auth.signIn`, `alarm.acknowledge`… (audit/actions in the client words them). */
  action: string;
  /** `ok`: done; `refused`: not allowed (403) or a failed sign-in; `failed`: the hub could not do it. */
  outcome: AuditOutcome;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  /** Before and after of what changed, and anything else the action names; secrets masked. */
  details: Record<string, unknown>;
}

export type AuditOutcome = 'ok' | 'refused' | 'failed';

export interface StoredAuditEntry extends AuditFields {
  seq: number;
  prevHash: string;
  hash: string;
}

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: the same entry always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export function entryHash(prevHash: string, fields: AuditFields): string {
  const { at, actorId, actorName, ip, action, outcome, targetType, targetId, targetName, details } = fields;
  const body = canonicalJson({
    at,
    actorId,
    actorName,
    ip,
    action,
    outcome,
    targetType,
    targetId,
    targetName,
    details,
  });
  return createHash('sha256').update(prevHash).update('\n').update(body).digest('hex');
}

export type ChainCheck = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number; why: string };

/**
 * A check fed rows one at a time in `seq` order, from the first kept one (retention removes the oldest):
 * `add` answers the first break, then the check stays broken.
 */
export class ChainChecker {
  #previous: string | undefined;
  #entries = 0;
  #broken: ChainCheck | null = null;

  constructor(startHash?: string) {
    this.#previous = startHash;
  }

  add(row: StoredAuditEntry): boolean {
    if (this.#broken) return false;
    this.#entries += 1;
    const fail = (why: string) => {
      this.#broken = { ok: false, entries: this.#entries, brokenAt: row.seq, why };
      return false;
    };
    if (this.#previous !== undefined && row.prevHash !== this.#previous)
      return fail('does not follow the entry before it');
    if (entryHash(row.prevHash, row) !== row.hash) return fail('was changed after it was written');
    this.#previous = row.hash;
    return true;
  }

  result(): ChainCheck {
    return this.#broken ?? { ok: true, entries: this.#entries };
  }
}

/** Checks rows given in `seq` order, from the first kept one. */
export function verifyChain(rows: Iterable<StoredAuditEntry>, startHash?: string): ChainCheck {
  const checker = new ChainChecker(startHash);
  for (const row of rows) if (!checker.add(row)) break;
  return checker.result();
}

/**
 * Keys whose values are secrets: passwords, secrets, tokens, hashes, one-time codes (a pairing code,
 * recovery codes) and keys themselves (`key`, `apiKey`, `ingestKey`), but not a name that only ends in
 * "key" (`seriesKey`: which series a rule reads).
 */
const SECRET_KEY =
  /pass(word)?|secret|token|hash|otp|^(key|code|codes)$|(api|ingest|private|secret)Key$|(Code|Codes)$/i;

/** Replaces every value (or list of values) under a secret-sounding key with `***`, at any depth. */
export function maskSecrets<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null), (key, v: unknown) =>
    key && SECRET_KEY.test(key) && v !== null && (typeof v !== 'object' || Array.isArray(v)) ? '***' : v,
  ) as T;
}
