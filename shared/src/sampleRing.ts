// One series' recent samples in a fixed-size ring of typed arrays, the newest overwriting the oldest:
// the hub's live buffers and the client's live store both keep their series in these. The ring is
// mutated in place on purpose: nothing is allocated per sample.

export class SampleRing {
  readonly #ts: Float64Array;
  readonly #values: Float64Array;
  readonly #capacity: number;
  /** Index of the next write. */
  #head = 0;
  #size = 0;
  /** The newest sample's time, -1 while empty: a sample must be newer to be stored. */
  #last = -1;

  constructor(capacity: number) {
    this.#capacity = capacity;
    this.#ts = new Float64Array(capacity);
    this.#values = new Float64Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Index of the newest sample (meaningful when the ring is not empty). */
  #newest(): number {
    return (this.#head - 1 + this.#capacity) % this.#capacity;
  }

  /** Appends a sample; one not newer than the newest held (late, replayed, repeated) is not stored. */
  push(ts: number, value: number): void {
    if (ts <= this.#last) return;
    this.#last = ts;
    this.#ts[this.#head] = ts;
    this.#values[this.#head] = value;
    this.#head = (this.#head + 1) % this.#capacity;
    this.#size = Math.min(this.#size + 1, this.#capacity);
  }

  /** Forgets every sample (the arrays are kept). */
  clear(): void {
    this.#head = 0;
    this.#size = 0;
    this.#last = -1;
  }

  latest(): { ts: number; value: number } | null {
    if (this.#size === 0) return null;
    const i = this.#newest();
    return { ts: this.#ts[i] as number, value: this.#values[i] as number };
  }

  /** How many samples are at or after `since`. */
  count(since: number): number {
    let n = 0;
    for (let k = 0; k < this.#size; k++) {
      const i = (this.#head - 1 - k + 2 * this.#capacity) % this.#capacity;
      if ((this.#ts[i] as number) < since) break;
      n++;
    }
    return n;
  }

  /** Calls `visit` for each sample at or after `since`, oldest first. */
  each(since: number, visit: (ts: number, value: number) => void): void {
    const start = (this.#head - this.#size + this.#capacity) % this.#capacity;
    for (let k = 0; k < this.#size; k++) {
      const i = (start + k) % this.#capacity;
      const ts = this.#ts[i] as number;
      if (ts >= since) visit(ts, this.#values[i] as number);
    }
  }
}
