import { describe, expect, it } from 'vitest';
import { curveMaxPoints, directionMeans, periodSamples } from './periodData.ts';

describe('directionMeans', () => {
  it('keeps bucket means whose extremes stay within half a turn, drops those that swung across north', () => {
    expect(directionMeans([100, 180, 5, null], [90, 175, 0, null], [110, 185, 355, null])).toEqual([
      100,
      180,
      null,
      null,
    ]);
  });

  it('keeps single samples (minimum equals maximum)', () => {
    expect(directionMeans([359], [359], [359])).toEqual([359]);
  });
});

describe('periodSamples', () => {
  it('pairs the series by bucket and keeps out buckets with a fault code', () => {
    const reply = {
      resolution: 'raw',
      bucketMs: 60_000,
      ts: [0, 60_000, 120_000],
      series: [
        { id: 1, min: [5, 6, 7], max: [5, 6, 7], avg: [5, 6, 7] },
        { id: 2, min: [100, 200, 0], max: [100, 200, 0], avg: [100, 200, 0] },
        { id: 3, min: [10, 0, 200], max: [20, 359, 210], avg: [15, 180, 205] },
        { id: 4, min: [0, 0, 0], max: [0, 0, 301], avg: [0, 0, 150] },
      ],
    };
    const samples = periodSamples(reply, { wind: 1, power: 2, direction: 3, faultCode: 4 });
    expect(samples.buckets).toBe(3);
    expect(samples.wind).toEqual([5, 6, 7]);
    expect(samples.power).toEqual([100, 200, 0]);
    expect(samples.direction).toEqual([15, null, 205]);
    expect(samples.healthy).toEqual([true, true, false]);
  });

  it('gives gaps for a series the hub did not return', () => {
    const samples = periodSamples(
      { resolution: 'raw', bucketMs: 1, ts: [0, 1], series: [] },
      { wind: 1, power: 2, direction: undefined, faultCode: undefined },
    );
    expect(samples.wind).toEqual([null, null]);
    expect(samples.direction).toEqual([null, null]);
    expect(samples.healthy).toEqual([true, true]);
  });
});

describe('curveMaxPoints', () => {
  it('asks for ten-minute buckets, between 1,000 and 5,000 of them', () => {
    expect(curveMaxPoints(0, 86_400_000)).toBe(1_000);
    expect(curveMaxPoints(0, 30 * 86_400_000)).toBe(4_320);
    expect(curveMaxPoints(0, 365 * 86_400_000)).toBe(5_000);
  });
});
