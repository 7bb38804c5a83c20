import { describe, expect, it } from 'vitest';
import { binPowerCurve, expectedPower } from './PowerCurveChart.tsx';

describe('binPowerCurve (method of bins)', () => {
  it('groups pairs in 0.5 m/s bins centred on multiples of 0.5, each bin its mean wind and mean power', () => {
    const wind = [4.8, 5.0, 5.2, 5.3, 5.6, 5.7];
    const power = [100, 200, 300, 400, 500, 700];
    // 4.8, 5.0, 5.2 → bin 5.0 (4.75 ≤ w < 5.25); 5.3, 5.6, 5.7 → bin 5.5 (5.25 ≤ w < 5.75).
    const bins = binPowerCurve(wind, power, { minCount: 1 });
    expect(bins.count).toEqual([3, 3]);
    expect(bins.wind[0]).toBeCloseTo(5.0);
    expect(bins.power[0]).toBeCloseTo(200);
    expect(bins.wind[1]).toBeCloseTo(5.5333, 3);
    expect(bins.power[1]).toBeCloseTo(533.333, 2);
  });

  it('puts a bin edge at a quarter metre a second from a centre', () => {
    const bins = binPowerCurve([0.74, 0.76], [10, 20], { minCount: 1 });
    expect(bins.count).toEqual([1, 1]);
    expect(bins.wind).toEqual([0.74, 0.76]);
    expect(bins.power).toEqual([10, 20]);
  });

  it('leaves out gaps, negative speeds, excluded samples and bins with too few samples', () => {
    const wind = [8, 8.1, null, 7.9, -1, 12, 8.05];
    const power = [1000, 1100, 900, null, 50, 3000, 0];
    // The last sample is the turbine in fault: excluded; 12 m/s has one sample: under minCount 2.
    const bins = binPowerCurve(wind, power, { minCount: 2, keep: (i) => i !== 6 });
    expect(bins.count).toEqual([2]);
    expect(bins.wind[0]).toBeCloseTo(8.05);
    expect(bins.power[0]).toBeCloseTo(1050);
  });

  it('gives bins in ascending wind speed whatever the order of the samples', () => {
    const bins = binPowerCurve([10, 3, 7, 3.1, 10.1, 7.1], [2000, 0, 800, 10, 2100, 850], { minCount: 2 });
    expect(bins.wind.map((w) => Math.round(w))).toEqual([3, 7, 10]);
    expect(bins.power).toEqual([5, 825, 2050]);
  });

  it('is empty without data', () => {
    expect(binPowerCurve([], [])).toEqual({ wind: [], power: [], count: [] });
  });
});

describe('expectedPower', () => {
  const bins = { wind: [4, 6, 8], power: [100, 500, 1500], count: [3, 3, 3] };

  it('interpolates linearly between bins', () => {
    expect(expectedPower(bins, 5)).toBe(300);
    expect(expectedPower(bins, 7.5)).toBe(1250);
    expect(expectedPower(bins, 8)).toBe(1500);
    expect(expectedPower(bins, 4)).toBe(100);
  });

  it('says nothing outside the measured range', () => {
    expect(expectedPower(bins, 3.9)).toBeNull();
    expect(expectedPower(bins, 9)).toBeNull();
    expect(expectedPower({ wind: [], power: [], count: [] }, 5)).toBeNull();
  });
});
