// The management page's writes to devices and their series. Each runs in the transaction it is given, so
// that a CSV import writes all its rows or none.
import type { DeviceType } from '@voltscope/shared/fleet';
import type { Db } from './db.ts';

/** The fields of a device an admin writes. */
export interface DeviceWrite {
  id: string;
  siteId: string;
  type: DeviceType;
  name: string;
  model: string;
  firmware: string;
  serialNumber: string;
  ratedKw: number | null;
  protocol: string;
  address: string;
  parentId: string | null;
}

/** A series of a device as it stands: its type's range and period, or the device's own (`overridden`). */
export interface SeriesWrite {
  key: string;
  metric: string;
  unit: string;
  min: number;
  max: number;
  periodMs: number;
  overridden: boolean;
}

/**
 * New devices, each with its series; false when one has an id taken meanwhile (the caller's transaction
 * then rolls back). Series ids follow on from the highest stored, and from `floor` (the highest the hub has
 * held since it started: a deleted series' id is not given again while its live values may be in memory).
 */
export async function insertDevices(
  tx: Db,
  devices: readonly { device: DeviceWrite; series: readonly SeriesWrite[] }[],
  floor = 0,
): Promise<boolean> {
  const stored = Number((await tx.get<{ n: number | null }>('SELECT max(id) AS n FROM series'))?.n ?? 0);
  let next = Math.max(stored, floor) + 1;
  const now = Date.now();
  for (const { device: d, series } of devices) {
    const { changes } = await tx.run(
      `INSERT INTO devices (id, site_id, type, name, model, firmware, serial_number, rated_kw, protocol, address,
         parent_id, state, last_seen, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'online', NULL, ?) ON CONFLICT (id) DO NOTHING`,
      [
        ...[d.id, d.siteId, d.type, d.name, d.model, d.firmware, d.serialNumber, d.ratedKw],
        ...[d.protocol, d.address, d.parentId, now],
      ],
    );
    if (changes === 0) return false;
    if (series.length === 0) continue;
    // One statement per device: an import of thousands stays a few round trips per row.
    await tx.run(
      `INSERT INTO series (id, device_id, key, metric, unit, scale, min_value, max_value, period_ms, overridden)
       VALUES ${series.map(() => '(?, ?, ?, ?, ?, 1, ?, ?, ?, ?)').join(', ')}`,
      series.flatMap((s) => [next++, d.id, s.key, s.metric, s.unit, s.min, s.max, s.periodMs, s.overridden ? 1 : 0]),
    );
  }
  return true;
}

export async function updateDevice(tx: Db, d: DeviceWrite): Promise<void> {
  await tx.run(
    `UPDATE devices SET name = ?, model = ?, firmware = ?, serial_number = ?, rated_kw = ?, protocol = ?,
       address = ?, parent_id = ? WHERE id = ?`,
    [d.name, d.model, d.firmware, d.serialNumber, d.ratedKw, d.protocol, d.address, d.parentId, d.id],
  );
}

/** Sets each series' range and period (its type's again, or the device's own). */
export async function updateSeriesRanges(tx: Db, deviceId: string, series: readonly SeriesWrite[]): Promise<void> {
  for (const s of series) {
    await tx.run(
      'UPDATE series SET min_value = ?, max_value = ?, period_ms = ?, overridden = ? WHERE device_id = ? AND key = ?',
      [s.min, s.max, s.periodMs, s.overridden ? 1 : 0, deviceId, s.key],
    );
  }
}

/** Takes a device out of service (`at`) or back (null). */
export async function setDeviceDecommissioned(db: Db, id: string, at: number | null): Promise<void> {
  await db.run('UPDATE devices SET decommissioned_at = ? WHERE id = ?', [at, id]);
}

/**
 * Deletes a device with its series, their history, its own alarm rules and points and its daily figures
 * (its closed alarms and its events stay in the log). Returns the ids of the series deleted.
 */
export async function deleteDevice(db: Db, id: string): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = (await tx.all<{ id: number }>('SELECT id FROM series WHERE device_id = ?', [id])).map((r) =>
      Number(r.id),
    );
    if (ids.length > 0) {
      const list = ids.map(() => '?').join(', ');
      // SQLite also holds new samples staged for their move into `samples` (telemetry/sqliteStaging.ts).
      const staged = tx.dialect === 'sqlite' ? ['samples_staged'] : [];
      for (const table of ['samples', ...staged, 'rollup_1m', 'rollup_1h']) {
        await tx.run(`DELETE FROM ${table} WHERE series_id IN (${list})`, ids);
      }
    }
    await tx.run('DELETE FROM alarm_points WHERE device_id = ?', [id]);
    await tx.run('DELETE FROM alarm_rules WHERE device_id = ?', [id]);
    await tx.run('DELETE FROM daily_kpis WHERE device_id = ?', [id]);
    await tx.run('DELETE FROM devices WHERE id = ?', [id]);
    return ids;
  });
}
