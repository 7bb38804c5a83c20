// Alarms, alarm points, rules and events in the store. Every change is one transaction that takes the
// site's next event number, so the event log of a site has no gap and no duplicate (I2, I3). Who acted
// is kept by user id and read as the user's current name (a display name is its owner's to change);
// rows from before ids were kept, or of a user since removed, show the name stored with them.

import type { SeededRule } from '@voltscope/shared/alarmRationale';
import {
  type Alarm,
  type AlarmPriority,
  type AlarmRule,
  type AlarmRuleUpdate,
  type AlarmState,
  type EventSeverity,
  type EventType,
  fillLocalised,
  type LocalisedText,
  type SiteEvent,
} from '@voltscope/shared/alarms';
import type { Db } from '../store/db.ts';

interface RuleRow {
  id: number;
  name: string;
  device_type: string;
  device_id: string | null;
  series_key: string | null;
  kind: string;
  threshold: number;
  deadband: number;
  on_delay_ms: number;
  off_delay_ms: number;
  priority: string;
  message: string;
  consequential_of_grid: number;
  grid_root: number;
  enabled: number;
  cause: string;
  consequence: string;
  corrective_action: string;
  response_minutes: number;
}

const toRule = (r: RuleRow): AlarmRule => ({
  id: Number(r.id),
  name: r.name,
  deviceType: r.device_type,
  deviceId: r.device_id,
  seriesKey: r.series_key,
  kind: r.kind as AlarmRule['kind'],
  threshold: Number(r.threshold),
  deadband: Number(r.deadband),
  onDelayMs: Number(r.on_delay_ms),
  offDelayMs: Number(r.off_delay_ms),
  priority: r.priority as AlarmPriority,
  message: JSON.parse(r.message) as LocalisedText,
  consequentialOfGrid: Boolean(r.consequential_of_grid),
  gridRoot: Boolean(r.grid_root),
  enabled: Boolean(r.enabled),
  cause: JSON.parse(r.cause) as LocalisedText,
  consequence: JSON.parse(r.consequence) as LocalisedText,
  action: JSON.parse(r.corrective_action) as LocalisedText,
  responseMinutes: Number(r.response_minutes),
});

/** The rules in force (a removed device override is retired: kept for its alarms' history, not listed). */
export async function listRules(db: Db): Promise<AlarmRule[]> {
  return (await db.all<RuleRow>('SELECT * FROM alarm_rules WHERE retired_at IS NULL ORDER BY id')).map(toRule);
}

const INSERT_RULE = `INSERT INTO alarm_rules (name, device_type, device_id, series_key, kind, threshold, deadband,
    on_delay_ms, off_delay_ms, priority, message, consequential_of_grid, grid_root, enabled, updated_at,
    cause, consequence, corrective_action, response_minutes)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`;

const ruleValues = (r: SeededRule, deviceId: string | null, enabled: boolean) => [
  r.name,
  r.deviceType,
  deviceId,
  r.seriesKey,
  r.kind,
  r.threshold,
  r.deadband,
  r.onDelayMs,
  r.offDelayMs,
  r.priority,
  JSON.stringify(r.message),
  r.consequentialOfGrid ? 1 : 0,
  r.gridRoot ? 1 : 0,
  enabled ? 1 : 0,
  Date.now(),
  JSON.stringify(r.cause),
  JSON.stringify(r.consequence),
  JSON.stringify(r.action),
  r.responseMinutes,
];

export async function insertRules(db: Db, rules: readonly SeededRule[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of rules) await tx.run(INSERT_RULE, ruleValues(r, null, true));
  });
}

/** A device's own copy of a type rule, with `update` applied; returns its id. */
export async function insertOverride(
  db: Db,
  rule: AlarmRule,
  deviceId: string,
  update: AlarmRuleUpdate,
): Promise<number> {
  const r = { ...rule, ...update };
  return Number((await db.get<{ id: number }>(INSERT_RULE, ruleValues(r, deviceId, r.enabled)))?.id);
}

export async function retireRule(db: Db, id: number): Promise<void> {
  await db.run('UPDATE alarm_rules SET retired_at = ? WHERE id = ?', [Date.now(), id]);
}

