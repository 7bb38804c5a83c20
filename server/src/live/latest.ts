// The newest value of every series, in flat arrays indexed by series id. The ingest updates it before
// the store writes, so a page asking for "now" never waits on the database.
import type { SampleBatch } from '../store/telemetry/types.ts';

export class LatestValues {
  #ts: Float64Array;
  #values: Float64Array;

  constructor(capacity = 1024) {
    this.#ts = new Float64Array(capacity);
    this.#values = new Float64Array(capacity);
  }

  /** Keeps the newer of what it holds and what the batch brings (late samples do not go back in time). */
  update(batch: SampleBatch): void {
    const n = batch.series.length;
    for (let i = 0; i < n; i++) this.set(batch.series[i] as number, batch.ts[i] as number, batch.values[i] as number);
  }

  set(seriesId: number, ts: number, value: number): void {
    if (seriesId >= this.#ts.length) this.#grow(seriesId + 1);
    if (ts <= (this.#ts[seriesId] as number)) return;
    this.#ts[seriesId] = ts;
    this.#values[seriesId] = value;
  }

  /** The newest sample, or null when the series has none yet. */
  get(seriesId: number): { ts: number; value: number } | null {
    const ts = this.#ts[seriesId];
    return ts ? { ts, value: this.#values[seriesId] as number } : null;
  }

  /** The newest timestamp of any series (0 when none has a sample). */
  newest(): number {
    let newest = 0;
    for (const ts of this.#ts) if (ts > newest) newest = ts;
    return newest;
  }

  #grow(size: number): void {
    const capacity = Math.max(size, this.#ts.length * 2);
    const ts = new Float64Array(capacity);
    const values = new Float64Array(capacity);
    ts.set(this.#ts);
    values.set(this.#values);
    this.#ts = ts;
    this.#values = values;
  }
}
