import { describe, expect, it } from 'vitest';
import {
  availability,
  capacityFactor,
  capacityShares,
  energyOf,
  expectedSolarKw,
  expectedSolarKwh,
  expectedWindKw,
  expectedWindKwh,
  genericPowerCurve,
  insolationOf,
  integralOf,
  isDue,
  isProducing,
  localDay,
  performanceRatio,
  previousLocalMidnight,
  specificYield,
  startOfLocalDay,
} from './kpiFormulas.ts';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe('local days', () => {
  it('starts the day at midnight in Tehran (UTC+3:30), to the millisecond', () => {
    // 2026-01-16 00:00 in Tehran is 2026-01-15 20:30 UTC.
    const midnight = utc('2026-01-15T20:30:00.000Z');
    expect(startOfLocalDay(midnight, 'Asia/Tehran')).toBe(midnight);
    expect(startOfLocalDay(midnight + 1, 'Asia/Tehran')).toBe(midnight);
    expect(startOfLocalDay(midnight - 1, 'Asia/Tehran')).toBe(utc('2026-01-14T20:30:00.000Z'));
    expect(startOfLocalDay(midnight + 23.5 * HOUR, 'Asia/Tehran')).toBe(midnight);
    expect(localDay(midnight, 'Asia/Tehran')).toBe('2026-01-16');
    expect(localDay(midnight - 1, 'Asia/Tehran')).toBe('2026-01-15');
    expect(previousLocalMidnight(midnight, 'Asia/Tehran')).toBe(midnight - 24 * HOUR);
  });

  it('gives Madrid 23 hours on the last Sunday of March, when the clocks go forward at 02:00', () => {
    // 2026-03-29 00:00 CET (UTC+1) is 03-28 23:00 UTC; 2026-03-30 00:00 CEST (UTC+2) is 03-29 22:00 UTC.
    const start = utc('2026-03-28T23:00:00Z');
    const end = utc('2026-03-29T22:00:00Z');
    // After the change the wall clock reads 14:00 at 12:00 UTC, yet only 13 hours have passed since midnight.
    expect(startOfLocalDay(utc('2026-03-29T12:00:00Z'), 'Europe/Madrid')).toBe(start);
    expect(startOfLocalDay(utc('2026-03-29T00:30:00Z'), 'Europe/Madrid')).toBe(start);
    expect(startOfLocalDay(end - 1, 'Europe/Madrid')).toBe(start);
    expect(startOfLocalDay(end, 'Europe/Madrid')).toBe(end);
    expect(previousLocalMidnight(end, 'Europe/Madrid')).toBe(start);
    expect((end - start) / HOUR).toBe(23);
    expect(localDay(start, 'Europe/Madrid')).toBe('2026-03-29');
    // 10 kW flat out for the whole (23-hour) day is a capacity factor of 1, not 23/24.
    expect(capacityFactor(230, 10, start, end)).toBeCloseTo(1, 12);
  });

  it('gives Madrid 25 hours on the last Sunday of October, when the clocks go back at 03:00', () => {
    const start = utc('2026-10-24T22:00:00Z');
    const end = utc('2026-10-25T23:00:00Z');
    expect(startOfLocalDay(utc('2026-10-25T20:00:00Z'), 'Europe/Madrid')).toBe(start);
    expect(startOfLocalDay(utc('2026-10-25T00:30:00Z'), 'Europe/Madrid')).toBe(start);
    expect(previousLocalMidnight(end, 'Europe/Madrid')).toBe(start);
    expect(capacityFactor(250, 10, start, end)).toBeCloseTo(1, 12);
  });
});

describe('energy', () => {
  it('integrates bucket means, each held until the next or one bucket, never past the end', () => {
    // 100 kW for the first hour, 200 kW for the second: 300 kWh.
    expect(energyOf([0, HOUR], [100, 200], HOUR, 2 * HOUR)).toBe(300);
    // The second hour is cut short at `to`, half an hour in.
    expect(energyOf([0, HOUR], [100, 200], HOUR, 1.5 * HOUR)).toBe(200);
    // A gap of three hours between means is an outage: the first holds one bucket only.
    expect(energyOf([0, 3 * HOUR], [100, 100], HOUR, 4 * HOUR)).toBe(200);
    // 15-minute samples in 1-minute buckets fill the quarter hour between them (hold up to 20 minutes).
    expect(energyOf([0, 15 * 60_000], [60, 60], 60_000, 16 * 60_000)).toBe(16);
    expect(energyOf([0, HOUR], [null, null], HOUR, 2 * HOUR)).toBe(0);
  });

  it("integrates an hour's mean among minute means, each held by its own width", () => {
    const MINUTE = 60_000;
    // An hour at 120 kW, then the next hour's first 17 minutes at 60 kW (a logger fell silent): 137 kWh.
    const minutes = Array.from({ length: 17 }, (_, i) => ({ ts: HOUR + i * MINUTE, mean: 60, widthMs: MINUTE }));
    expect(integralOf([{ ts: 0, mean: 120, widthMs: HOUR }, ...minutes], 2 * HOUR)).toBeCloseTo(137, 9);
    // Quarter-hour samples among minute buckets hold until the next one, into the next hour's mean.
    const quarters = [0, 15, 30, 45].map((m) => ({ ts: m * MINUTE, mean: 40, widthMs: MINUTE }));
    expect(integralOf([...quarters, { ts: HOUR, mean: 40, widthMs: HOUR }], 2 * HOUR)).toBeCloseTo(80, 9);
  });

  it('gives insolation in kWh/m² from irradiance in W/m²', () => {
    const ts = Array.from({ length: 10 }, (_, h) => h * HOUR);
    expect(
      insolationOf(
        ts,
        ts.map(() => 800),
        HOUR,
        10 * HOUR,
      ),
    ).toBe(8);
  });
});

