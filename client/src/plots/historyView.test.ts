import { describe, expect, it } from 'vitest';
import { formatBucket, historyQuery, MIN_ZOOM_MS, scaleView, selectionView, seriesStats } from './historyView.ts';

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
