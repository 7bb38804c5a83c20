import { describe, expect, it } from 'vitest';
import { judge } from './underperformance.ts';

const unit = (id: string, site: string, specificYield: number | null, performanceRatio: number | null = null) => ({
  id,
  yieldGroup: site,
  ratioGroup: 'solar',
  specificYield,
  performanceRatio,
});

describe('judge', () => {
  it('flags an inverter more than 10 % below its site’s median yield, or its kind’s median PR', () => {
    const result = judge([
      unit('a', 's', 5, 0.8),
      unit('b', 's', 5.1, 0.81),
      unit('c', 's', 4.4, 0.8),
      unit('d', 's', 5, 0.7),
    ]);
    expect(result.get('a')?.flagged).toBe(false);
    expect(result.get('c')?.flagged).toBe(true);
    expect(result.get('c')?.yieldDeviation).toBeCloseTo(4.4 / 5 - 1);
    expect(result.get('d')?.flagged).toBe(true);
  });

  it('compares yields within a site only: a sunnier site does not make the others underperform', () => {
    const result = judge([
      unit('y', 'yazd', 9, 0.85),
      unit('o', 'occitanie', 5, 0.84),
      unit('m', 'ouarzazate', 8, 0.86),
    ]);
    expect([...result.values()].some((j) => j.flagged)).toBe(false);
    expect(result.get('o')?.yieldDeviation).toBeNull();
    expect(result.get('o')?.ratioDeviation).toBeCloseTo(0.84 / 0.85 - 1);
  });

  it('says nothing of a group under three, nor against a median of zero (before sunrise)', () => {
    const result = judge([
      unit('a', 's', 0),
      unit('b', 's', 0),
      unit('c', 's', 0),
      unit('w', 'w', 1),
      unit('v', 'w', 10),
    ]);
    expect([...result.values()].every((j) => j.yieldDeviation === null && !j.flagged)).toBe(true);
  });
});
