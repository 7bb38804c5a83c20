// The daily KPIs the hub keeps, put together for the page: a row's actual-to-expected ratio, the period's
// totals and averages, one aggregate per day for the charts, and the table's sort. Pure: no React.
// Nothing the hub computed is computed again; only sums and averages of its figures are made here.
import type { DailyKpis } from '@voltscope/shared/kpis';

export const sortKeys = [
  'day',
  'name',
  'energy',
  'expected',
  'ratio',
  'specificYield',
  'performanceRatio',
  'insolation',
  'availability',
  'capacityFactor',
] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortOrder = 'asc' | 'desc';

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Energy made against energy expected (1 = as expected); null without a positive expectation. */
export function ratioOf(row: Pick<DailyKpis, 'energyKwh' | 'expectedKwh'>): number | null {
  return present(row.energyKwh) && present(row.expectedKwh) && row.expectedKwh > 0
    ? row.energyKwh / row.expectedKwh
    : null;
}

function sum(values: readonly (number | null)[]): number | null {
  const known = values.filter(present);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter(present);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

/**
 * The performance ratio of several days (or sites) together: each day's PR weighted by its insolation,
 * which for one plant is its final yield over its reference yield for the whole period (IEC 61724-1).
 */
function weightedPr(rows: readonly DailyKpis[]): number | null {
  let yieldSum = 0;
  let insolation = 0;
  for (const r of rows) {
    if (!present(r.performanceRatio) || !present(r.insolationKwhM2) || r.insolationKwhM2 <= 0) continue;
    yieldSum += r.performanceRatio * r.insolationKwhM2;
    insolation += r.insolationKwhM2;
  }
  return insolation > 0 ? yieldSum / insolation : null;
}

export interface Figures {
  /** Totals. */
  energyKwh: number | null;
  expectedKwh: number | null;
  /** Energy over expected energy, over the rows that have both. */
  ratio: number | null;
  /** Averages of the daily figures (the PR weighted by insolation). */
  specificYield: number | null;
  performanceRatio: number | null;
  insolationKwhM2: number | null;
  availability: number | null;
  capacityFactor: number | null;
}

export function figuresOf(rows: readonly DailyKpis[]): Figures {
  const both = rows.filter((r) => ratioOf(r) !== null);
  const expected = sum(both.map((r) => r.expectedKwh));
  // Expected energy counts where energy was measured: a day without measurements expects nothing of it.
  const measured = rows.filter((r) => present(r.energyKwh));
  return {
    energyKwh: sum(measured.map((r) => r.energyKwh)),
    expectedKwh: sum(measured.map((r) => r.expectedKwh)),
    ratio: expected && expected > 0 ? (sum(both.map((r) => r.energyKwh)) ?? 0) / expected : null,
    specificYield: mean(rows.map((r) => r.specificYield)),
    performanceRatio: weightedPr(rows),
    insolationKwhM2: mean(rows.map((r) => r.insolationKwhM2)),
    availability: mean(rows.map((r) => r.availability)),
    capacityFactor: mean(rows.map((r) => r.capacityFactor)),
  };
}

/** Whether any row holds a figure at all (days before the store's history come back empty). */
export const hasFigures = (rows: readonly DailyKpis[]): boolean =>
  rows.some((r) => present(r.energyKwh) || present(r.availability) || present(r.insolationKwhM2));

export interface DayColumns {
  days: string[];
  energy: (number | null)[];
  expected: (number | null)[];
  performanceRatio: (number | null)[];
  availability: (number | null)[];
}

/** One value per day of `days` for the charts: the rows of that day (sites or generators) put together. */
export function dayColumns(rows: readonly DailyKpis[], days: readonly string[]): DayColumns {
  const byDay = new Map<string, DailyKpis[]>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const figures = days.map((d) => figuresOf(byDay.get(d) ?? []));
  return {
    days: [...days],
    energy: figures.map((f) => f.energyKwh),
    expected: figures.map((f) => f.expectedKwh),
    performanceRatio: figures.map((f) => f.performanceRatio),
    availability: figures.map((f) => f.availability),
  };
}

const figureOf: Record<Exclude<SortKey, 'day' | 'name'>, (r: DailyKpis) => number | null> = {
  energy: (r) => r.energyKwh,
  expected: (r) => r.expectedKwh,
  ratio: ratioOf,
  specificYield: (r) => r.specificYield,
  performanceRatio: (r) => r.performanceRatio,
  insolation: (r) => r.insolationKwhM2,
  availability: (r) => r.availability,
  capacityFactor: (r) => r.capacityFactor,
};

/**
 * Rows in the order asked; rows without the figure go last whichever the order, and ties fall back to
 * the newest day first, then the name.
 */
export function sortRows(
  rows: readonly DailyKpis[],
  key: SortKey,
  order: SortOrder,
  nameOf: (row: DailyKpis) => string,
  lng: string,
): DailyKpis[] {
  const collator = new Intl.Collator(lng, { numeric: true });
  const sign = order === 'asc' ? 1 : -1;
  const fallback = (a: DailyKpis, b: DailyKpis) => b.day.localeCompare(a.day) || collator.compare(nameOf(a), nameOf(b));
  return [...rows].sort((a, b) => {
    if (key === 'day') return sign * a.day.localeCompare(b.day) || collator.compare(nameOf(a), nameOf(b));
    if (key === 'name') return sign * collator.compare(nameOf(a), nameOf(b)) || b.day.localeCompare(a.day);
    const va = figureOf[key](a);
    const vb = figureOf[key](b);
    if (!present(va) || !present(vb)) return present(va) ? -1 : present(vb) ? 1 : fallback(a, b);
    return sign * (va - vb) || fallback(a, b);
  });
}

export interface Extremes {
  highest: { day: string; value: number } | null;
  lowest: { day: string; value: number } | null;
  /** Days without a value. */
  missing: number;
}

/** The highest and lowest value of a day column, for a chart's text summary. */
export function extremesOf(days: readonly string[], values: readonly (number | null)[]): Extremes {
  let highest: Extremes['highest'] = null;
  let lowest: Extremes['lowest'] = null;
  let missing = 0;
  days.forEach((day, i) => {
    const value = values[i];
    if (!present(value)) {
      missing++;
      return;
    }
    if (!highest || value > highest.value) highest = { day, value };
    if (!lowest || value < lowest.value) lowest = { day, value };
  });
  return { highest, lowest, missing };
}
