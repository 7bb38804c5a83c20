// Event and alarm history: filters, sorting and pages done by the store, and CSV exports that stream
// the whole filtered set in chunks (a year of events never sits in memory at once).
import type { Alarm, alarmSortKeys, eventSortKeys, LogPage, SiteEvent } from '@voltscope/shared/alarms';
import type { Db, SqlValue } from '../store/db.ts';
import { ALARMS, EVENTS, toAlarm, toEvent } from './store.ts';

export interface LogFilter {
  /** The sites the caller may read (the filter is intersected with them). */
  sites: readonly string[];
  /** Whether fleet-wide events (no site) are included: admins only. */
  fleetWide: boolean;
  /** Set for a caller who may not read other users: of the account events, only this user's own. */
  accountEventsOf?: number;
  devices?: readonly string[];
  types?: readonly string[];
  priorities?: readonly string[];
  states?: readonly string[];
  from?: number;
  to?: number;
  text?: string;
}

/** What each log reads: the table with who acted under their current name (store.ts). */
const FROM = { events: EVENTS, alarms: ALARMS } as const;

/** Events about a user's account: each user reads their own, only admins everyone's. */
export const ACCOUNT_EVENTS: readonly string[] = ['sign_in'];

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** A LIKE pattern that matches `text` literally anywhere. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(filter: LogFilter, table: 'events' | 'alarms'): { sql: string; params: SqlValue[] } {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  const siteClause = filter.sites.length > 0 ? `site_id IN (${placeholders(filter.sites.length)})` : '1 = 0';
  clauses.push(filter.fleetWide && table === 'events' ? `(${siteClause} OR site_id IS NULL)` : siteClause);
  params.push(...filter.sites);
  const list = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    clauses.push(`${column} IN (${placeholders(values.length)})`);
    params.push(...values);
  };
  list('device_id', filter.devices);
  if (table === 'events' && filter.accountEventsOf !== undefined) {
    clauses.push(`(type NOT IN (${placeholders(ACCOUNT_EVENTS.length)}) OR user_id = ?)`);
    params.push(...ACCOUNT_EVENTS, filter.accountEventsOf);
  }
  if (table === 'events') {
    list('type', filter.types);
    list('severity', filter.priorities);
  } else {
    list('priority', filter.priorities);
    list('state', filter.states);
  }
  const time = table === 'events' ? 'ts' : 'raised_at';
  if (filter.from !== undefined) {
    clauses.push(`${time} >= ?`);
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push(`${time} < ?`);
    params.push(filter.to);
  }
  if (filter.text) {
    const columns =
      table === 'events'
        ? "message || ' ' || coalesce(user_now, user_name, '') || ' ' || coalesce(comment, '')"
        : 'message';
    clauses.push(`lower(${columns}) LIKE ? ESCAPE '\\'`);
    params.push(contains(filter.text));
  }
  return { sql: clauses.join(' AND '), params };
}

/** Severities and priorities sort by rank, not by name. */
const rank = (column: string) =>
  `CASE ${column} WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END`;

// Nullable columns sort as '' so that both stores put fleet-wide rows in the same place.
export const eventSorts = {
  ts: 'ts',
  type: 'type',
  severity: rank('severity'),
  site: "COALESCE(site_id, '')",
  device: "COALESCE(device_id, '')",
} as const satisfies Record<(typeof eventSortKeys)[number], string>;
export const alarmSorts = {
  raisedAt: 'raised_at',
  priority: rank('priority'),
  state: 'state',
  site: 'site_id',
  device: 'device_id',
} as const satisfies Record<(typeof alarmSortKeys)[number], string>;

export interface PageRequest<S extends string> {
  sort: S;
  descending: boolean;
  page: number;
  pageSize: number;
}

