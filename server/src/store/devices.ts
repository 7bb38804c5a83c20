// The fleet registry in the store: devices and their series. The simulator, the ingest, the history API
// and the device pages all read this one registry.
import type { Device, DeviceNames, DeviceState, DeviceType, Metric, Series } from '@voltscope/shared/fleet';
import type { Db } from './db.ts';

export interface DeviceRow {
  id: string;
  site_id: string;
  type: string;
  name: string;
  /** JSON of a partial LocalisedText, or null. */
  names: string | null;
  model: string;
  rated_kw: number | null;
  protocol: string;
  address: string;
  parent_id: string | null;
  state: string;
  last_seen: number | null;
  /** Set while an operator has the device in maintenance (store/maintenance.ts). */
  maintenance_since?: number | null;
}

export interface SeriesRow {
  id: number;
  device_id: string;
  key: string;
  metric: string;
  unit: string;
  scale: number;
  min_value: number;
  max_value: number;
  period_ms: number;
}

export const toDevice = (r: DeviceRow): Device => ({
  id: r.id,
  siteId: r.site_id,
  type: r.type as DeviceType,
  name: r.name,
  ...(r.names ? { names: JSON.parse(r.names) as DeviceNames } : {}),
  model: r.model,
  ratedKw: r.rated_kw === null ? null : Number(r.rated_kw),
  protocol: r.protocol,
  address: r.address,
  parentId: r.parent_id,
  // Maintenance stands above the stored state: every live page shows it while it lasts.
  state: r.maintenance_since == null ? (r.state as DeviceState) : 'maintenance',
  lastSeen: r.last_seen === null ? null : Number(r.last_seen),
});

export const toSeries = (r: SeriesRow): Series => ({
  id: Number(r.id),
  deviceId: r.device_id,
  key: r.key,
  metric: r.metric as Metric,
  unit: r.unit,
  scale: Number(r.scale),
  min: Number(r.min_value),
  max: Number(r.max_value),
  periodMs: Number(r.period_ms),
});

/** In service: neither the device nor its site decommissioned (those are hidden from every live page). */
const IN_SERVICE = `d.decommissioned_at IS NULL
  AND d.site_id IN (SELECT id FROM sites WHERE decommissioned_at IS NULL)`;

/** The devices in service: the registry's. */
export async function listDevices(db: Db): Promise<Device[]> {
  return (await db.all<DeviceRow>(`SELECT d.* FROM devices d WHERE ${IN_SERVICE} ORDER BY d.site_id, d.id`)).map(
    toDevice,
  );
}

/** The series of the devices in service. */
export async function listSeries(db: Db): Promise<Series[]> {
  return (
    await db.all<SeriesRow>(
      `SELECT s.* FROM series s JOIN devices d ON d.id = s.device_id WHERE ${IN_SERVICE} ORDER BY s.id`,
    )
  ).map(toSeries);
}

export async function countDevices(db: Db): Promise<number> {
  return Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM devices'))?.n ?? 0);
}

/** Inserts devices and their series in one transaction; series ids follow on from the highest stored. */
export async function insertFleet(
  db: Db,
  devices: readonly Device[],
  series: readonly Omit<Series, 'id'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const d of devices) {
      await tx.run(
        `INSERT INTO devices (id, site_id, type, name, names, model, rated_kw, protocol, address, parent_id, state, last_seen)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          ...[d.id, d.siteId, d.type, d.name, namesJson(d), d.model, d.ratedKw],
          ...[d.protocol, d.address, d.parentId, d.state, d.lastSeen],
        ],
      );
    }
    let next = Number((await tx.get<{ n: number | null }>('SELECT max(id) AS n FROM series'))?.n ?? 0) + 1;
    for (const s of series) {
      await tx.run(
        `INSERT INTO series (id, device_id, key, metric, unit, scale, min_value, max_value, period_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [next++, s.deviceId, s.key, s.metric, s.unit, s.scale, s.min, s.max, s.periodMs],
      );
    }
  });
}

export const namesJson = (d: Pick<Device, 'names'>) => (d.names ? JSON.stringify(d.names) : null);

/** Gives devices stored without names in other languages the ones given here (a fleet stored before them). */
export async function fillDeviceNames(db: Db, devices: readonly Pick<Device, 'id' | 'names'>[]): Promise<void> {
  const named = devices.filter((d) => d.names);
  if (named.length === 0) return;
  await db.transaction(async (tx) => {
    for (const d of named)
      await tx.run('UPDATE devices SET names = ? WHERE id = ? AND names IS NULL', [namesJson(d), d.id]);
  });
}

export async function updateDeviceStates(
  db: Db,
  changes: readonly { id: string; state: DeviceState; lastSeen: number }[],
) {
  if (changes.length === 0) return;
  await db.transaction(async (tx) => {
    for (const c of changes) {
      await tx.run('UPDATE devices SET state = ?, last_seen = ? WHERE id = ?', [c.state, c.lastSeen, c.id]);
    }
  });
}

/** A fault alarm's occurrence as the trip log reads it (see `Trip` in shared/src/contracts/fleet.ts). */
export interface TripRecord {
  alarmId: number;
  code: number;
  startedAt: number;
  endedAt: number | null;
}

/**
 * A device's trips overlapping [from, to), newest first, at most `limit`: the occurrences of its fault-code
 * alarms. One that closed without returning to normal (its rule retired) ended when it closed.
 */
export async function listTrips(
  db: Db,
  device: Pick<Device, 'id' | 'siteId'>,
  from: number,
  to: number,
  limit: number,
): Promise<TripRecord[]> {
  const rows = await db.all<{ id: number; value: number | null; raised_at: number; ended_at: number | null }>(
    `SELECT a.id, a.value, a.raised_at, COALESCE(a.cleared_at, a.closed_at) AS ended_at
     FROM alarms a JOIN alarm_rules r ON r.id = a.rule_id
     WHERE a.site_id = ? AND a.device_id = ? AND r.kind = 'fault_code' AND a.raised_at < ?
       AND (COALESCE(a.cleared_at, a.closed_at) IS NULL OR COALESCE(a.cleared_at, a.closed_at) > ?)
     ORDER BY a.raised_at DESC, a.id DESC LIMIT ?`,
    [device.siteId, device.id, to, from, limit],
  );
  return rows.map((r) => ({
    alarmId: Number(r.id),
    code: Math.round(Number(r.value ?? 0)),
    startedAt: Number(r.raised_at),
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
  }));
}
