import { describe, expect, it } from 'vitest';
import { scaledValueAxis } from './scaledValueAxis.ts';

describe('scaledValueAxis', () => {
  const power = scaledValueAxis(
    'en',
    (kw) => `${kw} kW`,
    (max) => (max >= 1000 ? 'MW' : 'kW'),
    (max) => (max >= 1000 ? 1e-3 : 1),
  );

  it('writes the ticks in the unit the top of the axis chooses, with digits enough to tell them apart', () => {
    expect(power.unit(4000)).toBe('MW');
    expect(power.ticks([0, 500, 1000, 1500], 4000)).toEqual(['0', '0.5', '1', '1.5']);
    expect(power.ticks([0, 200, 400], 400)).toEqual(['0', '200', '400']);
  });

  it('keeps values unscaled without a scale', () => {
    const plain = scaledValueAxis('en', String, () => 'W/m²');
    expect(plain.ticks([0, 0.05, 0.1], 0.1)).toEqual(['0', '0.05', '0.1']);
    expect(plain.format(3)).toBe('3');
  });
});
