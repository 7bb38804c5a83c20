// A device's alarms as its page shows them: the open ones from the live alarm feed merged with those
// raised in the chart's period (the alarm log), the marks they leave on the history chart (raised and
// returned to normal, in the priority's colour), and where each one opens in the console. Pure.
import type { Alarm } from '@voltscope/shared/alarms';
import type { ChartMarker } from '../../plots/historyView.ts';

/** The open alarms of the feed and the period's from the log, one per alarm (the feed's is the newer), newest first. */
export function mergeAlarms(open: readonly Alarm[], logged: readonly Alarm[]): Alarm[] {
  const byId = new Map<number, Alarm>();
  for (const alarm of logged) byId.set(alarm.id, alarm);
  for (const alarm of open) {
    const known = byId.get(alarm.id);
    if (!known || known.seq <= alarm.seq) byId.set(alarm.id, alarm);
  }
  return [...byId.values()].sort((a, b) => b.raisedAt - a.raisedAt || b.id - a.id);
}

/** The raise and return-to-normal moments of `alarms` inside `view`, in time order. */
export function alarmMarkers(
  alarms: readonly Alarm[],
  view: { from: number; to: number },
  label: (alarm: Alarm) => string,
): ChartMarker[] {
  const inside = (ts: number | null): ts is number => ts !== null && ts >= view.from && ts <= view.to;
  const out: ChartMarker[] = [];
  for (const alarm of alarms) {
    const common = { priority: alarm.priority, alarmId: alarm.id, label: label(alarm) };
    if (inside(alarm.raisedAt)) out.push({ ts: alarm.raisedAt, kind: 'raised', ...common });
    if (inside(alarm.clearedAt)) out.push({ ts: alarm.clearedAt, kind: 'cleared', ...common });
  }
  return out.sort((a, b) => a.ts - b.ts || a.alarmId - b.alarmId);
}

/**
 * Where an alarm opens: an open one in the realtime console (its site's list, the alarm chosen), one that
 * is closed in the alarm log with its timeline.
 */
export function alarmPath(alarm: Pick<Alarm, 'id' | 'siteId' | 'state'>): string {
  return alarm.state === 'closed'
    ? `/alarm/history?${new URLSearchParams({ alarm: String(alarm.id) })}`
    : `/alarm/realtime?${new URLSearchParams({ site: alarm.siteId, alarm: String(alarm.id) })}`;
}
