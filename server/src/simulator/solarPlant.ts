// A solar plant: clouds drifting across the rows of inverters, module temperature, DC power with its
// temperature coefficient, inverter losses and clipping, MPPT voltages and currents, string currents in
// the combiner boxes, and the faults that show in those values (trips, dead strings, grid outages).
import type { Site } from '@voltscope/shared/domain';
import { modelFaultCodes } from '@voltscope/shared/faultCodes';
import { faultCodes, inverterStates } from '@voltscope/shared/fleet';
import type { SolarPlantSpec } from '../demo/fleet.ts';
import type { Registry } from '../fleet/registry.ts';
import { Fault } from './faults.ts';
import { ambientTemperature, DeviceSeries, type GridConnection, PlantDevices, type StepContext } from './plant.ts';
import { dcPower, invert, moduleTemperature, mppVoltage, PV } from './pv.ts';
import { hashString, noise, turbulence } from './random.ts';
import { clearSky, sunPosition } from './sun.ts';

/** Codes a trip of a model outside the catalogue shows. */
const TRIP_CODES = [faultCodes.overTemperature, faultCodes.gridFault, faultCodes.insulation] as const;

interface InverterSim {
  series: DeviceSeries;
  /** Position along the plant, 0 to 1: clouds reach the rows one after the other. */
  x: number;
  mismatch: number;
  trip: Fault;
  /** Bit k set: string k of those the combiner box sees (the first two of MPPT 1 and of MPPT 2) is dead. */
  deadStrings: number;
  stringFault: Fault;
  energy: number;
  temperature: number;
  /** Per-MPPT currents of the last step, for the combiner boxes. */
  mpptCurrent: Float64Array;
}

/** Dead strings on an MPPT input (only the first two inputs have strings the combiner box watches). */
const deadOn = (inv: InverterSim, mppt: number) =>
  mppt < 2 ? ((inv.deadStrings >> (mppt * 2)) & 1) + ((inv.deadStrings >> (mppt * 2 + 1)) & 1) : 0;

export class SolarPlant {
  readonly #spec: SolarPlantSpec;
  readonly #site: Site;
  readonly #seed: number;
  readonly #inverters: InverterSim[];
  readonly #combiners: { series: DeviceSeries; inverters: InverterSim[] }[];
  readonly #plant: PlantDevices;
  readonly #tilt: number;
  /** Strings in parallel on one MPPT input (about 11 A each at 1100 V). */
  readonly #stringsPerMppt: number;
  /** What a trip shows: one of the codes of the inverters' model (shared/faultCodes.ts). */
  readonly #tripCodes: readonly number[];

  get siteId(): string {
    return this.#site.id;
  }

  /** The site's grid connection (its outage can be switched on demand). */
  get grid(): GridConnection {
    return this.#plant.grid;
  }

