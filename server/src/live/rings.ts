// The hub's live buffers: per series, a fixed-size ring of its last samples at native rate, filled by
// the ingest before the store writes. Snapshots on subscribe are read from here, never from the store.
// The rings (shared/sampleRing.ts) are mutated in place on purpose: nothing is allocated per sample.
import { SampleRing } from '@voltscope/shared/sampleRing';
import type { SampleBatch } from '../store/telemetry/types.ts';

export class SeriesRings {
  readonly #capacity: number;
  readonly #rings: (SampleRing | undefined)[] = [];

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
      ring = new SampleRing(this.#capacity);
      this.#rings[seriesId] = ring;
    }
    // A late or repeated sample does not go back in time in the live view (history has it).
    ring.push(ts, value);
  }

  /** How many samples of a series are at or after `since`. */
  count(seriesId: number, since: number): number {
    return this.#rings[seriesId]?.count(since) ?? 0;
  }

  /** Calls `visit` for each sample of a series at or after `since`, oldest first. */
  each(seriesId: number, since: number, visit: (ts: number, value: number) => void): void {
    this.#rings[seriesId]?.each(since, visit);
  }
}
