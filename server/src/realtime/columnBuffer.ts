// Samples gathered as typed columns that grow by doubling and are kept when emptied: a room's samples of
// one frame window (the ingest appends without allocating, the tick encodes views of them) and a
// simulator step's. (Plain arrays made anew each window allocated ~10 MB a second at 100,000 samples/s,
// as they grew by copying; the old generation filled faster, and its collections showed in the hub's
// event-loop lag.)
import type { SampleBatch } from '../store/telemetry/types.ts';
import type { ColumnsLike } from './snapshots.ts';

export class ColumnBuffer {
  #series: Int32Array;
  #ts: Float64Array;
  #values: Float64Array;
  #length = 0;

  constructor(capacity = 64) {
    this.#series = new Int32Array(capacity);
    this.#ts = new Float64Array(capacity);
    this.#values = new Float64Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  push(series: number, ts: number, value: number): void {
    if (this.#length === this.#series.length) this.#grow();
    this.#series[this.#length] = series;
    this.#ts[this.#length] = ts;
    this.#values[this.#length] = value;
    this.#length++;
  }

  /** Views of what is gathered: valid until the next push or clear. */
  view(): ColumnsLike {
    const n = this.#length;
    return { series: this.#series.subarray(0, n), ts: this.#ts.subarray(0, n), values: this.#values.subarray(0, n) };
  }

  /** Empties the buffer; its capacity is kept for the next window. */
  clear(): void {
    this.#length = 0;
  }

  /** Hands out what was gathered (copied to exact size) and empties the buffer. */
  take(): SampleBatch {
    const n = this.#length;
    const batch = { series: this.#series.slice(0, n), ts: this.#ts.slice(0, n), values: this.#values.slice(0, n) };
    this.#length = 0;
    return batch;
  }

  #grow(): void {
    const capacity = this.#series.length * 2;
    const series = new Int32Array(capacity);
    const ts = new Float64Array(capacity);
    const values = new Float64Array(capacity);
    series.set(this.#series);
    ts.set(this.#ts);
    values.set(this.#values);
    this.#series = series;
    this.#ts = ts;
    this.#values = values;
  }
}
