// The daily KPIs job: for each site's local day, its energy, expected energy, specific yield, IEC 61724
// performance ratio, insolation, availability and capacity factor, per site and per generator, computed
// from the hourly rollups and kept (the analysis page reads them, and a year of them costs nothing).
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import type { DailyKpis } from '@voltscope/shared/kpis';
import type { Db } from '../store/db.ts';
import type { TelemetryStore } from '../store/telemetry/types.ts';
import { energyOf, startOfLocalDay } from './kpis.ts';
import type { Registry } from './registry.ts';

/** The PR a healthy plant reaches: expected energy = P0 × H_POA × REFERENCE_PR. */
const REFERENCE_PR = 0.8;
/** Sun up, for availability: plane-of-array irradiance above this (W/m²). */
const SUN_UP_W_M2 = 50;
/** A generic wind turbine: no output below cut-in, rated from rated speed, stopped above cut-out (m/s). */
const CUT_IN = 3;
const RATED_SPEED = 12;
const CUT_OUT = 25;
const HOUR = 3_600_000;

const GENERATOR_POWER: Partial<Record<string, string>> = { inverter: 'ac_power', wind_turbine: 'active_power' };

/** The share of rated power a generic turbine makes at `speed`. */
export function genericPowerCurve(speed: number): number {
  if (speed < CUT_IN || speed >= CUT_OUT) return 0;
  if (speed >= RATED_SPEED) return 1;
  return (speed ** 3 - CUT_IN ** 3) / (RATED_SPEED ** 3 - CUT_IN ** 3);
}

/** YYYY-MM-DD of `ms` at `timeZone`. */
export const localDay = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

interface DayRow {
  deviceId: string;
  energy: number | null;
  expected: number | null;
  insolation: number | null;
  availability: number | null;
  capacityKw: number;
}

export class DailyKpiJob {
  readonly #db: Db;
  readonly #telemetry: TelemetryStore;
  readonly #registry: () => Registry;

  constructor(db: Db, telemetry: TelemetryStore, registry: () => Registry) {
    this.#db = db;
    this.#telemetry = telemetry;
    this.#registry = registry;
  }

  /** Computes (or recomputes) the last `days` local days of every site, today included. */
  async run(sites: readonly Site[], days: number, now = Date.now()): Promise<number> {
    let rows = 0;
    for (const site of sites) {
      let dayEnd = now;
      let dayStart = startOfLocalDay(now, site.timeZone);
      for (let d = 0; d < days; d++) {
        rows += await this.#computeDay(site, dayStart, dayEnd, now);
        dayEnd = dayStart;
        // The previous local midnight (a day may be 23 or 25 hours long around a clock change).
        dayStart = startOfLocalDay(dayStart - HOUR, site.timeZone);
      }
    }
    return rows;
  }

  async #computeDay(site: Site, from: number, to: number, now: number): Promise<number> {
    const registry = this.#registry();
    const devices = registry.devicesOfSite(site.id);
    const generators = devices.filter((d) => GENERATOR_POWER[d.type]);
    const rated = generators.reduce((n, d) => n + (d.ratedKw ?? 0), 0);
    const share = (d: Device) => (rated > 0 ? (site.capacityKw * (d.ratedKw ?? 0)) / rated : 0);
    const id = (device: Device, key: string) => registry.seriesIdByKey(`${device.id}/${key}`);
    const meter = devices.find((d) => d.type === 'meter');
    const weather = devices.find((d) => d.type === 'weather_station');
    const poa = weather && site.kind === 'solar' ? id(weather, 'irradiance_poa') : undefined;
    const wind = weather && site.kind === 'wind' ? id(weather, 'wind_speed') : undefined;
    const meterPower = meter ? id(meter, 'active_power') : undefined;
    const generatorSeries = generators.map((g) => ({ device: g, series: id(g, GENERATOR_POWER[g.type] as string) }));
    const turbineWind = generators.map((g) => (g.type === 'wind_turbine' ? id(g, 'wind_speed') : undefined));
    const ids = [meterPower, poa, wind, ...generatorSeries.map((g) => g.series), ...turbineWind].filter(
      (s): s is number => s !== undefined,
    );
    if (ids.length === 0) return 0;
    // One bucket an hour: the hourly rollups.
    const hours = Math.max(1, Math.round((to - from) / HOUR));
    const history = await this.#telemetry.history({ seriesIds: [...new Set(ids)], from, to, maxPoints: hours });
    const avg = (seriesId: number | undefined) =>
      seriesId === undefined ? [] : (history.series.find((s) => s.id === seriesId)?.avg ?? []);
    const poaMeans = avg(poa);
    const insolation = poa === undefined ? null : energyOf(history.ts, poaMeans, history.bucketMs, to) / 1000;
    const siteWind = avg(wind);

