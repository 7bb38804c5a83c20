import type { DailyKpis } from '@voltscope/shared/kpis';
import { describe, expect, it } from 'vitest';
import { dayColumns, extremesOf, figuresOf, hasFigures, ratioOf, sortRows } from './dailyFigures.ts';

const row = (day: string, siteId: string, values: Partial<DailyKpis> = {}): DailyKpis => ({
  siteId,
  deviceId: null,
  day,
  energyKwh: null,
  expectedKwh: null,
  specificYield: null,
  performanceRatio: null,
  insolationKwhM2: null,
  availability: null,
  capacityFactor: null,
  computedAt: 0,
  ...values,
});

describe('figures of a period', () => {
  const rows = [
    row('2026-11-20', 'a', {
      energyKwh: 100,
      expectedKwh: 80,
      performanceRatio: 0.9,
      insolationKwhM2: 6,
      availability: 1,
    }),
    row('2026-11-21', 'a', {
      energyKwh: 50,
      expectedKwh: 70,
      performanceRatio: 0.6,
      insolationKwhM2: 2,
      availability: 0.5,
    }),
    row('2026-11-21', 'w', { energyKwh: 300, availability: 0.9, capacityFactor: 0.3 }),
  ];

  it('totals the energy, and compares it with expected only where both are known', () => {
    const f = figuresOf(rows);
    expect(f.energyKwh).toBe(450);
    expect(f.expectedKwh).toBe(150);
    expect(f.ratio).toBeCloseTo(150 / 150);
  });

  it('weights the performance ratio by insolation and averages the rest', () => {
    const f = figuresOf(rows);
    expect(f.performanceRatio).toBeCloseTo((0.9 * 6 + 0.6 * 2) / 8);
    expect(f.availability).toBeCloseTo(0.8);
    expect(f.capacityFactor).toBeCloseTo(0.3);
    expect(f.specificYield).toBeNull();
  });

  it('gives nothing rather than zero for rows without figures', () => {
    const empty = [row('2026-11-01', 'a', { expectedKwh: 0, insolationKwhM2: null })];
    expect(hasFigures(empty)).toBe(false);
    expect(figuresOf(empty)).toMatchObject({ energyKwh: null, expectedKwh: null, ratio: null, performanceRatio: null });
    expect(ratioOf({ energyKwh: 10, expectedKwh: 0 })).toBeNull();
  });

  it('puts the rows of each day together for the charts, with gaps for missing days', () => {
    const columns = dayColumns(rows, ['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(columns.energy).toEqual([null, 100, 350]);
    expect(columns.expected).toEqual([null, 80, 70]);
    expect(columns.availability[2]).toBeCloseTo(0.7);
    expect(extremesOf(columns.days, columns.energy)).toEqual({
      highest: { day: '2026-11-21', value: 350 },
      lowest: { day: '2026-11-20', value: 100 },
      missing: 1,
    });
  });
});

describe('sorting the table', () => {
  const rows = [
    row('2026-11-20', 'b', { energyKwh: 10 }),
    row('2026-11-21', 'a', { energyKwh: null }),
    row('2026-11-21', 'b', { energyKwh: 30 }),
  ];
  const name = (r: DailyKpis) => r.siteId;

  it('sorts by a figure either way, rows without it last', () => {
    expect(sortRows(rows, 'energy', 'desc', name, 'en').map((r) => r.energyKwh)).toEqual([30, 10, null]);
    expect(sortRows(rows, 'energy', 'asc', name, 'en').map((r) => r.energyKwh)).toEqual([10, 30, null]);
  });

  it('sorts by day then name, and by name then newest day', () => {
    expect(sortRows(rows, 'day', 'desc', name, 'en').map((r) => `${r.day} ${r.siteId}`)).toEqual([
      '2026-11-21 a',
      '2026-11-21 b',
      '2026-11-20 b',
    ]);
    expect(sortRows(rows, 'name', 'asc', name, 'en').map((r) => `${r.siteId} ${r.day}`)).toEqual([
      'a 2026-11-21',
      'b 2026-11-21',
      'b 2026-11-20',
    ]);
  });
});
