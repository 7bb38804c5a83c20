// The best and worst inverters of a site by specific yield today, each against the site's median: one
// site's inverters see the same sun, so their yields compare fairly (across sites they would not: the
// sun rises hours apart from Yazd to Occitanie).
import type { GeneratorKpis } from '@voltscope/shared/kpis';

/** Below this median yield (kWh/kWp) the day has not started: there is nothing to rank yet. */
export const MIN_MEDIAN_YIELD = 0.01;

export interface RankedGenerator {
  generator: GeneratorKpis;
  /** Yield against the site's median: −0.12 is 12 % below it. */
  deviation: number;
}

export interface Ranking {
  median: number | null;
  best: RankedGenerator[];
  worst: RankedGenerator[];
  /** Generators without a yield today (never reported): listed apart, not ranked. */
  unranked: GeneratorKpis[];
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The `size` best and `size` worst generators by specific yield today. With fewer than 2 × size, the list
 * is split in two halves so that no generator appears in both.
 */
export function rankByYield(generators: readonly GeneratorKpis[], size = 3): Ranking {
  const ranked = generators.filter((g) => g.specificYieldToday !== null);
  const unranked = generators.filter((g) => g.specificYieldToday === null);
  const mid = median(ranked.map((g) => g.specificYieldToday as number));
  if (mid === null || mid < MIN_MEDIAN_YIELD) return { median: mid, best: [], worst: [], unranked };
  const sorted = ranked
    .map((generator) => ({ generator, deviation: (generator.specificYieldToday as number) / mid - 1 }))
    .sort((a, b) => b.deviation - a.deviation || a.generator.name.localeCompare(b.generator.name));
  const n = Math.min(size, Math.floor(sorted.length / 2));
  return { median: mid, best: sorted.slice(0, n), worst: sorted.slice(sorted.length - n).reverse(), unranked };
}
