// Ingest throughput: the store's write path against plain inserts of the same rows (SQLite and
// PostgreSQL), and end to end through POST /api/ingest with the hub's event-loop lag beside it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import { migrate } from '../../server/src/store/migrations.ts';
import { openPostgres } from '../../server/src/store/postgres.ts';
import { openSqlite } from '../../server/src/store/sqlite.ts';
import { openPostgresTelemetry } from '../../server/src/store/telemetry/postgres.ts';
import { openSqliteTelemetry } from '../../server/src/store/telemetry/sqlite.ts';
import type { SampleBatch } from '../../server/src/store/telemetry/types.ts';
import { fleetBatches, pool } from './data.ts';
import { type Figure, rate, time } from './report.ts';

const SERIES = 3000;
const IN_FLIGHT = 4;

async function tempFile(): Promise<{ file: string; done: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-bench-'));
  return { file: path.join(dir, 'bench.db'), done: () => rm(dir, { recursive: true, force: true }) };
}

/** Plain node:sqlite: one prepared INSERT a row, one transaction a batch, same table and pragmas. */
async function sqliteBaseline(batches: SampleBatch[]): Promise<number> {
  const { file, done } = await tempFile();
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
  db.exec('CREATE TABLE samples (series_id INTEGER NOT NULL, ts BIGINT NOT NULL, value DOUBLE PRECISION NOT NULL, PRIMARY KEY (series_id, ts)) WITHOUT ROWID');
  const insert = db.prepare('INSERT OR IGNORE INTO samples (series_id, ts, value) VALUES (?, ?, ?)');
  const started = performance.now();
  for (const b of batches) {
    db.exec('BEGIN');
    for (let i = 0; i < b.series.length; i++) insert.run(b.series[i] as number, b.ts[i] as number, b.values[i] as number);
    db.exec('COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  await done();
  return total(batches) / seconds;
}

async function sqliteStore(batches: SampleBatch[]): Promise<{ rate: number; flushMs: number }> {
  const { file, done } = await tempFile();
  const db = openSqlite({ file });
  await migrate(db);
  const telemetry = openSqliteTelemetry(file);
  const started = performance.now();
  await pool(batches, IN_FLIGHT, (b) => telemetry.write(b));
  const seconds = (performance.now() - started) / 1000;
  const flushStarted = performance.now();
  await telemetry.flushRollups();
  const flushMs = performance.now() - flushStarted;
  await telemetry.close();
  await db.close();
  await done();
  return { rate: total(batches) / seconds, flushMs };
}

const total = (batches: SampleBatch[]) => batches.reduce((n, b) => n + b.series.length, 0);

async function withSchema<T>(url: string, work: (schema: string) => Promise<T>): Promise<T> {
  const schema = `vs_bench_${randomBytes(4).toString('hex')}`;
  try {
    return await work(schema);
  } finally {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.end();
  }
}

/** Plain PostgreSQL: one INSERT a row, pipelined inside one transaction a batch. */
async function postgresBaseline(url: string, batches: SampleBatch[]): Promise<number> {
  return withSchema(url, async (schema) => {
    const { db, sql } = await openPostgres({ url, schema });
    await migrate(db);
    const started = performance.now();
    for (const b of batches) {
      await sql.begin((tx) => {
        const rows = [];
        for (let i = 0; i < b.series.length; i++) {
          rows.push(tx`INSERT INTO samples (series_id, ts, value) VALUES (${b.series[i] as number}, ${b.ts[i] as number}, ${b.values[i] as number}) ON CONFLICT DO NOTHING`);
        }
        return rows;
      });
    }
    const seconds = (performance.now() - started) / 1000;
    await db.close();
    return total(batches) / seconds;
  });
}

async function postgresStore(url: string, batches: SampleBatch[]): Promise<number> {
  return withSchema(url, async (schema) => {
    const { db, sql } = await openPostgres({ url, schema });
    await migrate(db);
    const telemetry = openPostgresTelemetry(sql);
    const started = performance.now();
    await pool(batches, IN_FLIGHT, (b) => telemetry.write(b));
    const seconds = (performance.now() - started) / 1000;
    await telemetry.close();
    await db.close();
    return total(batches) / seconds;
  });
}

/** The hub in a worker thread of its own, so that its event-loop lag is measured apart from the load. */
async function httpEndToEnd(samples: number, batchSize: number): Promise<{ rate: number; lagP99: number; lagMax: number }> {
  const hub = new Worker(new URL('./hubWorker.ts', import.meta.url));
  const { port, seriesCount } = await new Promise<{ port: number; seriesCount: number }>((resolve) =>
    hub.once('message', resolve),
  );
  const now = Date.now();
  const bodies: string[] = [];
  for (let k = 0; k < samples; k += batchSize) {
    const rows = [];
    for (let i = k; i < Math.min(samples, k + batchSize); i++) {
      rows.push({ series: (i % seriesCount) + 1, ts: now - 3_600_000 + Math.floor(i / seriesCount) * 1000, value: 10 + (i % 50) });
    }
    bodies.push(JSON.stringify({ samples: rows }));
  }
  hub.postMessage('measure');
  const started = performance.now();
  await pool(bodies, 8, async (body) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': 'vsk_demo_fleet_ingest_key' },
      body,
    });
    if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  const seconds = (performance.now() - started) / 1000;
  hub.postMessage('stop');
  const lag = await new Promise<{ p99: number; max: number }>((resolve) => hub.once('message', resolve));
  await hub.terminate();
  return { rate: samples / seconds, lagP99: lag.p99, lagMax: lag.max };
}

export async function ingestBenchmark(options: { postgresUrl: string | null; quick: boolean }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const count = options.quick ? 200_000 : 1_000_000;
  for (const batchSize of [1000, 10_000]) {
    const batches = fleetBatches(count, SERIES, batchSize, Date.UTC(2026, 0, 1));
    const suffix = batchSize === 1000 ? '' : `.batch${batchSize}`;
    const baseline = await sqliteBaseline(batches);
    const store = await sqliteStore(batches);
    figures.push(rate(`ingest.sqlite${suffix}.samples_per_s`, 'samples/s', store.rate, baseline));
    figures.push(time(`ingest.sqlite${suffix}.rollup_catch_up_ms`, store.flushMs));
    if (options.postgresUrl) {
      const pgBaseline = await postgresBaseline(options.postgresUrl, batches.slice(0, Math.ceil(batches.length / 4)));
      const pgStore = await postgresStore(options.postgresUrl, batches);
      figures.push(rate(`ingest.postgres${suffix}.samples_per_s`, 'samples/s', pgStore, pgBaseline));
    }
  }
  const http = await httpEndToEnd(options.quick ? 100_000 : 500_000, 1000);
  figures.push(rate('ingest.http.samples_per_s', 'samples/s', http.rate));
  figures.push({ name: 'ingest.http.event_loop_lag.p99_ms', unit: 'ms', value: http.lagP99 });
  figures.push({ name: 'ingest.http.event_loop_lag.max_ms', unit: 'ms', value: http.lagMax });
  return figures;
}
