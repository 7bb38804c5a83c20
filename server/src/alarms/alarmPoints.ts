// What the engine evaluates: an alarm point per enabled rule and device (a device's own rule replaces its
// type's of the same name), indexed by the series that feed them, and the door and motion sensors whose
// openings are events. Built again whenever the rules or the open alarms are re-read.
import { type Alarm, type AlarmRule, fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import type { Device } from '@voltscope/shared/fleet';
import type { Registry } from '../fleet/registry.ts';
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

/** The rule's message for the value that raised it, in every language. */
export function messageOf(point: Point, registry: Registry, raw: number | null): LocalisedText {
  const { rule, device } = point;
  const series = rule.seriesKey
    ? registry.seriesById(registry.seriesIdByKey(`${device.id}/${rule.seriesKey}`) ?? -1)
    : undefined;
  const value = raw === null ? '' : Number.isInteger(raw) ? raw : raw.toFixed(1);
  const values = { device: device.name, value, unit: series?.unit ?? '', threshold: rule.threshold, code: raw ?? '' };
  return fillLocalised(rule.message, values);
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
    message: fillLocalised(SENSOR_MESSAGES[sensor.type], { device: sensor.device.name }),
    ts,
  };
}
