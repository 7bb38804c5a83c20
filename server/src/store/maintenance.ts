// What the operators' side reads of a device beyond the registry, and the one thing it writes: its
// firmware, whether it is decommissioned, and its maintenance (why, since when, by whom). The maintenance
// columns are migration 13's; the author's name is read as it stands now ('' once the account is gone:
// no foreign key, the record outlives the user).
import type { Db } from './db.ts';

export interface Maintenance {
  reason: string;
  since: number;
  byUserId: number | null;
  byName: string;
}

export interface DeviceUpkeep {
  firmware: string;
  decommissioned: boolean;
  maintenance: Maintenance | null;
}

interface UpkeepRow {
  id: string;
  firmware: string | null;
  decommissioned_at: number | null;
  maintenance_reason: string | null;
  maintenance_since: number | null;
  maintenance_by: number | null;
  full_name: string | null;
  username: string | null;
}

const SELECT = `SELECT d.id, d.firmware, d.decommissioned_at, d.maintenance_reason, d.maintenance_since,
    d.maintenance_by, u.full_name, u.username
  FROM devices d LEFT JOIN users u ON u.id = d.maintenance_by`;

const toUpkeep = (r: UpkeepRow): DeviceUpkeep => ({
  firmware: r.firmware ?? '',
  decommissioned: r.decommissioned_at !== null,
  maintenance:
    r.maintenance_since === null
      ? null
      : {
          reason: r.maintenance_reason ?? '',
          since: Number(r.maintenance_since),
          byUserId: r.maintenance_by === null ? null : Number(r.maintenance_by),
          byName: r.full_name || r.username || '',
        },
});

/** Every device's upkeep, by device id. */
export async function listUpkeep(db: Db): Promise<Map<string, DeviceUpkeep>> {
  const rows = await db.all<UpkeepRow>(SELECT);
  return new Map(rows.map((r) => [r.id, toUpkeep(r)]));
}

export async function getUpkeep(db: Db, deviceId: string): Promise<DeviceUpkeep | undefined> {
  const row = await db.get<UpkeepRow>(`${SELECT} WHERE d.id = ?`, [deviceId]);
  return row && toUpkeep(row);
}

/** The ids of the devices in maintenance now. */
export async function devicesInMaintenance(db: Db): Promise<Set<string>> {
  const rows = await db.all<{ id: string }>('SELECT id FROM devices WHERE maintenance_since IS NOT NULL');
  return new Set(rows.map((r) => r.id));
}

/**
 * Puts the device into maintenance; false when it already was (the row is left as it stands: the first
 * reason and author hold until it is back in service).
 */
export async function startMaintenance(
  db: Db,
  deviceId: string,
  reason: string,
  byUserId: number,
  since: number,
): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE devices SET maintenance_reason = ?, maintenance_since = ?, maintenance_by = ?
     WHERE id = ? AND maintenance_since IS NULL`,
    [reason, since, byUserId, deviceId],
  );
  return changes > 0;
}

/** Back in service; false when it was not in maintenance. */
export async function endMaintenance(db: Db, deviceId: string): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE devices SET maintenance_reason = NULL, maintenance_since = NULL, maintenance_by = NULL
     WHERE id = ? AND maintenance_since IS NOT NULL`,
    [deviceId],
  );
  return changes > 0;
}

/** The alarms of the device put out of service at or after `since` (by the maintenance that began then). */
export async function alarmsOutOfServiceSince(
  db: Db,
  device: { id: string; siteId: string },
  since: number,
): Promise<number[]> {
  const rows = await db.all<{ alarm_id: number }>(
    `SELECT DISTINCT alarm_id FROM events
     WHERE site_id = ? AND ts >= ? AND device_id = ? AND type = 'alarm_out_of_service' AND alarm_id IS NOT NULL`,
    [device.siteId, since, device.id],
  );
  return rows.map((r) => Number(r.alarm_id));
}
