// The cameras' rows (migration 16): a camera's stream source and what it covers; an alarm's snapshot.
import type { CameraSettings, CameraSource } from '@voltscope/shared/contracts/cameras';
import type { Db, SqlValue } from '../store/db.ts';

interface CameraRow {
  device_id: string;
  source: string;
  url: string | null;
  width: number;
  height: number;
  fps: number;
  covers: string;
}

const toSettings = (row: CameraRow): CameraSettings => ({
  source: row.source as CameraSource,
  url: row.url,
  width: Number(row.width),
  height: Number(row.height),
  fps: Number(row.fps),
  covers: JSON.parse(row.covers) as string[],
});

/** Every camera's stored settings, by device id. */
export async function listCameraSettings(db: Db): Promise<Map<string, CameraSettings>> {
  const rows = await db.all<CameraRow>('SELECT device_id, source, url, width, height, fps, covers FROM cameras');
  return new Map(rows.map((row) => [row.device_id, toSettings(row)]));
}

export async function saveCameraSettings(db: Db, deviceId: string, settings: CameraSettings): Promise<void> {
  const values = [
    settings.source,
    settings.url,
    settings.width,
    settings.height,
    settings.fps,
    JSON.stringify(settings.covers),
    Date.now(),
  ];
  const { changes } = await db.run(
    'UPDATE cameras SET source = ?, url = ?, width = ?, height = ?, fps = ?, covers = ?, updated_at = ? WHERE device_id = ?',
    [...values, deviceId],
  );
  if (changes === 0) {
    await db.run(
      'INSERT INTO cameras (source, url, width, height, fps, covers, updated_at, device_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [...values, deviceId],
    );
  }
}

/** Only the demo seed: a camera's row written when it has none yet (an admin's settings are kept). */
export async function seedCameraSettings(db: Db, deviceId: string, settings: CameraSettings): Promise<void> {
  const found = await db.get('SELECT 1 AS found FROM cameras WHERE device_id = ?', [deviceId]);
  if (!found) await saveCameraSettings(db, deviceId, settings);
}

export interface AlarmSnapshot {
  alarmId: number;
  siteId: string;
  cameraId: string;
  ts: number;
  jpeg: Uint8Array;
}

export async function insertAlarmSnapshot(db: Db, snapshot: AlarmSnapshot): Promise<void> {
  // Both drivers bind bytes as they are (node:sqlite a BLOB, postgres.js a BYTEA): SqlValue names only
  // the scalar types the rest of the store uses.
  const jpeg = snapshot.jpeg as unknown as SqlValue;
  await db.run('INSERT INTO alarm_snapshots (alarm_id, site_id, camera_id, ts, jpeg) VALUES (?, ?, ?, ?, ?)', [
    snapshot.alarmId,
    snapshot.siteId,
    snapshot.cameraId,
    snapshot.ts,
    jpeg,
  ]);
}

export async function getAlarmSnapshot(db: Db, alarmId: number): Promise<AlarmSnapshot | undefined> {
  const row = await db.get<{ site_id: string; camera_id: string; ts: number; jpeg: Uint8Array }>(
    'SELECT site_id, camera_id, ts, jpeg FROM alarm_snapshots WHERE alarm_id = ?',
    [alarmId],
  );
  if (!row) return undefined;
  return { alarmId, siteId: row.site_id, cameraId: row.camera_id, ts: Number(row.ts), jpeg: row.jpeg };
}

/** Forgets snapshots older than `before` (ms): they follow the alarms' history. */
export async function pruneAlarmSnapshots(db: Db, before: number): Promise<number> {
  return (await db.run('DELETE FROM alarm_snapshots WHERE ts < ?', [before])).changes;
}

/**
 * The demo fleet's cameras (simulated, at the configured size and rate): camera 1 of each site looks at
 * its main gate and the first perimeter sensor, camera 2 at the substation door and the second sensor.
 */
export async function seedDemoCameras(
  db: Db,
  siteIds: readonly string[],
  defaults: { width: number; height: number; fps: number },
): Promise<void> {
  for (const site of siteIds) {
    for (const n of [1, 2]) {
      await seedCameraSettings(db, `${site}.cam${n}`, {
        source: 'simulated',
        url: null,
        ...defaults,
        covers: [`${site}.gate${n}`, `${site}.pir${n}`],
      });
    }
  }
}
