// A room's samples gathered over one frame window, in typed columns kept from one window to the next and
// grown by doubling: the ingest appends without allocating, and the tick encodes views of them. (Plain
// arrays made anew each window allocated ~10 MB a second at 100,000 samples/s, as they grew by copying;
// the old generation filled faster, and its collections showed in the hub's event-loop lag.)
import type { ColumnsLike } from './snapshots.ts';

const FIRST_CAPACITY = 64;

export class ColumnBuffer {
  #series = new Int32Array(FIRST_CAPACITY);
  #ts = new Float64Array(FIRST_CAPACITY);
  #values = new Float64Array(FIRST_CAPACITY);
  #length = 0;

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
