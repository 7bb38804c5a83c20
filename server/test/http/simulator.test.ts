// The embedded default end to end: the simulator fills a day of history on a first start and runs live
// into the store, and the history API answers real data for every site, on SQLite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestServer, type TestServer } from '../helper.ts';
import { storeCases } from '../stores.ts';

const simulator = {
  enabled: true,
  seed: 3,
  warp: 1,
  faultRate: 1,
  periodMs: 1000,
  backfillDays: 1,
  backfillStepSeconds: 900,
};

describe.each(storeCases('vs_sim'))('the simulator on $driver', ({ overrides, drop }) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ ...overrides, simulator, rollupIntervalSeconds: 1 });
    token = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('fills the last day and keeps every site’s history growing live', async () => {
    const { registry } = server.app.services;
    const meters = ['fr-occitanie', 'ma-ouarzazate', 'ir-yazd', 'es-tarifa'].map(
      (site) => registry.seriesIdByKey(`${site}.meter/grid_frequency`) as number,
    );
    const now = Date.now();
    type Buckets = { avg: (number | null)[]; min: (number | null)[]; max: (number | null)[] };
    let day: { ts: number[]; series: Buckets[] } = { ts: [], series: [] };
    for (let i = 0; i < 100 && day.ts.length < 20; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const response = await server.request(
        'GET',
        `/api/series/history?ids=${meters.join(',')}&from=${now - 86_400_000}&to=${now}&maxPoints=24`,
        { token },
      );
      day = await response.json();
    }
    expect(day.ts.length).toBeGreaterThanOrEqual(20);
    for (const series of day.series) {
      const values = series.avg.filter((v): v is number => v !== null);
      expect(values.length).toBeGreaterThanOrEqual(20);
      // A grid frequency is 50 Hz, or 0 during a simulated outage: every sample of an hour is one or the
      // other (its minimum and maximum), though an hour an outage began or ended in averages between.
      const extremes = [...series.min, ...series.max].filter((v): v is number => v !== null);
      expect(extremes.every((v) => Math.abs(v - 50) < 0.5 || v === 0)).toBe(true);
    }

    await new Promise((r) => setTimeout(r, 2500));
    const live = await server.request(
      'GET',
      `/api/series/history?ids=${meters[0]}&from=${now}&to=${Date.now()}&maxPoints=1000`,
      { token },
    );
    expect((await live.json()).ts.length).toBeGreaterThanOrEqual(2);
  });
});
