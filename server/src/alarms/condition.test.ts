import { describe, expect, it } from 'vitest';
import { PointCondition } from './condition.ts';

const high = { kind: 'high' as const, threshold: 75, deadband: 3, onDelayMs: 10_000, offDelayMs: 30_000 };

function run(condition: PointCondition, samples: [number, number][]) {
  return samples.flatMap(([ts, v]) => {
    const change = condition.sample(v, ts);
    return change ? [[ts, change]] : [];
  });
}

describe('alarm conditions', () => {
  it('does not chatter on a noisy value at the limit: deadband and delays', () => {
    const c = new PointCondition(high);
    // One sample a second around 75 ± 1.5 for ten minutes: above the limit often, never for 10 s.
    const noisy = Array.from(
      { length: 600 },
      (_, i) => [i * 1000, 75 + (i % 2 === 0 ? 1.5 : -1.5)] as [number, number],
    );
    expect(run(c, noisy)).toEqual([]);
  });

  it('raises after the on-delay, and clears only below the deadband after the off-delay', () => {
    const c = new PointCondition(high);
    const above = Array.from({ length: 15 }, (_, i) => [i * 1000, 80] as [number, number]);
    expect(run(c, above)).toEqual([[10_000, 'raise']]);
    // Back to 73.5: inside the limit but not past the deadband (72): stays raised.
    expect(
      run(
        c,
        Array.from({ length: 60 }, (_, i) => [20_000 + i * 1000, 73.5] as [number, number]),
      ),
    ).toEqual([]);
    // 71 for 30 s clears it.
    expect(
      run(
        c,
        Array.from({ length: 31 }, (_, i) => [100_000 + i * 1000, 71] as [number, number]),
      ),
    ).toEqual([[130_000, 'clear']]);
  });

  it('lets the clock finish a delay when no sample comes', () => {
    const c = new PointCondition(high);
    expect(c.sample(90, 0)).toBeNull();
    expect(c.check(9_999)).toBeNull();
    expect(c.check(10_000)).toBe('raise');
    expect(c.active).toBe(true);
  });

  it('watches low limits, fault codes and rates of change', () => {
    const low = new PointCondition({ kind: 'low', threshold: 0.5, deadband: 0, onDelayMs: 0, offDelayMs: 0 });
    expect(low.sample(0, 0)).toBe('raise');
    expect(low.sample(1, 1)).toBe('clear');
    const anyFault = new PointCondition({ kind: 'fault_code', threshold: 0, deadband: 0, onDelayMs: 0, offDelayMs: 0 });
    expect(anyFault.sample(102, 0)).toBe('raise');
    expect(anyFault.sample(101, 1)).toBeNull();
    expect(anyFault.sample(0, 2)).toBe('clear');
    const rate = new PointCondition({
      kind: 'rate_of_change',
      threshold: 10,
      deadband: 0,
      onDelayMs: 0,
      offDelayMs: 0,
    });
    expect(rate.sample(20, 0)).toBeNull();
    expect(rate.sample(21, 60_000)).toBeNull();
    expect(rate.sample(40, 120_000)).toBe('raise');
    expect(rate.sample(41, 180_000)).toBe('clear');
  });
});
