import type { GeneratorKpis } from '@voltscope/shared/kpis';
import { describe, expect, it } from 'vitest';
import { median, rankByYield } from './ranking.ts';

const inverter = (name: string, specificYieldToday: number | null): GeneratorKpis => ({
  deviceId: `s.${name}`,
  name,
  type: 'inverter',
  ratedKw: 250,
  state: 'online',
  operatingState: 1,
  faultCode: 0,
  powerKw: 100,
  energyTodayKwh: specificYieldToday === null ? null : specificYieldToday * 300,
  specificYieldToday,
  lastSeen: 1,
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('rankByYield', () => {
  it('lists the best and the worst against the median, worst first', () => {
    const ranking = rankByYield(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n, i) => inverter(n, 2 + i * 0.1)).concat(inverter('x', 1)),
      2,
    );
    expect(ranking.best.map((r) => r.generator.name)).toEqual(['g', 'f']);
    expect(ranking.worst.map((r) => r.generator.name)).toEqual(['x', 'a']);
    expect(ranking.worst[0]?.deviation).toBeCloseTo(1 / 2.25 - 1);
  });

  it('never puts one inverter in both lists', () => {
    const ranking = rankByYield([inverter('a', 2), inverter('b', 3), inverter('c', 4)], 3);
    expect(ranking.best).toHaveLength(1);
    expect(ranking.worst).toHaveLength(1);
  });

  it('ranks nothing before the day has started, and sets apart inverters without a yield', () => {
    const ranking = rankByYield([inverter('a', 0), inverter('b', 0), inverter('c', null)]);
    expect(ranking.best).toEqual([]);
    expect(ranking.unranked.map((g) => g.name)).toEqual(['c']);
  });
});
