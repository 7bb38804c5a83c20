// What solar plants and wind farms share: the site's weather, the grid connection (meter, breakers,
// busbar, transformers), the security devices, and a day's energy counter that resets at local midnight.
import type { Site } from '@voltscope/shared/domain';
import { type AccessRecord, DoorReader } from '../access/doorReader.ts';
import { rosterOf } from '../access/roster.ts';
import type { Registry } from '../fleet/registry.ts';
import { Fault, type FaultRates } from './faults.ts';
import type { BatchBuilder } from './output.ts';
import { createRandom, hashString, noise, turbulence } from './random.ts';

export interface StepContext {
  now: number;
  dt: number;
  random: () => number;
  rates: FaultRates;
  out: BatchBuilder;
  /** Series to leave out (backfill keeps only the ones history pages read). */
  keep: (metric: string) => boolean;
  resume: (deviceId: string, key: string) => { ts: number; value: number } | null;
  /** A motion sensor's reading from the simulated tracks (server/src/motion/simulation.ts); none: 0. */
  motion?: (deviceId: string) => number;
  /** Where door readers' access records go (none: the history fill, which keeps no access log). */
  access?: (record: AccessRecord) => void;
  /** Until when a site's main gate is forced on demand (the `doorForced` fault); 0: not. */
  doorForcedUntil?: (siteId: string) => number;
}

/** Resolves a device's series ids once, so a step writes without any lookup by name. */
export class DeviceSeries {
  readonly id: string;
  readonly #ids: Map<string, number>;
  readonly comm = new Fault();

  constructor(registry: Registry, deviceId: string) {
    this.id = deviceId;
    this.#ids = new Map(registry.seriesOfDevice(deviceId).map((s) => [s.key, s.id]));
  }

  /** Writes a value unless the device is cut off (communication loss shows as silence, not as a flag). */
  emit(ctx: StepContext, key: string, value: number): void {
    if (this.comm.active(ctx.now) || !ctx.keep(key)) return;
    ctx.out.push(this.#ids.get(key), ctx.now, value);
  }
}

export interface Climate {
  mean: number;
  daily: number;
  seasonal: number;
}

/** Ambient temperature: a seasonal and a daily cycle (warmest mid-afternoon local time) and weather noise. */
export function ambientTemperature(site: Site, climate: Climate, seed: number, now: number): number {
  const day = now / 86_400_000;
  const solarHour = (((now / 3_600_000 + site.longitude / 15) % 24) + 24) % 24;
  const hemisphere = site.latitude >= 0 ? 1 : -1;
  const season = -Math.cos(((day - 10) / 365.25) * 2 * Math.PI) * hemisphere;
  const daily = Math.cos(((solarHour - 15) / 24) * 2 * Math.PI);
  return climate.mean + climate.seasonal * season + climate.daily * daily + 3 * turbulence(seed, now / 14_400_000);
}

/** Grid frequency and voltage with their noise, and outages that drop both to zero. */
export class GridConnection {
  readonly outage = new Fault();
  readonly meter: DeviceSeries;
  readonly main: DeviceSeries;
  readonly busbar: DeviceSeries;
  readonly feeders: DeviceSeries[];
  readonly transformers: { series: DeviceSeries; ratedKw: number; oil: number }[];
  #energy = 0;
  #day = '';
  readonly #dayOf: Intl.DateTimeFormat;
  readonly #seed: number;

  constructor(registry: Registry, site: Site, seed: number) {
    const id = (suffix: string) => `${site.id}.${suffix}`;
    this.meter = new DeviceSeries(registry, id('meter'));
    this.main = new DeviceSeries(registry, id('brk-main'));
    this.busbar = new DeviceSeries(registry, id('busbar'));
    const transformers = registry.devicesOfSite(site.id).filter((d) => d.type === 'transformer');
    this.transformers = transformers.map((d) => ({
      series: new DeviceSeries(registry, d.id),
      ratedKw: d.ratedKw ?? 1,
      oil: 25,
    }));
    this.feeders = transformers.map((d) => new DeviceSeries(registry, d.parentId ?? ''));
    this.#dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: site.timeZone });
    this.#seed = seed;
  }

  down(now: number): boolean {
    return this.outage.active(now);
  }

