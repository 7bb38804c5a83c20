import { describe, expect, it } from 'vitest';
import { binHours, CELL, HOURS, historyRequests, slotMsFor, summarise } from './hourGrid.ts';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const cell = (row: number, hour: number) => row * HOURS + hour;

describe('binHours', () => {
  // 15 January 2025 in Paris (UTC+1): local midnight is 23:00 UTC the day before.
  const from = at('2025-01-14T23:00:00Z');
  const to = from + 24 * HOUR;

  it('puts a known hourly bucket in its local day and hour, as kWh', () => {
    const buckets = { ts: [from + 10 * HOUR, from + 13 * HOUR], avg: [500, 1200], bucketMs: HOUR };
    const grid = binHours('Europe/Paris', from, to, HOUR, buckets, to + HOUR);
    expect(grid.days).toEqual(['2025-01-15']);
    expect(grid.energy[cell(0, 10)]).toBe(500);
    expect(grid.energy[cell(0, 13)]).toBe(1200);
    expect(grid.state[cell(0, 10)]).toBe(CELL.energy);
  });

  it('tells an hour without data (missing) from a night hour at zero', () => {
    const buckets = { ts: [from, from + 1 * HOUR], avg: [0, null], bucketMs: HOUR };
    const grid = binHours('Europe/Paris', from, to, HOUR, buckets, to + HOUR);
    expect(grid.state[cell(0, 0)]).toBe(CELL.energy);
    expect(grid.energy[cell(0, 0)]).toBe(0);
    expect(grid.state[cell(0, 1)]).toBe(CELL.missing);
    expect(grid.state[cell(0, 2)]).toBe(CELL.missing);
    expect(Number.isNaN(grid.energy[cell(0, 2)])).toBe(true);
  });

  it('leaves hours not yet begun as future, and counts the hour in progress so far', () => {
    const now = from + 14.5 * HOUR;
    const buckets = { ts: [from + 13 * HOUR, from + 14 * HOUR], avg: [800, 600], bucketMs: HOUR };
    const grid = binHours('Europe/Paris', from, to, HOUR, buckets, now);
    expect(grid.energy[cell(0, 13)]).toBe(800);
    expect(grid.current).toBe(cell(0, 14));
    expect(grid.energy[cell(0, 14)]).toBe(300);
    expect(grid.state[cell(0, 15)]).toBe(CELL.future);
    expect(grid.state[cell(0, 12)]).toBe(CELL.missing);
  });

  it('calls the hour in progress future while its data has not arrived', () => {
    const now = from + 9.1 * HOUR;
    const grid = binHours('Europe/Paris', from, to, HOUR, { ts: [], avg: [], bucketMs: HOUR }, now);
    expect(grid.state[cell(0, 9)]).toBe(CELL.future);
    expect(grid.state[cell(0, 8)]).toBe(CELL.missing);
  });

  it('marks the hour skipped by the spring clock change, on a 23-hour day', () => {
    // 30 March 2025 in Paris: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
    const start = at('2025-03-29T23:00:00Z');
    const end = at('2025-03-30T22:00:00Z');
    const buckets = { ts: [at('2025-03-30T01:00:00Z')], avg: [100], bucketMs: HOUR };
    const grid = binHours('Europe/Paris', start, end, HOUR, buckets, end + HOUR);
    expect(grid.days).toEqual(['2025-03-30']);
    expect(grid.state[cell(0, 2)]).toBe(CELL.skipped);
    expect(grid.energy[cell(0, 3)]).toBe(100);
    expect(grid.state[cell(0, 23)]).toBe(CELL.missing);
  });

  it('adds both hours of the autumn clock change into the repeated hour, on a 25-hour day', () => {
    // 26 October 2025 in Paris: 03:00 CEST goes back to 02:00 CET; 02:00-03:00 happens twice.
    const start = at('2025-10-25T22:00:00Z');
    const end = at('2025-10-26T23:00:00Z');
    const ts = [at('2025-10-26T00:00:00Z'), at('2025-10-26T01:00:00Z'), at('2025-10-26T02:00:00Z')];
    const grid = binHours('Europe/Paris', start, end, HOUR, { ts, avg: [10, 20, 40], bucketMs: HOUR }, end + HOUR);
    expect(grid.days).toEqual(['2025-10-26']);
    expect(grid.energy[cell(0, 2)]).toBe(30);
    expect(grid.slots[cell(0, 2)]).toBe(2);
    expect(grid.energy[cell(0, 3)]).toBe(40);
  });

  it('makes a local hour of two half-hour buckets where the zone is half an hour off UTC', () => {
    // Tehran is UTC+3:30: local midnight of 1 May 2025 is 20:30 UTC the day before.
    const start = at('2025-04-30T20:30:00Z');
    const end = start + 48 * HOUR;
    const slot = slotMsFor('Asia/Tehran', start, end);
    expect(slot).toBe(HOUR / 2);
    const ts = [start + 12 * HOUR, start + 12.5 * HOUR, start + 24 * HOUR];
    const grid = binHours('Asia/Tehran', start, end, slot, { ts, avg: [100, 300, 50], bucketMs: slot }, end);
    expect(grid.days).toEqual(['2025-05-01', '2025-05-02']);
    expect(grid.energy[cell(0, 12)]).toBe(200);
    expect(grid.slots[cell(0, 12)]).toBe(2);
    expect(grid.energy[cell(1, 0)]).toBe(25);
  });
});

describe('slotMsFor and historyRequests', () => {
  it('uses hourly buckets in whole-hour zones, quarter hours in Kathmandu', () => {
    const from = at('2025-03-01T00:00:00Z');
    expect(slotMsFor('Europe/Paris', from, from + 90 * 24 * HOUR)).toBe(HOUR);
    expect(slotMsFor('Asia/Kathmandu', from, from + 24 * HOUR)).toBe(HOUR / 4);
  });

  it('asks for exactly one bucket per slot, in requests of at most 10 000 points', () => {
    const from = at('2025-01-01T00:00:00Z');
    expect(historyRequests(from, from + 90 * 24 * HOUR, HOUR)).toEqual([
      { from, to: from + 2160 * HOUR, maxPoints: 2160 },
    ]);
    const long = historyRequests(from, from + 12_000 * HOUR, HOUR);
    expect(long.map((r) => r.maxPoints)).toEqual([10_000, 2_000]);
    expect(long[1]?.from).toBe(from + 10_000 * HOUR);
    for (const r of long) expect((r.to - r.from) / r.maxPoints).toBe(HOUR);
  });
});

describe('summarise', () => {
  it('finds the best and worst past days, the peak hour and the hours without data', () => {
    const from = at('2025-01-14T23:00:00Z');
    const ts = [from + 12 * HOUR, from + 36 * HOUR, from + 37 * HOUR, from + 60 * HOUR];
    const grid = binHours(
      'Europe/Paris',
      from,
      from + 72 * HOUR,
      HOUR,
      { ts, avg: [100, 300, 50, 5], bucketMs: HOUR },
      from + 61 * HOUR,
    );
    const summary = summarise(grid, '2025-01-17');
    expect(summary.total).toBe(455);
    expect(summary.best).toEqual({ day: '2025-01-16', kwh: 350 });
    expect(summary.worst).toEqual({ day: '2025-01-15', kwh: 100 });
    expect(summary.peak).toEqual({ day: '2025-01-16', hour: 12, kwh: 300 });
    // Day 1: 23 hours without data; day 2: 22; day 3 up to 12:00 (the hour in progress has data).
    expect(summary.missing).toBe(23 + 22 + 12);
  });
});