describe('yields and ratios', () => {
  it('gives specific yield and the IEC 61724 performance ratio, from 50 Wh/m² of insolation', () => {
    expect(specificYield(5200, 6500)).toBe(0.8);
    expect(specificYield(null, 6500)).toBeNull();
    expect(specificYield(100, 0)).toBeNull();
    // Yf = 60 000 / 12 000 = 5 kWh/kWp, Yr = 8 h: PR = 0.625.
    expect(performanceRatio(60_000, 12_000, 8)).toBe(0.625);
    expect(performanceRatio(1, 10, 0.05)).toBeCloseTo(2, 12);
    expect(performanceRatio(1, 10, 0.049)).toBeNull();
    expect(performanceRatio(null, 10, 8)).toBeNull();
    expect(performanceRatio(100, 10, null)).toBeNull();
    expect(performanceRatio(100, 0, 8)).toBeNull();
  });

  it('gives availability and capacity factor only where they mean something', () => {
    expect(availability(1, 4)).toBe(0.25);
    expect(availability(0, 0)).toBeNull();
    const day = utc('2026-01-15T20:30:00Z');
    expect(capacityFactor(60_000, 12_000, day, day + 24 * HOUR)).toBeCloseTo(60_000 / (12_000 * 24), 12);
    expect(capacityFactor(10, 10, day, day + HOUR)).toBe(1);
    expect(capacityFactor(null, 10, day, day + HOUR)).toBeNull();
    expect(capacityFactor(10, 0, day, day + HOUR)).toBeNull();
    expect(capacityFactor(10, 10, day, day)).toBeNull();
  });

  it('counts an hour as due with the sun above 50 W/m², or wind from cut-in up to cut-out', () => {
    expect([50, 51, null].map((poa) => isDue('solar', poa, 10))).toEqual([false, true, false]);
    expect([2.9, 3, 24.9, 25, null].map((v) => isDue('wind', 800, v))).toEqual([false, true, true, false, false]);
    expect(isProducing(1.01, 100)).toBe(true);
    expect(isProducing(1, 100)).toBe(false);
    expect(isProducing(null, 100)).toBe(false);
  });
});

describe('capacity shares', () => {
  it('splits the capacity in proportion to the ratings known', () => {
    const shares = capacityShares(1200, [
      { id: 'a', ratedKw: 100 },
      { id: 'b', ratedKw: 300 },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 300, b: 900 });
  });

  it('splits the capacity equally when no generator has a rating, so each still has a specific yield', () => {
    const shares = capacityShares(1000, [
      { id: 'a', ratedKw: null },
      { id: 'b', ratedKw: null },
      { id: 'c', ratedKw: null },
      { id: 'd', ratedKw: null },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 250, b: 250, c: 250, d: 250 });
    expect(specificYield(500, shares.get('a') ?? 0)).toBe(2);
  });

  it('gives no share to a generator without a rating beside rated ones', () => {
    const shares = capacityShares(1000, [
      { id: 'a', ratedKw: 400 },
      { id: 'b', ratedKw: null },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 1000, b: 0 });
    expect(specificYield(10, shares.get('b') ?? 0)).toBeNull();
  });

  it('gives an empty map for a plant without generators', () => {
    expect(capacityShares(1000, []).size).toBe(0);
  });
});

describe('expected energy', () => {
  it('expects P0 × H_POA × 0.8 of a solar plant', () => {
    expect(expectedSolarKwh(12_000, 8)).toBe(76_800);
    expect(expectedSolarKwh(12_000, null)).toBeNull();
  });

  it('expects of a turbine what the generic power curve gives at the wind speed', () => {
    expect([0, 2.9, 3, 12, 20, 25, 30].map(genericPowerCurve)).toEqual([0, 0, 0, 1, 1, 0, 0]);
    // (7.5³ − 3³) / (12³ − 3³) = 394.875 / 1701.
    expect(genericPowerCurve(7.5)).toBeCloseTo(394.875 / 1701, 12);
    expect(expectedWindKwh(2000, 12, HOUR / 2)).toBe(1000);
    expect(expectedWindKwh(2000, 7.5, HOUR)).toBeCloseTo((2000 * 394.875) / 1701, 9);
  });

  it('expects power now from the irradiance or the wind speed now, and none without them', () => {
    expect(expectedSolarKw(12_000, 1000)).toBe(9600);
    expect(expectedSolarKw(12_000, -3)).toBe(0);
    expect(expectedSolarKw(12_000, null)).toBeNull();
    expect(expectedWindKw(2000, 12)).toBe(2000);
    expect(expectedWindKw(2000, 2)).toBe(0);
    expect(expectedWindKw(2000, null)).toBeNull();
  });
});
