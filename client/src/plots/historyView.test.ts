import { describe, expect, it } from 'vitest';
import {
  formatBucket,
  historyQuery,
  liveTailStart,
  MAX_LIVE_TAIL_MS,
  MIN_ZOOM_MS,
  scaleView,
  selectionView,
  seriesStats,
  withLiveTail,
} from './historyView.ts';

describe('seriesStats', () => {
  it('takes extremes from the buckets and the latest from the last mean', () => {
    const stats = seriesStats([1, 2, null, 4], [0, 1, null, 3], [2, 9, null, 5]);
    expect(stats).toMatchObject({ latest: 4, min: 0, max: 9, mean: 7 / 3 });
  });

  it('says rising, falling or steady from the first and last thirds', () => {
    expect(seriesStats([0, 0, 0, 5, 10, 10], [], []).trend).toBe('rising');
    expect(seriesStats([10, 10, 5, 0, 0, 0], [], []).trend).toBe('falling');
    expect(seriesStats([5, 5.1, 4.9, 5, 5, 5.05], [], []).trend).toBe('steady');
  });

  it('has nothing to say without values', () => {
    expect(seriesStats([null, null], [null, null], [null, null])).toEqual({
      latest: null,
      min: null,
      max: null,
      mean: null,
      trend: null,
    });
  });
});

describe('zooming', () => {
  const range = { from: 0, to: 86_400_000 };

  it('zooms in on the middle half and out to twice the span, inside the range', () => {
    expect(scaleView(range, range, 0.5)).toEqual({ from: 21_600_000, to: 64_800_000 });
    expect(scaleView({ from: 0, to: 3_600_000 }, range, 2)).toEqual({ from: 0, to: 7_200_000 });
  });

  it('never zooms below a minute', () => {
    expect(selectionView(1000, 2000, range)).toEqual({ from: 0, to: MIN_ZOOM_MS });
    expect(selectionView(range.to - 10, range.to, range)).toEqual({ from: range.to - MIN_ZOOM_MS, to: range.to });
  });

  it('asks for the zoomed span with the same number of points, so buckets get finer', () => {
    expect(historyQuery([3, 4], { from: 1000.4, to: 2000.2 }, 600)).toEqual({
      ids: '3,4',
      from: '1000',
      to: '2001',
      maxPoints: 600,
    });
  });
});

describe('formatBucket', () => {
  it('names the bucket width in the reader’s language', () => {
    expect(formatBucket('en', 60_000)).toBe('1 minute');
    expect(formatBucket('en', 7_200_000)).toBe('2 hours');
    expect(formatBucket('fr', 15_000).replace(/\s/g, ' ')).toBe('15 secondes');
  });
});

describe('a live tail', () => {
  const spec = (id: number) => ({ id, label: `s${id}`, unit: 'kW', format: String });
  // Three one-minute buckets from 0, the last still filling: its mean (80) is not the value now.
  const reply = {
    resolution: '1m',
    bucketMs: 60_000,
    ts: [0, 60_000, 120_000],
    series: [{ id: 1, avg: [10, 20, 80], min: [5, 15, 40], max: [15, 25, 90] }],
  };
  const ring = new Map([[1, [[119_000, 70] as const, [121_000, 45] as const, [122_000, 43.3] as const]]]);
  const samples = (id: number, since: number, visit: (ts: number, v: number) => void) => {
    for (const [ts, v] of ring.get(id) ?? []) if (ts >= since) visit(ts, v);
  };

  it('starts at the last bucket while the view reaches now, not before ten minutes ago', () => {
    expect(liveTailStart(reply, { from: 0, to: 125_000 }, 125_000)).toBe(120_000);
    expect(liveTailStart(reply, { from: 0, to: 125_000 }, 125_000 + MAX_LIVE_TAIL_MS)).toBe(125_000);
    // A view that ended long ago has no live tail.
    expect(liveTailStart(reply, { from: 0, to: 125_000 }, 125_000 + 2 * MAX_LIVE_TAIL_MS)).toBeNull();
  });

  it('replaces the filling bucket by the samples, the newest being the latest', () => {
    const tail = withLiveTail([spec(1), spec(2)], reply, 120_000, samples);
    expect(Array.from(tail.columns[0] as ArrayLike<number>)).toEqual([0, 60, 121, 122]);
    expect(tail.columns[1]).toEqual([10, 20, 45, 43.3]);
    expect(tail.columns[2]).toEqual([5, 15, 45, 43.3]);
    expect(tail.columns[3]).toEqual([15, 25, 45, 43.3]);
    // A series without data has empty columns of the same length.
    expect(tail.columns[4]).toEqual([null, null, null, null]);
    expect(tail.latest).toEqual([43.3, null]);
    expect(tail.end).toBe(122_000);
  });

  it('keeps the buckets as they are while no sample has come', () => {
    const tail = withLiveTail([spec(1)], reply, 130_000, () => {});
    expect(tail.columns[1]).toEqual([10, 20, 80]);
    expect(tail.latest).toEqual([80]);
    expect(tail.end).toBeNull();
  });
});
