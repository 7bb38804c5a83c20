// The alarm store's share of a storm, apart from the sockets and the console that the `alarms` scenario
// also loads: the same storm (every fault code of the fleet toggled 64 times, about 15,000 events) fed
// through the ingest batch by batch, each awaited, on a hub with no client. Reports the events committed
// per second of alarm-transaction time (the engine's transactions timed, the telemetry writer's not) beside
// plain single-row inserts with the same durability (SQLite, WAL, synchronous=FULL, one transaction each),
// and the main thread's CPU time per event over the storm (ingest, evaluation, statements; no socket).
// `npx node loadtest/bench/alarmStore.ts [--postgres]` (PostgreSQL: BENCH_DATABASE_URL or this machine's).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Db } from '../../server/src/store/db.ts';

const TOGGLES = 64;
const BASELINE_ROWS = 2000;

/** Wraps the store's transactions so that their time is summed (the engine calls it through the object). */
function timeTransactions(db: Db): () => number {
  let ms = 0;
  const transaction = db.transaction.bind(db);
  (db as { transaction: Db['transaction'] }).transaction = async (fn) => {
    const started = performance.now();
    try {
      return await transaction(fn);
    } finally {
      ms += performance.now() - started;
    }
  };
  return () => ms;
}

async function storm(dir: string, postgresUrl: string | null) {
  const app = await buildApp(
    loadConfig({
      ...{ DATA_DIR: dir, LOG_LEVEL: 'warn', SIMULATOR: 'false', SCRYPT_LOG2N: '10' },
      ...(postgresUrl ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: `vs_bench_alarm_store_${Date.now()}` } : {}),
    }),
  );
  await app.ready();
  const { registry, ingest, alarms, db } = app.services;
  const spent = timeTransactions(db);
  const series = Int32Array.from(
    [...registry.devices.values()].flatMap((d) => registry.seriesIdByKey(`${d.id}/fault_code`) ?? []),
  );
  let events = 0;
  alarms.on('change', () => events++);
  let previous = 0;
  // The main thread's CPU (the hub's event loop; the telemetry writer's worker apart): less at the mercy
  // of the machine's other load than wall-clock time.
  const cpuBefore = process.threadCpuUsage();
  for (let k = 0; k < TOGGLES; k++) {
    const now = Math.max(Date.now(), previous + 1);
    previous = now;
    const values = new Float64Array(series.length).fill(k % 2 === 0 ? 301 : 0);
    await ingest.accept({ series, ts: new Float64Array(series.length).fill(now), values });
  }
  // The engine queues a storm's batches one behind another: until none has committed for half a second.
  for (let seen = -1; seen !== events; ) {
    seen = events;
    await new Promise((r) => setTimeout(r, 500));
  }
  await alarms.stop();
  const cpu = process.threadCpuUsage(cpuBefore);
  const ms = spent();
  await app.close();
  if (postgresUrl) {
    const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${String(app.services.config.databaseSchema)} CASCADE`);
    await admin.end();
  }
  return { events, perSecond: events / (ms / 1000), cpuUsPerEvent: (cpu.user + cpu.system) / events };
}

function plainInserts(file: string): number {
  const base = new DatabaseSync(file);
  base.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL');
  base.exec(
    'CREATE TABLE events (id INTEGER PRIMARY KEY, site_id TEXT, seq INTEGER, type TEXT, message TEXT, ts INTEGER)',
  );
  const insert = base.prepare('INSERT INTO events (site_id, seq, type, message, ts) VALUES (?, ?, ?, ?, ?)');
  const started = performance.now();
  for (let i = 0; i < BASELINE_ROWS; i++) {
    base.exec('BEGIN');
    insert.run('es-tarifa', i, 'alarm_raised', '{"en":"WTG 01: turbine fault, code 301"}', Date.now());
    base.exec('COMMIT');
  }
  base.close();
  return BASELINE_ROWS / ((performance.now() - started) / 1000);
}

const onPostgres = process.argv.includes('--postgres');
const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-alarm-store-'));
const { events, perSecond, cpuUsPerEvent } = await storm(
  dir,
  onPostgres ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : null,
);
const baseline = plainInserts(path.join(dir, 'baseline.db'));
await rm(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    store: onPostgres ? 'postgres' : 'sqlite',
    events,
    committed_per_tx_s: Math.round(perSecond),
    baseline_plain_inserts_per_s: Math.round(baseline),
    ratio: Number((perSecond / baseline).toFixed(2)),
    main_thread_cpu_us_per_event: Math.round(cpuUsPerEvent),
  }),
);
