// Ingest throughput: the store's write path against plain inserts of the same rows (SQLite and
// PostgreSQL), and end to end through POST /api/ingest with the hub's event-loop lag beside it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import { demoPlants, demoSites } from '../../server/src/demo/fleet.ts';
import { FleetSimulator } from '../../server/src/simulator/simulator.ts';
import { migrate } from '../../server/src/store/migrations.ts';
import { openPostgres } from '../../server/src/store/postgres.ts';
import { openSqlite } from '../../server/src/store/sqlite.ts';
import { openPostgresTelemetry } from '../../server/src/store/telemetry/postgres.ts';
import { openSqliteTelemetry } from '../../server/src/store/telemetry/sqlite.ts';
import type { SampleBatch } from '../../server/src/store/telemetry/types.ts';
import { fleetBatches, pool } from './data.ts';
import { demoRegistry, SIMULATOR_OPTIONS } from './fanoutBaselines.ts';
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

/** A hub (or the bare baseline) in a worker thread of its own, so that its event-loop lag is measured apart from the load. */
async function startServer(bare: boolean) {
  const worker = new Worker(new URL('./hubWorker.ts', import.meta.url), { workerData: { bare } });
  const next = <T>() => new Promise<T>((resolve) => worker.once('message', resolve));
  const { port } = await next<{ port: number }>();
  const send = async (payload: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': 'vsk_demo_fleet_ingest_key' },
      body: payload,
    });
    if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  /** The worker's event-loop lag while `load` runs. */
  const measure = async (load: () => Promise<void>): Promise<Lag> => {
    worker.postMessage('measure');
    await load();
    worker.postMessage('report');
    return next<Lag>();
  };
  const close = async () => {
    worker.postMessage('close');
    await next();
    await worker.terminate();
  };
  return { send, measure, close };
}

/**
 * The demo fleet's telemetry as its gateways send it: the simulator's samples of every series (the hub's
 * own registry, the same ids), one step of all of them every `1000 * series / rate` ms of sample time, so
 * that the samples' clock runs at the wall's while `rate` samples/s are sent, cut into JSON bodies.
 * Values are the simulator's (plausible, with its faults); timestamps start where they are asked to.
 */
function fleetStream(rate: number) {
  const { fleet, registry } = demoRegistry();
  const simulator = new FleetSimulator(registry, demoSites, demoPlants, SIMULATOR_OPTIONS);
  const stepMs = (1000 * fleet.series.length) / rate;
  let next = Number.NaN;
  let last = Number.NaN;
  let rows: { series: number; ts: number; value: number }[] = [];
  /** `count` bodies of `size` samples, their time from `start` on (or on from the last body's, if later). */
  return (count: number, size: number, start: number): string[] => {
    const bodies: string[] = [];
    next = Number.isNaN(next) ? start : Math.max(next, start);
    while (bodies.length < count) {
      if (rows.length >= size) {
        bodies.push(JSON.stringify({ samples: rows.slice(0, size) }));
        rows = rows.slice(size);
        continue;
      }
      const batch = simulator.step(Math.round(next), Number.isNaN(last) ? stepMs / 1000 : (next - last) / 1000);
      for (let i = 0; i < batch.series.length; i++)
        rows.push({ series: batch.series[i] as number, ts: batch.ts[i] as number, value: batch.values[i] as number });
      last = next;
      next += stepMs;
    }
    return bodies;
  };
}

