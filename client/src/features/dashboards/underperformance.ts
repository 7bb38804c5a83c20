// Which compared items fall behind: a performance ratio more than a given share below the median of the
// items of the same kind (PR is corrected for the sun each one had, so sites compare across climates),
// or a specific yield that far below the median of the items of the same site (only there did they
// have the same sun: Yazd always yields more than Occitanie). A group of fewer than three says nothing:
// with two, "below the median" only means "the lower one".
import { median } from './ranking.ts';

/** An item is flagged when a figure is this far below its group's median. */
export const UNDERPERFORMANCE_THRESHOLD = 0.1;
export const MIN_GROUP = 3;

export interface Judged {
  id: string;
  /** Items that saw the same sun (their site). */
  yieldGroup: string;
  /** Items whose PR compares (their kind). */
  ratioGroup: string;
  specificYield: number | null;
  performanceRatio: number | null;
}

export interface Judgement {
  /** Against the group's median (−0.15: 15 % below), or null without a value or a group. */
  yieldDeviation: number | null;
  ratioDeviation: number | null;
  flagged: boolean;
}

/** Each item's deviation from the median of its group, where the group has enough values. */
function deviations(
  items: readonly Judged[],
  groupOf: (j: Judged) => string,
  figureOf: (j: Judged) => number | null,
): Map<string, number | null> {
  const groups = new Map<string, number[]>();
  for (const item of items) {
    const v = figureOf(item);
    if (v !== null) groups.set(groupOf(item), [...(groups.get(groupOf(item)) ?? []), v]);
  }
  const medians = new Map([...groups].map(([g, values]) => [g, values.length >= MIN_GROUP ? median(values) : null]));
  return new Map(
    items.map((item) => {
      const v = figureOf(item);
      const mid = medians.get(groupOf(item)) ?? null;
      return [item.id, v === null || mid === null || mid <= 0 ? null : v / mid - 1];
    }),
  );
}

export function judge(items: readonly Judged[], threshold = UNDERPERFORMANCE_THRESHOLD): Map<string, Judgement> {
  const yields = deviations(
    items,
    (j) => j.yieldGroup,
    (j) => j.specificYield,
  );
  const ratios = deviations(
    items,
    (j) => j.ratioGroup,
    (j) => j.performanceRatio,
  );
  return new Map(
    items.map((item) => {
      const yieldDeviation = yields.get(item.id) ?? null;
      const ratioDeviation = ratios.get(item.id) ?? null;
      const flagged =
        (yieldDeviation !== null && yieldDeviation < -threshold) ||
        (ratioDeviation !== null && ratioDeviation < -threshold);
      return [item.id, { yieldDeviation, ratioDeviation, flagged }];
    }),
  );
}
