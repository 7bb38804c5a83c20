// A wind farm: a Weibull-distributed mean wind with turbulence at each turbine, a drifting direction,
// the power curve, rotor speed and pitch, and faults as they show: a trip stops the rotor and feathers
// the blades, yaw misalignment and icing leave the turbine below its power curve.
import type { Site } from '@voltscope/shared/domain';
import { modelFaultCodes } from '@voltscope/shared/faultCodes';
import { faultCodes, turbineStates } from '@voltscope/shared/fleet';
import type { WindFarmSpec } from '../demo/fleet.ts';
import type { Registry } from '../fleet/registry.ts';
import { Fault } from './faults.ts';
import { ambientTemperature, DeviceSeries, type GridConnection, PlantDevices, type StepContext } from './plant.ts';
import { hashString, noise, turbulence } from './random.ts';
import { clearSky, sunPosition } from './sun.ts';
import { pitchAngle, powerCurve, rotorSpeed, turbine3MW, weibullQuantile } from './wind.ts';

const RAD = Math.PI / 180;

/** Codes that come from a condition of their own (ice on the blades, the grid down), not from a trip. */
const NOT_TRIPS: readonly number[] = [faultCodes.icing, faultCodes.gridFault];

interface TurbineSim {
  series: DeviceSeries;
  index: number;
  /** Turbines in the second row stand in the first row's wake. */
  wake: number;
  trip: Fault;
  yaw: Fault;
  icing: Fault;
  /** Stopped for high wind until the wind falls below the reconnect speed. */
  storm: boolean;
  rotor: number;
  energy: number;
}

export class WindFarm {
  readonly #spec: WindFarmSpec;
  readonly #site: Site;
  readonly #seed: number;
  readonly #turbines: TurbineSim[];
  readonly #plant: PlantDevices;
  /** What a trip shows: one of the trip codes of the turbines' model (shared/faultCodes.ts). */
  readonly #tripCodes: readonly number[];

  get siteId(): string {
    return this.#site.id;
  }

  /** The site's grid connection (its outage can be switched on demand). */
  get grid(): GridConnection {
    return this.#plant.grid;
  }

  constructor(registry: Registry, site: Site, spec: WindFarmSpec, seed: number) {
    this.#spec = spec;
    const codes = (modelFaultCodes[spec.turbineModel] ?? []).filter((code) => !NOT_TRIPS.includes(code));
    this.#tripCodes = codes.length > 0 ? codes : [faultCodes.converter];
    this.#site = site;
    this.#seed = (seed ^ hashString(site.id)) >>> 0;
    this.#turbines = registry
      .devicesOfSite(site.id)
      .filter((d) => d.type === 'wind_turbine')
      .map((d, index, all) => ({
        series: new DeviceSeries(registry, d.id),
        index,
        wake: index >= all.length / 2 ? 0.93 : 1,
        trip: new Fault(),
        yaw: new Fault(),
        icing: new Fault(),
        storm: false,
        rotor: 0,
        energy: 0,
      }));
    this.#plant = new PlantDevices(registry, site, this.#seed);
  }

