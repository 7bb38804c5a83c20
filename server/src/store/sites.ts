// Sites in the store. Live pages read the sites in service (listSites, getSite): a decommissioned site
// keeps its row and history but is hidden from them until restored. The management page reads them all.
import type { Site, SiteKind } from '@voltscope/shared/domain';
import type { Db } from './db.ts';

interface SiteRow {
  id: string;
  name: string;
  kind: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  capacity_kw: number;
  country: string;
}

interface ManagedSiteRow extends SiteRow {
  grid_limit_kw: number | null;
  created_at: number;
  decommissioned_at: number | null;
  device_count: number;
}

/** A site as the management page lists it (contracts/fleetAdmin.ts `ManagedSite`). */
export interface ManagedSiteRecord extends Site {
  gridLimitKw: number | null;
  createdAt: number;
  decommissionedAt: number | null;
  deviceCount: number;
}

/** The fields of a site an admin writes (its id only on creation). */
export type SiteWrite = Site & { gridLimitKw: number | null };

const fromRow = (r: SiteRow): Site => ({
  id: r.id,
  name: r.name,
  kind: r.kind as SiteKind,
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  timeZone: r.time_zone,
  capacityKw: Number(r.capacity_kw),
  country: r.country,
});

const num = (value: number | null): number | null => (value === null ? null : Number(value));

const fromManagedRow = (r: ManagedSiteRow): ManagedSiteRecord => ({
  ...fromRow(r),
  gridLimitKw: num(r.grid_limit_kw),
  createdAt: Number(r.created_at),
  decommissionedAt: num(r.decommissioned_at),
  deviceCount: Number(r.device_count),
});

const COLUMNS = 'id, name, kind, latitude, longitude, time_zone, capacity_kw, country';
const IN_SERVICE = 'decommissioned_at IS NULL';

/** The sites in service. */
export async function listSites(db: Db): Promise<Site[]> {
  return (await db.all<SiteRow>(`SELECT ${COLUMNS} FROM sites WHERE ${IN_SERVICE} ORDER BY name`)).map(fromRow);
}

/** A site in service. */
export async function getSite(db: Db, id: string): Promise<Site | undefined> {
  const row = await db.get<SiteRow>(`SELECT ${COLUMNS} FROM sites WHERE id = ? AND ${IN_SERVICE}`, [id]);
  return row && fromRow(row);
}

/** Every site's id, decommissioned ones included: what an admin may still name (a user's sites, a display's). */
export async function allSiteIds(db: Db): Promise<Set<string>> {
  return new Set((await db.all<{ id: string }>('SELECT id FROM sites')).map((r) => r.id));
}

const MANAGED_SELECT = `SELECT s.*, (SELECT count(*) FROM devices d WHERE d.site_id = s.id
  AND d.decommissioned_at IS NULL) AS device_count FROM sites s`;

/** Every site, decommissioned ones included, with its devices in service counted. */
export async function listManagedSites(db: Db): Promise<ManagedSiteRecord[]> {
  return (await db.all<ManagedSiteRow>(`${MANAGED_SELECT} ORDER BY s.name`)).map(fromManagedRow);
}

export async function getManagedSite(db: Db, id: string): Promise<ManagedSiteRecord | undefined> {
  const row = await db.get<ManagedSiteRow>(`${MANAGED_SELECT} WHERE s.id = ?`, [id]);
  return row && fromManagedRow(row);
}

export async function upsertSite(db: Db, s: Site): Promise<void> {
  await db.run(
    `INSERT INTO sites (id, name, kind, latitude, longitude, time_zone, capacity_kw, country, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind, latitude = excluded.latitude,
       longitude = excluded.longitude, time_zone = excluded.time_zone, capacity_kw = excluded.capacity_kw,
       country = excluded.country`,
    [s.id, s.name, s.kind, s.latitude, s.longitude, s.timeZone, s.capacityKw, s.country, Date.now()],
  );
}

/** A new site; false when one with its id exists already (decommissioned or not). */
export async function insertSite(db: Db, s: SiteWrite): Promise<boolean> {
  const { changes } = await db.run(
    `INSERT INTO sites (id, name, kind, latitude, longitude, time_zone, capacity_kw, country, grid_limit_kw, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    [s.id, s.name, s.kind, s.latitude, s.longitude, s.timeZone, s.capacityKw, s.country, s.gridLimitKw, Date.now()],
  );
  return changes > 0;
}

export async function updateSite(db: Db, s: SiteWrite): Promise<void> {
  await db.run(
    `UPDATE sites SET name = ?, latitude = ?, longitude = ?, time_zone = ?, capacity_kw = ?, country = ?,
       grid_limit_kw = ? WHERE id = ?`,
    [s.name, s.latitude, s.longitude, s.timeZone, s.capacityKw, s.country, s.gridLimitKw, s.id],
  );
}

/** Takes a site out of service (`at`) or back (null). */
export async function setSiteDecommissioned(db: Db, id: string, at: number | null): Promise<void> {
  await db.run('UPDATE sites SET decommissioned_at = ? WHERE id = ?', [at, id]);
}

/** What keeps a site from being deleted: its devices (any), its open alarms, the displays that show it. */
export async function siteDependents(db: Db, id: string): Promise<{ devices: number; openAlarms: number }> {
  const count = async (sql: string) => Number((await db.get<{ n: number }>(sql, [id]))?.n ?? 0);
  return {
    devices: await count('SELECT count(*) AS n FROM devices WHERE site_id = ?'),
    openAlarms: await count(`SELECT count(*) AS n FROM alarms WHERE site_id = ? AND state <> 'closed'`),
  };
}

/**
 * Deletes a site and what hangs on it by foreign key (its events, ingest keys, daily figures). Its event
 * sequence stays: a site made again with the same id carries on from it, so no client skips its events.
 */
export async function deleteSite(db: Db, id: string): Promise<void> {
  await db.run('DELETE FROM sites WHERE id = ?', [id]);
}
