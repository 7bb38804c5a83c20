// The composition root: builds every service of the hub once, in dependency order, and returns them
// complete. Read it top to bottom for the data flow: a sample from a source (POST /api/ingest, the
// simulator) enters the ingest, which hands it to the latest values, then to the rings and the fan-out
// (a binary frame per site to the sockets that follow it, within FRAME_MS) and to the alarm engine's
// record of devices heard from, all before the store writes it and without waiting for it; after the
// store's commit, the samples it accepted as new go to the alarm engine in time order (whose committed
// changes go to the notifier and to the sockets), and the ingest is acknowledged. Routes and the
// realtime layer only receive these services. Singleton work (the simulator, alarm evaluation and its
// clock, retention, daily KPIs, webhook retries, motion's simulation) runs only while this node leads:
// always for a hub alone, on one elected node of a cluster (cluster/leaseLeadership.ts).

import { AccessLog } from './access/accessLog.ts';
import { delayedConditions } from './alarms/delayedConditions.ts';
import { AlarmEngine } from './alarms/engine.ts';
import { Notifier } from './alarms/notifier.ts';
import { AuditLog } from './audit/auditLog.ts';
import { createMailer, type Mailer } from './auth/mailer.ts';
import { HashGate, hashPassword } from './auth/passwords.ts';
import { Sessions } from './auth/sessions.ts';
import { FailureThrottle, resetPolicy, signInPolicy } from './auth/throttle.ts';
import { Cameras } from './cctv/cameras.ts';
import { clientBuild } from './clientBuild.ts';
import { LeaderCalls } from './cluster/leaderCalls.ts';
import type { Leadership } from './cluster/leadership.ts';
import { hubLeadership, inCluster } from './cluster/leaseLeadership.ts';
import { RedisLink } from './cluster/redis.ts';
import { SampleRelay } from './cluster/sampleRelay.ts';
import type { Config } from './config.ts';
import { seedStore } from './demo/seed.ts';
import { DailyKpiJob } from './fleet/daily.ts';
import { PlantKpis } from './fleet/kpis.ts';
import { Registry } from './fleet/registry.ts';
import { MqttIngest } from './ingest/mqtt.ts';
import { Ingest, type IngestSink } from './ingest/pipeline.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { LatestValues } from './live/latest.ts';
import { SeriesRings } from './live/rings.ts';
import { SampleCounts } from './live/sampleCounts.ts';
import { MotionService } from './motion/service.ts';
import { pushAccessEvent } from './realtime/access.ts';
import { Fanout } from './realtime/fanout.ts';
import { createIo } from './realtime/io.ts';
import type { Io } from './realtime/types.ts';
import type { SimulatorControl } from './simulator/simulator.ts';
import { startSimulator } from './simulator/source.ts';
import type { Db } from './store/db.ts';
import { exclusively } from './store/migrations.ts';
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
  /** The append-only, hash-chained log of privileged actions (plugins/audit.ts records route writes). */
  audit: AuditLog;
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
  /** Whether this node does the singleton work; a hub alone always does. */
  leadership: Leadership;
  /** Redis (REDIS_URL) and the live samples relayed through it to the other nodes; null on a hub alone. */
  relay: SampleRelay | null;
  /** Rules, the ISA-18.2 lifecycle, events; webhooks. */
  alarms: AlarmEngine;
  notifier: Notifier;
  ingest: Ingest;
  /** Whether the MQTT ingest is connected and subscribed (/api/health); null without MQTT_URL. */
  broker: (() => { connected: boolean }) | null;
  kpis: PlantKpis;
  /** Recomputes the daily KPIs over ANALYSIS_DAYS now, after any run in progress. */
  recomputeDailyKpis(): Promise<void>;
  /** The live simulator's fault switch; null when the hub runs none (real telemetry) or has not started it. */
  readonly simulator: SimulatorControl | null;
  /** Which client build is served now ('dev' without one): wall displays reload when it changes. */
  clientBuild(): Promise<string>;
  /** The cameras: settings, one shared feed per watched camera, tickets, alarm snapshots (cctv/). */
  cameras: Cameras;
  /** Site plans and motion tracks (the simulator's people and vehicles, pushed live). */
  motion: MotionService;
  /** The site access log: door readers' entries stored and pushed, linked to the alarms they raise. */
  access: AccessLog;
}

export interface Hub {
  services: Services;
  /** Arms the clocks: the fan-out, the scheduled jobs, the leadership (and, while leading, the simulator). */
  start(): Promise<void>;
  /** Gives up leadership, stops sources, jobs and the live path, drains the alarms, then closes the store. */
  stop(): Promise<void>;
}

