import { describe, expect, it } from 'vitest';
import { demoPlants } from '../demo/fleet.ts';
import { buildFleet } from './build.ts';
import { seriesWithOverrides, treeProblem, treeRule } from './deviceChecks.ts';

describe('treeProblem', () => {
  it('finds the demo fleet, as built, right in every place', () => {
    const { devices } = buildFleet(demoPlants);
    const byId = new Map(devices.map((d) => [d.id, d]));
    const wrong = devices.flatMap((d) => {
      const problem = treeProblem(d.id, d.type, d.parentId, (id) => byId.get(id));
      return problem ? [`${d.id}: ${problem.message}`] : [];
    });
    expect(wrong).toEqual([]);
    expect(devices.length).toBeGreaterThan(100);
  });

  it('words each rule', () => {
    expect(treeRule('meter')).toBe("A meter stands only at the top of the site's tree");
    expect(treeRule('breaker')).toBe('A breaker hangs only under a meter or a busbar');
    expect(treeRule('inverter')).toBe('An inverter hangs only under a transformer');
    expect(treeRule('motion_sensor')).toBe('A motion sensor stands at the top of the tree or under any device');
  });
});

describe('seriesWithOverrides', () => {
  it("keeps the type's range and period where nothing is overridden, and marks the others", () => {
    const { series, problems } = seriesWithOverrides('breaker', [{ key: 'current', max: 4000, periodMs: null }]);
    expect(problems).toEqual([]);
    expect(series).toEqual([
      { key: 'position', metric: 'position', unit: '', min: 0, max: 1, periodMs: 1000, overridden: false },
      { key: 'current', metric: 'current', unit: 'A', min: -5, max: 4000, periodMs: 1000, overridden: true },
    ]);
  });

  it('refuses a key the type does not have', () => {
    expect(seriesWithOverrides('breaker', [{ key: 'load', max: 10 }]).problems).toEqual([
      {
        field: 'series.0.key',
        message: 'A breaker has no series load: one of position, current',
        reason: { code: 'notOneOf' },
      },
    ]);
  });
});
