import { describe, expect, it } from 'vitest';
import { BRIDGED_MS, coverageOf, missingMs } from './coverage.ts';

const MIN = 60_000;
const at = (minutes: number) => minutes * MIN;

describe('missingMs', () => {
  const span = { from: 0, to: at(120) };
  // Buckets of five minutes over two hours.
  const ts = Array.from({ length: 24 }, (_, i) => at(i * 5));

  it('is nothing for a whole day, or silences the hub bridges', () => {
    expect(
      missingMs(
        ts,
        ts.map(() => 1),
        5 * MIN,
        span,
      ),
    ).toBe(0);
    // Fifteen minutes without data: held by the previous mean.
    const holes = ts.map((_, i) => (i >= 10 && i < 13 ? null : 1));
    expect(missingMs(ts, holes, 5 * MIN, span)).toBe(0);
  });

  it('counts the silences longer than the hub bridges, at the start, inside and at the end', () => {
    // No data for the first 30 minutes, from 50 to 80, and after 100.
    const values = ts.map((t) => (t < at(30) || (t >= at(50) && t < at(80)) || t >= at(100) ? null : 1));
    expect(missingMs(ts, values, 5 * MIN, span)).toBe(at(30) + at(30));
    // The last 20 minutes are bridged: only longer silences count.
    expect(missingMs(ts, values, 5 * MIN, span, BRIDGED_MS)).toBe(at(60));
  });

  it('is the whole span without any data', () => {
    expect(missingMs([], [], 5 * MIN, span)).toBe(at(120));
  });
});

describe('coverageOf', () => {
  it('names who misses data, the one missing most first, and the longest time missing', () => {
    const gaps = new Map([
      [1, 0],
      [2, at(40)],
      [3, at(90)],
    ]);
    const series = [
      { id: 1, name: 'Grid meter' },
      { id: 2, name: 'Inverter 02' },
      { id: 3, name: 'Weather station' },
    ];
    expect(coverageOf(gaps, series)).toEqual({ missingMs: at(90), missing: ['Weather station', 'Inverter 02'] });
    expect(coverageOf(gaps, series.slice(0, 1))).toEqual({ missingMs: 0, missing: [] });
  });
});
