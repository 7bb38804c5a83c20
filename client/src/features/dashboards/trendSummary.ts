// What the fleet power chart says in words, for those who cannot see it (and anyone glancing): the
// total now, which way it has gone over the last quarter of an hour, and the peak of the window.
import type { TrendColumns } from './fleetTrend.ts';

/** How far back "rising" or "falling" looks. */
export const TREND_LOOKBACK_MS = 15 * 60_000;
/** A change smaller than this share of the capacity is "steady". */
const STEADY_SHARE = 0.01;

export interface TrendSummary {
  now: number;
  nowAt: number;
  direction: 'rising' | 'falling' | 'steady' | null;
  peak: number;
  peakAt: number;
}

/** Null when the total has no value at all in the window. */
export function summariseTotal(data: TrendColumns, capacityKw: number): TrendSummary | null {
  let last = -1;
  let peak = -1;
  for (let i = 0; i < data.total.length; i++) {
    const v = data.total[i];
    if (v === null || v === undefined) continue;
    last = i;
    if (peak < 0 || v > (data.total[peak] as number)) peak = i;
  }
  if (last < 0 || peak < 0) return null;
  const now = data.total[last] as number;
  const nowAt = data.ts[last] as number;
  let earlier: number | null = null;
  for (let i = last - 1; i >= 0; i--) {
    const v = data.total[i];
    if (v === null || v === undefined) continue;
    earlier = v;
    if (nowAt - (data.ts[i] as number) >= TREND_LOOKBACK_MS) break;
  }
  const threshold = Math.max(1e-9, STEADY_SHARE * capacityKw);
  const direction =
    earlier === null ? null : now - earlier > threshold ? 'rising' : earlier - now > threshold ? 'falling' : 'steady';
  return { now, nowAt, direction, peak: data.total[peak] as number, peakAt: data.ts[peak] as number };
}

/** The newest value of a column, or null. */
export function newest(column: readonly (number | null)[]): number | null {
  for (let i = column.length - 1; i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}
