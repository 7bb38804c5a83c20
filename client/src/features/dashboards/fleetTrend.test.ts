import { describe, expect, it } from 'vitest';
import { FleetTrend, fillGaps, historyWindow, type SampleSource, sumColumns } from './fleetTrend.ts';

const MIN = 60_000;

/** Live samples per series, as the live store would hold them. */
function source(samples: Record<number, [number, number][]>): SampleSource {
  return {
    each(id, since, visit) {
      for (const [ts, v] of samples[id] ?? []) if (ts >= since) visit(ts, v);
    },
  };
}

describe('historyWindow', () => {
  it('asks for aligned buckets of exactly the bucket width', () => {
    const q = historyWindow(10 * 3_600_000 + 12_345, 6 * 3_600_000, MIN);
    expect(q.from % MIN).toBe(0);
    expect(Math.ceil((q.to - q.from) / q.maxPoints)).toBe(MIN);
  });
});

describe('FleetTrend', () => {
  const window = { windowMs: 10 * MIN, bucketMs: MIN };
  const now = 100 * MIN + 30_000;

  it('takes history before the live rings begin and live buckets after', () => {
    const live = source({
      1: [
        [98 * MIN + 10_000, 50],
        [98 * MIN + 20_000, 70],
        [100 * MIN + 5_000, 90],
      ],
    });
    const trend = new FleetTrend([1], [0], window, live);
    trend.setHistory(1, [95 * MIN, 96 * MIN, 97 * MIN, 98 * MIN], [10, 20, 30, 40]);
    const data = trend.read(now);
    expect(data.ts[0]).toBe(90 * MIN);
    const at = (minute: number) => data.columns[0]?.[minute - 90];
    expect(at(95)).toBe(10);
    expect(at(97)).toBe(30);
    // The rings start inside minute 98: that bucket is partial live, so history holds it.
    expect(at(98)).toBe(40);
    expect(at(100)).toBe(90);
  });

  it('sums the power columns into the total, not the irradiance', () => {
    const live = source({
      1: [[100 * MIN, 100]],
      2: [[100 * MIN, 800]],
      3: [[100 * MIN, 50]],
    });
    const trend = new FleetTrend([1, 2, 3], [0, 2], window, live);
    trend.setHistory(1, [99 * MIN], [90]);
    trend.setHistory(3, [99 * MIN], [40]);
    const data = trend.read(now);
    expect(data.total.at(-1)).toBe(150);
    expect(data.total.at(-2)).toBe(130);
  });

  it('tells its listeners when history came in', () => {
    const trend = new FleetTrend([1], [0], window, source({}));
    let calls = 0;
    const stop = trend.onHistory(() => calls++);
    trend.historyLoaded();
    stop();
    trend.historyLoaded();
    expect(calls).toBe(1);
  });
});

describe('sumColumns', () => {
  const ts = [0, 1, 2, 3, 4, 5].map((m) => m * MIN);

  it('interpolates a column across a short gap so the total does not dip', () => {
    expect(
      sumColumns(
        ts,
        [
          [10, null, 30, null, null, null],
          [1, 1, 1, 1, 1, 1],
        ],
        20 * MIN,
      ),
    ).toEqual([11, 21, 31, 1, 1, 1]);
  });

  it('carries the last value over the two newest buckets only', () => {
    expect(sumColumns(ts, [[5, 5, 5, 5, null, null]], 20 * MIN)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(sumColumns(ts, [[5, 5, 5, null, null, null]], 20 * MIN)).toEqual([5, 5, 5, null, null, null]);
  });

  it('does not bridge a gap longer than the limit', () => {
    expect(sumColumns(ts, [[10, null, null, null, null, 10]], 2 * MIN)).toEqual([10, null, null, null, null, 10]);
  });
});

describe('fillGaps', () => {
  const ts = [0, 1, 2, 3, 4].map((m) => m * MIN);

  it('draws sparse history as a line, and leaves outages and the end alone', () => {
    expect(fillGaps(ts, [0, null, 20, null, null], 20 * MIN)).toEqual([0, 10, 20, null, null]);
    expect(fillGaps(ts, [0, null, null, null, 40], 2 * MIN)).toEqual([0, null, null, null, 40]);
  });
});
