// Reading the audit log: a filtered page (newest first, keyset-paged on `seq` so a page costs the same
// however deep), every filtered entry for an export, and every entry in order for the chain check, read
// in pages so a long log never sits in memory at once.
import type { AuditFilter } from '@voltscope/shared/contracts/audit';
import type { Db, SqlValue } from '../store/db.ts';
import { AUDIT_COLUMNS, type AuditRow, fromAuditRow } from './auditLog.ts';
import { type ChainCheck, ChainChecker, type StoredAuditEntry } from './chain.ts';

export type AuditWhere = Omit<AuditFilter, 'before' | 'limit'>;

/** A LIKE pattern that matches `text` literally anywhere (or at the start with `prefix`). */
const like = (text: string, prefix = false) =>
  `${prefix ? '' : '%'}${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(filter: AuditWhere): { sql: string; params: SqlValue[] } {
  const clauses: string[] = ['1 = 1'];
  const params: SqlValue[] = [];
  const add = (clause: string, value: SqlValue) => {
    clauses.push(clause);
    params.push(value);
  };
  if (filter.from !== undefined) add('at >= ?', filter.from);
  if (filter.to !== undefined) add('at < ?', filter.to);
  if (filter.actor !== undefined) add('actor_id = ?', filter.actor);
  if (filter.action?.endsWith('.')) add("lower(action) LIKE ? ESCAPE '\\'", like(filter.action, true));
  else if (filter.action) add('action = ?', filter.action);
  if (filter.targetType) add('target_type = ?', filter.targetType);
  if (filter.targetId) add('target_id = ?', filter.targetId);
  if (filter.outcome) add('outcome = ?', filter.outcome);
  const text = filter.q?.trim();
  if (text) {
    const haystack =
      "actor_name || ' ' || coalesce(target_name, '') || ' ' || coalesce(target_id, '') || ' ' || action";
    add(`lower(${haystack}) LIKE ? ESCAPE '\\'`, like(text));
  }
  return { sql: clauses.join(' AND '), params };
}

/** Entries as the API answers them: the hashes stay in the store (the check reads them). */
function toEntry({ prevHash: _prev, hash: _hash, ...entry }: StoredAuditEntry) {
  return entry;
}

export async function auditPage(db: Db, filter: AuditWhere, page: { before?: number; limit: number }) {
  const { sql, params } = where(filter);
  const total = Number((await db.get<{ n: number }>(`SELECT count(*) AS n FROM audit_log WHERE ${sql}`, params))?.n);
  const cursor = page.before === undefined ? '' : ' AND seq < ?';
  const rows = await db.all<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${sql}${cursor} ORDER BY seq DESC LIMIT ?`,
    [...params, ...(page.before === undefined ? [] : [page.before]), page.limit + 1],
  );
  const entries = rows.slice(0, page.limit).map((row) => toEntry(fromAuditRow(row)));
  const last = entries.at(-1);
  return { entries, total: total || 0, nextBefore: rows.length > page.limit && last ? last.seq : null };
}

const CHUNK = 1000;

/** The filtered entries newest first, at most `max`, read CHUNK at a time. */
export async function* auditEntries(db: Db, filter: AuditWhere, max: number) {
  const { sql, params } = where(filter);
  let before = Number.MAX_SAFE_INTEGER;
  let left = max;
  while (left > 0) {
    const rows = await db.all<AuditRow>(
      `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${sql} AND seq < ? ORDER BY seq DESC LIMIT ?`,
      [...params, before, Math.min(CHUNK, left)],
    );
    for (const row of rows) yield toEntry(fromAuditRow(row));
    if (rows.length < Math.min(CHUNK, left)) return;
    left -= rows.length;
    before = Number(rows.at(-1)?.seq);
  }
}

/** Checks the whole chain from the first kept entry, CHUNK rows in memory at a time. */
export async function verifyStoredChain(db: Db): Promise<ChainCheck> {
  const checker = new ChainChecker();
  let after = 0;
  for (;;) {
    const rows = await db.all<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?`, [
      after,
      CHUNK,
    ]);
    for (const row of rows) if (!checker.add(fromAuditRow(row))) return checker.result();
    if (rows.length < CHUNK) return checker.result();
    after = Number(rows.at(-1)?.seq);
  }
}
