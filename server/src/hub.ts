// The composition root: builds every service of the hub once, in dependency order, and returns them
// complete. Read it top to bottom for the data flow: a sample from a source (POST /api/ingest, the
// simulator) enters the ingest, which hands it to the latest values, then to the rings and the fan-out
// (a binary frame per site to the sockets that follow it, within FRAME_MS) and to the alarm engine's
// record of devices heard from, all before the store writes it and without waiting for it; after the
// store's commit, the samples it accepted as new go to the alarm engine in time order (whose committed
// changes go to the notifier and to the sockets), and the ingest is acknowledged. Routes and the
// realtime layer only receive these services.

import { AlarmEngine } from './alarms/engine.ts';
import { Notifier } from './alarms/notifier.ts';
import { createMailer, type Mailer } from './auth/mailer.ts';
import { HashGate, hashPassword } from './auth/passwords.ts';
import { Sessions } from './auth/sessions.ts';
import { FailureThrottle, resetPolicy, signInPolicy } from './auth/throttle.ts';
import { clientBuild } from './clientBuild.ts';
import type { Config } from './config.ts';
import { seedStore } from './demo/seed.ts';
import { DailyKpiJob } from './fleet/daily.ts';
import { PlantKpis } from './fleet/kpis.ts';
import { Registry } from './fleet/registry.ts';
import { Ingest, type IngestSink } from './ingest/pipeline.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { LatestValues } from './live/latest.ts';
import { SeriesRings } from './live/rings.ts';
import { SampleCounts } from './live/sampleCounts.ts';
import { Fanout } from './realtime/fanout.ts';
import { createIo } from './realtime/io.ts';
import type { Io } from './realtime/types.ts';
import type { SimulatorControl } from './simulator/simulator.ts';
import { startSimulator } from './simulator/source.ts';
import type { Db } from './store/db.ts';
import { openStore } from './store/open.ts';
import { listSites } from './store/sites.ts';
import type { TelemetryStore } from './store/telemetry/types.ts';
import { pruneTokens } from './store/tokens.ts';

export interface HubLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Everything routes and sockets reach, complete from the moment buildApp decorates the app with it. */
export interface Services {
  config: Config;
  db: Db;
  telemetry: TelemetryStore;
  sessions: Sessions;
  hashGate: HashGate;
  /** Wrong passwords per account and address; reset mails per login and address. */
  throttles: { signIn: FailureThrottle; reset: FailureThrottle };
  mailer: Mailer | null;
  /** A stored hash of a random password: unknown users are checked against it so they cost the same. */
  decoyHash: string;
  /** The fleet (sites, devices, series), the newest value per series. */
  readonly registry: Registry;
  /**
   * After a write to sites, devices or series: the registry read again (every reader gets the new one at
   * its next read), and the alarm points rebuilt (alarms of a device gone or decommissioned retire).
   */
  fleetChanged(): Promise<void>;
  latest: LatestValues;
  /** Samples received per series and minute over the last hour: the status grid's data quality. */
  sampleCounts: SampleCounts;
  /** The Socket.IO server (attached to HTTP by attachRealtime) and the live frames written to it. */
  io: Io;
  fanout: Fanout;
  /** Rules, the ISA-18.2 lifecycle, events; webhooks. */
  alarms: AlarmEngine;
  notifier: Notifier;
  ingest: Ingest;
  kpis: PlantKpis;
  /** Recomputes the daily KPIs over ANALYSIS_DAYS now, after any run in progress. */
  recomputeDailyKpis(): Promise<void>;
  /** The live simulator's fault switch; null when the hub runs none (real telemetry) or has not started it. */
  readonly simulator: SimulatorControl | null;
  /** Which client build is served now ('dev' without one): wall displays reload when it changes. */
  clientBuild(): Promise<string>;
}

export interface Hub {
  services: Services;
  /** Arms the clocks: the fan-out, the scheduled jobs, the simulator. */
  start(): Promise<void>;
  /** Stops sources, jobs and the live path, drains the alarms, then closes the store. */
  stop(): Promise<void>;
}