  constructor(registry: Registry, site: Site, spec: SolarPlantSpec, seed: number) {
    this.#spec = spec;
    this.#site = site;
    this.#seed = (seed ^ hashString(site.id)) >>> 0;
    this.#tilt = Math.min(35, Math.abs(site.latitude) * 0.85);
    this.#tripCodes = modelFaultCodes[spec.inverterModel] ?? TRIP_CODES;
    this.#stringsPerMppt = Math.max(2, Math.round(spec.inverterDcKw / 4 / ((PV.vmpStc * 11) / 1000)));
    const devices = registry.devicesOfSite(site.id);
    this.#inverters = devices
      .filter((d) => d.type === 'inverter')
      .map((d, i, all) => ({
        series: new DeviceSeries(registry, d.id),
        x: i / Math.max(1, all.length - 1),
        mismatch: 1 - 0.02 * noise(this.#seed, i * 1.7),
        trip: new Fault(),
        deadStrings: 0,
        stringFault: new Fault(),
        energy: 0,
        temperature: 20,
        mpptCurrent: new Float64Array(4),
      }));
    const byId = new Map(this.#inverters.map((inv) => [inv.series.id, inv]));
    this.#combiners = devices
      .filter((d) => d.type === 'combiner_box')
      .map((d) => {
        const first = byId.get(d.parentId ?? '');
        const index = first ? this.#inverters.indexOf(first) : -1;
        return {
          series: new DeviceSeries(registry, d.id),
          inverters: [first, this.#inverters[index + 1]].filter((x): x is InverterSim => x !== undefined),
        };
      });
    this.#plant = new PlantDevices(registry, site, this.#seed);
  }

  /** Fraction of irradiance getting through at position x: cloud shadows move across the plant at ~8 m/s. */
  #clearness(now: number, x: number): number {
    const seconds = now / 1000;
    const cover = Math.min(0.95, this.#spec.cloudiness * (0.2 + 1.6 * noise(this.#seed + 11, seconds / 21_600)));
    const cloud =
      noise(this.#seed + 12, (seconds * 8 - x * 900) / 700) * 0.8 + noise(this.#seed + 13, seconds / 300) * 0.2;
    const edge = 1 - cover;
    const shadow = Math.min(1, Math.max(0, (cloud - edge) / 0.15));
    return 1 - 0.75 * shadow * shadow * (3 - 2 * shadow);
  }

  step(ctx: StepContext): void {
    const { now, dt, random, rates } = ctx;
    const startOfDay = this.#plant.grid.newDay(ctx);
    if (startOfDay) for (const inv of this.#inverters) inv.energy = startOfDay(inv.series.id);
    const sun = sunPosition(this.#site.latitude, this.#site.longitude, now);
    const sky = clearSky(sun, this.#tilt, this.#site.latitude >= 0 ? 180 : 0);
    const ambient = ambientTemperature(this.#site, this.#spec.climate, this.#seed, now);
    const wind = Math.max(
      0,
      3 + 4 * turbulence(this.#seed + 21, now / 1_800_000) + 1.2 * turbulence(this.#seed + 22, now / 5000),
    );
    this.#plant.grid.outage.maybeStart('gridOutage', now, dt, random, rates);
    const gridDown = this.#plant.grid.down(now);

    const metClear = this.#clearness(now, 0.5);
    const metPoa = sky.poa * metClear;
    this.#plant.met.comm.maybeStart('commLoss', now, dt, random, rates);
    this.#plant.met.emit(ctx, 'irradiance_poa', metPoa);
    this.#plant.met.emit(ctx, 'irradiance_ghi', sky.ghi * metClear);
    this.#plant.met.emit(ctx, 'ambient_temperature', ambient);
    this.#plant.met.emit(ctx, 'module_temperature', moduleTemperature(ambient, metPoa, wind));
    this.#plant.met.emit(ctx, 'wind_speed', wind);
    this.#plant.met.emit(ctx, 'wind_direction', (360 * noise(this.#seed + 23, now / 7_200_000) + 360) % 360);

    const groupKw = this.#plant.outputPerTransformer(this.#inverters, (inv) =>
      this.#stepInverter(ctx, inv, sky.poa * this.#clearness(now, inv.x), ambient, wind, gridDown),
    );
    for (const box of this.#combiners) {
      box.series.comm.maybeStart('commLoss', now, dt, random, rates);
      let n = 1;
      for (const inv of box.inverters) {
        for (let mppt = 0; mppt < 2; mppt++) {
          const alive = this.#stringsPerMppt - deadOn(inv, mppt);
          for (let s = 0; s < 2; s++) {
            const dead = (inv.deadStrings >> (mppt * 2 + s)) & 1;
            box.series.emit(ctx, `string_current:${n++}`, dead ? 0 : (inv.mpptCurrent[mppt] ?? 0) / alive);
          }
        }
      }
    }
    this.#plant.grid.emit(ctx, groupKw, ambient);
    this.#plant.security.emit(ctx);
  }

  /** One inverter's step; returns its AC output in kW. */
  #stepInverter(
    ctx: StepContext,
    inv: InverterSim,
    poa: number,
    ambient: number,
    wind: number,
    gridDown: boolean,
  ): number {
    const { now, dt, random, rates } = ctx;
    const { inverterDcKw, inverterAcKw } = this.#spec;
    inv.series.comm.maybeStart('commLoss', now, dt, random, rates);
    if (inv.trip.maybeStart('inverterTrip', now, dt, random, rates, poa > 50 ? 1 : 0)) {
      inv.trip.detail = this.#tripCodes[Math.floor(random() * this.#tripCodes.length)] ?? faultCodes.gridFault;
    }
    if (!inv.stringFault.active(now)) inv.deadStrings = 0;
    if (inv.stringFault.maybeStart('stringDead', now, dt, random, rates))
      inv.deadStrings = 1 << Math.floor(random() * 4);

    const moduleTemp = moduleTemperature(ambient, poa, wind);
    const strings = 4 * this.#stringsPerMppt;
    const dead = deadOn(inv, 0) + deadOn(inv, 1);
    const available = dcPower(inverterDcKw * inv.mismatch * (1 - dead / strings), poa, moduleTemp);
    const tripped = inv.trip.active(now);
    const stopped = tripped || gridDown;
    const out = stopped ? { ac: 0, dc: 0, clipping: false } : invert(available, inverterAcKw);
    const vmp = mppVoltage(poa, moduleTemp);
    // Not converting, the strings sit at open-circuit voltage; clipping pushes the operating point towards it.
    const voltage = out.dc > 0 ? vmp * (out.clipping ? 1.06 : 1) : vmp * PV.vocRatio;
    const code = tripped ? inv.trip.detail : gridDown ? faultCodes.gridFault : faultCodes.none;
    // The heat sink follows the load; an over-temperature trip is what a hot one looks like.
    const target = ambient + 4 + 28 * (out.ac / inverterAcKw) + (code === faultCodes.overTemperature ? 48 : 0);
    inv.temperature += (target - inv.temperature) * Math.min(1, dt / 300);
    inv.energy += (out.ac * dt) / 3600;

    const s = inv.series;
    s.emit(ctx, 'ac_power', out.ac);
    s.emit(ctx, 'dc_power', out.dc);
    s.emit(ctx, 'ac_voltage', gridDown ? 0 : 800 * (1 + 0.01 * turbulence(this.#seed + 31, now / 30_000)));
    s.emit(ctx, 'energy_today', inv.energy);
    s.emit(ctx, 'temperature', inv.temperature);
    s.emit(
      ctx,
      'state',
      code !== faultCodes.none ? inverterStates.fault : out.ac > 0 ? inverterStates.running : inverterStates.standby,
    );
    s.emit(ctx, 'fault_code', code);
    for (let m = 0; m < 4; m++) {
      const share = (this.#stringsPerMppt - deadOn(inv, m)) / (strings - dead);
      const current = voltage > 0 ? (out.dc * share * 1000) / voltage : 0;
      inv.mpptCurrent[m] = current;
      s.emit(ctx, `mppt_voltage:${m + 1}`, voltage);
      s.emit(ctx, `mppt_current:${m + 1}`, current);
    }
    return out.ac;
  }
}
