import { describe, expect, it } from 'vitest';
import { SampleCounts } from './sampleCounts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);

const batch = (samples: readonly [series: number, ts: number][]) => ({
  series: Int32Array.from(samples.map(([s]) => s)),
  ts: Float64Array.from(samples.map(([, ts]) => ts)),
  values: new Float64Array(samples.length),
});

/** One sample of `series` every `periodMs` from `from` (included) to `to` (excluded). */
const every = (series: number, periodMs: number, from: number, to: number) =>
  batch(Array.from({ length: Math.ceil((to - from) / periodMs) }, (_, i) => [series, from + i * periodMs] as const));

describe('sample counts', () => {
  it('says a series that sent every sample over the hour is at 100 %, one that sent half at 50 %', () => {
    let now = T0;
    const counts = new SampleCounts({ startedAt: T0 - 2 * HOUR, now: () => now });
    for (let t = T0 - 2 * HOUR; t < T0; t += MINUTE) {
      now = t + MINUTE;
      counts.add(every(1, 1000, t, t + MINUTE));
      counts.add(every(2, 2000, t, t + MINUTE));
    }
    expect(counts.quality([{ id: 1, periodMs: 1000 }], T0)).toBeCloseTo(1, 2);
    expect(counts.quality([{ id: 2, periodMs: 1000 }], T0)).toBeCloseTo(0.5, 2);
    expect(
      counts.quality(
        [
          { id: 1, periodMs: 1000 },
          { id: 2, periodMs: 1000 },
        ],
        T0,
      ),
    ).toBeCloseTo(0.75, 2);
  });

  it('judges only since the start when the hub has run less than an hour', () => {
    const start = T0 - 10 * MINUTE;
    const counts = new SampleCounts({ startedAt: start, now: () => T0 });
    counts.add(every(3, 1000, start - 5 * MINUTE, T0));
    expect(counts.received(3, Math.floor((start - 5 * MINUTE) / MINUTE), Math.floor(T0 / MINUTE))).toBe(600);
    expect(counts.quality([{ id: 3, periodMs: 1000 }], T0)).toBeCloseTo(1, 2);
    expect(counts.quality([{ id: 3, periodMs: 1000 }], T0 + 10 * MINUTE)).toBeCloseTo(0.5, 2);
  });

  it('forgets what is older than the hour as the minutes come round again', () => {
    let now = T0;
    const counts = new SampleCounts({ startedAt: T0 - 3 * HOUR, now: () => now });
    counts.add(every(4, 1000, T0 - 30 * MINUTE, T0));
    expect(counts.quality([{ id: 4, periodMs: 1000 }], T0)).toBeCloseTo(0.5, 2);
    // 70 minutes later, one minute of samples: the old ones have left the window, and their slots.
    now = T0 + 70 * MINUTE;
    counts.add(every(4, 1000, now - MINUTE, now));
    expect(counts.quality([{ id: 4, periodMs: 1000 }], now)).toBeCloseTo(1 / 60, 2);
  });

  it('counts from its first batch when not told when it started', () => {
    let now = T0;
    const counts = new SampleCounts({ now: () => now });
    expect(counts.quality([{ id: 6, periodMs: 1000 }], T0)).toBeNull();
    now = T0 + 30_000;
    counts.add(every(6, 1000, T0 + 30_000, T0 + 31_000));
    now = T0 + 90_000;
    counts.add(every(6, 1000, T0 + 31_000, T0 + 90_000));
    expect(counts.quality([{ id: 6, periodMs: 1000 }], now)).toBeCloseTo(1, 2);
  });

  it('gives nothing when nothing was expected yet, and never more than 100 %', () => {
    const counts = new SampleCounts({ startedAt: T0, now: () => T0 + 500 });
    expect(counts.quality([{ id: 5, periodMs: 1000 }], T0 + 500)).toBeNull();
    counts.add(every(5, 100, T0, T0 + 500));
    counts.add(every(5, 100, T0, T0 + 500));
    expect(
      counts.quality(
        [
          { id: 5, periodMs: 60_000 },
          { id: 5, periodMs: 100 },
        ],
        T0 + 500,
      ),
    ).toBe(1);
  });

  it('grows for a series added after it was built', () => {
    const counts = new SampleCounts({ capacity: 2, startedAt: T0 - HOUR, now: () => T0 });
    counts.add(every(5000, 1000, T0 - MINUTE, T0));
    expect(counts.quality([{ id: 5000, periodMs: 1000 }], T0)).toBeCloseTo(1 / 60, 2);
    expect(counts.quality([{ id: 4999, periodMs: 1000 }], T0)).toBe(0);
  });
});
