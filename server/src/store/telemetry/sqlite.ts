// SQLite telemetry: writes go to the writer worker (sqliteWriter.ts); reads use a connection of their
// own on this thread (WAL lets them run while the worker writes). Reads see staged samples too
// (sqliteStaging.ts): a sample is in history as soon as its write is acknowledged.
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { createStagedTable, rawSamplesSource } from './sqliteStaging.ts';
import type { WriterReply, WriterRequest } from './sqliteWriter.ts';
import {
  assembleHistory,
  type BucketRow,
  type HistoryQuery,
  historyParams,
  historySql,
  planHistory,
  type RetentionPolicy,
  type SampleBatch,
  type TelemetryStore,
  type WriteResult,
} from './types.ts';

type Pending = { resolve: (reply: WriterReply & { ok: true }) => void; reject: (error: Error) => void };

export function openSqliteTelemetry(file: string): TelemetryStore {
  const reader = new DatabaseSync(file, { readOnly: false });
  reader.exec('PRAGMA busy_timeout = 5000');
  // Here, before the writer starts, so that reads can be prepared against it.
  reader.exec(createStagedTable);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  // The writer runs in a worker; should it ever die, what it was asked fails (never hangs) and the next
  // request starts a new one.
  let worker: Worker | null = null;
  const startWorker = (): Worker => {
    const started = new Worker(new URL('./sqliteWriter.ts', import.meta.url), { workerData: { file } });
    started.on('message', (reply: WriterReply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiter?.resolve(reply);
      else waiter?.reject(new Error(`telemetry write failed: ${reply.error}`));
    });
    const fail = (error: Error) => {
      if (worker !== started) return; // already failed ('error' comes before 'exit')
      worker = null;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the telemetry writer stopped (exit code ${code})`)));
    return started;
  };
  worker = startWorker();

  const ask = <T extends WriterRequest['op']>(
    request: Omit<Extract<WriterRequest, { op: T }>, 'id'>,
    transfer: ArrayBuffer[] = [],
  ): Promise<WriterReply & { ok: true }> => {
    if (closed) return Promise.reject(new Error('the telemetry store is closed'));
    worker ??= startWorker();
    const to = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      to.postMessage({ ...request, id }, transfer);
    });
  };

  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const query = <T>(sql: string, params: readonly number[]): T[] => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = reader.prepare(sql);
      statements.set(sql, statement);
    }
    return statement.all(...(params as SQLInputValue[])) as T[];
  };
  // Samples may be tens of thousands of rows an hour per series: the newest is found through the index.
  const newest = reader.prepare('SELECT ts, value FROM samples WHERE series_id = ? ORDER BY ts DESC LIMIT 1');
  // One pass over the staged rows (few, and not indexed): SQLite gives the value of the row holding max(ts).
  const newestStaged = reader.prepare('SELECT series_id, max(ts) AS ts, value FROM samples_staged GROUP BY series_id');

  return {
    driver: 'sqlite',
    async write(batch: SampleBatch): Promise<WriteResult> {
      if (batch.series.length === 0) return { inserted: 0, duplicates: 0, fresh: new Uint8Array(0) };
      // Copies, so that the caller keeps its arrays (the live path reads them after this call).
      const series = batch.series.slice();
      const ts = batch.ts.slice();
      const values = batch.values.slice();
      const reply = await ask<'write'>({ op: 'write', series, ts, values }, [series.buffer, ts.buffer, values.buffer]);
      return {
        inserted: reply.inserted ?? 0,
        duplicates: reply.duplicates ?? 0,
        fresh: reply.fresh ?? new Uint8Array(batch.series.length),
      };
    },
    async history(q: HistoryQuery) {
      const plan = planHistory(q);
      if (q.seriesIds.length === 0) return assembleHistory(q, plan, []);
      return assembleHistory(
        q,
        plan,
        query<BucketRow>(historySql(plan.resolution, q.seriesIds.length, rawSamplesSource), historyParams(q, plan)),
      );
    },
    async latest(seriesIds) {
      const staged = new Map<number, { ts: number; value: number }>();
      for (const row of newestStaged.all() as { series_id: number; ts: number; value: number }[]) {
        staged.set(Number(row.series_id), { ts: Number(row.ts), value: Number(row.value) });
      }
      const out: { seriesId: number; ts: number; value: number }[] = [];
      for (const seriesId of seriesIds) {
        // A staged sample is always newer than the stored ones of its series.
        const row = staged.get(seriesId) ?? (newest.get(seriesId) as { ts: number; value: number } | undefined);
        if (row) out.push({ seriesId, ts: Number(row.ts), value: Number(row.value) });
      }
      return out;
    },
    async flushRollups({ all = true } = {}) {
      await ask<'flush'>({ op: 'flush', all });
    },
    async prune(policy: RetentionPolicy, now = Date.now()) {
      const before = (keep: number | null) => (keep === null ? null : now - keep);
      const reply = await ask<'prune'>({
        op: 'prune',
        raw: before(policy.raw),
        minute: before(policy['1m']),
        hour: before(policy['1h']),
      });
      return reply.deleted ?? 0;
    },
    async isEmpty() {
      return query('SELECT 1 FROM samples UNION ALL SELECT 1 FROM samples_staged LIMIT 1', []).length === 0;
    },
    async close() {
      if (closed) return;
      try {
        await ask<'close'>({ op: 'close' });
      } finally {
        closed = true;
        await worker?.terminate();
        reader.close();
      }
    },
  };
}