  /**
   * A day's energy that restarts at the site's local midnight. Returns the energy a device starts the
   * day with (0, or on the first step what it had stored earlier the same day), or null on other steps.
   */
  newDay(ctx: StepContext): ((deviceId: string) => number) | null {
    const day = this.#dayOf.format(ctx.now);
    if (day === this.#day) return null;
    const first = this.#day === '';
    this.#day = day;
    const carried = (deviceId: string) => {
      const stored = first ? ctx.resume(deviceId, 'energy_today') : null;
      return stored && this.#dayOf.format(stored.ts) === day ? stored.value : 0;
    };
    this.#energy = carried(this.meter.id);
    return carried;
  }

  /** Writes the grid side of a step from the power each transformer group delivers (kW). */
  emit(ctx: StepContext, groupKw: readonly number[], ambient: number): void {
    const down = this.down(ctx.now);
    const exportKw = down ? 0 : groupKw.reduce((a, b) => a + b, 0) * 0.985;
    this.#energy += (exportKw * ctx.dt) / 3600;
    const kv = down ? 0 : 20 * (1 + 0.012 * turbulence(this.#seed + 1, ctx.now / 60_000));
    const hz = down
      ? 0
      : 50 + 0.04 * turbulence(this.#seed + 2, ctx.now / 20_000) + 0.005 * turbulence(this.#seed + 3, ctx.now / 1000);
    const amps = (kw: number) => (kv > 0 ? kw / (Math.sqrt(3) * kv) : 0);

    this.meter.emit(ctx, 'active_power', exportKw);
    this.meter.emit(
      ctx,
      'reactive_power',
      down ? 0 : exportKw * 0.06 * (noise(this.#seed + 4, ctx.now / 300_000) - 0.3),
    );
    this.meter.emit(ctx, 'grid_voltage', kv);
    this.meter.emit(ctx, 'grid_frequency', hz);
    this.meter.emit(ctx, 'energy_today', this.#energy);
    this.main.emit(ctx, 'position', down ? 0 : 1);
    this.main.emit(ctx, 'current', amps(exportKw));
    this.busbar.emit(ctx, 'grid_voltage', kv);
    this.busbar.emit(ctx, 'grid_frequency', hz);
    this.transformers.forEach((t, i) => {
      const kw = down ? 0 : (groupKw[i] ?? 0);
      const load = (100 * kw) / t.ratedKw;
      // Oil follows load with a time constant of about half an hour.
      const target = ambient + 8 + 50 * (load / 100) ** 2;
      t.oil += (target - t.oil) * Math.min(1, ctx.dt / 1800);
      t.series.emit(ctx, 'load', load);
      t.series.emit(ctx, 'oil_temperature', t.oil);
      this.feeders[i]?.emit(ctx, 'position', 1);
      this.feeders[i]?.emit(ctx, 'current', amps(kw));
    });
  }
}

/**
 * Cameras, door readers and motion sensors: readers follow their site's badge traffic (access/doorReader.ts),
 * motion sensors the simulated tracks on the site's plan (motion/simulation.ts).
 */
export class Security {
  readonly #devices: {
    series: DeviceSeries;
    kind: 'camera' | 'door_reader' | 'motion_sensor';
    door?: DoorReader;
  }[];
  readonly #siteId: string;

  constructor(registry: Registry, site: Site, seed: number) {
    this.#siteId = site.id;
    const roster = rosterOf(site.id, site.country);
    const hourOf = localHour(site.timeZone);
    const doors = registry.devicesOfSite(site.id).filter((d) => d.type === 'door_reader');
    this.#devices = registry
      .devicesOfSite(site.id)
      .filter((d) => d.type === 'camera' || d.type === 'door_reader' || d.type === 'motion_sensor')
      .map((d) => ({
        series: new DeviceSeries(registry, d.id),
        kind: d.type as 'camera',
        ...(d.type === 'door_reader'
          ? {
              door: new DoorReader(
                site.id,
                d.id,
                d.id === doors[0]?.id,
                roster,
                hourOf,
                createRandom(seed ^ hashString(d.id)),
              ),
            }
          : {}),
      }));
  }

  emit(ctx: StepContext): void {
    for (const d of this.#devices) {
      d.series.comm.maybeStart('commLoss', ctx.now, ctx.dt, ctx.random, ctx.rates);
      if (d.kind === 'camera') {
        // A camera reports itself online; when its link drops it falls silent, as a real one does.
        d.series.emit(ctx, 'online', 1);
      } else if (d.kind === 'door_reader' && d.door) {
        // A reader cut off records nothing the hub would hear of (its series fall silent too).
        const door = d.door.step({
          now: ctx.now,
          dt: ctx.dt,
          scale: ctx.rates.scale,
          forcedUntil: ctx.doorForcedUntil?.(this.#siteId) ?? 0,
          record: d.series.comm.active(ctx.now) ? undefined : ctx.access,
        });
        d.series.emit(ctx, 'door_open', door.open);
        d.series.emit(ctx, 'door_forced', door.forced);
        d.series.emit(ctx, 'door_held_open', door.heldOpen);
        d.series.emit(ctx, 'access_denied', door.denied);
      } else {
        // 1 while a simulated track is within the sensor's range.
        d.series.emit(ctx, 'motion', ctx.motion?.(d.series.id) ?? 0);
      }
    }
  }
}

/** The local hour (0–23) of a time zone, for the door readers' schedules. */
function localHour(timeZone: string): (now: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
  return (now) => Number(format.format(now));
}

/** What every plant has beside its generators: the weather station, the grid connection and the security devices. */
export class PlantDevices {
  readonly met: DeviceSeries;
  readonly grid: GridConnection;
  readonly security: Security;

  constructor(registry: Registry, site: Site, seed: number) {
    this.met = new DeviceSeries(registry, `${site.id}.met`);
    this.grid = new GridConnection(registry, site, seed);
    this.security = new Security(registry, site, seed);
  }

  /**
   * The generators' outputs (kW, `output` called on each in order) summed per transformer: the generators
   * are spread over the transformers in order, an equal run to each.
   */
  outputPerTransformer<T>(generators: readonly T[], output: (generator: T) => number): number[] {
    const transformers = this.grid.transformers.length;
    const perGroup = Math.ceil(generators.length / Math.max(1, transformers));
    const groupKw = new Array<number>(transformers).fill(0);
    generators.forEach((generator, i) => {
      const group = Math.floor(i / perGroup);
      groupKw[group] = (groupKw[group] ?? 0) + output(generator);
    });
    return groupKw;
  }
}
