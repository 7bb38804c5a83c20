// How an open alarm is presented, in one vocabulary for the console's views, chips and summary and the
// navbar's counts (all derive from `tally`, so they say the same figures):
// - active: the condition is still present (unacknowledged or acknowledged), never returned to normal;
// - unacknowledged: waits for an acknowledgement, active or returned to normal;
// - its view: the working list, or shelved, suppressed by design or out of service (set aside from
//   annunciation, each in a view of its own); in the working list, its ISA-18.2 state.
import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';

/** The ISA-18.2 states of an alarm in the working list. */
export const alarmStatesShown = ['unacknowledged', 'acknowledged', 'rtn_unacknowledged'] as const;
export type ShownState = (typeof alarmStatesShown)[number];

/** The console's views: the working list, and one for each way an alarm is set aside. */
export const alarmViews = ['working', 'shelved', 'suppressed', 'out_of_service'] as const;
export type AlarmView = (typeof alarmViews)[number];

export const alarmCategories = [...alarmStatesShown, 'shelved', 'suppressed', 'out_of_service'] as const;
export type AlarmCategory = (typeof alarmCategories)[number];

/** The view an open alarm is in: out of service first, then shelved, then suppressed by design. */
export function viewOf(alarm: Alarm): AlarmView {
  if (alarm.outOfService) return 'out_of_service';
  if (alarm.shelvedUntil !== null) return 'shelved';
  if (alarm.suppressed) return 'suppressed';
  return 'working';
}

/** Its ISA-18.2 state among the three an open alarm can be in. */
export const shownStateOf = (alarm: Alarm): ShownState => (alarm.state === 'closed' ? 'acknowledged' : alarm.state);

/** The one category a row is drawn and labelled by: its view when set aside, else its state. */
export function categoryOf(alarm: Alarm): AlarmCategory {
  const view = viewOf(alarm);
  return view === 'working' ? shownStateOf(alarm) : view;
}

/** Waiting for an acknowledgement (active or back to normal). */
export const isUnacknowledged = (alarm: Alarm): boolean =>
  alarm.state === 'unacknowledged' || alarm.state === 'rtn_unacknowledged';

/** The condition is still present: raised and not returned to normal, acknowledged or not. */
export const isActive = (alarm: Alarm): boolean => alarm.state === 'unacknowledged' || alarm.state === 'acknowledged';

/** Presented to the operator: not shelved, not suppressed by design, not out of service. */
export const isPresented = (alarm: Alarm): boolean => viewOf(alarm) === 'working';

/** What the console, its chips and the navbar count of a set of alarms. */
export interface Tally {
  /** Working list: active (unacknowledged + acknowledged). */
  active: number;
  /** Working list: waiting for an acknowledgement (active unacknowledged + returned unacknowledged). */
  unacknowledged: number;
  /** Per state in the working list. */
  states: Record<ShownState, number>;
  /** Per view: the working list and the alarms set aside. */
  views: Record<AlarmView, number>;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** How many alarms are in each ISA-18.2 state (whatever their view). */
export function countStates(alarms: Iterable<Alarm>): Record<ShownState, number> {
  const states = zeros(alarmStatesShown);
  for (const alarm of alarms) states[shownStateOf(alarm)] += 1;
  return states;
}

export function tally(alarms: Iterable<Alarm>): Tally {
  const views = zeros(alarmViews);
  const working: Alarm[] = [];
  for (const alarm of alarms) {
    const view = viewOf(alarm);
    views[view] += 1;
    if (view === 'working') working.push(alarm);
  }
  const states = countStates(working);
  return {
    active: states.unacknowledged + states.acknowledged,
    unacknowledged: states.unacknowledged + states.rtn_unacknowledged,
    states,
    views,
  };
}

export type PriorityCounts = Record<AlarmPriority, Tally>;

/** `tally` per priority: the navbar's figures, the same as the console's for that priority. */
export function countByPriority(alarms: readonly Alarm[]): PriorityCounts {
  return Object.fromEntries(
    alarmPriorities.map((p) => [p, tally(alarms.filter((a) => a.priority === p))]),
  ) as PriorityCounts;
}

/** Listed under the navbar's bell when new (useAlarmNotifications.ts). */
export const audiblePriorities: readonly AlarmPriority[] = ['critical', 'high'];

/** What the horn does for an alarm of a priority (ISA-18.2 leaves it to the alarm philosophy). */
export const hornModes = ['off', 'once', 'repeat'] as const;
export type HornMode = (typeof hornModes)[number];
export type HornPolicy = Record<AlarmPriority, HornMode>;

/** Critical and high repeat until acknowledged, medium sounds once, low is silent. */
export const defaultHornPolicy: HornPolicy = { critical: 'repeat', high: 'repeat', medium: 'once', low: 'off' };

/**
 * The horn sounds for it: active and unacknowledged, presented, of a priority the policy sounds. An alarm
 * back to normal no longer sounds: it waits silently for its acknowledgement.
 */
export const isAudible = (alarm: Alarm, policy: HornPolicy): boolean =>
  alarm.state === 'unacknowledged' && isPresented(alarm) && policy[alarm.priority] !== 'off';
