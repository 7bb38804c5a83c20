// An alarm storm: fault codes toggling on every inverter and turbine of the fleet so that about 10,000
// alarm transitions are due within one second; operators' sockets follow every site, and an operator's
// console in headless Chromium already lists 5,000 standing alarms. Reports the time from each
// triggering sample to its event on a client (p50/p99), and where that time goes: to the alarm engine's
// evaluation (which judges stored samples: after the telemetry commit) and to its announcement (after
// the alarm commit); events lost (committed but not received, should be 0) and the sockets the hub cut
// off as too slow (a real client comes back and is replayed what it missed; these do not, so their
// missed events count as lost); the store's rate beside the baseline of plain inserts of the same
// events, and the console's frame times while its list is scrolled through the storm, beside the same
// scrolling with no storm; and the CPU time the hub's main thread spent per event (what the latencies
// wait for when the hub's share of the cores is short).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { ClientsProgress, ClientsResult } from './alarmClients.ts';
import { buildClient, openConsole, seedStandingAlarms } from './alarmConsole.ts';
import { type Figure, percentile } from './report.ts';

const CLIENTS = 5;
const STANDING = 5000;
const OPERATOR = { email: 'operator@voltscope.io', password: 'Volt!Oper1' };

export async function alarmsBenchmark(options: { quick: boolean }): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voltscope-alarms-'));
  const dist = path.join(dir, 'dist');
  await buildClient(dist);
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, CLIENT_DIST: dist, LOG_LEVEL: 'warn', SIMULATOR: 'false', SCRYPT_LOG2N: '10' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { registry, ingest, db } = app.services;
  await seedStandingAlarms(app.services, STANDING);
  const login = (await (
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    })
  ).json()) as { accessToken: string };
  const sites = ['fr-occitanie', 'ma-ouarzazate', 'ir-yazd', 'es-tarifa'];
  const clients = new Worker(new URL('./alarmClients.ts', import.meta.url), {
    workerData: { url, token: login.accessToken, sites, count: CLIENTS },
  });
  let progress: ClientsProgress = { kind: 'progress', counts: [], lastEventAt: 0 };
  const finished = new Promise<ClientsResult>((resolve) => {
    clients.on('message', (message: 'ready' | ClientsProgress | ClientsResult) => {
      if (message === 'ready') return;
      if (message.kind === 'progress') progress = message;
      else resolve(message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    clients.once('error', reject);
    clients.on('message', (message) => message === 'ready' && resolve());
  });

  // Every fault-code series of the fleet; each toggles 0 → code → 0 ... so that ~10,000 transitions are
  // due in one second (a raise and a return to normal per toggle pair).
  const faultSeries = [...registry.devices.values()].flatMap((d) => {
    const id = registry.seriesIdByKey(`${d.id}/fault_code`);
    return id === undefined ? [] : [id];
  });
  const target = options.quick ? 2000 : 10_000;
  const togglesPerSeries = Math.ceil(target / faultSeries.length);

  // The console, once it lists every standing alarm: scrolled first with nothing arriving (the baseline),
  // then through the storm.
  const console_ = await openConsole(url, OPERATOR);
  const end = Date.now() + 60_000;
  while ((await console_.rows()) < STANDING && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  const quiet = await console_.measure(5000);
  const stormFrames = console_.measure(8000);

  let failedBatches = 0;
  // The store's transactions during the storm (each a durable commit: an fsync on the hub's main thread).
  let transactions = 0;
  const transaction = db.transaction.bind(db);
  (db as { transaction: typeof db.transaction }).transaction = (fn) => {
    transactions++;
    return transaction(fn);
  };
  // Each raise timed where the engine judges its sample (after the telemetry commit) and where it is
  // announced (after the alarm commit), from the sample's arrival.
  const stored: number[] = [];
  const announced: number[] = [];
  const { alarms, fanout } = app.services;
  const onSamples = alarms.onSamples.bind(alarms);
  alarms.onSamples = (batch, now) => {
    if (batch.ts.length > 0) stored.push(Date.now() - (batch.ts[0] as number));
    onSamples(batch, now);
  };
  alarms.on('change', ({ event }) => {
    if (event.type === 'alarm_raised') announced.push(Date.now() - event.ts);
  });
  const cutOffBefore = fanout.counters.droppedSlow;
  // The CPU time of this thread (the hub's event loop; the bench's ingest loop and Playwright's driver
  // run here too) from the storm's first sample until every client has caught up.
  const cpuBefore = process.threadCpuUsage();
  const start = Date.now();
  const firstEvent = Number((await db.get<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM events'))?.id);
  let previous = 0;
  for (let k = 0; k < togglesPerSeries; k++) {
    const due = start + (k * 1000) / togglesPerSeries;
    while (Date.now() < due) await new Promise((r) => setTimeout(r, 1));
    // Each toggle its own timestamp: when this loop falls behind (a busy hub), two toggles sent in the
    // same millisecond would be one sample stored twice, its second value dropped as a duplicate, and the
    // storm would shrink with the hub's speed.
    const now = Math.max(Date.now(), previous + 1);
    previous = now;
    ingest
      .accept({
        series: Int32Array.from(faultSeries),
        ts: new Float64Array(faultSeries.length).fill(now),
        values: new Float64Array(faultSeries.length).fill(k % 2 === 0 ? 301 : 0),
      })
      .catch(() => failedBatches++);
  }
  // Wait until the store has stopped growing and every client caught up.
  let committed = 0;
  for (let idle = 0; idle < 10; ) {
    await new Promise((r) => setTimeout(r, 200));
    const n = Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM events WHERE id > ?', [firstEvent]))?.n);
    if (n === committed && progress.counts.every((c) => c >= n)) idle++;
    else idle = 0;
    committed = n;
    if (Date.now() - start > 300_000) break;
  }
  const cutOff = fanout.counters.droppedSlow - cutOffBefore;
  const cpu = process.threadCpuUsage(cpuBefore);
  clients.postMessage('finish');
  const { counts, lastEventAt, latencies } = await finished;
  const seconds = (lastEventAt - start) / 1000;
  const lost = counts.reduce((worst, c) => Math.max(worst, committed - c), 0);
  const storm = await stormFrames;
  const open = (await app.services.db.get<{ n: number }>(`SELECT count(*) AS n FROM alarms WHERE state <> 'closed'`))
    ?.n;
  // Does the console list what the store holds once the storm is over?
  const shown = await console_.rows();
  await console_.close();
  await app.close();

  // Baseline: the same number of events as plain single-row inserts, one transaction each, FULL sync.
  const base = new DatabaseSync(path.join(dir, 'baseline.db'));
  base.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL');
  base.exec(
    'CREATE TABLE events (id INTEGER PRIMARY KEY, site_id TEXT, seq INTEGER, type TEXT, message TEXT, ts INTEGER)',
  );
  const insert = base.prepare('INSERT INTO events (site_id, seq, type, message, ts) VALUES (?, ?, ?, ?, ?)');
  const t0 = performance.now();
  for (let i = 0; i < committed; i++) {
    base.exec('BEGIN');
    insert.run('es-tarifa', i, 'alarm_raised', '{"en":"WTG 01: turbine fault, code 301"}', Date.now());
    base.exec('COMMIT');
  }
  const baselineRate = committed / ((performance.now() - t0) / 1000);
  base.close();
  await rm(dir, { recursive: true, force: true });

  for (const times of [latencies, stored, announced]) times.sort((a, b) => a - b);
  return [
    { name: 'alarms.transitions', unit: 'events', value: committed },
    { name: 'alarms.e2e_ms.p50', unit: 'ms', value: percentile(latencies, 50) },
    { name: 'alarms.e2e_ms.p99', unit: 'ms', value: percentile(latencies, 99) },
    { name: 'alarms.stored_ms.p50', unit: 'ms', value: percentile(stored, 50) },
    { name: 'alarms.stored_ms.p99', unit: 'ms', value: percentile(stored, 99) },
    { name: 'alarms.announced_ms.p50', unit: 'ms', value: percentile(announced, 50) },
    { name: 'alarms.announced_ms.p99', unit: 'ms', value: percentile(announced, 99) },
    { name: 'alarms.lost', unit: 'events', value: lost },
    { name: 'alarms.clients_cut_off', unit: 'sockets', value: cutOff },
    { name: 'alarms.transactions', unit: 'commits', value: transactions },
    { name: 'alarms.main_thread_cpu_us_per_event', unit: 'µs', value: (cpu.user + cpu.system) / committed },
    // Sample batches the store refused (a busy database): their transitions were never due.
    { name: 'alarms.ingest_failed', unit: 'batches', value: failedBatches },
    {
      name: 'alarms.committed_per_s',
      unit: 'events/s',
      value: committed / seconds,
      baseline: baselineRate,
      ratio: committed / seconds / baselineRate,
    },
    { name: 'alarms.console_rows', unit: 'alarms', value: shown, baseline: Number(open) },
    { name: 'alarms.console_frame_ms.p50', unit: 'ms', value: storm.frameP50, baseline: quiet.frameP50 },
    {
      name: 'alarms.console_frame_ms.p95',
      unit: 'ms',
      value: storm.frameP95,
      baseline: quiet.frameP95,
      ratio: storm.frameP95 / quiet.frameP95,
    },
    { name: 'alarms.console_long_tasks', unit: 'tasks', value: storm.longTasks, baseline: quiet.longTasks },
  ];
}
