// The fleet simulator: the embedded default's telemetry source. Deterministic (a seeded generator),
// real time by default (one sample per series a second, or every `periodMs`) with a time-warp factor, and able to run faster
// than real time into the store to build history.
import type { Site } from '@voltscope/shared/domain';
import type { AccessRecord } from '../access/doorReader.ts';
import type { PlantSpec } from '../demo/fleet.ts';
import type { Registry } from '../fleet/registry.ts';
import type { MotionFeed } from '../motion/simulation.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import type { FaultRates } from './faults.ts';
import { BatchBuilder } from './output.ts';
import type { GridConnection, StepContext } from './plant.ts';
import { createRandom } from './random.ts';
import { SolarPlant } from './solarPlant.ts';
import { WindFarm } from './windFarm.ts';

export interface SimulatorOptions {
  seed: number;
  /** Simulated seconds per wall-clock second. */
  warp: number;
  /** Simulated ms between two samples of a series in real time (1,000 unless told). */
  periodMs?: number;
  faults: FaultRates;
  /**
   * A device's last stored value of a series: after a restart the day's energy counters carry on from
   * where they were (when it is still the same local day) instead of starting again at zero.
   */
  resume?: (deviceId: string, key: string) => { ts: number; value: number } | null;
  /** People and vehicles moving on the sites' plans: advanced each step; the motion sensors read it. */
  motion?: MotionFeed;
  /** Where the door readers' access records go (the live simulator's; the history fill keeps none). */
  onAccess?: (record: AccessRecord) => void;
}

/** The series history pages read; backfill keeps only these to keep a month of history small. */
const HISTORY_METRICS = new Set([
  'ac_power',
  'dc_power',
  'energy_today',
  'temperature',
  'state',
  'fault_code',
  'irradiance_poa',
  'irradiance_ghi',
  'ambient_temperature',
  'module_temperature',
  'wind_speed',
  'wind_direction',
  'active_power',
  'reactive_power',
  'grid_frequency',
  'grid_voltage',
  'rotor_speed',
  'pitch_angle',
  'load',
  'position',
]);
const keepHistory = (key: string) => HISTORY_METRICS.has(key);
const keepAll = () => true;

/** Faults switched on demand (shared/src/contracts/sld.ts, `simulatorFaults`). */
export type SimulatorFault = 'gridOutage' | 'doorForced';

/** A fault switched: when it ends (null: ended now), or the site is none of the simulator's. */
export type FaultSwitch = { simulated: true; until: number | null } | { simulated: false };

/** What the hub's routes may ask of a running simulator. */
export interface SimulatorControl {
  /** Starts (minutes > 0) or ends (0) `fault` on a site, on the simulator's own clock. */
  setFault(siteId: string, fault: SimulatorFault, minutes: number): FaultSwitch;
}

interface SimulatedPlant {
  readonly siteId: string;
  readonly grid: GridConnection;
  step(ctx: StepContext): void;
}

export class FleetSimulator implements SimulatorControl {
  readonly #plants: SimulatedPlant[];
  readonly #random: () => number;
  readonly #options: SimulatorOptions;
  readonly #out = new BatchBuilder();
  #timer: NodeJS.Timeout | null = null;
  /** The time of the last step: the simulator's clock, which may run ahead of the wall's (warp). */
  #now: number | null = null;
  /** Sites whose main gate is forced on demand, until when. */
  readonly #doorForced = new Map<string, number>();

