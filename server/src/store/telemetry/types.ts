// Telemetry storage: samples as columns of numbers, written in batches behind the hot path, with
// 1-minute and 1-hour rollups for history. Two implementations (SQLite, PostgreSQL) pass one suite.
import type { HistoryReply, LatestValue } from '@voltscope/shared/fleet';

/** Samples as parallel columns: no object per sample on the hot path. */
export interface SampleBatch {
  series: Int32Array;
  ts: Float64Array;
  values: Float64Array;
}

export interface WriteResult {
  /** Samples stored by this write. */
  inserted: number;
  /** Samples whose (series, timestamp) was already stored: counted, never stored twice. */
  duplicates: number;
  /** 1 at the index of each sample of the batch this write stored, 0 where the store kept what it had. */
  fresh: Uint8Array;
}

/**
 * Which samples of `batch` a write stored, from the (series, ts) of the rows it inserted (in any order).
 * Of a (series, ts) sent twice in one batch, the first is the one stored.
 */
export function freshOf(batch: SampleBatch, rows: readonly { series_id: unknown; ts: unknown }[]): Uint8Array {
  const n = batch.series.length;
  const fresh = new Uint8Array(n);
  if (rows.length === n) return fresh.fill(1);
  const stored = new Set(rows.map((r) => `${Number(r.series_id)}:${Number(r.ts)}`));
  for (let i = 0; i < n; i++) if (stored.delete(`${batch.series[i]}:${batch.ts[i]}`)) fresh[i] = 1;
  return fresh;
}

export const resolutions = ['raw', '1m', '1h'] as const;
export type Resolution = (typeof resolutions)[number];
export const resolutionMs: Record<Exclude<Resolution, 'raw'>, number> = { '1m': 60_000, '1h': 3_600_000 };

export interface HistoryQuery {
  seriesIds: readonly number[];
  from: number;
  to: number;
  maxPoints: number;
}

/** What the history API answers (its schema: shared/src/contracts/fleet.ts), with the resolution typed. */
export type History = HistoryReply & { resolution: Resolution };

export interface RetentionPolicy {
  /** How long each resolution is kept, in ms; null keeps it for ever. */
  raw: number | null;
  '1m': number | null;
  '1h': number | null;
}

export interface TelemetryStore {
  readonly driver: 'sqlite' | 'postgres';
  /** Resolves once the batch is committed (ingest is acknowledged only then). */
  write(batch: SampleBatch): Promise<WriteResult>;
  history(query: HistoryQuery): Promise<History>;
  /** The newest sample of each series, for warming the live buffers at start. */
  latest(seriesIds: readonly number[]): Promise<LatestValue[]>;
  /**
   * Brings the rollups up to date with everything written so far. `all: false` (the periodic catch-up)
   * lets a driver defer the hourly rollups a little, since they serve only long ranges.
   */
  flushRollups(options?: { all?: boolean }): Promise<void>;
  /** Deletes what is past retention; returns rows deleted. */
  prune(policy: RetentionPolicy, now?: number): Promise<number>;
  /** Whether any sample is stored (demo mode fills history on a first start). */
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
}

/** One row of a bucketed aggregate, as both drivers' SQL returns it. */
export interface BucketRow {
  series_id: number;
  b: number;
  mn: number;
  mx: number;
  total: number;
  n: number;
}

/**
 * The source and bucket width for a query: the coarsest resolution that still gives at least
 * `maxPoints` buckets over the range (a 1-year chart reads hourly rollups, a 10-minute one raw samples).
 */
export function planHistory({ from, to, maxPoints }: HistoryQuery): { resolution: Resolution; bucketMs: number } {
  const span = Math.max(1, to - from);
  const wanted = Math.ceil(span / Math.max(1, maxPoints));
  if (wanted >= resolutionMs['1h']) {
    return { resolution: '1h', bucketMs: Math.ceil(wanted / resolutionMs['1h']) * resolutionMs['1h'] };
  }
  if (wanted >= resolutionMs['1m']) {
    return { resolution: '1m', bucketMs: Math.ceil(wanted / resolutionMs['1m']) * resolutionMs['1m'] };
  }
  return { resolution: 'raw', bucketMs: Math.max(1, wanted) };
}

/** Aligns bucket rows of several series onto one time axis. */
/** Buckets start at `from`, moved back to a whole minute or hour when they are read from rollups. */
function bucketStart(from: number, resolution: Resolution): number {
  return resolution === 'raw' ? from : Math.floor(from / resolutionMs[resolution]) * resolutionMs[resolution];
}

export function assembleHistory(query: HistoryQuery, plan: ReturnType<typeof planHistory>, rows: BucketRow[]): History {
  const start = bucketStart(query.from, plan.resolution);
  const buckets = [...new Set(rows.map((r) => Number(r.b)))].sort((a, b) => a - b);
  const position = new Map(buckets.map((b, i) => [b, i]));
  const series = query.seriesIds.map((id) => ({
    id,
    min: new Array<number | null>(buckets.length).fill(null),
    max: new Array<number | null>(buckets.length).fill(null),
    avg: new Array<number | null>(buckets.length).fill(null),
  }));
  const byId = new Map(series.map((s) => [s.id, s]));
  for (const row of rows) {
    const target = byId.get(Number(row.series_id));
    const i = position.get(Number(row.b));
    if (!target || i === undefined) continue;
    target.min[i] = Number(row.mn);
    target.max[i] = Number(row.mx);
    target.avg[i] = Number(row.total) / Number(row.n);
  }
  return { ...plan, ts: buckets.map((b) => start + b * plan.bucketMs), series };
}

/**
 * The SQL both drivers use for history: bucket index relative to the aligned start. `raw` names where
 * raw samples are read from (SQLite adds its staged ones).
 */
export function historySql(resolution: Resolution, seriesCount: number, raw = 'samples'): string {
  const ids = new Array(seriesCount).fill('?').join(', ');
  if (resolution === 'raw') {
    return `SELECT series_id, (ts - CAST(? AS BIGINT)) / CAST(? AS BIGINT) AS b, min(value) AS mn, max(value) AS mx, sum(value) AS total, count(*) AS n
      FROM ${raw} WHERE series_id IN (${ids}) AND ts >= ? AND ts < ? GROUP BY series_id, b`;
  }
  const table = resolution === '1m' ? 'rollup_1m' : 'rollup_1h';
  return `SELECT series_id, (bucket - CAST(? AS BIGINT)) / CAST(? AS BIGINT) AS b, min(min_value) AS mn, max(max_value) AS mx,
      sum(sum_value) AS total, sum(count_value) AS n
    FROM ${table} WHERE series_id IN (${ids}) AND bucket >= ? AND bucket < ? GROUP BY series_id, b`;
}

export function historyParams(query: HistoryQuery, plan: ReturnType<typeof planHistory>): number[] {
  const start = bucketStart(query.from, plan.resolution);
  return [start, plan.bucketMs, ...query.seriesIds, start, query.to];
}

export const emptyBatch = (): SampleBatch => ({
  series: new Int32Array(0),
  ts: new Float64Array(0),
  values: new Float64Array(0),
});
