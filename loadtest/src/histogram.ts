// A log-linear histogram of whole units (here milliseconds), small and mergeable, so that a thousand
// clients can send one per second to the main thread instead of every sample. Values below 128 get a
// bucket each; above, each power of two is split into 128 buckets, so a percentile is within 1/256
// (0.4 %) of the true value, in the manner of HdrHistogram with two significant digits.

const SUB_BITS = 7;
const SUB = 1 << SUB_BITS;
/** 2^26 ms is about 18 hours: anything slower is clamped into the last bucket (max stays exact). */
const TOP_BIT = 26;
const MAX_VALUE = 2 ** TOP_BIT - 1;
export const BUCKETS = SUB + (TOP_BIT - SUB_BITS) * SUB;
/** The largest relative error of a reported percentile (above the linear range). */
export const RELATIVE_ERROR = 1 / (2 * SUB);

/** What a histogram holds, as plain data that crosses threads (the counts can be transferred). */
export interface HistogramData {
  counts: Float64Array<ArrayBuffer>;
  count: number;
  sum: number;
  min: number;
  max: number;
}

function bucketOf(value: number): number {
  const v = Math.min(MAX_VALUE, Math.max(0, Math.floor(value)));
  if (v < SUB) return v;
  const exponent = 31 - Math.clz32(v);
  return (exponent - SUB_BITS + 1) * SUB + ((v >>> (exponent - SUB_BITS)) - SUB);
}

/** The value that stands for a bucket: the middle of the whole units it holds. */
function bucketValue(bucket: number): number {
  if (bucket < SUB) return bucket;
  const shift = Math.floor(bucket / SUB) - 1;
  const lower = (SUB + (bucket % SUB)) * 2 ** shift;
  return lower + (2 ** shift - 1) / 2;
}

export class Histogram implements HistogramData {
  counts: Float64Array<ArrayBuffer> = new Float64Array(BUCKETS);
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  static from(data: HistogramData): Histogram {
    const histogram = new Histogram();
    histogram.merge(data);
    return histogram;
  }

  /** Counts a value; negatives (a clock ahead of ours) count as 0 but still show in `min`. */
  record(value: number): void {
    const bucket = bucketOf(value);
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
    this.count++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  merge(other: HistogramData): void {
    if (other.count === 0) return;
    const counts = this.counts;
    const theirs = other.counts;
    for (let i = 0; i < BUCKETS; i++) counts[i] = (counts[i] as number) + (theirs[i] as number);
    this.count += other.count;
    this.sum += other.sum;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
  }

  /** Nearest rank: the smallest value that `p` percent of the values do not exceed; NaN when empty. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    if (rank >= this.count) return this.max;
    let seen = 0;
    // The last bucket also holds everything clamped into it: the max is the better answer there.
    for (let i = 0; i < BUCKETS - 1; i++) {
      seen += this.counts[i] as number;
      if (seen >= rank) return Math.min(this.max, Math.max(this.min, bucketValue(i)));
    }
    return this.max;
  }

  get mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  /** Hands the data over (for a transfer to another thread) and starts empty again. */
  take(): HistogramData {
    const data: HistogramData = { counts: this.counts, count: this.count, sum: this.sum, min: this.min, max: this.max };
    this.counts = new Float64Array(BUCKETS);
    this.count = 0;
    this.sum = 0;
    this.min = Number.POSITIVE_INFINITY;
    this.max = Number.NEGATIVE_INFINITY;
    return data;
  }
}
