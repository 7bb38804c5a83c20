// The daily KPIs job: for each site's local day, its energy, expected energy, specific yield, IEC 61724
// performance ratio, insolation, availability and capacity factor, per site and per generator, computed
// from the hourly rollups and kept (the analysis page reads them, and a year of them costs nothing).
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import type { DailyKpis } from '@voltscope/shared/kpis';
import type { Db } from '../store/db.ts';
import type { TelemetryStore } from '../store/telemetry/types.ts';
import {
  availability,
  capacityFactor,
  capacityShares,
  energyOf,
  expectedSolarKwh,
  expectedWindKwh,
  insolationOf,
  isDue,
  isProducing,
  localDay,
  performanceRatio,
  previousLocalMidnight,
  specificYield,
  startOfLocalDay,
} from './kpiFormulas.ts';
import type { Registry } from './registry.ts';

const HOUR = 3_600_000;

const GENERATOR_POWER: Partial<Record<string, string>> = { inverter: 'ac_power', wind_turbine: 'active_power' };

// Moved to kpiFormulas.ts; still exported from here for the modules and tests that import them here.
export { localDay };

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
        // A day may be 23 or 25 hours long around a clock change.
        dayStart = previousLocalMidnight(dayStart, site.timeZone);
      }
    }
    return rows;
  }

  async #computeDay(site: Site, from: number, to: number, now: number): Promise<number> {
    const registry = this.#registry();
    const devices = registry.devicesOfSite(site.id);
    const generators = devices.filter((d) => GENERATOR_POWER[d.type]);
    // Split equally when no rating is known, as the live figures do (kpiFormulas.capacityShares).
    const shares = capacityShares(site.capacityKw, generators);
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
    const insolation = poa === undefined ? null : insolationOf(history.ts, poaMeans, history.bucketMs, to);
    const siteWind = avg(wind);

    const rows: DayRow[] = generatorSeries.map(({ device, series }, i) => {
      const power = avg(series);
      const hasData = power.some((v) => v !== null);
      const capacityKw = shares.get(device.id) ?? 0;
      // Hours it should have produced, and those in which it did.
      let due = 0;
      let produced = 0;
      let expectedKwh = 0;
      const ownWind = avg(turbineWind[i]);
      history.ts.forEach((_, h) => {
        const speed = ownWind[h] ?? siteWind[h];
        if (site.kind === 'wind' && speed != null) expectedKwh += expectedWindKwh(capacityKw, speed, history.bucketMs);
        if (!isDue(site.kind, poaMeans[h], speed)) return;
        due++;
        if (isProducing(power[h], device.ratedKw ?? capacityKw)) produced++;
      });
      return {
        deviceId: device.id,
        energy: hasData ? energyOf(history.ts, power, history.bucketMs, to) : null,
        expected: site.kind === 'solar' ? expectedSolarKwh(capacityKw, insolation) : hasData ? expectedKwh : null,
        insolation,
        availability: availability(produced, due),
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
    await this.#db.transaction(async (tx) => {
      for (const r of rows) {
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
            specificYield(r.energy, r.capacityKw),
            performanceRatio(r.energy, r.capacityKw, r.insolation),
            r.insolation,
            r.availability,
            capacityFactor(r.energy, r.capacityKw, from, to),
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
