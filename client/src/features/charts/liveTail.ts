// History buckets with the live tail after them: samples the live store holds past the last bucket the
// hub returned, averaged into buckets of the same width, so that a chart of today runs up to now and
// looks the same on both sides of the seam. Columns of numbers in, uPlot's aligned columns out.

export interface HistoryColumns {
  /** Bucket starts, ms. */
  ts: readonly number[];
  bucketMs: number;
  /** Mean per bucket, one column per series (null where a series has no data). */
  columns: readonly (readonly (number | null)[])[];
}

/** Visits a series' live samples at or after `since`, oldest first (the live store's `each`). */
export type EachSample = (column: number, since: number, visit: (ts: number, value: number) => void) => void;

/**
 * The history, then one bucket per `bucketMs` from the end of its last bucket (or from `from` when it
 * has none) to the newest live sample. Times come out in seconds, as uPlot's time scale wants.
 */
export function withLiveTail(
  history: HistoryColumns,
  from: number,
  each: EachSample,
): [Float64Array, ...(number | null)[][]] {
  const { ts, bucketMs, columns } = history;
  const last = ts[ts.length - 1];
  const tailStart = last === undefined ? from : last + bucketMs;
  const width = Math.max(1, bucketMs);
  // Sums and counts per tail bucket and column; the tail is short (the live store holds minutes).
  const sums = columns.map(() => new Map<number, [number, number]>());
  let buckets = 0;
  columns.forEach((_, c) => {
    const bySlot = sums[c] as Map<number, [number, number]>;
    each(c, tailStart, (t, v) => {
      const slot = Math.floor((t - tailStart) / width);
      const cell = bySlot.get(slot);
      if (cell) {
        cell[0] += v;
        cell[1]++;
      } else bySlot.set(slot, [v, 1]);
      if (slot + 1 > buckets) buckets = slot + 1;
    });
  });
  const xs = new Float64Array(ts.length + buckets);
  ts.forEach((t, i) => {
    xs[i] = t / 1000;
  });
  for (let slot = 0; slot < buckets; slot++) xs[ts.length + slot] = (tailStart + slot * width) / 1000;
  const out = columns.map((column, c) => {
    const values: (number | null)[] = column.slice(0, ts.length);
    while (values.length < ts.length) values.push(null);
    const bySlot = sums[c] as Map<number, [number, number]>;
    for (let slot = 0; slot < buckets; slot++) {
      const cell = bySlot.get(slot);
      values.push(cell ? cell[0] / cell[1] : null);
    }
    return values;
  });
  return [xs, ...out];
}
