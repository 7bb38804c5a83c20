// The fleet power chart's data: the last hours of each site's power and irradiance in buckets of equal
// width, from the history API for the time before the live rings begin and from the rings after, so the
// line keeps moving with every frame; and the fleet total, summed over the sites' power per bucket.
// History is fetched again every few minutes (well within the rings' 15 minutes), so the hand-over
// from history to live never leaves a hole.

/** Where the live samples come from (the live store, or a fake in tests). */
export interface SampleSource {
  each(seriesId: number, since: number, visit: (ts: number, value: number) => void): void;
}

export interface TrendColumns {
  /** Bucket starts (ms). */
  ts: number[];
  /** Sum of the power columns; null where none of them has a value. */
  total: (number | null)[];
  /** One column per series given to the trend, in that order. */
  columns: (number | null)[][];
}

/** Windows offered, each with a bucket width that gives about 360 points. */
export const trendWindows = {
  '1h': { windowMs: 3_600_000, bucketMs: 10_000 },
  '6h': { windowMs: 6 * 3_600_000, bucketMs: 60_000 },
  '24h': { windowMs: 24 * 3_600_000, bucketMs: 240_000 },
} as const;
export type TrendWindow = keyof typeof trendWindows;

/**
 * A power value is carried across a gap of at most this long when the total is summed (a site whose
 * history was stored every 15 minutes, or whose frame of this second has not arrived yet). Longer
 * silences are outages: the site then counts as nothing rather than its last value.
 */
const MAX_GAP_MS = 20 * 60_000;
/** Buckets at the end over which a column's last value is carried. */
const TRAILING_BUCKETS = 2;

export const alignDown = (t: number, step: number): number => Math.floor(t / step) * step;

/** The history request for a window ending now: aligned buckets, one point each. */
export function historyWindow(now: number, windowMs: number, bucketMs: number) {
  const from = alignDown(now - windowMs, bucketMs);
  // The span is one bucket longer than the window, and maxPoints one more than its buckets, so that the
  // hub's bucket width (span / maxPoints, rounded up) is exactly `bucketMs`.
  return { from, to: from + windowMs + bucketMs, maxPoints: windowMs / bucketMs + 1 };
}

export class FleetTrend {
  readonly #seriesIds: readonly (number | undefined)[];
  readonly #powerColumns: readonly number[];
  readonly #bucketMs: number;
  readonly #windowMs: number;
  readonly #source: SampleSource;
  #history = new Map<number, { ts: readonly number[]; values: readonly (number | null)[] }>();
  readonly #listeners = new Set<() => void>();

  /**
   * `seriesIds`: a column each (undefined where a site has no such series); `powerColumns`: the indices of
   * the columns summed into the total.
   */
  constructor(
    seriesIds: readonly (number | undefined)[],
    powerColumns: readonly number[],
    window: { windowMs: number; bucketMs: number },
    source: SampleSource,
  ) {
    this.#seriesIds = seriesIds;
    this.#powerColumns = powerColumns;
    this.#windowMs = window.windowMs;
    this.#bucketMs = window.bucketMs;
    this.#source = source;
  }

  /** Replaces the history of one series (bucket starts and means, as the history API returns them). */
  setHistory(seriesId: number, ts: readonly number[], values: readonly (number | null)[]): void {
    this.#history.set(seriesId, { ts, values });
  }

  /** Tells the listeners that history came in (call once after a batch of `setHistory`). */
  historyLoaded(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` when history came in; returns the unsubscribe. */
  onHistory(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The columns as of `now`. */
  read(now: number): TrendColumns {
    const step = this.#bucketMs;
    const start = alignDown(now - this.#windowMs, step);
    const count = Math.floor((alignDown(now, step) - start) / step) + 1;
    const ts = Array.from({ length: count }, (_, i) => start + i * step);
    const sums = new Float64Array(count);
    const counts = new Uint32Array(count);
    const columns = this.#seriesIds.map((id) => {
      const column = new Array<number | null>(count).fill(null);
      if (id === undefined) return column;
      const history = this.#history.get(id);
      if (history) {
        history.ts.forEach((t, k) => {
          const i = Math.floor((t - start) / step);
          const v = history.values[k];
          if (i >= 0 && i < count && v !== null && v !== undefined) column[i] = v;
        });
      }
      sums.fill(0);
      counts.fill(0);
      let first = Number.POSITIVE_INFINITY;
      this.#source.each(id, start, (t, v) => {
        const i = Math.floor((t - start) / step);
        if (i < 0 || i >= count) return;
        if (t < first) first = t;
        sums[i] = (sums[i] as number) + v;
        counts[i] = (counts[i] as number) + 1;
      });
      // Live buckets from the first whole one the rings hold; the history before, and where the rings
      // have a hole.
      const liveFrom = Math.ceil((first - start) / step);
      for (let i = Math.max(0, liveFrom); i < count; i++) {
        if ((counts[i] as number) > 0) column[i] = (sums[i] as number) / (counts[i] as number);
      }
      return column;
    });
    const filled = columns.map((column) => fillGaps(ts, column, MAX_GAP_MS));
    const total = sumColumns(
      ts,
      this.#powerColumns.map((c) => filled[c] ?? []),
      MAX_GAP_MS,
    );
    return { ts, total, columns: filled };
  }
}

/**
 * A column with its missing values interpolated between neighbours at most `maxGapMs` apart (history
 * stored every few minutes reads as a line); longer gaps stay, as outages.
 */
export function fillGaps(ts: readonly number[], column: readonly (number | null)[], maxGapMs: number) {
  const out = [...column];
  let prev = -1;
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (v === null || v === undefined) continue;
    if (prev >= 0 && i - prev > 1 && (ts[i] as number) - (ts[prev] as number) <= maxGapMs) {
      const a = out[prev] as number;
      for (let k = prev + 1; k < i; k++) out[k] = a + ((v - a) * (k - prev)) / (i - prev);
    }
    prev = i;
  }
  return out;
}

/**
 * Sums columns per bucket. A column's missing value is interpolated between its neighbours when they are
 * at most `maxGapMs` apart, and its last value carried for at most two buckets at the end (the latest
 * frame of one site may come a moment after another's); a bucket where no column has a value stays null.
 */
export function sumColumns(ts: readonly number[], columns: readonly (number | null)[][], maxGapMs: number) {
  const n = ts.length;
  const total = new Array<number | null>(n).fill(null);
  for (const column of columns) {
    let prev = -1;
    for (let i = 0; i < n; i++) {
      const v = column[i];
      if (v === null || v === undefined) continue;
      if (prev >= 0 && i - prev > 1 && (ts[i] as number) - (ts[prev] as number) <= maxGapMs) {
        const a = column[prev] as number;
        for (let k = prev + 1; k < i; k++) {
          total[k] = (total[k] ?? 0) + a + ((v - a) * (k - prev)) / (i - prev);
        }
      }
      total[i] = (total[i] ?? 0) + v;
      prev = i;
    }
    // Carried at the end, for the two newest buckets at most.
    if (prev >= 0 && n - 1 - prev <= TRAILING_BUCKETS) {
      for (let k = prev + 1; k < n; k++) total[k] = (total[k] ?? 0) + (column[prev] as number);
    }
  }
  return total;
}
