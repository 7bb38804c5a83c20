// Whether a figure computed by the hub from a day's series (energy today, specific yield, PR) rests on
// whole data: the silences of each series since local midnight longer than the hub's integrals bridge
// (a mean holds at most 20 minutes: server/src/fleet/kpiFormulas.ts), read from the history API. A
// figure with such a silence behind it is partial, and its tile says so and what is missing.
import type { HistoryReply } from '@voltscope/shared/fleet';
import { useMemo } from 'react';
import { useKept } from '../../data/useKept.ts';
import { call } from '../../session/api.ts';

/** The longest silence the hub's integrals bridge by holding the last mean. */
export const BRIDGED_MS = 20 * 60_000;
/** Buckets of this width are asked for: a silence shorter than BRIDGED_MS does not count anyway. */
const BUCKET_MS = 5 * 60_000;
const REFRESH_MS = 60_000;

/** The time in [from, to) not covered by buckets with data, counting only silences longer than `bridgedMs`. */
export function missingMs(
  ts: readonly number[],
  values: readonly (number | null)[],
  bucketMs: number,
  span: { from: number; to: number },
  bridgedMs = BRIDGED_MS,
): number {
  let missing = 0;
  let covered = span.from;
  const silence = (until: number) => {
    const gap = Math.min(until, span.to) - covered;
    if (gap > bridgedMs) missing += gap;
  };
  ts.forEach((t, i) => {
    if (values[i] === null || values[i] === undefined) return;
    silence(t);
    covered = Math.max(covered, t + bucketMs);
  });
  silence(span.to);
  return missing;
}

export interface Coverage {
  /** The longest time missing of any series (ms), 0 when the figure rests on whole data. */
  missingMs: number;
  /** Who is missing data (names, as the caller gave them), the one missing most first. */
  missing: string[];
}

export interface CoveredSeries {
  id: number;
  /** What the series measures, as the reader knows it (a device's name). */
  name: string;
}

/** The coverage of a figure computed from `series`, from the time each series misses. */
export function coverageOf(gaps: ReadonlyMap<number, number>, series: readonly CoveredSeries[]): Coverage {
  const missing = series
    .map((s) => ({ name: s.name, ms: gaps.get(s.id) ?? 0 }))
    .filter((g) => g.ms > 0)
    .sort((a, b) => b.ms - a.ms);
  return { missingMs: missing[0]?.ms ?? 0, missing: [...new Set(missing.map((g) => g.name))] };
}

/**
 * The time each of `series` misses from `from` to `until` (or now) (ms, by series id), read again once a
 * minute; null until known. The previous answer stays while the next loads.
 */
export function useSeriesGaps(
  series: readonly CoveredSeries[],
  from: number | null,
  until = Number.POSITIVE_INFINITY,
): ReadonlyMap<number, number> | null {
  const ids = [...new Set(series.map((s) => s.id))].join(',');
  // The request changes once a minute (not on every render): `to` is the minute now.
  const minute = Math.min(until, Math.floor(Date.now() / 60_000) * 60_000);
  const history = useKept<HistoryReply>(
    ids && from !== null && minute > from
      ? call('GET /api/series/history', {
          query: {
            ids,
            from: String(from),
            to: String(minute),
            maxPoints: Math.max(10, Math.ceil((minute - from) / BUCKET_MS)),
          },
        })
      : null,
    REFRESH_MS,
  );
  const reply = history.data;
  return useMemo(() => {
    if (!reply || from === null) return null;
    const span = { from, to: minute };
    return new Map(reply.series.map((s) => [s.id, missingMs(reply.ts, s.avg, reply.bucketMs, span)]));
  }, [reply, from, minute]);
}
