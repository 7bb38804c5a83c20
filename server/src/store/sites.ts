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

const COLUMNS = 'id, name, kind, latitude, longitude, time_zone, capacity_kw, country';

export async function listSites(db: Db): Promise<Site[]> {
  return (await db.all<SiteRow>(`SELECT ${COLUMNS} FROM sites ORDER BY name`)).map(fromRow);
}

export async function getSite(db: Db, id: string): Promise<Site | undefined> {
  const row = await db.get<SiteRow>(`SELECT ${COLUMNS} FROM sites WHERE id = ?`, [id]);
  return row && fromRow(row);
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
