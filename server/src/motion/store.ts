// Site plans and motion tracks in the store (migration 18).
import type { PlacedDevice, PlanZone, Track, TrackPoint } from '@voltscope/shared/contracts/motion';
import type { Db } from '../store/db.ts';

export interface StoredPlan {
  siteId: string;
  /** base64; null: the generated picture. */
  image: string | null;
  contentType: string | null;
  width: number;
  height: number;
  layout: { devices: PlacedDevice[]; zones: PlanZone[] } | null;
  updatedAt: number;
}

interface PlanRow {
  site_id: string;
  image: string | null;
  content_type: string | null;
  width: number;
  height: number;
  layout: string | null;
  updated_at: number | string;
}

const planOf = (r: PlanRow): StoredPlan => ({
  siteId: r.site_id,
  image: r.image,
  contentType: r.content_type,
  width: Number(r.width),
  height: Number(r.height),
  layout: r.layout ? JSON.parse(r.layout) : null,
  updatedAt: Number(r.updated_at),
});

/** Every stored plan without its picture (the simulator's and the pages' placements). */
export async function listPlans(db: Db): Promise<StoredPlan[]> {
  const rows = await db.all<PlanRow>(
    'SELECT site_id, NULL AS image, content_type, width, height, layout, updated_at FROM site_plans',
  );
  return rows.map(planOf);
}

export async function getPlanImage(db: Db, siteId: string): Promise<{ image: string; contentType: string } | null> {
  const row = await db.get<{ image: string | null; content_type: string | null }>(
    'SELECT image, content_type FROM site_plans WHERE site_id = ?',
    [siteId],
  );
  return row?.image && row.content_type ? { image: row.image, contentType: row.content_type } : null;
}

export async function savePlan(db: Db, plan: StoredPlan): Promise<void> {
  await db.run(
    `INSERT INTO site_plans (site_id, image, content_type, width, height, layout, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (site_id) DO UPDATE SET image = excluded.image, content_type = excluded.content_type,
       width = excluded.width, height = excluded.height, layout = excluded.layout, updated_at = excluded.updated_at`,
    [
      plan.siteId,
      plan.image,
      plan.contentType,
      plan.width,
      plan.height,
      plan.layout ? JSON.stringify(plan.layout) : null,
      plan.updatedAt,
    ],
  );
}

/** The plan's stored layout alone (the picture kept as it is). */
export async function saveLayout(
  db: Db,
  siteId: string,
  layout: { devices: PlacedDevice[]; zones: PlanZone[] },
  size: { width: number; height: number },
  at: number,
): Promise<void> {
  await db.run(
    `INSERT INTO site_plans (site_id, image, content_type, width, height, layout, updated_at)
     VALUES (?, NULL, NULL, ?, ?, ?, ?)
     ON CONFLICT (site_id) DO UPDATE SET layout = excluded.layout, updated_at = excluded.updated_at`,
    [siteId, size.width, size.height, JSON.stringify(layout), at],
  );
}

export async function deletePlan(db: Db, siteId: string): Promise<void> {
  await db.run('DELETE FROM site_plans WHERE site_id = ?', [siteId]);
}

/** A track as written: its head, and the points not yet stored. */
export interface TrackWrite {
  id: string;
  siteId: string;
  kind: string;
  zone: string | null;
  startedAt: number;
  endedAt: number | null;
  alarmId: number | null;
  points: readonly TrackPoint[];
}

/** Writes tracks (inserted or updated) and their new points, in one transaction. */
export async function writeTracks(db: Db, tracks: readonly TrackWrite[]): Promise<void> {
  if (tracks.length === 0) return;
  await db.transaction(async (tx) => {
    for (const t of tracks) {
      await tx.run(
        `INSERT INTO motion_tracks (id, site_id, kind, zone, started_at, ended_at, alarm_id) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET zone = excluded.zone, ended_at = excluded.ended_at, alarm_id = excluded.alarm_id`,
        [
          t.id,
          t.siteId,
          t.kind,
          t.zone,
          Math.round(t.startedAt),
          t.endedAt === null ? null : Math.round(t.endedAt),
          t.alarmId,
        ],
      );
      for (const p of t.points) {
        await tx.run(
          `INSERT INTO motion_points (track_id, ts, x, y, sensor_id, camera_id) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (track_id, ts) DO NOTHING`,
          [t.id, Math.round(p.ts), p.x, p.y, p.sensorId, p.cameraId],
        );
      }
    }
  });
}

export async function hasTracks(db: Db): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM motion_tracks LIMIT 1')) !== undefined;
}

interface TrackRow {
  id: string;
  site_id: string;
  kind: 'person' | 'vehicle';
  zone: string | null;
  started_at: number | string;
  ended_at: number | string | null;
  alarm_id: number | string | null;
}

interface PointRow {
  track_id: string;
  ts: number | string;
  x: number;
  y: number;
  sensor_id: string | null;
  camera_id: string | null;
}

/** Tracks of a site that ran within [from, to], oldest first, at most `limit`, with their points. */
export async function tracksBetween(
  db: Db,
  siteId: string,
  from: number,
  to: number,
  limit: number,
): Promise<{ tracks: Track[]; truncated: boolean }> {
  const rows = await db.all<TrackRow>(
    `SELECT id, site_id, kind, zone, started_at, ended_at, alarm_id FROM motion_tracks
     WHERE site_id = ? AND started_at <= ? AND (ended_at IS NULL OR ended_at >= ?)
     ORDER BY started_at DESC LIMIT ?`,
    [siteId, to, from, limit + 1],
  );
  const truncated = rows.length > limit;
  const kept = rows.slice(0, limit).reverse();
  const points = new Map<string, TrackPoint[]>(kept.map((r) => [r.id, []]));
  for (let i = 0; i < kept.length; i += 200) {
    const ids = kept.slice(i, i + 200).map((r) => r.id);
    const found = await db.all<PointRow>(
      `SELECT track_id, ts, x, y, sensor_id, camera_id FROM motion_points
       WHERE track_id IN (${ids.map(() => '?').join(', ')}) ORDER BY track_id, ts`,
      ids,
    );
    for (const p of found) {
      points.get(p.track_id)?.push({
        ts: Number(p.ts),
        x: Number(p.x),
        y: Number(p.y),
        sensorId: p.sensor_id,
        cameraId: p.camera_id,
      });
    }
  }
  return {
    truncated,
    tracks: kept.map((r) => ({
      id: r.id,
      siteId: r.site_id,
      kind: r.kind,
      zone: r.zone,
      startedAt: Number(r.started_at),
      endedAt: r.ended_at === null ? null : Number(r.ended_at),
      alarmId: r.alarm_id === null ? null : Number(r.alarm_id),
      points: points.get(r.id) ?? [],
    })),
  };
}