export async function buildHub(config: Config, log: HubLog): Promise<Hub> {
  // 1. The store, migrated and seeded (roles; the demo fleet, accounts and ingest key in demo mode).
  const store = await openStore(config);
  const { db, telemetry } = store;
  await seedStore(db, config, log);
  await pruneTokens(db);

  // 2. Accounts: sessions, password hashing, sign-in throttles, mail for password resets.
  const sessions = new Sessions(db, config);
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : null;

  // 3. The fleet and the newest value of each series, warmed from the store.
  let registry = await Registry.load(db);
  const latest = new LatestValues(registry.series.length + 1);
  for (const row of await telemetry.latest(registry.series.map((s) => s.id))) {
    latest.set(row.seriesId, row.ts, row.value);
  }

  // 4. The live path: per-series rings (snapshots) and the fan-out, one frame per site per window.
  const rings = new SeriesRings(config.live.ringSamples);
  const sampleCounts = new SampleCounts({ capacity: registry.series.length + 1 });
  const io = createIo(config);
  const fanout = new Fanout(io, () => registry, rings, latest, {
    frameMs: config.live.frameMs,
    logMs: config.live.resumeMs,
    snapshotMs: config.live.snapshotMs,
    snapshotMaxBytes: config.live.snapshotMaxBytes,
    slowBytes: config.live.slowBytes,
    dropBytes: config.live.dropBytes,
    bulkBytes: config.live.bulkBytes,
    log,
  });

  // 5. Alarms: the engine (rules loaded; defaults on a fresh store) and the webhooks it notifies.
  const alarms = new AlarmEngine(db, () => registry, latest, config.alarms);
  await alarms.start();
  const notifier = new Notifier(db, {
    retryBaseMs: config.alarms.webhookRetryMs,
    allowInternal: config.webhookAllowPrivate,
  });
  notifier.attach(alarms);

  // 6. The ingest, built after what it feeds: live sinks in this order, each isolated, none awaited,
  //    then the store; after its commit the alarms judge what it accepted as new (a resent sample the
  //    store did not keep, or one that comes late, raises nothing), then the ingest is acknowledged.
  const sinks: IngestSink[] = [
    { name: 'latest', accept: (batch) => latest.update(batch) },
    {
      name: 'live',
      accept: (batch) => {
        rings.add(batch);
        fanout.accept(batch);
      },
    },
    { name: 'sample counts', accept: (batch) => sampleCounts.add(batch) },
    // Signs of life for communication loss: not the store's to give (a database outage is no device's).
    { name: 'heard', accept: (batch) => alarms.onHeard(batch) },
    { name: 'alarms', stored: true, accept: (batch) => alarms.onSamples(batch) },
  ];
  const ingest = new Ingest(telemetry, sinks, log, { maxPendingSamples: config.ingestMaxPendingSamples });

  // 7. Plant KPIs, now and over periods.
  const kpis = new PlantKpis(() => registry, latest, telemetry);

  // 8. Background jobs, one clock for all.
  const scheduler = new Scheduler(log);
  scheduler.every('rollups', { everyMs: config.rollupIntervalSeconds * 1000 }, () =>
    telemetry.flushRollups({ all: false }),
  );
  const retention = {
    raw: config.retentionSeconds.raw && config.retentionSeconds.raw * 1000,
    '1m': config.retentionSeconds.minute && config.retentionSeconds.minute * 1000,
    '1h': config.retentionSeconds.hour && config.retentionSeconds.hour * 1000,
  };
  scheduler.every('retention', { everyMs: 3_600_000 }, () => telemetry.prune(retention));
  // Delays run out, devices fall silent and shelving expires without a sample: the alarm clock.
  scheduler.every('alarm clock', { everyMs: 1000 }, () => alarms.tick(Date.now()));
  scheduler.every('webhook retries', { everyMs: notifier.retryCheckMs }, () => notifier.deliverDue());
  const daily = new DailyKpiJob(db, telemetry, () => registry);
  const dailyKpis = async (days: number) => daily.run(await listSites(db), days);
  // The first run fills the days the store has history for; then today and yesterday, as they grow.
  let analysisDays = config.analysis.days;
  scheduler.every(
    'daily KPIs',
    { firstMs: Math.min(60_000, config.analysis.intervalMs), everyMs: config.analysis.intervalMs },
    async () => {
      const days = analysisDays;
      analysisDays = 2;
      await dailyKpis(days);
    },
  );

  // 9. The simulator: a source like any other, started last, once everything it feeds is ready.
  let simulator: (SimulatorControl & { stop(): Promise<void> }) | null = null;

  const services: Services = {
    config,
    db,
    telemetry,
    sessions,
    hashGate: new HashGate(),
    throttles: { signIn: new FailureThrottle(signInPolicy), reset: new FailureThrottle(resetPolicy) },
    mailer,
    decoyHash: await hashPassword(crypto.randomUUID(), config.scryptLog2N),
    get registry() {
      return registry;
    },
    async fleetChanged() {
      registry = await Registry.load(db);
      await alarms.rulesChanged();
    },
    latest,
    sampleCounts,
    io,
    fanout,
    alarms,
    notifier,
    ingest,
    kpis,
    recomputeDailyKpis: () => scheduler.run('daily KPIs', () => dailyKpis(config.analysis.days)),
    clientBuild: clientBuild(config.clientDist),
    get simulator() {
      return simulator;
    },
  };

  return {
    services,
    async start() {
      fanout.start();
      scheduler.start();
      if (config.simulator.enabled) {
        simulator = await startSimulator(
          { config, registry, current: () => registry, latest, ingest, telemetry, log },
          await listSites(db),
        );
      }
    },
    async stop() {
      await simulator?.stop();
      simulator = null;
      await scheduler.stop();
      fanout.stop();
      await alarms.stop();
      await notifier.stop();
      mailer?.close();
      await store.close();
    },
  };
}
