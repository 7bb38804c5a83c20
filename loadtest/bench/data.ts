// Synthetic telemetry for benchmarks: the same rows for the store under test and for its baseline.
import type { SampleBatch } from '../../server/src/store/telemetry/types.ts';

/** `total` samples over `seriesCount` series, time-major (one timestamp for all series, then the next). */
export function fleetBatches(total: number, seriesCount: number, batchSize: number, start: number): SampleBatch[] {
  const batches: SampleBatch[] = [];
  let k = 0;
  while (k < total) {
    const n = Math.min(batchSize, total - k);
    const batch = { series: new Int32Array(n), ts: new Float64Array(n), values: new Float64Array(n) };
    for (let i = 0; i < n; i++, k++) {
      batch.series[i] = (k % seriesCount) + 1;
      batch.ts[i] = start + Math.floor(k / seriesCount) * 1000;
      batch.values[i] = 100 + ((k * 7919) % 1000) / 10;
    }
    batches.push(batch);
  }
  return batches;
}

/** One series sampled every `stepMs` over `count` samples ending at `end`, cut into batches. */
export function seriesBatches(
  seriesId: number,
  count: number,
  stepMs: number,
  end: number,
  batchSize = 50_000,
): SampleBatch[] {
  const batches: SampleBatch[] = [];
  const start = end - count * stepMs;
  for (let k = 0; k < count; k += batchSize) {
    const n = Math.min(batchSize, count - k);
    const batch = { series: new Int32Array(n).fill(seriesId), ts: new Float64Array(n), values: new Float64Array(n) };
    for (let i = 0; i < n; i++) {
      const t = start + (k + i) * stepMs;
      batch.ts[i] = t;
      batch.values[i] = 500 + 400 * Math.sin(t / 3_600_000) + ((k + i) % 97);
    }
    batches.push(batch);
  }
  return batches;
}

/** Runs `work` over items with at most `concurrency` in flight. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}
