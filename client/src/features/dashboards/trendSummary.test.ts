import { describe, expect, it } from 'vitest';
import { summariseTotal } from './trendSummary.ts';

const MIN = 60_000;

describe('summariseTotal', () => {
  const ts = Array.from({ length: 31 }, (_, i) => i * MIN);

  it('says the total now, its direction over 15 minutes and the peak', () => {
    const total = ts.map((_, i) => (i <= 10 ? 1000 : 1000 + (i - 10) * 50));
    const summary = summariseTotal({ ts, total, columns: [] }, 10_000);
    expect(summary).toMatchObject({ now: 2000, direction: 'rising', peak: 2000, peakAt: 30 * MIN });
  });

  it('calls a change under 1 % of capacity steady, and has nothing to say without data', () => {
    const total = ts.map((_, i) => 1000 + i);
    expect(summariseTotal({ ts, total, columns: [] }, 10_000)?.direction).toBe('steady');
    expect(summariseTotal({ ts, total: ts.map(() => null), columns: [] }, 10_000)).toBeNull();
  });
});
