import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchOf, drivers, type OpenStore } from '../stores.ts';

const T0 = Date.UTC(2026, 5, 21, 0, 0, 0);
const HOUR = 3_600_000;

describe.each(drivers)('telemetry store on $name', (driver) => {
  let store: OpenStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(() => store.close());

  it('starts empty, stores a batch and reads it back', async () => {
    expect(await store.telemetry.isEmpty()).toBe(true);
    const result = await store.telemetry.write(
      batchOf([
        [1, T0, 10],
        [1, T0 + 1000, 12],
        [2, T0, 500],
      ]),
    );
    expect(result).toEqual({ inserted: 3, duplicates: 0, fresh: Uint8Array.of(1, 1, 1) });
    expect(await store.telemetry.isEmpty()).toBe(false);
    const history = await store.telemetry.history({ seriesIds: [1, 2], from: T0, to: T0 + 2000, maxPoints: 10 });
    expect(history.resolution).toBe('raw');
    expect(history.ts).toEqual([T0, T0 + 1000]);
    expect(history.series).toEqual([
      { id: 1, min: [10, 12], max: [10, 12], avg: [10, 12] },
      { id: 2, min: [500, null], max: [500, null], avg: [500, null] },
    ]);
  });

  it('counts a repeated (series, timestamp) as a duplicate and never stores it twice', async () => {
    const again = await store.telemetry.write(
      batchOf([
        [1, T0, 99],
        [1, T0 + 2000, 13],
      ]),
    );
    expect(again).toEqual({ inserted: 1, duplicates: 1, fresh: Uint8Array.of(0, 1) });
    const history = await store.telemetry.history({ seriesIds: [1], from: T0, to: T0 + 3000, maxPoints: 10 });
    expect(history.series[0]?.avg).toEqual([10, 12, 13]);
  });

  it('says which samples of a batch were new: the first of a pair sent twice, none of those already stored', async () => {
    // 70 samples: a whole multi-row statement and single rows after it, new ones among stored ones.
    const rows: [number, number, number][] = Array.from({ length: 70 }, (_, i) => [9, T0 + (i % 35) * 1000, i]);
    expect(await store.telemetry.write(batchOf(rows.slice(0, 10)))).toMatchObject({ inserted: 10 });
    const result = await store.telemetry.write(batchOf(rows));
    const expected = rows.map((_, i) => (i >= 10 && i < 35 ? 1 : 0));
    expect({ ...result, fresh: Array.from(result.fresh) }).toEqual({ inserted: 25, duplicates: 45, fresh: expected });
    const history = await store.telemetry.history({ seriesIds: [9], from: T0, to: T0 + 35_000, maxPoints: 100 });
    expect(history.series[0]?.avg).toEqual(rows.slice(0, 35).map((r) => r[2]));
  });

  it('keeps each bucket’s extremes when downsampling, so a spike is never hidden', async () => {
    const rows: [number, number, number][] = [];
    for (let i = 0; i < 10_000; i++) rows.push([3, T0 + i * 1000, i === 4321 ? 950 : 100 + (i % 7)]);
    await store.telemetry.write(batchOf(rows));
    await store.telemetry.flushRollups();
    // From the 1-minute rollups (100 buckets over 10,000 s) and from raw samples (100 buckets over 100 s).
    for (const [to, resolution] of [
      [T0 + 10_000_000, '1m'],
      [T0 + 100_000, 'raw'],
    ] as const) {
      const history = await store.telemetry.history({ seriesIds: [3], from: T0, to, maxPoints: 100 });
      expect(history.resolution).toBe(resolution);
      expect(history.ts.length).toBeLessThanOrEqual(100);
      expect(history.ts.length).toBeGreaterThan(50);
      expect(Math.min(...((history.series[0]?.min ?? []) as number[]))).toBe(100);
    }
    const spike = await store.telemetry.history({ seriesIds: [3], from: T0, to: T0 + 10_000_000, maxPoints: 100 });
    expect(Math.max(...((spike.series[0]?.max ?? []) as number[]))).toBe(950);
    expect(Math.max(...((spike.series[0]?.avg ?? []) as number[]))).toBeLessThan(120);
  });

  it('answers long ranges from hourly rollups with exact min, max and mean', async () => {
    // Two hours of 1-second data: hour 1 is a ramp 0..3599, hour 2 is constant 7.
    const base = T0 + 10 * HOUR;
    const rows: [number, number, number][] = [];
    for (let i = 0; i < 7200; i++) rows.push([4, base + i * 1000, i < 3600 ? i : 7]);
    await store.telemetry.write(batchOf(rows));
    await store.telemetry.flushRollups();
    const history = await store.telemetry.history({ seriesIds: [4], from: base, to: base + 48 * HOUR, maxPoints: 48 });
    expect(history.resolution).toBe('1h');
    expect(history.bucketMs).toBe(HOUR);
    expect(history.ts).toEqual([base, base + HOUR]);
    expect(history.series[0]).toEqual({ id: 4, min: [0, 7], max: [3599, 7], avg: [1799.5, 7] });

    const minutes = await store.telemetry.history({ seriesIds: [4], from: base, to: base + 2 * HOUR, maxPoints: 120 });
    expect(minutes.resolution).toBe('1m');
    expect(minutes.ts.length).toBe(120);
    expect(minutes.series[0]?.max[0]).toBe(59);
  });

  it('updates a rollup when late samples arrive for a minute already rolled up', async () => {
    const base = T0 + 20 * HOUR;
    await store.telemetry.write(
      batchOf([
        [5, base, 1],
        [5, base + 1000, 2],
      ]),
    );
    await store.telemetry.flushRollups();
    await store.telemetry.write(batchOf([[5, base + 30_000, 40]]));
    await store.telemetry.flushRollups();
    const history = await store.telemetry.history({
      seriesIds: [5],
      from: base,
      to: base + 200 * 60_000,
      maxPoints: 100,
    });
    expect(history.resolution).toBe('1m');
    expect(history.series[0]?.max[0]).toBe(40);
    expect(history.series[0]?.avg[0]).toBeCloseTo(43 / 3);
  });

  it('gives the newest sample of each series', async () => {
    const latest = await store.telemetry.latest([1, 2, 999]);
    expect(latest).toEqual([
      { seriesId: 1, ts: T0 + 2000, value: 13 },
      { seriesId: 2, ts: T0, value: 500 },
    ]);
  });

  it('reads a batch of many series back, newest and history, as soon as its write is acknowledged', async () => {
    // One sample of each of 300 series at one time, then the next second: as an ingest sends them.
    const at = T0 + 26 * HOUR;
    const rows: [number, number, number][] = [];
    for (const step of [0, 1000]) for (let id = 100; id < 400; id++) rows.push([id, at + step, id + step / 1000]);
    expect(await store.telemetry.write(batchOf(rows))).toMatchObject({ inserted: 600, duplicates: 0 });
    expect(await store.telemetry.latest([100, 399])).toEqual([
      { seriesId: 100, ts: at + 1000, value: 101 },
      { seriesId: 399, ts: at + 1000, value: 400 },
    ]);
    const history = await store.telemetry.history({ seriesIds: [250], from: at, to: at + 2000, maxPoints: 10 });
    expect(history.series[0]?.avg).toEqual([250, 251]);
    // Sent again with one new second: the repeats are duplicates, the new ones stored.
    const again = rows.slice(300).concat(rows.slice(300).map(([id, ts, v]) => [id, ts + 1000, v + 1]));
    expect(await store.telemetry.write(batchOf(again))).toMatchObject({ inserted: 300, duplicates: 300 });
    await store.telemetry.flushRollups();
    const after = await store.telemetry.history({ seriesIds: [250], from: at, to: at + 3000, maxPoints: 10 });
    expect(after.series[0]?.avg).toEqual([250, 251, 252]);
  });

  it('deletes what is past retention, resolution by resolution', async () => {
    const now = T0 + 30 * HOUR;
    const deleted = await store.telemetry.prune({ raw: 25 * HOUR, '1m': null, '1h': null }, now);
    expect(deleted).toBeGreaterThan(10_000);
    const raw = await store.telemetry.history({ seriesIds: [3], from: T0, to: T0 + 60_000, maxPoints: 60 });
    expect(raw.ts).toEqual([]);
    const hourly = await store.telemetry.history({ seriesIds: [4], from: T0, to: T0 + 48 * HOUR, maxPoints: 48 });
    expect(hourly.ts.length).toBe(2);
  });
});