  constructor(registry: Registry, sites: readonly Site[], plants: readonly PlantSpec[], options: SimulatorOptions) {
    this.#options = options;
    this.#random = createRandom(options.seed);
    const siteById = new Map(sites.map((s) => [s.id, s]));
    this.#plants = plants.flatMap((spec) => {
      const site = siteById.get(spec.siteId);
      if (!site || registry.devicesOfSite(site.id).length === 0) return [];
      return [
        spec.kind === 'solar'
          ? new SolarPlant(registry, site, spec, options.seed)
          : new WindFarm(registry, site, spec, options.seed),
      ];
    });
  }

  /** One step of every plant at `now`, `dt` seconds after the previous one. */
  step(now: number, dt: number, keep: (key: string) => boolean = keepAll): SampleBatch {
    const ctx: StepContext = {
      now,
      dt,
      random: this.#random,
      rates: this.#options.faults,
      out: this.#out,
      keep,
      resume: this.#options.resume ?? (() => null),
      ...(this.#options.onAccess ? { access: this.#options.onAccess } : {}),
      doorForcedUntil: (siteId) => this.#doorForced.get(siteId) ?? 0,
    };
    const motion = this.#options.motion;
    if (motion) {
      motion.advance(now, dt);
      ctx.motion = (deviceId) => motion.reading(deviceId);
    }
    this.#now = now;
    for (const plant of this.#plants) plant.step(ctx);
    return this.#out.take();
  }

  setFault(siteId: string, fault: SimulatorFault, minutes: number): FaultSwitch {
    const plant = this.#plants.find((p) => p.siteId === siteId);
    if (!plant) return { simulated: false };
    if (fault === 'doorForced') {
      const until = minutes <= 0 ? null : Math.round((this.#now ?? Date.now()) + minutes * 60_000);
      this.#doorForced.set(siteId, until ?? 0);
      return { simulated: true, until };
    }
    const condition = { gridOutage: plant.grid.outage }[fault];
    if (minutes <= 0) {
      condition.until = 0;
      return { simulated: true, until: null };
    }
    condition.until = Math.round((this.#now ?? Date.now()) + minutes * 60_000);
    return { simulated: true, until: condition.until };
  }

  /**
   * The day counters (energy_today) each device would read at `now` had it counted since its site's local
   * midnight (from `since`, the earliest one), as real ones do: the plants run up to `now` in steps of
   * `stepMs` on the history fill's grid (now − k·step), writing nothing but the counters of the last step.
   */
  countersAt(now: number, since: number, stepMs: number): SampleBatch {
    const steps = Math.ceil((now - since) / stepMs);
    for (let k = steps; k > 1; k--) this.step(now - k * stepMs, stepMs / 1000, () => false);
    return this.step(now - stepMs, stepMs / 1000, (key) => key === 'energy_today');
  }

  /** Real time: a step every `periodMs` of simulated time, `warp` times faster than the wall clock. */
  start(onBatch: (batch: SampleBatch) => void, start = Date.now()): void {
    this.stop();
    const wallStart = Date.now();
    const step = this.#options.periodMs ?? 1000;
    const period = step / Math.max(1, this.#options.warp);
    let steps = 0;
    const tick = () => {
      // Catch up on steps missed while the loop was busy, so simulated time never drifts.
      const due = Math.floor((Date.now() - wallStart) / period);
      for (let burst = 0; steps <= due && burst < 10; burst++, steps++)
        onBatch(this.step(start + steps * step, step / 1000));
      this.#timer = setTimeout(tick, Math.max(1, wallStart + steps * period - Date.now()));
    };
    tick();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /**
   * History faster than real time: steps of `stepMs` from `from` to `to`, handed over in batches of
   * about `batchSamples`. Keeps the series history pages read; awaits each batch (the store's pace).
   */
  async backfill(
    from: number,
    to: number,
    stepMs: number,
    onBatch: (batch: SampleBatch, progress: number) => Promise<void>,
    batchSamples = 50_000,
  ): Promise<number> {
    let total = 0;
    let pending: SampleBatch[] = [];
    let pendingSize = 0;
    const flush = async (progress: number) => {
      if (pendingSize === 0) return;
      await onBatch(concat(pending, pendingSize), progress);
      total += pendingSize;
      pending = [];
      pendingSize = 0;
    };
    for (let t = from; t < to; t += stepMs) {
      const batch = this.step(t, stepMs / 1000, keepHistory);
      pending.push(batch);
      pendingSize += batch.series.length;
      if (pendingSize >= batchSamples) await flush((t - from) / (to - from));
    }
    await flush(1);
    return total;
  }
}

function concat(parts: readonly SampleBatch[], size: number): SampleBatch {
  const out = { series: new Int32Array(size), ts: new Float64Array(size), values: new Float64Array(size) };
  let offset = 0;
  for (const part of parts) {
    out.series.set(part.series, offset);
    out.ts.set(part.ts, offset);
    out.values.set(part.values, offset);
    offset += part.series.length;
  }
  return out;
}