    const rows: DayRow[] = generatorSeries.map(({ device, series }, i) => {
      const power = avg(series);
      const hasData = power.some((v) => v !== null);
      const capacityKw = share(device);
      // Hours it should have produced, and those in which it did (above 1 % of its rating).
      let due = 0;
      let produced = 0;
      let expectedKwh = 0;
      const ownWind = avg(turbineWind[i]);
      history.ts.forEach((_, h) => {
        const sun = poaMeans[h];
        const speed = ownWind[h] ?? siteWind[h];
        const should =
          site.kind === 'solar'
            ? sun !== null && sun !== undefined && sun > SUN_UP_W_M2
            : speed != null && speed >= CUT_IN && speed < CUT_OUT;
        if (site.kind === 'wind' && speed != null)
          expectedKwh += capacityKw * genericPowerCurve(speed) * (history.bucketMs / HOUR);
        if (!should) return;
        due++;
        if ((power[h] ?? 0) > 0.01 * (device.ratedKw ?? capacityKw)) produced++;
      });
      return {
        deviceId: device.id,
        energy: hasData ? energyOf(history.ts, power, history.bucketMs, to) : null,
        expected:
          site.kind === 'solar'
            ? insolation === null
              ? null
              : capacityKw * insolation * REFERENCE_PR
            : hasData
              ? expectedKwh
              : null,
        insolation,
        availability: due === 0 ? null : produced / due,
        capacityKw,
      };
    });
    const meterMeans = avg(meterPower);
    const siteEnergy = meterMeans.some((v) => v !== null)
      ? energyOf(history.ts, meterMeans, history.bucketMs, to)
      : sumOrNull(rows.map((r) => r.energy));
    const availabilities = rows.map((r) => r.availability).filter((a): a is number => a !== null);
    rows.push({
      deviceId: '',
      energy: siteEnergy,
      expected: sumOrNull(rows.map((r) => r.expected)),
      insolation,
      availability:
        availabilities.length === 0 ? null : availabilities.reduce((a, b) => a + b, 0) / availabilities.length,
      capacityKw: site.capacityKw,
    });

    const day = localDay(from, site.timeZone);
    const hoursOfDay = (to - from) / HOUR;
    await this.#db.transaction(async (tx) => {
      for (const r of rows) {
        const sy = r.energy === null || r.capacityKw === 0 ? null : r.energy / r.capacityKw;
        const pr = sy === null || r.insolation === null || r.insolation < 0.05 ? null : sy / r.insolation;
        await tx.run(
          `INSERT INTO daily_kpis (site_id, device_id, day, energy_kwh, expected_kwh, specific_yield, performance_ratio,
             insolation_kwh_m2, availability, capacity_factor, computed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (site_id, device_id, day) DO UPDATE SET energy_kwh = excluded.energy_kwh,
             expected_kwh = excluded.expected_kwh, specific_yield = excluded.specific_yield,
             performance_ratio = excluded.performance_ratio, insolation_kwh_m2 = excluded.insolation_kwh_m2,
             availability = excluded.availability, capacity_factor = excluded.capacity_factor,
             computed_at = excluded.computed_at`,
          [
            site.id,
            r.deviceId,
            day,
            r.energy,
            r.expected,
            sy,
            pr,
            r.insolation,
            r.availability,
            r.energy === null || r.capacityKw === 0 || hoursOfDay <= 0 ? null : r.energy / (r.capacityKw * hoursOfDay),
            now,
          ],
        );
      }
    });
    return rows.length;
  }
}

function sumOrNull(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
}

export async function readDailyKpis(
  db: Db,
  filter: { sites: readonly string[]; devices: readonly string[] | null; from: string; to: string },
): Promise<DailyKpis[]> {
  if (filter.sites.length === 0) return [];
  const params: (string | number)[] = [...filter.sites, filter.from, filter.to];
  let devices = "device_id = ''";
  if (filter.devices) {
    devices = `device_id IN (${filter.devices.map(() => '?').join(', ') || "''"})`;
    params.push(...filter.devices);
  }
  const rows = await db.all<Record<string, unknown>>(
    `SELECT * FROM daily_kpis WHERE site_id IN (${filter.sites.map(() => '?').join(', ')})
       AND day >= ? AND day <= ? AND ${devices} ORDER BY day, site_id, device_id`,
    params,
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    siteId: String(r.site_id),
    deviceId: r.device_id === '' ? null : String(r.device_id),
    day: String(r.day),
    energyKwh: n(r.energy_kwh),
    expectedKwh: n(r.expected_kwh),
    specificYield: n(r.specific_yield),
    performanceRatio: n(r.performance_ratio),
    insolationKwhM2: n(r.insolation_kwh_m2),
    availability: n(r.availability),
    capacityFactor: n(r.capacity_factor),
    computedAt: Number(r.computed_at),
  }));
}
