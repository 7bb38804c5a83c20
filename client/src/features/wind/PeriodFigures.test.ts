import { describe, expect, it } from 'vitest';
import { capacityFigures } from './PeriodFigures.tsx';

describe('capacityFigures', () => {
  it('is the energy over rated power times hours, and the energy over rated power', () => {
    // 3 MW turbine, 24 hours, 21.6 MWh: 30 % capacity factor, 7.2 full-load hours.
    const day = { from: 0, to: 24 * 3_600_000 };
    expect(capacityFigures(21_600, 3000, day)).toEqual({ capacityFactor: 0.3, fullLoadHours: 7.2 });
  });

  it('says nothing without energy, rating or span', () => {
    const none = { capacityFactor: null, fullLoadHours: null };
    expect(capacityFigures(null, 3000, { from: 0, to: 1 })).toEqual(none);
    expect(capacityFigures(100, null, { from: 0, to: 1 })).toEqual(none);
    expect(capacityFigures(100, 3000, { from: 5, to: 5 })).toEqual(none);
  });
});
