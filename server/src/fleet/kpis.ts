// Plant performance, computed where the data is: live figures from the latest values (no database
// wait), "today" figures since the site's local midnight from the stored rollups (a figure per site read
// again behind the answer, the latest values carrying it on to now), period figures from the rollups.
// Definitions follow IEC 61724-1: final yield Yf = E / P0 (kWh/kWp), reference yield Yr = H_POA / 1 kW/m²,
// PR = Yf / Yr.
import type { Site } from '@voltscope/shared/domain';
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import type { GeneratorKpis, PeriodComparison, PeriodKpis, SiteKpis } from '@voltscope/shared/kpis';
import type { LatestValues } from '../live/latest.ts';
import type { TelemetryStore } from '../store/telemetry/types.ts';
import { integralsSince } from './integralsSince.ts';
import {
  availability,
  capacityShares,
  energyOf,
  expectedSolarKw,
  expectedWindKw,
  insolationOf,
  performanceRatio,
  specificYield,
  startOfLocalDay,
} from './kpiFormulas.ts';
import type { Registry } from './registry.ts';
import { deviceStatus } from './status.ts';

/**
 * A site's figures today are read again from the rollups (which catch up every ROLLUP_INTERVAL) once the
 * figure is this old, in the background: an answer never waits on the database but for a site's first
 * figure of the day.
 */
export const TODAY_REFRESH_MS = 5_000;
const HOUR = 3_600_000;

const GENERATOR_TYPES = new Set(['inverter', 'wind_turbine']);
const POWER_KEY = { inverter: 'ac_power', wind_turbine: 'active_power' } as const;

// Moved to kpiFormulas.ts; still exported from here for the modules and tests that import them here.
export { energyOf, startOfLocalDay };

/** Integrals since a site's local midnight of its power and irradiance series, as the rollups had them at `to`. */
interface Today {
  midnight: number;
  /** The series read, in order: another set (a device added) is read afresh. */
  key: string;
  to: number;
  integrals: Map<number, number | null>;
  refreshing: boolean;
}

const sum = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
};

export class PlantKpis {
  readonly #registry: () => Registry;
  readonly #latest: LatestValues;
  readonly #telemetry: TelemetryStore;
  readonly #today = new Map<string, Today>();

  constructor(registry: () => Registry, latest: LatestValues, telemetry: TelemetryStore) {
    this.#registry = registry;
    this.#latest = latest;
    this.#telemetry = telemetry;
  }

