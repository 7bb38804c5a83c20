// The data path from sources to the store: the fleet registry, the latest values, the ingest pipeline,
// the simulator (with its first-start history), and the background work that keeps rollups current and
// old data pruned.
import type { Site } from '@voltscope/shared/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { demoPlants } from '../demo/fleet.ts';
import { buildFleet } from '../fleet/build.ts';
import { Registry } from '../fleet/registry.ts';
import { Ingest } from '../ingest/pipeline.ts';
import { LatestValues } from '../live/latest.ts';
import { FleetSimulator } from '../simulator/simulator.ts';
import { countDevices, insertFleet } from '../store/devices.ts';
import { createIngestKey, hasIngestKey } from '../store/ingestKeys.ts';
import { listSites } from '../store/sites.ts';

/** Known on purpose, like the demo passwords: load testers use it against a demo hub. */
export const DEMO_INGEST_KEY = 'vsk_demo_fleet_ingest_key';

export const telemetryPlugin = fp(async (app: FastifyInstance) => {
  const { config, db, telemetry } = app.services;

  if (config.demo && (await countDevices(db)) === 0) {
    const fleet = buildFleet(demoPlants);
    await insertFleet(db, fleet.devices, fleet.series);
  }
  if (config.demo && !(await hasIngestKey(db, DEMO_INGEST_KEY))) {
    await createIngestKey(db, { siteId: null, name: 'Demo fleet key', key: DEMO_INGEST_KEY });
  }

  const registry = await Registry.load(db);
  const latest = new LatestValues(registry.series.length + 1);
  for (const row of await telemetry.latest(registry.series.map((s) => s.id)))
    latest.set(row.seriesId, row.ts, row.value);
  const ingest = new Ingest(telemetry, latest);
  Object.assign(app.services, { registry, latest, ingest });

  const timers: NodeJS.Timeout[] = [];
  const every = (seconds: number, work: () => Promise<unknown>) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      work()
        .catch((error: unknown) => app.log.error({ err: error }, 'background telemetry work failed'))
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  };
  const retention = {
    raw: config.retention.raw && config.retention.raw * 1000,
    '1m': config.retention.minute && config.retention.minute * 1000,
    '1h': config.retention.hour && config.retention.hour * 1000,
  };

  let simulator: FleetSimulator | null = null;
  let backfill: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  app.addHook('onReady', async () => {
    every(config.rollupInterval, () => telemetry.flushRollups({ all: false }));
    every(3600, () => telemetry.prune(retention));
    if (!config.simulator.enabled) return;
    const sites = await listSites(db);
    simulator = new FleetSimulator(registry, sites, demoPlants, {
      seed: config.simulator.seed,
      warp: config.simulator.warp,
      periodMs: config.simulator.periodMs,
      faults: { scale: config.simulator.faultRate },
      resume: (deviceId, key) => {
        const id = registry.seriesIdByKey(`${deviceId}/${key}`);
        return id === undefined ? null : latest.get(id);
      },
    });
    const now = Date.now();
    if (config.simulator.backfillDays > 0 && (await telemetry.isEmpty())) {
      backfill = fillHistory(app, now, sites, stopping.signal).catch((error: unknown) => {
        if (!stopping.signal.aborted) app.log.error({ err: error }, 'filling history failed');
      });
    }
    simulator.start((batch) => {
      ingest.accept(batch).catch((error: unknown) => app.log.error({ err: error }, 'simulator batch not stored'));
    }, now);
  });

  app.addHook('onClose', async () => {
    // History left half filled is fine: it is complete up to where it stopped, and the rest stays empty.
    stopping.abort();
    simulator?.stop();
    for (const timer of timers) clearInterval(timer);
    await backfill;
  });
});

/** The first start's history: the simulator run faster than real time over the last days, into the store. */
async function fillHistory(app: FastifyInstance, now: number, sites: Site[], signal: AbortSignal): Promise<void> {
  const { config, registry, ingest, telemetry } = app.services;
  const { backfillDays, backfillStep } = config.simulator;
  // A simulator of its own, so that its faults and energy counters do not disturb the live one.
  const history = new FleetSimulator(registry, sites, demoPlants, {
    seed: config.simulator.seed + 1,
    warp: 1,
    faults: { scale: config.simulator.faultRate },
  });
  const from = now - backfillDays * 86_400_000;
  const started = Date.now();
  let reported = 0;
  app.log.info({ days: backfillDays, stepSeconds: backfillStep }, 'filling history');
  const samples = await history.backfill(from, now, backfillStep * 1000, async (batch, progress) => {
    signal.throwIfAborted();
    await ingest.accept(batch, { live: false });
    if (progress - reported >= 0.1) {
      reported = progress;
      app.log.info({ percent: Math.round(progress * 100) }, 'filling history');
    }
  });
  await telemetry.flushRollups();
  app.log.info({ samples, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'history filled');
}
