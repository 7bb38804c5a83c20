// How many samples each series sent, per minute, over the last hour: the status grid's data quality
// (received over expected) without a database query. A sink of the ingest, before the store: what a
// device sent counts even while the store is down (a database outage is no device's fault).
//
// One flat array of counts, a column of SLOTS minutes per series (series id × SLOTS + minute % SLOTS),
// and one stamp per slot saying which minute it holds. When a sample opens a newer minute, that slot is
// cleared for every series at once (once a minute, O(series)); the arrays are mutated in place on purpose.
import type { SampleBatch } from '../store/telemetry/types.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** More than the 61 minutes an hour's window touches, so a slot is never one the window still reads. */
const SLOTS = 64;

export class SampleCounts {
  #counts: Uint32Array;
  /** The minute (since the epoch) each slot holds; -1: none. */
  readonly #stamps = new Int32Array(SLOTS).fill(-1);
  /** Since when samples are counted: given, or the first batch's arrival (null until then). */
  #startedAt: number | null;
  readonly #now: () => number;

  /**
   * `startedAt`: when counting began; by default when the first batch arrives, so that the time the hub
   * takes from building to its first source (a store to open, a simulator to start) is not taken for
   * samples its devices failed to send.
   */
  constructor(options: { capacity?: number; startedAt?: number; now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#startedAt = options.startedAt ?? null;
    this.#counts = new Uint32Array((options.capacity ?? 1024) * SLOTS);
  }

  /** Counts the batch's samples by their own time; one older than the hour, or from before the start, is not. */
  add(batch: SampleBatch): void {
    const now = this.#now();
    // The first batch's own samples count (sent a moment before they arrived), up to a minute back.
    this.#startedAt ??= Math.max(now - MINUTE, Math.min(now, ...batch.ts.subarray(0, 10_000)));
    const oldest = Math.max(now - HOUR, this.#startedAt);
    const n = batch.series.length;
    for (let i = 0; i < n; i++) {
      const ts = batch.ts[i] as number;
      if (ts < oldest || ts > now + MINUTE) continue;
      const minute = Math.floor(ts / MINUTE);
      const slot = minute % SLOTS;
      const stamp = this.#stamps[slot] as number;
      if (stamp > minute) continue;
      if (stamp < minute) this.#open(slot, minute);
      const id = batch.series[i] as number;
      if ((id + 1) * SLOTS > this.#counts.length) this.#grow(id + 1);
      const index = id * SLOTS + slot;
      this.#counts[index] = (this.#counts[index] as number) + 1;
    }
  }

  /**
   * What share of the samples the series should have sent they did, over the last hour (or since the
   * start when less): received over window ÷ period, at most 1. Null when nothing was expected yet.
   */
  quality(series: readonly { id: number; periodMs: number }[], now = this.#now()): number | null {
    if (this.#startedAt === null) return null;
    const from = Math.max(now - HOUR, this.#startedAt);
    const firstMinute = Math.floor(from / MINUTE);
    const lastMinute = Math.floor(now / MINUTE);
    // Whole minutes are read: the window starts at the first one's start (or at the start, when the
    // hub has run less than an hour: nothing before it was counted).
    const windowMs = now - Math.max(firstMinute * MINUTE, this.#startedAt);
    let expected = 0;
    let received = 0;
    for (const s of series) {
      if (s.periodMs <= 0) continue;
      expected += windowMs / s.periodMs;
      received += this.received(s.id, firstMinute, lastMinute);
    }
    return expected < 1 ? null : Math.min(1, received / expected);
  }

  /** The samples of a series counted from one minute to another (since the epoch, both included). */
  received(seriesId: number, firstMinute: number, lastMinute: number): number {
    if ((seriesId + 1) * SLOTS > this.#counts.length) return 0;
    let sum = 0;
    for (let minute = Math.max(firstMinute, lastMinute - SLOTS + 1); minute <= lastMinute; minute++) {
      const slot = minute % SLOTS;
      if (this.#stamps[slot] === minute) sum += this.#counts[seriesId * SLOTS + slot] as number;
    }
    return sum;
  }

  #open(slot: number, minute: number): void {
    this.#stamps[slot] = minute;
    for (let i = slot; i < this.#counts.length; i += SLOTS) this.#counts[i] = 0;
  }

  #grow(series: number): void {
    const counts = new Uint32Array(Math.max(series, (this.#counts.length / SLOTS) * 2) * SLOTS);
    counts.set(this.#counts);
    this.#counts = counts;
  }
}