  /**
   * A value "now": null once it is older than its series allows (five periods, at least 10 s, as for a
   * device's status), so that a silent meter never shows its last power as current (RELIABILITY
   * decision 10).
   */
  #value(deviceId: string, key: string, now = Date.now()): number | null {
    return this.#fresh(this.#registry().seriesIdByKey(`${deviceId}/${key}`), now);
  }

  #fresh(id: number | undefined, now: number): number | null {
    const sample = id === undefined ? null : this.#latest.get(id);
    if (!sample || id === undefined) return null;
    const period = this.#registry().seriesById(id)?.periodMs ?? 1000;
    return now - sample.ts > Math.max(10_000, 5 * period) ? null : sample.value;
  }

  /** The figures today of a site's series: cached, read again behind the answer once TODAY_REFRESH_MS old. */
  async #todayOf(site: Site, ids: readonly number[], now: number): Promise<Today> {
    const midnight = startOfLocalDay(now, site.timeZone);
    const key = ids.join(',');
    const read = async (): Promise<Today> => ({
      midnight,
      key,
      to: now,
      integrals: await integralsSince(this.#telemetry, ids, midnight, now),
      refreshing: false,
    });
    const cached = this.#today.get(site.id);
    if (cached?.midnight !== midnight || cached.key !== key) {
      const today = await read();
      this.#today.set(site.id, today);
      return today;
    }
    if (now - cached.to >= TODAY_REFRESH_MS && !cached.refreshing) {
      cached.refreshing = true;
      read().then(
        (today) => {
          if (this.#today.get(site.id) === cached) this.#today.set(site.id, today);
        },
        // The figure stays as it was; the next answer tries again.
        () => {
          cached.refreshing = false;
        },
      );
    }
    return cached;
  }

  /**
   * A series' integral since local midnight (unit·h): the rollups' up to when they were read, then its
   * latest value, while it is current, up to now. Null when it has neither.
   */
  #sinceMidnight(today: Today, id: number | undefined, now: number): number | null {
    if (id === undefined) return null;
    const stored = today.integrals.get(id) ?? null;
    const live = this.#fresh(id, now);
    if (live === null) return stored;
    return (stored ?? 0) + (live * Math.max(0, now - today.to)) / HOUR;
  }

  #firstOfType(siteId: string, type: Device['type']): Device | undefined {
    return this.#registry()
      .devicesOfSite(siteId)
      .find((d) => d.type === type);
  }

  async site(site: Site, now = Date.now()): Promise<SiteKpis> {
    const registry = this.#registry();
    const devices = registry.devicesOfSite(site.id);
    const counts: Record<DeviceState, number> = { online: 0, offline: 0, fault: 0, maintenance: 0 };
    const generators: GeneratorKpis[] = [];
    const generatorDevices = devices.filter((d) => GENERATOR_TYPES.has(d.type));
    const shares = capacityShares(site.capacityKw, generatorDevices);
    const seriesOf = (device: Device | undefined, key: string) =>
      device && registry.seriesIdByKey(`${device.id}/${key}`);
    const meter = this.#firstOfType(site.id, 'meter');
    const weather = this.#firstOfType(site.id, 'weather_station');
    const meterPower = seriesOf(meter, 'active_power');
    const poa = site.kind === 'solar' ? seriesOf(weather, 'irradiance_poa') : undefined;
    const generatorPower = new Map(
      generatorDevices.map((d) => [d.id, seriesOf(d, POWER_KEY[d.type as keyof typeof POWER_KEY])]),
    );
    const ids = [meterPower, poa, ...generatorPower.values()].filter((id) => id !== undefined);
    const today = await this.#todayOf(site, ids, now);
    for (const device of devices) {
      const { state, lastSeen } = deviceStatus(device, registry, this.#latest, now);
      counts[state]++;
      if (!GENERATOR_TYPES.has(device.type)) continue;
      const energy = this.#sinceMidnight(today, generatorPower.get(device.id), now);
      const share = shares.get(device.id) ?? 0;
      generators.push({
        deviceId: device.id,
        name: device.name,
        type: device.type,
        ratedKw: device.ratedKw,
        state,
        operatingState: this.#value(device.id, 'state', now),
        faultCode: this.#value(device.id, 'fault_code', now),
        powerKw: this.#value(device.id, POWER_KEY[device.type as keyof typeof POWER_KEY], now),
        energyTodayKwh: energy,
        specificYieldToday: specificYield(energy, share),
        lastSeen,
      });
    }

    const powerKw = (meter && this.#value(meter.id, 'active_power', now)) ?? sum(generators.map((g) => g.powerKw));
    // The meter's when it has data today, else the generators' (as the daily KPI job does).
    const energyTodayKwh = this.#sinceMidnight(today, meterPower, now) ?? sum(generators.map((g) => g.energyTodayKwh));
    const poaWh = this.#sinceMidnight(today, poa, now);
    const insolation = poaWh === null ? null : poaWh / 1000;
    const irradiance = weather && site.kind === 'solar' ? this.#value(weather.id, 'irradiance_poa', now) : null;
    const windSpeed = weather ? this.#value(weather.id, 'wind_speed', now) : null;
    const expectedPowerKw =
      site.kind === 'solar'
        ? expectedSolarKw(site.capacityKw, irradiance)
        : site.kind === 'wind'
          ? expectedWindKw(site.capacityKw, windSpeed)
          : null;
    const available = generators.filter((g) => g.state === 'online').length;
    const faulted = generators.filter((g) => g.state === 'fault').length;
    const offline = generators.filter((g) => g.state === 'offline').length;
    const state: SiteKpis['state'] =
      generators.length === 0 || offline === generators.length
        ? 'offline'
        : faulted + offline === 0
          ? 'online'
          : available === 0
            ? 'fault'
            : 'degraded';
    return {
      siteId: site.id,
      name: site.name,
      kind: site.kind,
      timeZone: site.timeZone,
      capacityKw: site.capacityKw,
      at: now,
      powerKw,
      shareOfCapacity: powerKw === null ? null : powerKw / site.capacityKw,
      energyTodayKwh,
      specificYieldToday: specificYield(energyTodayKwh, site.capacityKw),
      expectedPowerKw,
      irradiance,
      insolationTodayKwhM2: insolation,
      performanceRatioToday: performanceRatio(energyTodayKwh, site.capacityKw, insolation),
      moduleTemperature: weather && site.kind === 'solar' ? this.#value(weather.id, 'module_temperature', now) : null,
      ambientTemperature: weather ? this.#value(weather.id, 'ambient_temperature', now) : null,
      windSpeed,
      availability: availability(available, generators.length),
      devices: counts,
      state,
      generators,
    };
  }

  /**
   * Sites (and generators) over a period: energy from the power rollups, specific yield, insolation and
   * PR, and power normalised to capacity per bucket for one chart.
   */
  async period(
    items: { site: Site; deviceId?: string }[],
    from: number,
    to: number,
    maxPoints: number,
  ): Promise<PeriodComparison> {
    const registry = this.#registry();
    const wanted = items.map(({ site, deviceId }) => {
      const generators = registry.devicesOfSite(site.id).filter((d) => GENERATOR_TYPES.has(d.type));
      const device = deviceId ? registry.devices.get(deviceId) : undefined;
      const meter = this.#firstOfType(site.id, 'meter');
      const powerSeries = device
        ? registry.seriesIdByKey(`${device.id}/${POWER_KEY[device.type as keyof typeof POWER_KEY]}`)
        : meter && registry.seriesIdByKey(`${meter.id}/active_power`);
      const weather = site.kind === 'solar' ? this.#firstOfType(site.id, 'weather_station') : undefined;
      const capacityKw = device ? (capacityShares(site.capacityKw, generators).get(device.id) ?? 0) : site.capacityKw;
      return {
        id: device?.id ?? site.id,
        name: device ? `${site.name} · ${device.name}` : site.name,
        siteId: site.id,
        capacityKw,
        powerSeries,
        poaSeries: weather && registry.seriesIdByKey(`${weather.id}/irradiance_poa`),
      };
    });
    const ids = [...new Set(wanted.flatMap((w) => [w.powerSeries, w.poaSeries]).filter((id) => id !== undefined))];
    const history = await this.#telemetry.history({ seriesIds: ids, from, to, maxPoints });
    const avgOf = (id: number | undefined) => history.series.find((s) => s.id === id)?.avg ?? [];
    const result: PeriodKpis[] = wanted.map((w) => {
      const power = avgOf(w.powerSeries);
      const hasPower = power.some((v) => v !== null);
      const energyKwh = hasPower ? energyOf(history.ts, power, history.bucketMs, to) : null;
      const insolation =
        w.poaSeries === undefined ? null : insolationOf(history.ts, avgOf(w.poaSeries), history.bucketMs, to);
      return {
        id: w.id,
        name: w.name,
        siteId: w.siteId,
        capacityKw: w.capacityKw,
        energyKwh,
        specificYield: specificYield(energyKwh, w.capacityKw),
        insolationKwhM2: insolation,
        performanceRatio: performanceRatio(energyKwh, w.capacityKw, insolation),
        normalisedPower: history.ts.map((_, i) => {
          const v = power[i];
          return v === null || v === undefined || w.capacityKw === 0 ? null : v / w.capacityKw;
        }),
      };
    });
    return { from, to, bucketMs: history.bucketMs, ts: history.ts, items: result };
  }
}
