// A site's devices as the management page reads them: every one, decommissioned ones included, with
// firmware, serial number, maintenance (who put it there, by name) and its series as they stand.
import type { Device, Series } from '@voltscope/shared/fleet';
import type { Db } from './db.ts';
import { type DeviceRow, type SeriesRow, toDevice, toSeries } from './devices.ts';

export interface ManagedDeviceRecord extends Device {
  firmware: string;
  serialNumber: string;
  createdAt: number;
  decommissionedAt: number | null;
  maintenance: { reason: string; since: number; byUserId: number | null; byName: string } | null;
  series: (Series & { overridden: boolean })[];
}

interface ManagedRow extends DeviceRow {
  firmware: string;
  serial_number: string;
  created: number;
  decommissioned_at: number | null;
  maintenance_reason: string | null;
  maintenance_since: number | null;
  maintenance_by: number | null;
  by_name: string | null;
}

const num = (value: number | null): number | null => (value === null ? null : Number(value));

const SELECT = `SELECT d.*, COALESCE(d.created_at, s.created_at) AS created,
    COALESCE(NULLIF(u.full_name, ''), u.username) AS by_name
  FROM devices d JOIN sites s ON s.id = d.site_id LEFT JOIN users u ON u.id = d.maintenance_by`;

function toManaged(r: ManagedRow, series: readonly (SeriesRow & { overridden: number })[]): ManagedDeviceRecord {
  return {
    ...toDevice(r),
    firmware: r.firmware,
    serialNumber: r.serial_number,
    createdAt: Number(r.created),
    decommissionedAt: num(r.decommissioned_at),
    maintenance:
      r.maintenance_since === null
        ? null
        : {
            reason: r.maintenance_reason ?? '',
            since: Number(r.maintenance_since),
            byUserId: num(r.maintenance_by),
            byName: r.by_name ?? '',
          },
    series: series.map((s) => ({ ...toSeries(s), overridden: Boolean(Number(s.overridden)) })),
  };
}

async function withSeries(db: Db, rows: readonly ManagedRow[]): Promise<ManagedDeviceRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const series = await db.all<SeriesRow & { overridden: number }>(
    `SELECT * FROM series WHERE device_id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
    ids,
  );
  const bySeries = Map.groupBy(series, (s) => s.device_id);
  return rows.map((r) => toManaged(r, bySeries.get(r.id) ?? []));
}

/** Every device of a site, in service or not, in id order. */
export async function listManagedDevices(db: Db, siteId: string): Promise<ManagedDeviceRecord[]> {
  return withSeries(db, await db.all<ManagedRow>(`${SELECT} WHERE d.site_id = ? ORDER BY d.id`, [siteId]));
}

export async function getManagedDevice(db: Db, id: string): Promise<ManagedDeviceRecord | undefined> {
  const [device] = await withSeries(db, await db.all<ManagedRow>(`${SELECT} WHERE d.id = ?`, [id]));
  return device;
}

/** What keeps a device from being deleted: its open alarms, the devices that hang under it. */
export async function deviceDependents(db: Db, id: string): Promise<{ openAlarms: number; children: number }> {
  const count = async (sql: string) => Number((await db.get<{ n: number }>(sql, [id]))?.n ?? 0);
  return {
    openAlarms: await count(`SELECT count(*) AS n FROM alarms WHERE device_id = ? AND state <> 'closed'`),
    children: await count('SELECT count(*) AS n FROM devices WHERE parent_id = ?'),
  };
}