export async function updateRule(db: Db, id: number, update: AlarmRuleUpdate): Promise<void> {
  const columns: Record<keyof AlarmRuleUpdate, string> = {
    threshold: 'threshold',
    deadband: 'deadband',
    onDelayMs: 'on_delay_ms',
    offDelayMs: 'off_delay_ms',
    priority: 'priority',
    enabled: 'enabled',
    message: 'message',
    cause: 'cause',
    consequence: 'consequence',
    action: 'corrective_action',
    responseMinutes: 'response_minutes',
  };
  const sets: string[] = [];
  const values: (string | number)[] = [];
  for (const [key, column] of Object.entries(columns) as [keyof AlarmRuleUpdate, string][]) {
    const value = update[key];
    if (value === undefined) continue;
    sets.push(`${column} = ?`);
    values.push(
      typeof value === 'boolean' ? (value ? 1 : 0) : typeof value === 'object' ? JSON.stringify(value) : value,
    );
  }
  if (sets.length === 0) return;
  await db.run(`UPDATE alarm_rules SET ${sets.join(', ')}, updated_at = ? WHERE id = ?`, [...values, Date.now(), id]);
}

interface AlarmRow {
  id: number;
  site_id: string;
  device_id: string;
  rule_id: number;
  priority: string;
  state: string;
  message: string;
  value: number | null;
  raised_at: number;
  cleared_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  acknowledged_by_now?: string | null;
  closed_at: number | null;
  suppressed: number;
  seq: number;
  shelved_until: number | null;
  out_of_service: number | null;
  out_of_service_until: number | null;
}

/** The current name of the user whose id is in `column`; null without one (or once the user is gone). */
const nameNow = (column: string) =>
  `(SELECT COALESCE(NULLIF(u.full_name, ''), u.username) FROM users u WHERE u.id = ${column})`;

const ALARM_SELECT = `SELECT a.*, p.shelved_until, p.out_of_service, p.out_of_service_until,
    ${nameNow('a.acknowledged_by_id')} AS acknowledged_by_now FROM alarms a
  LEFT JOIN alarm_points p ON p.rule_id = a.rule_id AND p.device_id = a.device_id`;

/**
 * The events and the alarms as tables to read from, with who acted under their current name; an event of
 * an alarm with its alarm's message (stored once, on the alarm: migration 22).
 */
export const EVENTS = `(SELECT e.id, e.site_id, e.seq, e.device_id, e.alarm_id, e.type, e.severity,
    COALESCE(e.message, a.message) AS message, e.user_name, e.user_id, e.comment, e.ts,
    ${nameNow('e.user_id')} AS user_now
  FROM events e LEFT JOIN alarms a ON a.id = e.alarm_id) events`;
export const ALARMS = `(SELECT a.*, ${nameNow('a.acknowledged_by_id')} AS acknowledged_by_now FROM alarms a) alarms`;

const num = (v: number | null) => (v === null || v === undefined ? null : Number(v));

export const toAlarm = (r: AlarmRow): Alarm => ({
  id: Number(r.id),
  siteId: r.site_id,
  deviceId: r.device_id,
  ruleId: Number(r.rule_id),
  priority: r.priority as AlarmPriority,
  state: r.state as AlarmState,
  message: JSON.parse(r.message) as LocalisedText,
  value: num(r.value),
  raisedAt: Number(r.raised_at),
  clearedAt: num(r.cleared_at),
  acknowledgedAt: num(r.acknowledged_at),
  acknowledgedBy: r.acknowledged_by_now ?? r.acknowledged_by,
  closedAt: num(r.closed_at),
  shelvedUntil: num(r.shelved_until),
  suppressed: Boolean(r.suppressed),
  outOfService: Boolean(r.out_of_service),
  outOfServiceUntil: r.out_of_service ? num(r.out_of_service_until) : null,
  seq: Number(r.seq),
});

export async function openAlarms(db: Db, siteIds?: readonly string[]): Promise<Alarm[]> {
  const where = siteIds ? ` AND a.site_id IN (${siteIds.map(() => '?').join(', ') || "''"})` : '';
  const rows = await db.all<AlarmRow>(
    `${ALARM_SELECT} WHERE a.state <> 'closed'${where} ORDER BY a.raised_at DESC`,
    siteIds ? [...siteIds] : [],
  );
  return rows.map(toAlarm);
}

export async function getAlarms(db: Db, ids: readonly number[]): Promise<Alarm[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<AlarmRow>(`${ALARM_SELECT} WHERE a.id IN (${ids.map(() => '?').join(', ')})`, [...ids]);
  return rows.map(toAlarm);
}

/**
 * The alarm points an operator took out of service: when each returns by itself (null: by hand only),
 * and its latest occurrence, through which it is returned (out of service, it opens no new one).
 */
