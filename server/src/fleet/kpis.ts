// Plant performance, computed where the data is: live figures from the latest values (no database
// wait), "today" figures from the site's local midnight, period figures from the rollups. Definitions
// follow IEC 61724-1: final yield Yf = E / P0 (kWh/kWp), reference yield Yr = H_POA / 1 kW/m², PR = Yf / Yr.
import type { Site } from '@voltscope/shared/domain';
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import type { GeneratorKpis, PeriodComparison, PeriodKpis, SiteKpis } from '@voltscope/shared/kpis';
import type { LatestValues } from '../live/latest.ts';
import type { TelemetryStore } from '../store/telemetry/types.ts';
import {
  availability,
  capacityShares,
  energyOf,
  insolationOf,
  performanceRatio,
  specificYield,
  startOfLocalDay,
} from './kpiFormulas.ts';
import type { Registry } from './registry.ts';
import { deviceStatus } from './status.ts';

/** Insolation today is read from the rollups at most this often per site. */
const INSOLATION_TTL_MS = 60_000;

const GENERATOR_TYPES = new Set(['inverter', 'wind_turbine']);
const POWER_KEY = { inverter: 'ac_power', wind_turbine: 'active_power' } as const;

// Moved to kpiFormulas.ts; still exported from here for the modules and tests that import them here.
export { energyOf, startOfLocalDay };

const sum = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
};

export class PlantKpis {
  readonly #registry: () => Registry;
  readonly #latest: LatestValues;
  readonly #telemetry: TelemetryStore;
  readonly #insolation = new Map<string, { at: number; day: number; value: number | null }>();

  constructor(registry: () => Registry, latest: LatestValues, telemetry: TelemetryStore) {
    this.#registry = registry;
    this.#latest = latest;
    this.#telemetry = telemetry;
  }

  /**
   * A value "now": null once it is older than its series allows (five periods, at least 10 s, as for a
   * device's status), so that a silent meter never shows its last power as current (RELIABILITY
   * decision 10). A day's counter (`since`) counts only from that time, the site's local midnight.
   */
  #value(deviceId: string, key: string, now = Date.now(), since?: number): number | null {
    const registry = this.#registry();
    const id = registry.seriesIdByKey(`${deviceId}/${key}`);
    const sample = id === undefined ? null : this.#latest.get(id);
    if (!sample || id === undefined) return null;
    if (since !== undefined) return sample.ts >= since ? sample.value : null;
    const period = registry.seriesById(id)?.periodMs ?? 1000;
    return now - sample.ts > Math.max(10_000, 5 * period) ? null : sample.value;
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
    const midnight = startOfLocalDay(now, site.timeZone);
    for (const device of devices) {
      const { state, lastSeen } = deviceStatus(device, registry, this.#latest, now);
      counts[state]++;
      if (!GENERATOR_TYPES.has(device.type)) continue;
      const energy = this.#value(device.id, 'energy_today', now, midnight);
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

    const meter = this.#firstOfType(site.id, 'meter');
    const weather = this.#firstOfType(site.id, 'weather_station');
    const powerKw = (meter && this.#value(meter.id, 'active_power', now)) ?? sum(generators.map((g) => g.powerKw));
    const energyTodayKwh =
      (meter && this.#value(meter.id, 'energy_today', now, midnight)) ?? sum(generators.map((g) => g.energyTodayKwh));
    const insolation = site.kind === 'solar' && weather ? await this.#insolationToday(site, weather.id, now) : null;
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
      irradiance: weather && site.kind === 'solar' ? this.#value(weather.id, 'irradiance_poa', now) : null,
      insolationTodayKwhM2: insolation,
      performanceRatioToday: performanceRatio(energyTodayKwh, site.capacityKw, insolation),
      moduleTemperature: weather && site.kind === 'solar' ? this.#value(weather.id, 'module_temperature', now) : null,
      ambientTemperature: weather ? this.#value(weather.id, 'ambient_temperature', now) : null,
      windSpeed: weather ? this.#value(weather.id, 'wind_speed', now) : null,
      availability: availability(available, generators.length),
      devices: counts,
      state,
      generators,
    };
  }

  async #insolationToday(site: Site, weatherId: string, now: number): Promise<number | null> {
    const day = startOfLocalDay(now, site.timeZone);
    const cached = this.#insolation.get(site.id);
    if (cached && cached.day === day && now - cached.at < INSOLATION_TTL_MS) return cached.value;
    const poa = this.#registry().seriesIdByKey(`${weatherId}/irradiance_poa`);
    if (poa === undefined) return null;
    // One bucket a minute: the 1-minute rollups, however long the day has been.
    const maxPoints = Math.max(1, Math.ceil((now - day) / 60_000));
    const history = await this.#telemetry.history({ seriesIds: [poa], from: day, to: now, maxPoints });
    const value = insolationOf(history.ts, history.series[0]?.avg ?? [], history.bucketMs, now);
    this.#insolation.set(site.id, { at: now, day, value });
    return value;
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
