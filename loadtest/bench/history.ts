// History queries: a year of 1-minute data down to 2,000 buckets and 30 days of 1-second data down to
// 1,000, through the store (which reads the rollups) against a plain GROUP BY over the raw rows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../server/src/store/migrations.ts';
import { openSqlite } from '../../server/src/store/sqlite.ts';
import { openSqliteTelemetry } from '../../server/src/store/telemetry/sqlite.ts';
import type { TelemetryStore } from '../../server/src/store/telemetry/types.ts';
import { seriesBatches } from './data.ts';
import { type Figure, percentile, time } from './report.ts';

const YEAR_SERIES = 1;
const MONTH_SERIES = 2;

async function timings(runs: number, query: () => Promise<unknown> | unknown): Promise<number[]> {
  await query();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await query();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

export async function historyBenchmark(options: { quick: boolean }): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-bench-history-'));
  const file = path.join(dir, 'history.db');
  const db = openSqlite({ file });
  await migrate(db);
  const telemetry: TelemetryStore = openSqliteTelemetry(file);
  const end = Date.UTC(2026, 10, 1);
  const yearCount = 525_600;
  const monthCount = options.quick ? 604_800 : 2_592_000;
  const loadStarted = performance.now();
  for (const batch of seriesBatches(YEAR_SERIES, yearCount, 60_000, end)) await telemetry.write(batch);
  for (const batch of seriesBatches(MONTH_SERIES, monthCount, 1000, end)) await telemetry.write(batch);
  await telemetry.flushRollups();
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const runs = options.quick ? 20 : 100;
  const year = await timings(runs, () =>
    telemetry.history({ seriesIds: [YEAR_SERIES], from: end - yearCount * 60_000, to: end, maxPoints: 2000 }),
  );
  const month = await timings(runs, () =>
    telemetry.history({ seriesIds: [MONTH_SERIES], from: end - monthCount * 1000, to: end, maxPoints: 1000 }),
  );

  // The baseline: what a plain SQL bucket query over the raw rows costs.
  const plain = new DatabaseSync(file, { readOnly: true });
  const bucketQuery = plain.prepare(
    `SELECT (ts - ?) / ? AS b, min(value), max(value), avg(value), count(*) FROM samples
     WHERE series_id = ? AND ts >= ? AND ts < ? GROUP BY b`,
  );
  const baselineRuns = options.quick ? 3 : 10;
  const yearFrom = end - yearCount * 60_000;
  const monthFrom = end - monthCount * 1000;
  const yearPlain = await timings(baselineRuns, () =>
    bucketQuery.all(yearFrom, Math.ceil((end - yearFrom) / 2000), YEAR_SERIES, yearFrom, end),
  );
  const monthPlain = await timings(baselineRuns, () =>
    bucketQuery.all(monthFrom, Math.ceil((end - monthFrom) / 1000), MONTH_SERIES, monthFrom, end),
  );
  plain.close();
  await telemetry.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });

  return [
    { name: 'history.load.samples_per_s', unit: 'samples/s', value: (yearCount + monthCount) / loadSeconds },
    time('history.year_1min.p50_ms', percentile(year, 50), percentile(yearPlain, 50)),
    time('history.year_1min.p99_ms', percentile(year, 99), percentile(yearPlain, 99)),
    time('history.month_1s.p50_ms', percentile(month, 50), percentile(monthPlain, 50)),
    time('history.month_1s.p99_ms', percentile(month, 99), percentile(monthPlain, 99)),
  ];
}
