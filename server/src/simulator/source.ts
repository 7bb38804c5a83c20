// The simulator as a telemetry source: the demo fleet's live stream into the ingest, and on a first
// start (empty store) the last days of history, simulated faster than real time. Its own timer paces
// the samples (a source's clock, not upkeep), so it is not one of the scheduler's jobs.
import type { Site } from '@voltscope/shared/domain';
import type { AccessRecord } from '../access/doorReader.ts';
import type { Config } from '../config.ts';
import { demoPlants } from '../demo/fleet.ts';
import { startOfLocalDay } from '../fleet/kpiFormulas.ts';
import type { Registry } from '../fleet/registry.ts';
import { connectSamplePublisher } from '../ingest/mqttPublisher.ts';
import type { Ingest } from '../ingest/pipeline.ts';
import type { LatestValues } from '../live/latest.ts';
import type { MotionFeed } from '../motion/simulation.ts';
import type { TelemetryStore } from '../store/telemetry/types.ts';
import { FleetSimulator, type SimulatorControl } from './simulator.ts';

export interface SourceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SimulatorDeps {
  config: Config;
  /** The fleet when the simulator starts: the devices it simulates. */
  registry: Registry;
  /** The fleet now: what is decommissioned since the start is no longer fed to the ingest. */
  current: () => Registry;
  latest: LatestValues;
  ingest: Ingest;
  telemetry: TelemetryStore;
  log: SourceLog;
  /** The live simulator's moving people and vehicles (their records reach the hub through it). */
  motion?: MotionFeed;
  /** Where the live simulator's door readers send their access records. */
  onAccess?: (record: AccessRecord) => void;
}

/**
 * Starts the live simulator and, on an empty store, the history fill. A day's counters carry on from the
 * latest stored values of the same local day (a restart), else start from what the plant made since local
 * midnight, as a real meter's do.
 */
export async function startSimulator(
  deps: SimulatorDeps,
  sites: Site[],
): Promise<SimulatorControl & { stop(): Promise<void> }> {
  const { config, registry, latest, ingest, telemetry, log, current } = deps;
  // A warped simulator's clock runs ahead of the wall's: after a restart it carries on from the newest
  // stored sample, not from now (the latest values keep the newer samples, so the pages' "now" would stand
  // still until the clock caught up, and the days in between would be simulated twice).
  const now =
    config.simulator.warp > 1 ? Math.max(Date.now(), latest.newest() + config.simulator.periodMs) : Date.now();
  const midnights = new Map(sites.map((s) => [s.id, startOfLocalDay(now, s.timeZone)]));
  const counted = sinceMidnight(deps, sites, now, Math.min(now, ...midnights.values()));
  const simulator = new FleetSimulator(registry, sites, demoPlants, {
    seed: config.simulator.seed,
    warp: config.simulator.warp,
    periodMs: config.simulator.periodMs,
    faults: { scale: config.simulator.faultRate },
    ...(deps.motion && { motion: deps.motion }),
    resume: (deviceId, key) => {
      const id = registry.seriesIdByKey(`${deviceId}/${key}`);
      if (id === undefined) return null;
      const stored = latest.get(id);
      const midnight = midnights.get(registry.devices.get(deviceId)?.siteId ?? '') ?? now;
      return stored && stored.ts >= midnight ? stored : (counted.get(id) ?? stored);
    },
    ...(deps.onAccess ? { onAccess: deps.onAccess } : {}),
  });
  const stopping = new AbortController();
  let backfill: Promise<unknown> = Promise.resolve();
  if (config.simulator.backfillDays > 0 && (await telemetry.isEmpty())) {
    backfill = fillHistory(deps, sites, now, stopping.signal).catch((error: unknown) => {
      if (!stopping.signal.aborted) log.error({ err: error }, 'filling history failed');
    });
  }
  // SIM_TRANSPORT=mqtt: the live samples go through the broker as a site's logger sends them.
  const broker = config.simulatorTransport === 'mqtt' ? connectSamplePublisher(config, current, log) : null;
  // In real time the live steps start from the wall clock as it is now, after the counters' run (tens to
  // hundreds of ms): from `now`, every live sample would be stamped that much before it was made.
  const liveStart = config.simulator.warp > 1 ? now : Date.now();
  simulator.start((all) => {
    const batch = current().inService(all);
    if (batch.series.length === 0) return;
    if (broker) return broker.publish(batch);
    ingest.accept(batch).catch((error: unknown) => log.error({ err: error }, 'simulator batch not stored'));
  }, liveStart);
  return {
    setFault: (siteId, fault, minutes) => simulator.setFault(siteId, fault, minutes),
    async stop() {
      // History left half filled is fine: it is complete up to where it stopped, and the rest stays empty.
      stopping.abort();
      simulator.stop();
      await broker?.close();
      await backfill;
    },
  };
}

/**
 * Each device's day counter at `now` counted since local midnight: the history fill's simulator (its seed,
 * its step), so that on a first start the counters agree with the history it fills in.
 */
function sinceMidnight(
  { config, registry }: SimulatorDeps,
  sites: Site[],
  now: number,
  since: number,
): Map<number, { ts: number; value: number }> {
  const history = new FleetSimulator(registry, sites, demoPlants, {
    seed: config.simulator.seed + 1,
    warp: 1,
    faults: { scale: config.simulator.faultRate },
  });
  // At most a step a minute, however fine the history's: this runs before the live start.
  const counters = history.countersAt(now, since, Math.max(60_000, config.simulator.backfillStepSeconds * 1000));
  const out = new Map<number, { ts: number; value: number }>();
  counters.series.forEach((id, i) => {
    out.set(id, { ts: counters.ts[i] as number, value: counters.values[i] as number });
  });
  return out;
}

/** The first start's history: the simulator run faster than real time over the last days, into the store. */
async function fillHistory(deps: SimulatorDeps, sites: Site[], now: number, signal: AbortSignal): Promise<void> {
  const { config, registry, ingest, telemetry, log } = deps;
  const { backfillDays, backfillStepSeconds } = config.simulator;
  // A simulator of its own, so that its faults and energy counters do not disturb the live one.
  const history = new FleetSimulator(registry, sites, demoPlants, {
    seed: config.simulator.seed + 1,
    warp: 1,
    faults: { scale: config.simulator.faultRate },
  });
  const from = now - backfillDays * 86_400_000;
  const started = Date.now();
  let reported = 0;
  log.info({ days: backfillDays, stepSeconds: backfillStepSeconds }, 'filling history');
  const samples = await history.backfill(from, now, backfillStepSeconds * 1000, async (batch, progress) => {
    signal.throwIfAborted();
    await ingest.accept(deps.current().inService(batch), { live: false });
    if (progress - reported >= 0.1) {
      reported = progress;
      log.info({ percent: Math.round(progress * 100) }, 'filling history');
    }
  });
  await telemetry.flushRollups();
  log.info({ samples, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'history filled');
}
