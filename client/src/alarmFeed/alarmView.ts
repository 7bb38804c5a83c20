// How an open alarm is presented: the one display category it falls in (its ISA-18.2 state, unless it
// is out of service, shelved or suppressed by design, which hide it from annunciation), whether it
// still waits for an operator, whether it sounds, and the counts per priority the navbar shows.
import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';

export const alarmCategories = [
  'unacknowledged',
  'acknowledged',
  'rtn_unacknowledged',
  'shelved',
  'suppressed',
  'out_of_service',
] as const;
export type AlarmCategory = (typeof alarmCategories)[number];

export function categoryOf(alarm: Alarm): AlarmCategory {
  if (alarm.outOfService) return 'out_of_service';
  if (alarm.shelvedUntil !== null) return 'shelved';
  if (alarm.suppressed) return 'suppressed';
  return alarm.state === 'closed' ? 'acknowledged' : alarm.state;
}

/** Waiting for an acknowledgement (active or back to normal). */
export const isUnacknowledged = (alarm: Alarm): boolean =>
  alarm.state === 'unacknowledged' || alarm.state === 'rtn_unacknowledged';

/** Presented to the operator: not shelved, not suppressed by design, not out of service. */
export const isPresented = (alarm: Alarm): boolean =>
  !alarm.outOfService && alarm.shelvedUntil === null && !alarm.suppressed;

/** Priorities the annunciator sounds for (ISA-18.2 leaves the choice to the alarm philosophy). */
export const audiblePriorities: readonly AlarmPriority[] = ['critical', 'high'];

/**
 * Sounds until acknowledged: unacknowledged, presented, of an audible priority. An alarm that returned
 * to normal before anyone acknowledged it still sounds: a fleeting fault is news the operator must hear.
 */
export const isAudible = (alarm: Alarm): boolean =>
  isUnacknowledged(alarm) && isPresented(alarm) && audiblePriorities.includes(alarm.priority);

export type PriorityCounts = Record<AlarmPriority, { unacknowledged: number; active: number }>;

/** Per priority: alarms presented to the operator, and how many of them wait for an acknowledgement. */
export function countByPriority(alarms: readonly Alarm[]): PriorityCounts {
  const counts = Object.fromEntries(
    alarmPriorities.map((p) => [p, { unacknowledged: 0, active: 0 }]),
  ) as PriorityCounts;
  for (const alarm of alarms) {
    if (!isPresented(alarm)) continue;
    const count = counts[alarm.priority];
    count.active += 1;
    if (isUnacknowledged(alarm)) count.unacknowledged += 1;
  }
  return counts;
}