export async function buildHub(config: Config, log: HubLog): Promise<Hub> {
  // 1. The store, migrated and seeded (roles; the demo fleet, accounts and ingest key in demo mode).
  const store = await openStore(config);
  const { db, telemetry } = store;
  // Nodes of a cluster starting together on an empty store: one seeds, the others then find it done.
  await exclusively(db, 'seed', () => seedStore(db, config, log));
  await pruneTokens(db);

  // 1b. Who leads: a cluster elects one node through a lease row; a hub alone is its own leader.
  const clustered = inCluster(config);
  const leadership = await hubLeadership(config, db, log);
  const leads = () => leadership.isLeader();

  // 2. Accounts: sessions, password hashing, sign-in throttles, mail for password resets.
  const sessions = new Sessions(db, config);
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : null;
  const audit = new AuditLog(db, log);

  // 3. The fleet and the newest value of each series, warmed from the store.
  let registry = await Registry.load(db);
  const latest = new LatestValues(registry.series.length + 1);
  for (const row of await telemetry.latest(registry.series.map((s) => s.id))) {
    latest.set(row.seriesId, row.ts, row.value);
  }

  // 4. The live path: per-series rings (snapshots) and the fan-out, one frame per site per window.
  const rings = new SeriesRings(config.live.ringSamples);
  const sampleCounts = new SampleCounts({ capacity: registry.series.length + 1 });
  // With REDIS_URL, Socket.IO's rooms span the nodes (alarms, events, session ends); live frames do not.
  const redis = config.cluster.redisUrl
    ? new RedisLink(config.cluster.redisUrl, config.cluster.redisPrefix, log)
    : null;
  const io = createIo(config, redis?.ioAdapter());
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

  // 5. Alarms: the engine (rules loaded; defaults on a fresh store) and the webhooks it notifies. In a
  //    cluster a follower's operator actions go to the leader, and rule changes to every node.
  const leaderCalls = redis && clustered ? new LeaderCalls(redis, io, leadership, log) : null;
  const alarms = new AlarmEngine(db, () => registry, latest, { ...config.alarms, leadership, remote: leaderCalls });
  leaderCalls?.serve(alarms);
  await alarms.start();
  const notifier = new Notifier(db, {
    retryBaseMs: config.alarms.webhookRetryMs,
    allowInternal: config.webhookAllowPrivate,
  });
  notifier.attach(alarms);

  // 6. The ingest, built after what it feeds: live sinks in this order, each isolated, none awaited,
  //    then the store; after its commit the alarms judge what it accepted as new (a resent sample the
  //    store did not keep, or one that comes late, raises nothing), then the ingest is acknowledged.
  //    With REDIS_URL every batch also goes to the other nodes' live sinks (cluster/sampleRelay.ts), and
  //    the alarms judge stored samples on the leader only, from every node.
  const liveSinks: IngestSink[] = [
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
  ];
  // (The engine judges nothing on a follower: its own stored samples reach the leader through the relay.)
  const judge: IngestSink = { name: 'alarms', stored: true, accept: (batch) => alarms.onSamples(batch) };
  const relay = redis && new SampleRelay(redis, { live: liveSinks, stored: judge }, leadership, log);
  const sinks: IngestSink[] = [...liveSinks, ...(relay?.sinks ?? []), judge];
  const ingest = new Ingest(telemetry, sinks, log, { maxPendingSamples: config.ingestMaxPendingSamples });
  // 6b. MQTT ingest beside HTTP's (MQTT_URL): messages acknowledged to the broker after their commit.
  const mqttIngest = config.mqtt.url ? new MqttIngest({ config, registry: () => registry, ingest, log }) : null;

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
  // The rollups stay on every node (each recomputes the minutes it wrote); the other jobs are the leader's.
  scheduler.every('retention', { everyMs: 3_600_000, when: leads }, () => telemetry.prune(retention));
  const auditRetentionMs = config.auditRetentionSeconds && config.auditRetentionSeconds * 1000;
  if (auditRetentionMs) {
    scheduler.every('audit retention', { everyMs: 3_600_000, when: leads }, () =>
      audit.prune(Date.now() - auditRetentionMs),
    );
  }
  // Delays run out, devices fall silent and shelving expires without a sample: the alarm clock.
  scheduler.every('alarm clock', { everyMs: 1000, when: leads }, () => alarms.tick(Date.now()));
  scheduler.every('webhook retries', { everyMs: notifier.retryCheckMs, when: leads }, () => notifier.deliverDue());
  const daily = new DailyKpiJob(db, telemetry, () => registry);
  const dailyKpis = async (days: number) => daily.run(await listSites(db), days);
  // The first run fills the days the store has history for; then today and yesterday, as they grow.
  let analysisDays = config.analysis.days;
  scheduler.every(
    'daily KPIs',
    { firstMs: Math.min(60_000, config.analysis.intervalMs), everyMs: config.analysis.intervalMs, when: leads },
    async () => {
      const days = analysisDays;
      analysisDays = 2;
      await dailyKpis(days);
    },
  );

  // 8b. The cameras: a feed per camera only while watched; a snapshot kept when an alarm is raised.
  const cameras = await Cameras.load({ db, config, sessions, registry: () => registry, latest, log });
  cameras.attach(alarms);
  // Alarm pictures are kept as long as raw telemetry.
  if (retention.raw) {
    const keepMs = retention.raw;
    scheduler.every('alarm snapshots', { everyMs: 3_600_000, when: leads }, () =>
      cameras.pruneSnapshots(Date.now() - keepMs),
    );
  }
  // 8b. Motion: the site plans, the tracks the simulator records, pushed to the sites' rooms each second.
  const motion = new MotionService(db, () => registry, io, alarms, config.simulator.seed, log);
  await motion.load();
  // 8b. The site access log: door readers' entries, stored then pushed; the alarms they raise linked.
  const access = new AccessLog({ db, alarms, push: (event) => pushAccessEvent(io, event), log });

  const reloadFleet = async () => {
    registry = await Registry.load(db);
    await alarms.readRules();
    await motion.load();
  };
  // In a cluster a change made on one node is read again by every node: their registries place the
  // relayed samples in their own frames.
  if (redis) {
    io.on('fleet:changed', () => {
      reloadFleet().catch((error: unknown) =>
        log.error({ err: error }, 'fleet not read again after another node changed it'),
      );
    });
  }

  // 9. The simulator: a source like any other, started last, once everything it feeds is ready, and only
  //    while this node leads. Becoming leader and stepping down run one after the other, in order.
  let simulator: (SimulatorControl & { stop(): Promise<void> }) | null = null;
  const lead = async () => {
    if (clustered) {
      // Another node wrote while this one followed: the alarm engine judges silence on these values.
      for (const row of await telemetry.latest(registry.series.map((s) => s.id))) {
        latest.set(row.seriesId, row.ts, row.value);
      }
    }
    await alarms.lead();
    // Conditions the previous leader held pending in memory start their delay again here.
    if (clustered) alarms.onSamples(delayedConditions(alarms.rules(), registry, latest));
    if (!config.simulator.enabled || !leadership.isLeader()) return;
    // Past days' tracks on a first start, beside the telemetry's history fill (not waited for).
    void motion
      .fillHistory(config.simulator.backfillDays, Date.now(), config.simulator.seed)
      .catch((error: unknown) => log.error({ err: error }, 'motion history not filled'));
    simulator = await startSimulator(
      {
        ...{ config, registry, current: () => registry, latest, ingest, telemetry, log },
        motion: motion.simulation,
        onAccess: (record) => void access.record(record),
      },
      await listSites(db),
    );
  };
  const follow = async () => {
    await simulator?.stop();
    simulator = null;
  };
  let leaderWork: Promise<void> = Promise.resolve();
  leadership.onChange((leading) => {
    leaderWork = leaderWork
      .then(leading ? lead : follow)
      .catch((error: unknown) => log.error({ err: error, leading }, 'leadership change not carried out'));
  });

  const services: Services = {
    config,
    db,
    telemetry,
    sessions,
    audit,
    hashGate: new HashGate(),
    throttles: { signIn: new FailureThrottle(signInPolicy), reset: new FailureThrottle(resetPolicy) },
    mailer,
    decoyHash: await hashPassword(crypto.randomUUID(), config.scryptLog2N),
    get registry() {
      return registry;
    },
    async fleetChanged() {
      await reloadFleet();
      if (redis) io.serverSideEmit('fleet:changed');
    },
    latest,
    sampleCounts,
    io,
    fanout,
    leadership,
    relay,
    alarms,
    notifier,
    ingest,
    broker: mqttIngest && (() => ({ connected: mqttIngest.connected })),
    kpis,
    recomputeDailyKpis: () => scheduler.run('daily KPIs', () => dailyKpis(config.analysis.days)),
    clientBuild: clientBuild(config.clientDist),
    get simulator() {
      return simulator;
    },
    cameras,
    motion,
    access,
  };

  return {
    services,
    async start() {
      if (redis && relay) {
        redis.connect();
        relay.start();
      }
      fanout.start();
      scheduler.start();
      motion.start();
      mqttIngest?.start();
      await leadership.start();
      await leaderWork;
    },
    async stop() {
      await leadership.stop();
      await leaderWork;
      await mqttIngest?.stop();
      await access.flush();
      await scheduler.stop();
      await cameras.stop();
      fanout.stop();
      await motion.stop();
      await alarms.stop();
      await notifier.stop();
      await audit.flush();
      mailer?.close();
      // The Socket.IO server closed before (the app's preClose): nothing uses Redis any more.
      await redis?.close();
      await store.close();
    },
  };
}