async function page<T, Row>(
  db: Db,
  table: 'events' | 'alarms',
  filter: LogFilter,
  order: string,
  request: PageRequest<string>,
  convert: (row: Row) => T,
): Promise<LogPage<T>> {
  const { sql, params } = where(filter, table);
  const total = Number(
    (await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${FROM[table]} WHERE ${sql}`, params))?.n ?? 0,
  );
  const direction = request.descending ? 'DESC' : 'ASC';
  const rows = await db.all<Row>(
    `SELECT * FROM ${FROM[table]} WHERE ${sql} ORDER BY ${order} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    [...params, request.pageSize, (request.page - 1) * request.pageSize],
  );
  return { items: rows.map(convert), total, page: request.page, pageSize: request.pageSize };
}

export function eventPage(db: Db, filter: LogFilter, request: PageRequest<keyof typeof eventSorts>) {
  return page(db, 'events', filter, eventSorts[request.sort], request, toEvent as (row: unknown) => SiteEvent);
}

export function alarmPage(db: Db, filter: LogFilter, request: PageRequest<keyof typeof alarmSorts>) {
  // Alarms read their point (shelved, out of service) like everywhere else.
  return page(db, 'alarms', filter, alarmSorts[request.sort], request, toAlarm as unknown as (row: unknown) => Alarm);
}

const CHUNK = 2000;

/**
 * Every row of the filtered set in the order of the page (its sort, then id): the order is read once,
 * as ids only (one sort of small rows), then the rows CHUNK at a time by id, so that no query sorts the
 * whole set again and a year of events never sits in memory at once.
 */
async function* rowsOf<Row extends { id: number }>(
  db: Db,
  table: 'events' | 'alarms',
  filter: LogFilter,
  order: string,
  descending: boolean,
) {
  const { sql, params } = where(filter, table);
  const direction = descending ? 'DESC' : 'ASC';
  const ids = (
    await db.all<{ id: number }>(
      `SELECT id FROM ${FROM[table]} WHERE ${sql} ORDER BY ${order} ${direction}, id ${direction}`,
      params,
    )
  ).map((row) => Number(row.id));
  for (let from = 0; from < ids.length; from += CHUNK) {
    const chunk = ids.slice(from, from + CHUNK);
    const rows = await db.all<Row>(`SELECT * FROM ${FROM[table]} WHERE id IN (${placeholders(chunk.length)})`, chunk);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet (OWASP). */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A header line, then the rows as CSV lines in chunks of about 64 KiB (few writes, little memory). */
async function* csv<Row>(header: string[], rows: AsyncIterable<Row>, fields: (row: Row) => (string | number | null)[]) {
  yield `\uFEFF${line(header)}`;
  let batch = '';
  for await (const row of rows) {
    batch += line(fields(row));
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** What a CSV export writes beside ids: the names the page shows, in the reader's language. */
export interface CsvNames {
  site(siteId: string): string | undefined;
  device(deviceId: string): string | undefined;
}

/** A CSV export: in the page's order, messages and names in the reader's language. */
export interface CsvRequest<S extends string> extends Omit<PageRequest<S>, 'page' | 'pageSize'> {
  language: 'en' | 'fr' | 'fa' | 'ar';
  names: CsvNames;
}

/** The names of a row's site and device (its ids go in columns of their own at the end). */
const place = (names: CsvNames, siteId: string | null, deviceId: string | null) => [
  siteId === null ? null : (names.site(siteId) ?? siteId),
  deviceId === null ? null : (names.device(deviceId) ?? deviceId),
];

export function eventsCsv(db: Db, filter: LogFilter, request: CsvRequest<keyof typeof eventSorts>) {
  const { language, names } = request;
  return csv(
    [
      'time',
      'site',
      'device',
      'type',
      'severity',
      'message',
      'user',
      'comment',
      'alarm',
      'seq',
      'site id',
      'device id',
    ],
    rowsOf<{ id: number }>(db, 'events', filter, eventSorts[request.sort], request.descending),
    (row) => {
      const e = toEvent(row as never);
      return [
        iso(e.ts),
        ...place(names, e.siteId, e.deviceId),
        e.type,
        e.severity,
        e.message[language],
        e.userName,
        e.comment,
        e.alarmId,
        e.seq,
        e.siteId,
        e.deviceId,
      ];
    },
  );
}

export function alarmsCsv(db: Db, filter: LogFilter, request: CsvRequest<keyof typeof alarmSorts>) {
  const { language, names } = request;
  return csv(
    [
      'raised',
      'site',
      'device',
      'priority',
      'state',
      'message',
      'value',
      'returned',
      'acknowledged',
      'acknowledged by',
      'closed',
      'site id',
      'device id',
      'id',
    ],
    rowsOf<{ id: number }>(db, 'alarms', filter, alarmSorts[request.sort], request.descending),
    (row) => {
      const a = toAlarm(row as never);
      return [
        iso(a.raisedAt),
        ...place(names, a.siteId, a.deviceId),
        a.priority,
        a.state,
        a.message[language],
        a.value,
        iso(a.clearedAt),
        iso(a.acknowledgedAt),
        a.acknowledgedBy,
        iso(a.closedAt),
        a.siteId,
        a.deviceId,
        a.id,
      ];
    },
  );
}