export async function pointsOutOfService(
  db: Db,
): Promise<{ ruleId: number; deviceId: string; until: number | null; alarmId: number | null }[]> {
  const rows = await db.all<{ rule_id: number; device_id: string; until: number | null; alarm_id: number | null }>(
    `SELECT p.rule_id, p.device_id, p.out_of_service_until AS until,
       (SELECT MAX(a.id) FROM alarms a WHERE a.rule_id = p.rule_id AND a.device_id = p.device_id) AS alarm_id
     FROM alarm_points p WHERE p.out_of_service = 1`,
  );
  return rows.map((r) => ({
    ruleId: Number(r.rule_id),
    deviceId: r.device_id,
    until: num(r.until),
    alarmId: num(r.alarm_id),
  }));
}

/** The site's next event number ('' for fleet-wide events), taken inside the caller's transaction. */
export async function takeSeq(tx: Db, siteId: string | null): Promise<number> {
  const row = await tx.get<{ seq: number }>(
    `INSERT INTO site_sequences (site_id, seq) VALUES (?, 1)
     ON CONFLICT (site_id) DO UPDATE SET seq = site_sequences.seq + 1 RETURNING seq`,
    [siteId ?? ''],
  );
  return Number(row?.seq);
}

export interface NewEvent {
  siteId: string | null;
  deviceId: string | null;
  alarmId: number | null;
  type: EventType;
  severity: EventSeverity;
  message: LocalisedText;
  userName?: string | null;
  /** Who acted; with it, `{who}` in the message is their name as it stands when the event is read. */
  userId?: number | null;
  comment?: string | null;
  ts: number;
}

/** The message as shown: `{who}` filled with the acting user's name, for events that keep their id. */
const shown = (message: LocalisedText, userId: unknown, userName: string | null): LocalisedText =>
  userId !== null && userId !== undefined && userName !== null ? fillLocalised(message, { who: userName }) : message;

/**
 * Stores an event with the next sequence number of its site, or with `seq` already taken by the caller.
 * An event of an alarm says what its alarm says: its message is the alarm's, stored once, on the alarm.
 */
export async function insertEvent(tx: Db, e: NewEvent, taken?: number): Promise<SiteEvent> {
  const seq = taken ?? (await takeSeq(tx, e.siteId));
  const row = await tx.get<{ id: number }>(
    `INSERT INTO events (site_id, seq, device_id, alarm_id, type, severity, message, user_name, user_id, comment, ts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      e.siteId,
      seq,
      e.deviceId,
      e.alarmId,
      e.type,
      e.severity,
      e.alarmId === null ? JSON.stringify(e.message) : null,
      e.userName ?? null,
      e.userId ?? null,
      e.comment ?? null,
      e.ts,
    ],
  );
  return {
    id: Number(row?.id),
    seq,
    siteId: e.siteId,
    deviceId: e.deviceId,
    alarmId: e.alarmId,
    type: e.type,
    severity: e.severity,
    message: shown(e.message, e.userId, e.userName ?? null),
    userName: e.userName ?? null,
    comment: e.comment ?? null,
    ts: e.ts,
  };
}

interface EventRow {
  id: number;
  seq: number;
  site_id: string | null;
  device_id: string | null;
  alarm_id: number | null;
  type: string;
  severity: string;
  message: string;
  user_name: string | null;
  user_id?: number | null;
  user_now?: string | null;
  comment: string | null;
  ts: number;
}

export const toEvent = (r: EventRow): SiteEvent => {
  const userName = r.user_now ?? r.user_name;
  return {
    id: Number(r.id),
    seq: Number(r.seq),
    siteId: r.site_id,
    deviceId: r.device_id,
    alarmId: num(r.alarm_id),
    type: r.type as EventType,
    severity: r.severity as EventSeverity,
    message: shown(JSON.parse(r.message) as LocalisedText, r.user_id, userName),
    userName,
    comment: r.comment,
    ts: Number(r.ts),
  };
};

/** A site's events after `seq`, oldest first, at most `limit`. */
export async function eventsAfter(db: Db, siteId: string, seq: number, limit: number): Promise<SiteEvent[]> {
  const rows = await db.all<EventRow>(`SELECT * FROM ${EVENTS} WHERE site_id = ? AND seq > ? ORDER BY seq LIMIT ?`, [
    siteId,
    seq,
    limit,
  ]);
  return rows.map(toEvent);
}

export async function siteSeq(db: Db, siteId: string): Promise<number> {
  const row = await db.get<{ seq: number }>('SELECT seq FROM site_sequences WHERE site_id = ?', [siteId]);
  return Number(row?.seq ?? 0);
}

export async function alarmEvents(db: Db, alarmId: number): Promise<SiteEvent[]> {
  return (await db.all<EventRow>(`SELECT * FROM ${EVENTS} WHERE alarm_id = ? ORDER BY seq`, [alarmId])).map(toEvent);
}
