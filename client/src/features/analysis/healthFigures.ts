// The alarm system's health put in words an operator acts on: where the period's rate stands against the
// ISA-18.2 / EEMUA 191 targets the hub sends (about one alarm per 10 minutes is manageable, more than ten
// is a flood), the total, the worst window, and the floods worst first. Pure: no React.
import type { AlarmHealth } from '@voltscope/shared/kpis';

export type RateLevel = 'manageable' | 'overTarget' | 'flood';

/** Where an average (or one window's count) per 10 minutes stands against the targets. */
export function rateLevel(per10Min: number, targets: AlarmHealth['targets']): RateLevel {
  if (per10Min > targets.floodPer10Min) return 'flood';
  if (per10Min > targets.manageablePer10Min) return 'overTarget';
  return 'manageable';
}

export interface HealthSummary {
  total: number;
  level: RateLevel;
  /** The busiest 10-minute window, null when no alarm was raised. */
  peak: { start: number; count: number } | null;
  /** Windows over the manageable target (floods included). */
  windowsOverTarget: number;
  windows: number;
  /** Floods, the biggest first. */
  floods: AlarmHealth['floods'];
}

export function summarise(health: AlarmHealth): HealthSummary {
  const { ts, counts } = health.per10Min;
  let total = 0;
  let peak: HealthSummary['peak'] = null;
  let over = 0;
  counts.forEach((count, i) => {
    total += count;
    if (count > health.targets.manageablePer10Min) over++;
    if (count > 0 && (!peak || count > peak.count)) peak = { start: ts[i] ?? health.from, count };
  });
  return {
    total,
    level: rateLevel(health.averagePer10Min, health.targets),
    peak,
    windowsOverTarget: over,
    windows: counts.length,
    floods: [...health.floods].sort((a, b) => b.count - a.count || a.start - b.start),
  };
}

/** A localised alarm text in the reader's language, or English, or any. */
export function messageIn(message: Record<string, string>, lng: string): string {
  return message[lng] ?? message.en ?? Object.values(message)[0] ?? '';
}
