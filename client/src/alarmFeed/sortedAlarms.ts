// The open alarms in the console's order (priority, then newest first), kept sorted from one commit of
// the alarm feed to the next by merging what changed rather than sorting everything again.
import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';

const rank: Record<AlarmPriority, number> = Object.fromEntries(alarmPriorities.map((p, i) => [p, i])) as Record<
  AlarmPriority,
  number
>;

export const byPriorityThenNewest = (a: Alarm, b: Alarm): number =>
  rank[a.priority] - rank[b.priority] || b.raisedAt - a.raisedAt || b.id - a.id;

/**
 * The open alarms sorted, from the list sorted at the last commit: the alarms still held as they were
 * keep their order, only the new and changed ones are sorted, then both are merged. A storm's commit
 * changes a few hundred of 5,000+ alarms; sorting all of them again was most of the commit's cost.
 */
export function mergeSorted(previous: readonly Alarm[], held: ReadonlyMap<number, Alarm>): Alarm[] {
  const kept: Alarm[] = [];
  const keptIds = new Set<number>();
  for (const alarm of previous) {
    if (held.get(alarm.id) !== alarm) continue;
    kept.push(alarm);
    keptIds.add(alarm.id);
  }
  if (kept.length === held.size) return kept.length === previous.length ? (previous as Alarm[]) : kept;
  const changed: Alarm[] = [];
  for (const [id, alarm] of held) if (!keptIds.has(id)) changed.push(alarm);
  changed.sort(byPriorityThenNewest);
  const merged: Alarm[] = new Array(kept.length + changed.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < merged.length; k++) {
    const takeKept =
      j >= changed.length || (i < kept.length && byPriorityThenNewest(kept[i] as Alarm, changed[j] as Alarm) <= 0);
    merged[k] = (takeKept ? kept[i++] : changed[j++]) as Alarm;
  }
  return merged;
}
