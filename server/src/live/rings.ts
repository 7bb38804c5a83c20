// The hub's live buffers: per series, a fixed-size ring of its last samples at native rate, filled by
// the ingest before the store writes. Snapshots on subscribe are read from here, never from the store.
// The rings are mutated in place on purpose: nothing is allocated per sample.
import type { SampleBatch } from '../store/telemetry/types.ts';

interface Ring {
  ts: Float64Array;
  values: Float64Array;
  /** Index of the next write. */
  head: number;
  size: number;
}

export class SeriesRings {
  readonly #capacity: number;
  readonly #rings: (Ring | undefined)[] = [];

  /** `capacity` samples per series (600 holds 10 minutes at one sample a second). */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  add(batch: SampleBatch): void {
    const n = batch.series.length;
    for (let i = 0; i < n; i++) this.push(batch.series[i] as number, batch.ts[i] as number, batch.values[i] as number);
  }

  push(seriesId: number, ts: number, value: number): void {
    let ring = this.#rings[seriesId];
    if (!ring) {
      ring = { ts: new Float64Array(this.#capacity), values: new Float64Array(this.#capacity), head: 0, size: 0 };
      this.#rings[seriesId] = ring;
    }
    // A late or repeated sample does not go back in time in the live view (history has it).
    const last = ring.size > 0 ? (ring.ts[(ring.head - 1 + this.#capacity) % this.#capacity] as number) : -1;
    if (ts <= last) return;
    ring.ts[ring.head] = ts;
    ring.values[ring.head] = value;
    ring.head = (ring.head + 1) % this.#capacity;
    ring.size = Math.min(ring.size + 1, this.#capacity);
  }

  /** How many samples of a series are at or after `since`. */
  count(seriesId: number, since: number): number {
    const ring = this.#rings[seriesId];
    if (!ring) return 0;
    let n = 0;
    for (let k = 0; k < ring.size; k++) {
      const i = (ring.head - 1 - k + 2 * this.#capacity) % this.#capacity;
      if ((ring.ts[i] as number) < since) break;
      n++;
    }
    return n;
  }

  /** Calls `visit` for each sample of a series at or after `since`, oldest first. */
  each(seriesId: number, since: number, visit: (ts: number, value: number) => void): void {
    const ring = this.#rings[seriesId];
    if (!ring) return;
    const start = (ring.head - ring.size + this.#capacity) % this.#capacity;
    for (let k = 0; k < ring.size; k++) {
      const i = (start + k) % this.#capacity;
      const ts = ring.ts[i] as number;
      if (ts >= since) visit(ts, ring.values[i] as number);
    }
  }
}