  step(ctx: StepContext): void {
    const { now, dt, random, rates } = ctx;
    const startOfDay = this.#plant.grid.newDay(ctx);
    if (startOfDay) for (const t of this.#turbines) t.energy = startOfDay(t.series.id);
    const hours = now / 3_600_000;
    // The hourly mean wind follows the site's Weibull distribution; weather systems pass in about a day.
    const u = noise(this.#seed + 1, hours / 20) * 0.6 + noise(this.#seed + 2, hours / 3) * 0.4;
    const mean = weibullQuantile(0.02 + 0.96 * u, this.#spec.weibull.k, this.#spec.weibull.c * 1.1);
    const direction =
      (((360 * noise(this.#seed + 3, hours / 30) * 2 + 10 * turbulence(this.#seed + 4, now / 60_000)) % 360) + 360) %
      360;
    const ambient = ambientTemperature(this.#site, this.#spec.climate, this.#seed, now);
    this.#plant.grid.outage.maybeStart('gridOutage', now, dt, random, rates);
    const gridDown = this.#plant.grid.down(now);

    const sun = sunPosition(this.#site.latitude, this.#site.longitude, now);
    const sky = clearSky(sun, 0, 180);
    this.#plant.met.comm.maybeStart('commLoss', now, dt, random, rates);
    this.#plant.met.emit(ctx, 'wind_speed', mean * 0.92);
    this.#plant.met.emit(ctx, 'wind_direction', direction);
    this.#plant.met.emit(ctx, 'ambient_temperature', ambient);
    this.#plant.met.emit(ctx, 'irradiance_ghi', sky.ghi * 0.8);
    this.#plant.met.emit(ctx, 'irradiance_poa', sky.poa * 0.8);
    this.#plant.met.emit(ctx, 'module_temperature', ambient);

    const groupKw = this.#plant.outputPerTransformer(this.#turbines, (t) =>
      this.#stepTurbine(ctx, t, mean, direction, ambient, gridDown),
    );
    this.#plant.grid.emit(ctx, groupKw, ambient);
    this.#plant.security.emit(ctx);
  }

  #stepTurbine(
    ctx: StepContext,
    t: TurbineSim,
    mean: number,
    direction: number,
    ambient: number,
    gridDown: boolean,
  ): number {
    const { now, dt, random, rates } = ctx;
    const spec = turbine3MW;
    t.series.comm.maybeStart('commLoss', now, dt, random, rates);
    if (t.trip.maybeStart('turbineTrip', now, dt, random, rates)) {
      // Which code, from a hash of the turbine and the second (value noise at an integer point), not from
      // the generator: a draw more would shift every draw after it.
      const pick = noise(this.#seed + 300 + t.index, Math.floor(now / 1000));
      t.trip.detail = this.#tripCodes[Math.floor(pick * this.#tripCodes.length)] ?? faultCodes.converter;
    }
    if (t.yaw.maybeStart('yawMisalignment', now, dt, random, rates))
      t.yaw.detail = (random() < 0.5 ? -1 : 1) * (15 + random() * 15);
    t.icing.maybeStart('icing', now, dt, random, rates, ambient < 1.5 ? 1 : 0);

    // Turbulence intensity about 12 %, gusts of some seconds.
    const speed = Math.max(0, mean * t.wake * (1 + 0.24 * turbulence(this.#seed + 100 + t.index, now / 6000)));
    if (speed >= spec.cutOut) t.storm = true;
    else if (speed < spec.reconnect) t.storm = false;
    const misaligned = t.yaw.active(now) ? t.yaw.detail : 0;
    const iced = t.icing.active(now);
    const faulted = t.trip.active(now) || gridDown;
    const running = !faulted && !t.storm && speed >= spec.cutIn;

    let power = 0;
    if (running) {
      // Power goes with the cube of the wind component along the rotor axis; ice spoils the blade profile.
      power = Math.min(spec.ratedKw, powerCurve(spec, speed * Math.cos(misaligned * RAD)) * (iced ? 0.55 : 1));
    }
    const targetRpm = running ? rotorSpeed(spec, speed) * (iced ? 0.85 : 1) : 0.4;
    t.rotor += (targetRpm - t.rotor) * Math.min(1, dt / 20);
    t.energy += (power * dt) / 3600;
    const code = t.trip.active(now) ? t.trip.detail : iced ? faultCodes.icing : gridDown ? faultCodes.gridFault : 0;
    const state = faulted
      ? turbineStates.fault
      : t.storm
        ? turbineStates.stopped
        : running
          ? turbineStates.running
          : turbineStates.idle;

    const s = t.series;
    s.emit(ctx, 'active_power', power);
    s.emit(ctx, 'wind_speed', speed);
    s.emit(ctx, 'wind_direction', direction);
    s.emit(ctx, 'rotor_speed', t.rotor);
    s.emit(ctx, 'pitch_angle', running ? pitchAngle(spec, speed) : 88);
    s.emit(
      ctx,
      'yaw_angle',
      (((direction + misaligned + 2 * turbulence(this.#seed + 200 + t.index, now / 30_000)) % 360) + 360) % 360,
    );
    s.emit(ctx, 'nacelle_temperature', ambient + 12 + (14 * power) / spec.ratedKw);
    s.emit(ctx, 'state', state);
    s.emit(ctx, 'fault_code', code);
    s.emit(ctx, 'energy_today', t.energy);
    return power;
  }
}