/** Ten seconds at the offered rate: one request of `bodies[i]` every `interval` ms; answers the rate reached. */
async function paced(send: (body: string) => Promise<void>, bodies: string[], interval: number): Promise<number> {
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < bodies.length; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(bodies[i] as string));
  }
  await Promise.all(inFlight);
  return bodies.length / ((performance.now() - started) / 1000);
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const range = (values: readonly number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/**
 * The shapes of paced ingest: `live`, the fleet's samples as they are made (the alarm engine judges each
 * one), and `backfill`, the same stream an hour old, as gateways send what they buffered through an
 * outage (stored, and judged by nothing: older than ALARM_LATE_SAMPLE_SECONDS).
 */
const SHAPES = [
  { name: 'live', figure: 'ingest.http', back: 0 },
  { name: 'backfill', figure: 'ingest.http.backfill', back: 3_600_000 },
] as const;

/**
 * POST /api/ingest at a steady 100,000 samples/s, the hub's lag beside the bare route's under the same
 * requests, alternated over `rounds`, for each shape on a fresh hub; then the live hub flat out (eight
 * connections, as fast as it answers).
 */
export async function httpEndToEnd(
  samples: number,
  batchSize: number,
  pacedRate: number,
  rounds: number,
): Promise<Figure[]> {
  const bare = await startServer(true);
  const interval = (1000 * batchSize) / pacedRate;
  const count = Math.round(10_000 / interval);
  const figures: Figure[] = [];
  for (const shape of SHAPES) {
    const hub = await startServer(false);
    const stream = fleetStream(pacedRate);
    const bodies = (n: number) => stream(n, batchSize, Date.now() - shape.back);
    // A second of warm-up for each: first requests compile schemas and serialisers, and warm the JIT.
    const warmUp = bodies(Math.round(1000 / interval));
    await paced(hub.send, warmUp, interval);
    await paced(bare.send, warmUp, interval);
    const runs: { rate: number; lag: Lag; bare: Lag }[] = [];
    for (let round = 0; round < rounds; round++) {
      const hubBodies = bodies(count);
      let requests = 0;
      const lag = await hub.measure(async () => {
        requests = await paced(hub.send, hubBodies, interval);
      });
      const bareLag = await bare.measure(async () => {
        await paced(bare.send, hubBodies, interval);
      });
      runs.push({ rate: requests * batchSize, lag, bare: bareLag });
      console.error(
        `  ${shape.name} round ${round + 1}: lag p99 ${lag.p99.toFixed(2)} ms (bare ${bareLag.p99.toFixed(2)}), max ${lag.max.toFixed(1)} (bare ${bareLag.max.toFixed(1)})`,
      );
    }
    const of = (pick: (r: (typeof runs)[number]) => number) => runs.map(pick);
    const lagFigure = (name: string, pick: (lag: Lag) => number): Figure => ({
      ...time(name, median(of((r) => pick(r.lag))), median(of((r) => pick(r.bare)))),
      range: range(of((r) => pick(r.lag))),
    });
    figures.push(
      {
        ...rate(`${shape.figure}.paced.samples_per_s`, 'samples/s', median(of((r) => r.rate))),
        range: range(of((r) => r.rate)),
      },
      lagFigure(`${shape.figure}.event_loop_lag.p99_ms`, (l) => l.p99),
      lagFigure(`${shape.figure}.event_loop_lag.max_ms`, (l) => l.max),
    );
    if (shape.name === 'live') {
      const flat = bodies(Math.ceil(samples / batchSize));
      let seconds = 0;
      const flatLag = await hub.measure(async () => {
        const started = performance.now();
        await pool(flat, 8, hub.send);
        seconds = (performance.now() - started) / 1000;
      });
      figures.push(rate('ingest.http.flat_out.samples_per_s', 'samples/s', (flat.length * batchSize) / seconds), {
        name: 'ingest.http.flat_out.event_loop_lag.p99_ms',
        unit: 'ms',
        value: flatLag.p99,
      });
    }
    await hub.close();
  }
  await bare.close();
  return figures;
}

/** Figures measured once a round, as the median beside the median of their baseline, with their range. */
function medianRate(name: string, values: number[], baselines: number[]): Figure {
  return { ...rate(name, 'samples/s', median(values), median(baselines)), range: range(values) };
}

export async function ingestBenchmark(options: { postgresUrl: string | null; quick: boolean }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const count = options.quick ? 200_000 : 1_000_000;
  const rounds = options.quick ? 1 : 3;
  for (const batchSize of [1000, 10_000]) {
    const batches = fleetBatches(count, SERIES, batchSize, Date.UTC(2026, 0, 1));
    const suffix = batchSize === 1000 ? '' : `.batch${batchSize}`;
    const runs = { baseline: [] as number[], store: [] as number[], flush: [] as number[] };
    const pg = { baseline: [] as number[], store: [] as number[] };
    // Store and baseline alternated, so that a busy spell of the machine weighs on both.
    for (let round = 0; round < rounds; round++) {
      runs.baseline.push(await sqliteBaseline(batches));
      const store = await sqliteStore(batches);
      runs.store.push(store.rate);
      runs.flush.push(store.flushMs);
      if (options.postgresUrl) {
        pg.baseline.push(await postgresBaseline(options.postgresUrl, batches.slice(0, Math.ceil(batches.length / 4))));
        pg.store.push(await postgresStore(options.postgresUrl, batches));
      }
    }
    figures.push(medianRate(`ingest.sqlite${suffix}.samples_per_s`, runs.store, runs.baseline));
    figures.push({
      ...time(`ingest.sqlite${suffix}.rollup_catch_up_ms`, median(runs.flush)),
      range: range(runs.flush),
    });
    // The blob-per-minute design, measured once: a comparison, not a goal.
    figures.push(
      rate(
        `ingest.sqlite_blocks${suffix}.samples_per_s`,
        'samples/s',
        await sqliteBlocks(batches),
        median(runs.baseline),
      ),
    );
    if (options.postgresUrl) figures.push(medianRate(`ingest.postgres${suffix}.samples_per_s`, pg.store, pg.baseline));
  }
  figures.push(...(await httpEndToEnd(options.quick ? 100_000 : 500_000, 1000, 100_000, rounds)));
  return figures;
}
