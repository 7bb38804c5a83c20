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

/** A plain node:sqlite file with one table, and what closes and removes it. */
async function plainSqlite(createTable: string): Promise<{ db: DatabaseSync; close: () => Promise<void> }> {
  const { file, done } = await tempFile();
  const db = new DatabaseSync(file);
  // The same pragmas as the store's writer, cache included, so that only the write path differs.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536');
  db.exec(createTable);
  const close = async () => {
    db.close();
    await done();
  };
  return { db, close };
}

/** Plain node:sqlite: one prepared INSERT a row, one transaction a batch, same table and pragmas. */
async function sqliteBaseline(batches: SampleBatch[]): Promise<number> {
  const { db, close } = await plainSqlite(
    'CREATE TABLE samples (series_id INTEGER NOT NULL, ts BIGINT NOT NULL, value DOUBLE PRECISION NOT NULL, PRIMARY KEY (series_id, ts)) WITHOUT ROWID',
  );
  const insert = db.prepare('INSERT OR IGNORE INTO samples (series_id, ts, value) VALUES (?, ?, ?)');
  const started = performance.now();
  for (const b of batches) {
    db.exec('BEGIN');
    for (let i = 0; i < b.series.length; i++)
      insert.run(b.series[i] as number, b.ts[i] as number, b.values[i] as number);
    db.exec('COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  await close();
  return total(batches) / seconds;
}

/**
 * The alternative design, measured rather than assumed: one row per series and minute, the samples
 * packed in a blob (8-byte time and value each) that every new sample appends to.
 */
async function sqliteBlocks(batches: SampleBatch[]): Promise<number> {
  const { db, close } = await plainSqlite(
    'CREATE TABLE blocks (series_id INTEGER NOT NULL, minute BIGINT NOT NULL, data BLOB NOT NULL, PRIMARY KEY (series_id, minute)) WITHOUT ROWID',
  );
  const append = db.prepare(
    'INSERT INTO blocks (series_id, minute, data) VALUES (?, ?, ?) ON CONFLICT (series_id, minute) DO UPDATE SET data = data || excluded.data',
  );
  const started = performance.now();
  for (const b of batches) {
    // Samples of one series and minute in this batch go in together.
    const groups = new Map<number, number[]>();
    for (let i = 0; i < b.series.length; i++) {
      const key = (b.series[i] as number) * 2 ** 26 + Math.floor((b.ts[i] as number) / 60_000);
      const list = groups.get(key) ?? [];
      list.push(b.ts[i] as number, b.values[i] as number);
      groups.set(key, list);
    }
    db.exec('BEGIN');
    for (const [key, list] of groups) {
      const seriesId = Math.floor(key / 2 ** 26);
      append.run(seriesId, key - seriesId * 2 ** 26, new Uint8Array(Float64Array.from(list).buffer));
    }
    db.exec('COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  await close();
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
          rows.push(
            tx`INSERT INTO samples (series_id, ts, value) VALUES (${b.series[i] as number}, ${b.ts[i] as number}, ${b.values[i] as number}) ON CONFLICT DO NOTHING`,
          );
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

interface Lag {
  p99: number;
  max: number;
}

/**
 * The hub in a worker thread of its own, so that its event-loop lag is measured apart from the load:
 * first at a steady offered rate (one request of `batchSize` samples every so often), then flat out.
 */
async function httpEndToEnd(
  samples: number,
  batchSize: number,
  pacedRate: number,
): Promise<{ rate: number; lag: Lag; pacedLag: Lag; pacedRate: number }> {
  const hub = new Worker(new URL('./hubWorker.ts', import.meta.url));
  const next = <T>() => new Promise<T>((resolve) => hub.once('message', resolve));
  const { port, seriesCount } = await next<{ port: number; seriesCount: number }>();
  let clock = Date.now() - 3_600_000;
  const body = (n: number) => {
    const rows = [];
    for (let i = 0; i < n; i++) {
      if (i % seriesCount === 0) clock += 1000;
      rows.push({ series: (i % seriesCount) + 1, ts: clock, value: 10 + (i % 50) });
    }
    return JSON.stringify({ samples: rows });
  };
  const send = async (payload: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': 'vsk_demo_fleet_ingest_key' },
      body: payload,
    });
    if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };

  // Steady: ten seconds at the offered rate.
  const interval = (1000 * batchSize) / pacedRate;
  const paced = Array.from({ length: Math.round(10_000 / interval) }, () => body(batchSize));
  hub.postMessage('measure');
  const pacedStart = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < paced.length; i++) {
    const wait = pacedStart + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(paced[i] as string));
  }
  await Promise.all(inFlight);
  const achieved = (paced.length * batchSize) / ((performance.now() - pacedStart) / 1000);
  hub.postMessage('report');
  const pacedLag = await next<Lag>();

  // Flat out: eight connections, as fast as the hub answers.
  const bodies = Array.from({ length: Math.ceil(samples / batchSize) }, () => body(batchSize));
  hub.postMessage('measure');
  const started = performance.now();
  await pool(bodies, 8, send);
  const seconds = (performance.now() - started) / 1000;
  hub.postMessage('report');
  const lag = await next<Lag>();
  hub.postMessage('close');
  await next();
  await hub.terminate();
  return { rate: (bodies.length * batchSize) / seconds, lag, pacedLag, pacedRate: achieved };
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
    figures.push(
      rate(`ingest.sqlite_blocks${suffix}.samples_per_s`, 'samples/s', await sqliteBlocks(batches), baseline),
    );
    if (options.postgresUrl) {
      const pgBaseline = await postgresBaseline(options.postgresUrl, batches.slice(0, Math.ceil(batches.length / 4)));
      const pgStore = await postgresStore(options.postgresUrl, batches);
      figures.push(rate(`ingest.postgres${suffix}.samples_per_s`, 'samples/s', pgStore, pgBaseline));
    }
  }
  const http = await httpEndToEnd(options.quick ? 100_000 : 500_000, 1000, 100_000);
  figures.push(rate('ingest.http.samples_per_s', 'samples/s', http.rate));
  figures.push({ name: 'ingest.http.event_loop_lag.p99_ms', unit: 'ms', value: http.lag.p99 });
  figures.push(rate('ingest.http.paced.samples_per_s', 'samples/s', http.pacedRate));
  figures.push({ name: 'ingest.http.paced.event_loop_lag.p99_ms', unit: 'ms', value: http.pacedLag.p99 });
  figures.push({ name: 'ingest.http.paced.event_loop_lag.max_ms', unit: 'ms', value: http.pacedLag.max });
  return figures;
}
