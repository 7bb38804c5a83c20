// The soak's arithmetic: how fast a quantity grows over hours when each page of the playlist has a level
// of its own. A minute sample lands on whichever page the wall shows then, so a plain fit of all samples
// would mostly measure which pages were sampled when; the slope is fitted within each page instead (one
// line per page, one shared slope: least squares with a level per page), which is zero for a wall whose
// pages do not grow, however different they are.

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
