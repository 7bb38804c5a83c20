import { describe, expect, it } from 'vitest';
import { createRandom } from '../simulator/random.ts';
import { featuresOf } from './plan.ts';
import { endOf, planTrack, positionAt, type Scenario, SPEEDS } from './tracks.ts';

const features = featuresOf('solar', 12);
const scenarios: Scenario[] = ['fence', 'vehicle', 'crew'];

describe('the track generator', () => {
  it.each(scenarios)('moves a %s at a plausible speed, inside the plan, ending where it stops', (scenario) => {
    for (let seed = 1; seed <= 50; seed++) {
      const { path, kind } = planTrack(scenario, features, 1_000_000, createRandom(seed));
      expect(kind).toBe(scenario === 'vehicle' ? 'vehicle' : 'person');
      const top = scenario === 'vehicle' ? SPEEDS.drive[1] : SPEEDS.walk[1] * 1.1;
      for (let i = 1; i < path.length; i++) {
        const a = path[i - 1] as (typeof path)[number];
        const b = path[i] as (typeof path)[number];
        expect(b.t).toBeGreaterThanOrEqual(a.t);
        const metres = Math.hypot(b.x - a.x, b.y - a.y);
        if (metres > 0) expect(metres / ((b.t - a.t) / 1000)).toBeLessThanOrEqual(top + 1e-9);
      }
      for (const p of path) {
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(400);
        expect(p.y).toBeGreaterThanOrEqual(0);
        expect(p.y).toBeLessThanOrEqual(260);
      }
      // Minutes, not hours or instants.
      const minutes = (endOf(path) - 1_000_000) / 60_000;
      expect(minutes).toBeGreaterThan(scenario === 'vehicle' ? 0.5 : 3);
      expect(minutes).toBeLessThan(scenario === 'crew' ? 30 : 12);
    }
  });

  it('keeps a person walking the fence near the north fence, and brings a vehicle through the gate to the parking', () => {
    const walk = planTrack('fence', features, 0, createRandom(3));
    const along = walk.path.slice(0, -1);
    for (const p of along) expect(p.y).toBeLessThan(features.fence.y + 20);
    const drive = planTrack('vehicle', features, 0, createRandom(3));
    const gateX = features.gate.x + features.gate.w / 2;
    expect(drive.path.some((p) => Math.abs(p.x - gateX) < 1 && Math.abs(p.y - features.gate.y) < 6)).toBe(true);
    const parked = drive.path.at(-1) as { x: number; y: number };
    expect(parked.x).toBeGreaterThanOrEqual(features.parking.x);
    expect(parked.x).toBeLessThanOrEqual(features.parking.x + features.parking.w);
  });

  it('is deterministic by seed', () => {
    for (const scenario of scenarios) {
      const a = planTrack(scenario, features, 5000, createRandom(42));
      const b = planTrack(scenario, features, 5000, createRandom(42));
      const c = planTrack(scenario, features, 5000, createRandom(43));
      expect(a).toEqual(b);
      expect(a).not.toEqual(c);
    }
  });

  it('interpolates positions along the path, none outside its time', () => {
    const { path } = planTrack('vehicle', features, 10_000, createRandom(1));
    expect(positionAt(path, 9_999)).toBeNull();
    expect(positionAt(path, endOf(path) + 1)).toBeNull();
    const a = path[0] as { x: number; y: number; t: number };
    const b = path[1] as { x: number; y: number; t: number };
    const mid = positionAt(path, (a.t + b.t) / 2);
    expect(mid?.x).toBeCloseTo((a.x + b.x) / 2);
    expect(mid?.y).toBeCloseTo((a.y + b.y) / 2);
  });
});
