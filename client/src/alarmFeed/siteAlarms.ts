// Each site's alarms at a glance, for the pages that show sites (the fleet overview, the dashboard's
// site cards): its worst active priority and its active alarms per priority. Active means standing, as
// ISA-18.2 has it: not returned to normal, and presented (shelved, suppressed and out-of-service alarms
// aside, as in the navbar's counts).
import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import { useCallback, useMemo } from 'react';
import { isPresented } from './alarmView.ts';
import { useAlarmFeedState } from './hooks.ts';

export const isActiveAlarm = (alarm: Alarm): boolean =>
  isPresented(alarm) && (alarm.state === 'unacknowledged' || alarm.state === 'acknowledged');

export interface SiteAlarmSummary {
  /** The highest priority among the active alarms, or null when none is active. */
  worst: AlarmPriority | null;
  /** Active alarms per priority. */
  counts: Record<AlarmPriority, number>;
  /** Active alarms not yet acknowledged. */
  unacknowledged: number;
}

const emptyCounts = (): Record<AlarmPriority, number> => ({ critical: 0, high: 0, medium: 0, low: 0 });

export const noAlarms: SiteAlarmSummary = { worst: null, counts: emptyCounts(), unacknowledged: 0 };

export function summariseBySite(alarms: readonly Alarm[]): Map<string, SiteAlarmSummary> {
  const bySite = new Map<string, SiteAlarmSummary>();
  for (const alarm of alarms) {
    if (!isActiveAlarm(alarm)) continue;
    let summary = bySite.get(alarm.siteId);
    if (!summary) {
      summary = { worst: null, counts: emptyCounts(), unacknowledged: 0 };
      bySite.set(alarm.siteId, summary);
    }
    summary.counts[alarm.priority] += 1;
    if (alarm.state === 'unacknowledged') summary.unacknowledged += 1;
  }
  for (const summary of bySite.values()) summary.worst = alarmPriorities.find((p) => summary.counts[p] > 0) ?? null;
  return bySite;
}

/**
 * The summaries of every followed site (re-computed when the feed commits, not per sample), and whether
 * a site's are known: not while the feed loads, after it failed, or when the site's alarms did not load.
 */
export function useSiteAlarmSummaries(): {
  bySite: ReadonlyMap<string, SiteAlarmSummary>;
  known: (siteId: string) => boolean;
} {
  const alarms = useAlarmFeedState((s) => s.alarms);
  const ready = useAlarmFeedState((s) => s.status === 'ready');
  const siteErrors = useAlarmFeedState((s) => s.siteErrors);
  const bySite = useMemo(() => summariseBySite(alarms), [alarms]);
  const known = useCallback((siteId: string) => ready && siteErrors[siteId] === undefined, [ready, siteErrors]);
  return { bySite, known };
}
