// Collects one step's samples as columns: series id and value per sample, one timestamp a step.
import type { SampleBatch } from '../store/telemetry/types.ts';

export class BatchBuilder {
  #series: Int32Array;
  #ts: Float64Array;
  #values: Float64Array;
  #length = 0;

  constructor(capacity = 4096) {
    this.#series = new Int32Array(capacity);
    this.#ts = new Float64Array(capacity);
    this.#values = new Float64Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  push(seriesId: number | undefined, ts: number, value: number): void {
    // A series the registry does not have (removed from the store) is skipped rather than invented.
    if (seriesId === undefined || !Number.isFinite(value)) return;
    if (this.#length === this.#series.length) this.#grow();
    this.#series[this.#length] = seriesId;
    this.#ts[this.#length] = ts;
    this.#values[this.#length] = value;
    this.#length++;
  }

  /** Hands out what was collected (copied to exact size) and starts over. */
  take(): SampleBatch {
    const batch = {
      series: this.#series.slice(0, this.#length),
      ts: this.#ts.slice(0, this.#length),
      values: this.#values.slice(0, this.#length),
    };
    this.#length = 0;
    return batch;
  }

  #grow(): void {
    const size = this.#series.length * 2;
    const series = new Int32Array(size);
    const ts = new Float64Array(size);
    const values = new Float64Array(size);
    series.set(this.#series);
    ts.set(this.#ts);
    values.set(this.#values);
    this.#series = series;
    this.#ts = ts;
    this.#values = values;
  }
}
