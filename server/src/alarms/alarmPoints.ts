// What the engine evaluates: an alarm point per enabled rule and device (a device's own rule replaces its
// type's of the same name), indexed by the series that feed them, and the door and motion sensors whose
// openings are events. Built again whenever the rules or the open alarms are re-read.
import { type Alarm, type AlarmRule, fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import { type Device, localisedName } from '@voltscope/shared/fleet';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import { PointCondition } from './condition.ts';
import type { NewEvent } from './store.ts';

export interface Point {
  key: string;
  rule: AlarmRule;
  device: Device;
  condition: PointCondition;
  /** The last value that fed the condition (for the message). */
  value: number | null;
}

export interface BinarySensor {
  device: Device;
  type: 'door' | 'motion';
  value: number | null;
}

export interface Points {
  byKey: Map<string, Point>;
  bySeries: Map<number, Point[]>;
  commLoss: Point[];
  /** Door and motion sensors by their 0/1 series: an event on each opening. */
  binary: Map<number, BinarySensor>;
}

export const pointKey = (ruleId: number, deviceId: string) => `${ruleId}|${deviceId}`;

const BINARY_SENSORS: Partial<Record<string, { key: string; type: 'door' | 'motion' }>> = {
  door_reader: { key: 'door_open', type: 'door' },
  motion_sensor: { key: 'motion', type: 'motion' },
};

const SENSOR_MESSAGES: Record<'door' | 'motion', LocalisedText> = {
  door: {
    en: '{device}: door opened',
    fr: '{device} : porte ouverte',
    fa: '{device}: در باز شد',
    ar: '{device}: فُتح الباب',
  },
  motion: {
    en: '{device}: motion detected',
    fr: '{device} : mouvement détecté',
    fa: '{device}: حرکت شناسایی شد',
    ar: '{device}: رُصدت حركة',
  },
};

/** The enabled rules of a device: its type's, each replaced by the device's own of the same name. */
function rulesFor(rules: readonly AlarmRule[], device: Device): AlarmRule[] {
  const own = rules.filter((r) => r.deviceId === device.id);
  return rules
    .filter((r) => r.deviceId === null && r.deviceType === device.type && !own.some((o) => o.name === r.name))
    .concat(own)
    .filter((r) => r.enabled);
}

/** The points of every device, each condition starting active where its point has an active occurrence. */
export function buildPoints(rules: readonly AlarmRule[], registry: Registry, open: ReadonlyMap<string, Alarm>): Points {
  const points: Points = { byKey: new Map(), bySeries: new Map(), commLoss: [], binary: new Map() };
  for (const device of registry.devices.values()) {
    const binary = BINARY_SENSORS[device.type];
    const seriesId = binary && registry.seriesIdByKey(`${device.id}/${binary.key}`);
    if (binary && seriesId !== undefined) points.binary.set(seriesId, { device, type: binary.type, value: null });
    for (const rule of rulesFor(rules, device)) {
      const key = pointKey(rule.id, device.id);
      const occurrence = open.get(key);
      // An open occurrence that has returned to normal waits only for its acknowledgement.
      const active = occurrence !== undefined && occurrence.state !== 'rtn_unacknowledged';
      const point: Point = { key, rule, device, condition: new PointCondition(rule, active), value: null };
      points.byKey.set(key, point);
      if (rule.kind === 'comm_loss') {
        points.commLoss.push(point);
        continue;
      }
      const id = registry.seriesIdByKey(`${device.id}/${rule.seriesKey}`);
      if (id === undefined) continue;
      const list = points.bySeries.get(id) ?? [];
      list.push(point);
      points.bySeries.set(id, list);
    }
  }
  return points;
}

/**
 * The rule's message for the value that raised it, in every language, with the device's name in each;
 * `more` fills placeholders of some rules (a fault's meaning and the power lost: the engine's).
 */
export function messageOf(
  point: Point,
  registry: Registry,
  raw: number | null,
  more: Record<string, string | LocalisedText> = {},
): LocalisedText {
  const { rule, device } = point;
  const series = rule.seriesKey
    ? registry.seriesById(registry.seriesIdByKey(`${device.id}/${rule.seriesKey}`) ?? -1)
    : undefined;
  const value = raw === null ? '' : Number.isInteger(raw) ? raw : raw.toFixed(1);
  const values = { value, unit: series?.unit ?? '', threshold: rule.threshold, code: raw ?? '', ...more };
  return fillLocalised(rule.message, { device: localisedName(device), ...values });
}

/** A sensor's new value; the event to record when it is an opening (or motion starting). */
export function sensorSample(sensor: BinarySensor, value: number, ts: number): NewEvent | null {
  const previous = sensor.value;
  sensor.value = value;
  // The first value heard only sets the state.
  if (previous === null || previous === value || value !== 1) return null;
  return {
    siteId: sensor.device.siteId,
    deviceId: sensor.device.id,
    alarmId: null,
    type: sensor.type,
    severity: 'info',
    message: fillLocalised(SENSOR_MESSAGES[sensor.type], { device: localisedName(sensor.device) }),
    ts,
  };
}

/** When the device was last heard from: its newest sample of any series; null when never. */
export function lastSeenOf(registry: Registry, latest: LatestValues, device: Device): number | null {
  let last: number | null = null;
  for (const series of registry.seriesOfDevice(device.id)) {
    const ts = latest.get(series.id)?.ts;
    if (ts !== undefined && (last === null || ts > last)) last = ts;
  }
  return last;
}

/** What the clock alone changes at `now`: delays that ran out without a new sample, communication loss. */
export function clockChanges(
  points: Points,
  now: number,
  lastSeen: (device: Device) => number | null,
): { point: Point; change: 'raise' | 'clear' }[] {
  const changes: { point: Point; change: 'raise' | 'clear' }[] = [];
  for (const point of points.byKey.values()) {
    if (point.rule.kind === 'comm_loss') continue;
    const change = point.condition.check(now);
    if (change) changes.push({ point, change });
  }
  for (const point of points.commLoss) {
    const seen = lastSeen(point.device);
    // A device never heard from is not lost, only not there yet.
    if (seen === null) continue;
    const silent = now - seen > point.rule.threshold * 1000;
    if (silent !== point.condition.active) {
      point.condition.active = silent;
      point.value = Math.round((now - seen) / 1000);
      changes.push({ point, change: silent ? 'raise' : 'clear' });
    }
  }
  return changes;
}

const ruleOf = (points: Points, alarm: Alarm) => points.byKey.get(pointKey(alarm.ruleId, alarm.deviceId))?.rule;

/** Whether the site's grid is out: an active (not yet returned) occurrence of a grid-root rule. */
export function gridOut(open: Iterable<Alarm>, points: Points, siteId: string): boolean {
  for (const alarm of open)
    if (alarm.siteId === siteId && alarm.state !== 'rtn_unacknowledged' && ruleOf(points, alarm)?.gridRoot) return true;
  return false;
}

/** The site's open occurrences that a grid outage suppresses by design. */
export function consequentialOfGrid(open: Iterable<Alarm>, points: Points, siteId: string): Alarm[] {
  return [...open].filter((a) => a.siteId === siteId && ruleOf(points, a)?.consequentialOfGrid);
}
