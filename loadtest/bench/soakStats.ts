// The soak's arithmetic: how fast a quantity grows over hours when each page of the playlist has a level
// of its own. A minute sample lands on whichever page the wall shows then, so a plain fit of all samples
// would mostly measure which pages were sampled when; the slope is fitted within each page instead (one
// line per page, one shared slope: least squares with a level per page), which is zero for a wall whose
// pages do not grow, however different they are.

import type { MinuteSample } from './soak.ts';
import type { SoakOptions } from './soakOptions.ts';

export interface Point {
  /** Hours since the start of the measured span. */
  x: number;
  y: number;
  /** Which page the sample was taken on (its path). */
  group: string;
}

/** The shared slope (y per unit of x) of lines fitted to each group with their own level; 0 when undefined. */
export function slopeWithinGroups(points: readonly Point[]): number {
  const groups = new Map<string, Point[]>();
  for (const p of points) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  let sxy = 0;
  let sxx = 0;
  for (const members of groups.values()) {
    const mx = members.reduce((s, p) => s + p.x, 0) / members.length;
    const my = members.reduce((s, p) => s + p.y, 0) / members.length;
    for (const p of members) {
      sxy += (p.x - mx) * (p.y - my);
      sxx += (p.x - mx) ** 2;
    }
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

/**
 * The largest change of one page's level over the span, in % of that level: (last − first fitted value)
 * of the shared slope over the span, against the page's mean. Flat is within ±5 %.
 */
export function changePercent(points: readonly Point[]): number {
  if (points.length < 2) return 0;
  const slope = slopeWithinGroups(points);
  const span = Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x));
  const means = new Map<string, { sum: number; n: number }>();
  for (const p of points) {
    const m = means.get(p.group) ?? { sum: 0, n: 0 };
    means.set(p.group, { sum: m.sum + p.y, n: m.n + 1 });
  }
  const smallest = Math.min(...[...means.values()].map((m) => m.sum / m.n));
  return smallest === 0 ? 0 : ((slope * span) / smallest) * 100;
}

export interface PageChange {
  group: string;
  samples: number;
  /** The page's mean level. */
  mean: number;
  /** Its own fitted change over its own span, in % of its mean. */
  changePct: number;
  /** Its own slope, per unit of x. */
  slope: number;
}

/**
 * Each page on its own: its own line's change over its span, in % of its level. Where the shared figure
 * says that something grows, this says which page (a list whose rows follow the alarms, say).
 */
export function pageChanges(points: readonly Point[]): PageChange[] {
  const groups = new Map<string, Point[]>();
  for (const p of points) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  return [...groups].map(([group, members]) => {
    const slope = slopeWithinGroups(members);
    const mean = members.reduce((s, p) => s + p.y, 0) / members.length;
    const xs = members.map((p) => p.x);
    const span = Math.max(...xs) - Math.min(...xs);
    return { group, samples: members.length, mean, slope, changePct: mean === 0 ? 0 : ((slope * span) / mean) * 100 };
  });
}

/**
 * The steady wall's samples as points of `y`: past the warm-up, live and drawn (a page while the network
 * or the hub is away, or still loading after they came back, shows its offline state or its skeleton, a
 * fraction of its nodes; the outages are measured by the recoveries). One level per page and per document:
 * a reload (after a restart) starts the page's heap afresh.
 */
export const steady = (o: SoakOptions, samples: MinuteSample[]) =>
  samples.filter((s) => s.t >= o.warmupSeconds && s.connection === 'live' && s.drawn);

export function steadyPoints(o: SoakOptions, samples: MinuteSample[], y: (s: MinuteSample) => number): Point[] {
  return steady(o, samples).map((s) => ({ x: s.t / 3600, y: y(s), group: `${s.page} ${s.loads}` }));
}

/** Each page's own change of DOM nodes and heap (soakStats.ts pageChanges), for the report's table. */
export function pageTable(o: SoakOptions, samples: MinuteSample[]) {
  const heap = new Map(pageChanges(steadyPoints(o, samples, (s) => s.heapMb)).map((p) => [p.group, p]));
  return pageChanges(steadyPoints(o, samples, (s) => s.domNodes)).map((dom) => ({ dom, heap: heap.get(dom.group) }));
}
