// The turbine's history over a period, made ready for its power curve and wind rose: one request for the
// few series both need, then the buckets sorted into what may enter each.

import type { HistoryReply } from '@voltscope/shared/fleet';

export interface PeriodSeriesIds {
  wind: number;
  power: number;
  direction: number | undefined;
  faultCode: number | undefined;
}

export interface PeriodSamples {
  buckets: number;
  wind: (number | null)[];
  power: (number | null)[];
  /** Bucket means of the direction, null where the bucket straddles north (see directionMeans). */
  direction: (number | null)[];
  /** Whether bucket `i` may enter the power curve: no fault code at any time in it (IEC 61400-12-1 leaves out unavailability). */
  healthy: boolean[];
}

/**
 * Directions per bucket from the hub's arithmetic means. A mean of angles is wrong where the wind swung
 * across north within the bucket (350° and 10° average to 180°): such a bucket, whose extremes lie more
 * than half a turn apart, is left out rather than counted in the wrong sector.
 */
export function directionMeans(
  avg: readonly (number | null)[],
  min: readonly (number | null)[],
  max: readonly (number | null)[],
): (number | null)[] {
  return avg.map((v, i) => {
    const lo = min[i];
    const hi = max[i];
    if (v === null || v === undefined) return null;
    if (lo !== null && lo !== undefined && hi !== null && hi !== undefined && hi - lo > 180) return null;
    return v;
  });
}

export function periodSamples(reply: HistoryReply, ids: PeriodSeriesIds): PeriodSamples {
  const of = (id: number | undefined) => reply.series.find((s) => s.id === id);
  const empty = reply.ts.map(() => null);
  const direction = of(ids.direction);
  const fault = of(ids.faultCode);
  return {
    buckets: reply.ts.length,
    wind: of(ids.wind)?.avg ?? empty,
    power: of(ids.power)?.avg ?? empty,
    direction: direction ? directionMeans(direction.avg, direction.min, direction.max) : empty,
    healthy: reply.ts.map((_, i) => {
      const worst = fault?.max[i];
      return worst === null || worst === undefined || worst === 0;
    }),
  };
}

/** Buckets asked for: about ten-minute means (the averaging time of IEC 61400-12-1), at least 1,000 points. */
export function curveMaxPoints(from: number, to: number): number {
  return Math.min(5_000, Math.max(1_000, Math.ceil((to - from) / 600_000)));
}
