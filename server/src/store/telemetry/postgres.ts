// PostgreSQL telemetry: one round trip a batch (unnest of three arrays), duplicates skipped by the
// primary key, and the same dirty-minute rollups as SQLite, recomputed set-wise. Samples live in day
// partitions (postgresPartitions.ts): retention drops whole days and deletes only inside the one that
// straddles the cut-off.
import type postgres from 'postgres';
import { numberPlaceholders } from '../postgres.ts';
import { SamplePartitions } from './postgresPartitions.ts';
import {
  assembleHistory,
  type BucketRow,
  freshOf,
  historyParams,
  historySql,
  planHistory,
  type SampleBatch,
  type TelemetryStore,
} from './types.ts';

const MINUTE = 60_000;

export function openPostgresTelemetry(sql: postgres.Sql): TelemetryStore {
  const dirty = new Map<number, Set<number>>();
  const partitions = new SamplePartitions(sql);
  let flushing: Promise<void> = Promise.resolve();

  async function flushOnce(): Promise<void> {
    if (dirty.size === 0) return;
    const ids: number[] = [];
    const minutes: number[] = [];
    for (const [id, set] of dirty) {
      for (const minute of set) {
        ids.push(id);
        minutes.push(minute * MINUTE);
      }
    }
    const taken = new Map(dirty);
    dirty.clear();
    try {
      await rollUp(ids, minutes);
    } catch (error) {
      // The database went away (a restart, say): these minutes are still to do, with any marked since.
      for (const [id, set] of taken) {
        const now = dirty.get(id);
        if (now) for (const minute of set) now.add(minute);
        else dirty.set(id, set);
      }
      throw error;
    }
  }

  async function rollUp(ids: number[], minutes: number[]): Promise<void> {
    await sql.begin(async (tx) => {
      await tx`
        INSERT INTO rollup_1m (series_id, bucket, min_value, max_value, sum_value, count_value, last_value)
        SELECT d.s, d.b, min(x.value), max(x.value), sum(x.value), count(*), (array_agg(x.value ORDER BY x.ts DESC))[1]
        FROM unnest(${ids}::int[], ${minutes}::bigint[]) AS d(s, b)
        JOIN samples x ON x.series_id = d.s AND x.ts >= d.b AND x.ts < d.b + 60000
        GROUP BY d.s, d.b
        ON CONFLICT (series_id, bucket) DO UPDATE SET min_value = excluded.min_value, max_value = excluded.max_value,
          sum_value = excluded.sum_value, count_value = excluded.count_value, last_value = excluded.last_value`;
      await tx`
        INSERT INTO rollup_1h (series_id, bucket, min_value, max_value, sum_value, count_value, last_value)
        SELECT d.s, d.b, min(r.min_value), max(r.max_value), sum(r.sum_value), sum(r.count_value),
          (array_agg(r.last_value ORDER BY r.bucket DESC))[1]
        FROM (SELECT DISTINCT s, b - b % 3600000 AS b FROM unnest(${ids}::int[], ${minutes}::bigint[]) AS u(s, b)) AS d
        JOIN rollup_1m r ON r.series_id = d.s AND r.bucket >= d.b AND r.bucket < d.b + 3600000
        GROUP BY d.s, d.b
        ON CONFLICT (series_id, bucket) DO UPDATE SET min_value = excluded.min_value, max_value = excluded.max_value,
          sum_value = excluded.sum_value, count_value = excluded.count_value, last_value = excluded.last_value`;
    });
  }

  return {
    driver: 'postgres',
    async write(batch: SampleBatch) {
      const n = batch.series.length;
      if (n === 0) return { inserted: 0, duplicates: 0, fresh: new Uint8Array(0) };
      await partitions.beforeWrite(batch.ts);
      const rows = await sql<{ series_id: number; ts: string }[]>`
        INSERT INTO samples (series_id, ts, value)
        SELECT * FROM unnest(${Array.from(batch.series)}::int[], ${Array.from(batch.ts)}::bigint[], ${Array.from(batch.values)}::float8[])
        ON CONFLICT DO NOTHING RETURNING series_id, ts`;
      for (let i = 0; i < n; i++) {
        const id = batch.series[i] as number;
        const set = dirty.get(id) ?? new Set<number>();
        if (set.size === 0) dirty.set(id, set);
        set.add(Math.floor((batch.ts[i] as number) / MINUTE));
      }
      return { inserted: rows.count, duplicates: n - rows.count, fresh: freshOf(batch, rows) };
    },
    async history(q) {
      const plan = planHistory(q);
      if (q.seriesIds.length === 0) return assembleHistory(q, plan, []);
      const rows = await sql.unsafe(
        numberPlaceholders(historySql(plan.resolution, q.seriesIds.length)),
        historyParams(q, plan),
        {
          prepare: true,
        },
      );
      return assembleHistory(q, plan, rows as unknown as BucketRow[]);
    },
    async latest(seriesIds) {
      if (seriesIds.length === 0) return [];
      const rows = await sql<{ series_id: number; ts: number; value: number }[]>`
        SELECT s.id AS series_id, x.ts, x.value FROM unnest(${[...seriesIds]}::int[]) AS s(id)
        CROSS JOIN LATERAL (SELECT ts, value FROM samples WHERE series_id = s.id ORDER BY ts DESC LIMIT 1) x`;
      return rows.map((r) => ({ seriesId: Number(r.series_id), ts: Number(r.ts), value: Number(r.value) }));
    },
    flushRollups() {
      flushing = flushing.then(flushOnce, flushOnce);
      return flushing;
    },
    async prune(policy, now = Date.now()) {
      await this.flushRollups();
      let deleted = 0;
      // The days ahead, hourly; held locks let it wait for the next run (writes make theirs anyway).
      await partitions.ensure([], now).catch(() => {});
      if (policy.raw !== null) deleted += await partitions.pruneBefore(now - policy.raw);
      if (policy['1m'] !== null)
        deleted += (await sql`DELETE FROM rollup_1m WHERE bucket < ${now - policy['1m']}`).count;
      if (policy['1h'] !== null)
        deleted += (await sql`DELETE FROM rollup_1h WHERE bucket < ${now - policy['1h']}`).count;
      return deleted;
    },
    async isEmpty() {
      return (await sql`SELECT 1 FROM samples LIMIT 1`).length === 0;
    },
    async close() {
      await this.flushRollups();
    },
  };
}
