// The access log in the store: an entry written as a reader reports it, its alarm set once raised, and
// the filtered, newest-first reads of the log page and its CSV export.
import type { AccessDenial, AccessEvent, AccessResult } from '@voltscope/shared/contracts/access';
import type { Db, SqlValue } from '../store/db.ts';
import type { AccessRecord } from './doorReader.ts';

export interface AccessFilter {
  /** The sites the caller may read (and asked for): never empty here. */
  sites: readonly string[];
  doors?: readonly string[];
  results?: readonly string[];
  from?: number;
  to?: number;
  /** Text in the person's name or the badge number. */
  text?: string;
}

interface Row {
  id: number | string;
  site_id: string;
  device_id: string;
  ts: number | string;
  badge: string | null;
  person: string | null;
  holder: string | null;
  result: string;
  reason: string | null;
  alarm_id: number | string | null;
}

const COLUMNS = 'id, site_id, device_id, ts, badge, person, holder, result, reason, alarm_id';

const toEvent = (r: Row): AccessEvent => ({
  id: Number(r.id),
  siteId: r.site_id,
  deviceId: r.device_id,
  ts: Number(r.ts),
  badge: r.badge,
  person: r.person,
  holder: r.holder,
  result: r.result as AccessResult,
  reason: r.reason as AccessDenial | null,
  alarmId: r.alarm_id === null ? null : Number(r.alarm_id),
});

export async function insertAccessEvent(db: Db, r: AccessRecord): Promise<AccessEvent> {
  const row = await db.get<Row>(
    `INSERT INTO access_events (site_id, device_id, ts, badge, person, holder, result, reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    [r.siteId, r.deviceId, r.ts, r.badge, r.person, r.holder, r.result, r.reason],
  );
  return toEvent(row as Row);
}

/**
 * Links an alarm to the newest entry of its door with `result` since `since` that has none yet; the
 * entry as it now stands, or null when there is none.
 */
export async function linkAlarm(
  db: Db,
  deviceId: string,
  result: AccessResult,
  since: number,
  alarmId: number,
): Promise<AccessEvent | null> {
  const row = await db.get<Row>(
    `SELECT ${COLUMNS} FROM access_events
     WHERE device_id = ? AND result = ? AND ts >= ? AND alarm_id IS NULL ORDER BY ts DESC, id DESC LIMIT 1`,
    [deviceId, result, since],
  );
  if (!row) return null;
  await db.run('UPDATE access_events SET alarm_id = ? WHERE id = ?', [alarmId, row.id]);
  return { ...toEvent(row), alarmId };
}

function where(f: AccessFilter): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const list = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    parts.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  list('site_id', f.sites);
  list('device_id', f.doors);
  list('result', f.results);
  if (f.from !== undefined) {
    parts.push('ts >= ?');
    params.push(f.from);
  }
  if (f.to !== undefined) {
    parts.push('ts < ?');
    params.push(f.to);
  }
  if (f.text) {
    parts.push("(lower(coalesce(person, '')) LIKE ? OR lower(coalesce(badge, '')) LIKE ?)");
    const like = `%${f.text.toLowerCase().replace(/[%_\\]/g, '')}%`;
    params.push(like, like);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export async function accessPage(
  db: Db,
  filter: AccessFilter,
  page: number,
  pageSize: number,
): Promise<{ items: AccessEvent[]; total: number }> {
  const { sql, params } = where(filter);
  const count = await db.get<{ n: number | string }>(`SELECT count(*) AS n FROM access_events ${sql}`, params);
  const rows = await db.all<Row>(
    `SELECT ${COLUMNS} FROM access_events ${sql} ORDER BY ts DESC, id DESC LIMIT ? OFFSET ?`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { items: rows.map(toEvent), total: Number(count?.n ?? 0) };
}

/** The filtered entries, newest first, read in chunks of 1,000 (an export never holds them all). */
export async function* accessEntries(db: Db, filter: AccessFilter, max: number): AsyncGenerator<AccessEvent> {
  const { sql, params } = where(filter);
  for (let offset = 0; offset < max; offset += 1000) {
    const rows = await db.all<Row>(
      `SELECT ${COLUMNS} FROM access_events ${sql} ORDER BY ts DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, Math.min(1000, max - offset), offset],
    );
    for (const row of rows) yield toEvent(row);
    if (rows.length < 1000) return;
  }
}
