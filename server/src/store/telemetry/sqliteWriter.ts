// The SQLite telemetry writer, in a worker thread so that large transactions never stall the hub's
// event loop. It owns one connection (synchronous=NORMAL: telemetry survives a process crash and may
// lose the last commits on a power loss, RELIABILITY decision 7) and keeps the rollups: every write
// marks its minutes dirty, and a flush recomputes those minutes, then their hours, from the rows below.
// New samples are staged first and moved into `samples` in large runs (sqliteStaging.ts says why).
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { packRows, ROWS_PER_STATEMENT, Staging } from './sqliteStaging.ts';
import { freshOf } from './types.ts';

export type WriterRequest =
  | { id: number; op: 'write'; series: Int32Array; ts: Float64Array; values: Float64Array }
  | { id: number; op: 'flush'; all: boolean }
  | { id: number; op: 'prune'; raw: number | null; minute: number | null; hour: number | null }
  | { id: number; op: 'close' };

export type WriterReply =
  | { id: number; ok: true; inserted?: number; duplicates?: number; fresh?: Uint8Array; deleted?: number }
  | { id: number; ok: false; error: string };

const MINUTE = 60_000;
const HOUR = 3_600_000;
// A key packs (series, bucket index) in one number: bucket indexes stay below 2^26 minutes (year 2097).
const KEY_SPAN = 2 ** 26;
/**
 * Staged rows past which they are moved into `samples` at once rather than at the next flush: larger
 * runs share more pages (fewer bytes written a sample), and readers scan fewer staged rows.
 */
const MOVE_AT_ROWS = 100_000;

const db = new DatabaseSync(workerData.file as string);
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = NORMAL');
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA cache_size = -65536');
const staging = new Staging(db);

// Each returns the rows it stored, so that the ingest knows which samples were new (a duplicate is not).
const insertMany = db.prepare(
  `INSERT OR IGNORE INTO samples (series_id, ts, value) VALUES ${new Array(ROWS_PER_STATEMENT).fill('(?, ?, ?)').join(', ')}
   RETURNING series_id, ts`,
);
const insertOne = db.prepare(
  'INSERT OR IGNORE INTO samples (series_id, ts, value) VALUES (?, ?, ?) RETURNING series_id, ts',
);
// GROUP BY: a minute whose samples are gone (a deleted device's) gives no row rather than one of nulls.
const minuteRollup = db.prepare(`
  INSERT INTO rollup_1m (series_id, bucket, min_value, max_value, sum_value, count_value, last_value)
  SELECT ?1, ?2, min(value), max(value), sum(value), count(*),
    (SELECT value FROM samples WHERE series_id = ?1 AND ts >= ?2 AND ts < ?2 + 60000 ORDER BY ts DESC LIMIT 1)
  FROM samples WHERE series_id = ?1 AND ts >= ?2 AND ts < ?2 + 60000 GROUP BY series_id
  ON CONFLICT (series_id, bucket) DO UPDATE SET min_value = excluded.min_value, max_value = excluded.max_value,
    sum_value = excluded.sum_value, count_value = excluded.count_value, last_value = excluded.last_value`);
const hourRollup = db.prepare(`
  INSERT INTO rollup_1h (series_id, bucket, min_value, max_value, sum_value, count_value, last_value)
  SELECT ?1, ?2, min(min_value), max(max_value), sum(sum_value), sum(count_value),
    (SELECT last_value FROM rollup_1m WHERE series_id = ?1 AND bucket >= ?2 AND bucket < ?2 + 3600000 ORDER BY bucket DESC LIMIT 1)
  FROM rollup_1m WHERE series_id = ?1 AND bucket >= ?2 AND bucket < ?2 + 3600000 GROUP BY series_id
  ON CONFLICT (series_id, bucket) DO UPDATE SET min_value = excluded.min_value, max_value = excluded.max_value,
    sum_value = excluded.sum_value, count_value = excluded.count_value, last_value = excluded.last_value`);

const dirtyMinutes = new Set<number>();
const args = new Array<number>(ROWS_PER_STATEMENT * 3);

type Stored = { series_id: number; ts: number };

/** SQLite rolls back by itself on some errors (a full disk, SQLITE_FULL): a second ROLLBACK would throw. */
function rollback(): void {
  if (db.isTransaction) db.exec('ROLLBACK');
  staging.rollback();
}

/**
 * One transaction, with the staging's view of it kept in step. IMMEDIATE: a write takes its lock first
 * (waiting out busy_timeout), since one that read first (the staging's newest) and finds the main
 * connection has written meanwhile would fail at once with SQLITE_BUSY.
 */
function inTransaction(work: () => void): void {
  db.exec('BEGIN IMMEDIATE');
  staging.begin();
  try {
    work();
    db.exec('COMMIT');
  } catch (error) {
    rollback();
    throw error;
  }
  staging.commit();
}

/** Inserts one batch inside the open transaction; returns which of its samples were new. */
function insertRows(series: Int32Array, ts: Float64Array, values: Float64Array): Uint8Array {
  const n = series.length;
  const stored: Stored[] = [];
  let i = 0;
  for (; i + ROWS_PER_STATEMENT <= n; i += ROWS_PER_STATEMENT) {
    for (const row of insertMany.all(...packRows(args, series, ts, values, i))) stored.push(row as Stored);
  }
  for (; i < n; i++) {
    const row = insertOne.get(series[i] as number, ts[i] as number, values[i] as number);
    if (row) stored.push(row as Stored);
  }
  return freshOf({ series, ts, values }, stored);
}

