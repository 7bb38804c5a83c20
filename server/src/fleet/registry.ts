// The registry in memory: every series by id in flat arrays, so that validating and routing a sample
// costs a few array reads. Loaded from the store at start; rebuilt when the fleet changes.
import type { Device, Series } from '@voltscope/shared/fleet';
import type { Db } from '../store/db.ts';
import { listDevices, listSeries } from '../store/devices.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';

export class Registry {
  readonly devices: ReadonlyMap<string, Device>;
  readonly series: readonly Series[];
  readonly #byId: (Series | undefined)[] = [];
  readonly #byKey = new Map<string, number>();
  readonly #siteOfSeries: (string | undefined)[] = [];
  readonly #devicesOfSite = new Map<string, Device[]>();
  readonly #seriesOfDevice = new Map<string, Series[]>();
  /** Plausible range per series id, for validation on the hot path. */
  readonly minById: Float64Array;
  readonly maxById: Float64Array;

  constructor(devices: readonly Device[], series: readonly Series[]) {
    this.devices = new Map(devices.map((d) => [d.id, d]));
    this.series = series;
    const top = series.reduce((m, s) => Math.max(m, s.id), 0);
    this.minById = new Float64Array(top + 1).fill(Number.NaN);
    this.maxById = new Float64Array(top + 1).fill(Number.NaN);
    for (const device of devices) {
      const list = this.#devicesOfSite.get(device.siteId) ?? [];
      list.push(device);
      this.#devicesOfSite.set(device.siteId, list);
    }
    for (const s of series) {
      this.#byId[s.id] = s;
      this.#byKey.set(`${s.deviceId}/${s.key}`, s.id);
      this.#siteOfSeries[s.id] = this.devices.get(s.deviceId)?.siteId;
      this.minById[s.id] = s.min;
      this.maxById[s.id] = s.max;
      const list = this.#seriesOfDevice.get(s.deviceId) ?? [];
      list.push(s);
      this.#seriesOfDevice.set(s.deviceId, list);
    }
  }

  static async load(db: Db): Promise<Registry> {
    return new Registry(await listDevices(db), await listSeries(db));
  }

  seriesById(id: number): Series | undefined {
    return this.#byId[id];
  }

  /** A series named as `deviceId/key`, for example `fr-occitanie.inv01/ac_power`. */
  seriesIdByKey(key: string): number | undefined {
    return this.#byKey.get(key);
  }

  siteOfSeries(id: number): string | undefined {
    return this.#siteOfSeries[id];
  }

  devicesOfSite(siteId: string): readonly Device[] {
    return this.#devicesOfSite.get(siteId) ?? [];
  }

  seriesOfDevice(deviceId: string): readonly Series[] {
    return this.#seriesOfDevice.get(deviceId) ?? [];
  }

  /**
   * The samples of `batch` whose series are in service here: all of it (the same object) unless a source
   * built on an older registry still makes samples of a device decommissioned since.
   */
  inService(batch: SampleBatch): SampleBatch {
    const n = batch.series.length;
    let kept = 0;
    for (let i = 0; i < n; i++) if (this.#byId[batch.series[i] as number]) kept++;
    if (kept === n) return batch;
    const out = { series: new Int32Array(kept), ts: new Float64Array(kept), values: new Float64Array(kept) };
    for (let i = 0, j = 0; i < n; i++) {
      if (!this.#byId[batch.series[i] as number]) continue;
      out.series[j] = batch.series[i] as number;
      out.ts[j] = batch.ts[i] as number;
      out.values[j++] = batch.values[i] as number;
    }
    return out;
  }

  /** A generator's output series (an inverter's AC power, a turbine's active power), if it has one. */
  powerSeriesOf(deviceId: string): Series | undefined {
    return this.seriesOfDevice(deviceId).find((s) => s.key === 'ac_power' || s.key === 'active_power');
  }

  /** The other devices of the same type on the same site: what a unit's output is compared with. */
  peersOf(device: Device): readonly Device[] {
    return this.devicesOfSite(device.siteId).filter((d) => d.type === device.type && d.id !== device.id);
  }
}

/** A peer's power as it would be on `device`: scaled by their ratings where both have one. */
export const asIf = (device: Device, peer: Device, kw: number): number =>
  device.ratedKw && peer.ratedKw ? (kw * device.ratedKw) / peer.ratedKw : kw;