/** Stages the batch when it is all new; else the exact path: staged rows moved, then inserted one by one. */
function writeOne({ series, ts, values }: WriteRequest): Uint8Array {
  if (staging.tryAppend(series, ts, values)) return new Uint8Array(series.length).fill(1);
  staging.moveAll();
  const fresh = insertRows(series, ts, values);
  staging.noteStored(series, ts);
  return fresh;
}

function markDirty(series: Int32Array, ts: Float64Array): void {
  // Duplicates mark their minute too: recomputing a minute from its rows is idempotent.
  for (let k = 0; k < series.length; k++) {
    dirtyMinutes.add((series[k] as number) * KEY_SPAN + Math.floor((ts[k] as number) / MINUTE));
  }
}

type WriteRequest = Extract<WriterRequest, { op: 'write' }>;

/**
 * Group commit: the writes that queued up while the previous transaction ran go into one transaction,
 * and each is acknowledged once that transaction has committed.
 */
function writeAll(requests: readonly WriteRequest[]): WriterReply[] {
  const fresh: Uint8Array[] = [];
  try {
    inTransaction(() => {
      for (const r of requests) fresh.push(writeOne(r));
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return requests.map((r) => ({ id: r.id, ok: false, error: message }));
  }
  return requests.map((r, i) => {
    markDirty(r.series, r.ts);
    const stored = fresh[i] as Uint8Array;
    const inserted = stored.reduce((sum, one) => sum + one, 0);
    return { id: r.id, ok: true, inserted, duplicates: r.series.length - inserted, fresh: stored };
  });
}

function recompute(keys: Iterable<number>, statement: StatementSync, width: number): void {
  for (const key of keys) {
    const seriesId = Math.floor(key / KEY_SPAN);
    statement.run(seriesId, (key - seriesId * KEY_SPAN) * width);
  }
}

const dirtyHours = new Set<number>();
/** Hours are recomputed at most this often unless a full flush is asked for: they serve long ranges. */
const HOUR_FLUSH_MS = 30_000;
let hoursFlushedAt = 0;

/** Recomputes the dirty minutes, and the dirty hours when `all` or when they are due. */
function flush(all = true): void {
  for (const key of dirtyMinutes) {
    const seriesId = Math.floor(key / KEY_SPAN);
    const minute = key - seriesId * KEY_SPAN;
    dirtyHours.add(seriesId * KEY_SPAN + Math.floor((minute * MINUTE) / HOUR));
  }
  const hoursDue = all || Date.now() - hoursFlushedAt >= HOUR_FLUSH_MS;
  if (staging.rows === 0 && dirtyMinutes.size === 0 && !(hoursDue && dirtyHours.size > 0)) return;
  // Rollups are computed from `samples`: what is staged goes there first.
  inTransaction(() => {
    staging.moveAll();
    recompute(dirtyMinutes, minuteRollup, MINUTE);
    if (hoursDue) recompute(dirtyHours, hourRollup, HOUR);
  });
  dirtyMinutes.clear();
  if (hoursDue) {
    dirtyHours.clear();
    hoursFlushedAt = Date.now();
  }
}

function prune(raw: number | null, minute: number | null, hour: number | null): number {
  let deleted = 0;
  for (const [table, column, before] of [
    ['samples', 'ts', raw],
    ['rollup_1m', 'bucket', minute],
    ['rollup_1h', 'bucket', hour],
  ] as const) {
    if (before === null) continue;
    deleted += Number(db.prepare(`DELETE FROM ${table} WHERE ${column} < ?`).run(before).changes);
  }
  return deleted;
}

function handle(request: Exclude<WriterRequest, WriteRequest>): WriterReply {
  try {
    switch (request.op) {
      case 'flush':
        flush(request.all);
        return { id: request.id, ok: true };
      case 'prune':
        flush();
        return { id: request.id, ok: true, deleted: prune(request.raw, request.minute, request.hour) };
      case 'close':
        flush();
        db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
        db.close();
        return { id: request.id, ok: true };
    }
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const queue: WriterRequest[] = [];
let scheduled = false;

/** Drains the queue in order: each run of writes as one transaction, other requests one by one. */
function drain(): void {
  scheduled = false;
  while (queue.length > 0) {
    const writes: WriteRequest[] = [];
    while (queue[0]?.op === 'write') writes.push(queue.shift() as WriteRequest);
    if (writes.length > 0) {
      for (const reply of writeAll(writes)) {
        parentPort?.postMessage(reply, 'fresh' in reply && reply.fresh ? [reply.fresh.buffer as ArrayBuffer] : []);
      }
    }
    // What stops a run of writes is a flush, prune or close: it runs after them, in order.
    const other = queue.shift() as Exclude<WriterRequest, WriteRequest> | undefined;
    if (other) parentPort?.postMessage(handle(other));
  }
  // After the acknowledgements: a large staging is moved now rather than at the next flush.
  if (staging.rows >= MOVE_AT_ROWS) moveStaged();
}

function moveStaged(): void {
  try {
    inTransaction(() => staging.moveAll());
  } catch {
    // The rows stay staged (committed, and seen by readers); the next flush tries again and reports.
  }
}

parentPort?.on('message', (request: WriterRequest) => {
  queue.push(request);
  if (!scheduled) {
    scheduled = true;
    setImmediate(drain);
  }
});
