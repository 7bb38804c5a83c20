// The simulated grid meters' energy_today registers start their day at the site's local midnight, as real ones
// do: on a first start, the register the hub reads first holds the day so far, the energy of the history the
// simulator filled in since midnight, not the little the hub saw since it started.
import type { Site } from '@voltscope/shared/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOfLocalDay } from '../../src/fleet/kpiFormulas.ts';
import { demo, startTestServer, type TestServer } from '../helper.ts';

const STEP_MS = 900_000;
const simulator = {
  enabled: true,
  seed: 5,
  warp: 1,
  faultRate: 0,
  periodMs: 1000,
  backfillDays: 1,
  backfillStepSeconds: STEP_MS / 1000,
};

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ simulator, rollupIntervalSeconds: 1 });
  token = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
});
afterAll(() => server.close());

it('counts the day so far in the meters’ energy_today from local midnight, not from the start of the hub', async () => {
  const { registry, latest } = server.app.services;
  const series = (key: string) => registry.seriesIdByKey(key) as number;
  // The registers as the hub first read them, a moment after the simulator started.
  const sites = (await (await server.request('GET', '/api/sites', { token })).json()) as Site[];
  const first = new Map(sites.map((s) => [s.id, latest.get(series(`${s.id}.meter/energy_today`))]));

  const history = async (id: number, from: number, to: number) => {
    // Whole minutes before `to`: the live samples from the start on are not the filled-in history.
    const minutes = Math.max(1, Math.floor((to - from) / 60_000));
    const response = await server.request(
      'GET',
      `/api/series/history?ids=${id}&from=${from}&to=${from + minutes * 60_000}&maxPoints=${minutes}`,
      { token },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { ts: number[]; series: { avg: (number | null)[] }[] };
  };
  for (const site of sites) {
    const register = first.get(site.id);
    if (!register) throw new Error(`no energy_today from ${site.id}'s meter`);
    const power = series(`${site.id}.meter/active_power`);
    // The history fill ends with the step before the live start: wait for it.
    await expect
      .poll(async () => (await history(power, register.ts - 2 * STEP_MS, register.ts)).ts.length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(2);
    const midnight = startOfLocalDay(register.ts, site.timeZone);
    const day = await history(power, midnight, register.ts);
    // Each filled-in sample stands for its step, as the meter counted it.
    const stored = (day.series[0]?.avg ?? []).reduce<number>((kwh, kw) => kwh + ((kw ?? 0) * STEP_MS) / 3_600_000, 0);
    // Within 1 %, and the few seconds of live output since the start at full capacity.
    expect(Math.abs(register.value - stored)).toBeLessThanOrEqual(0.01 * stored + (site.capacityKw * 5) / 3600);
  }
});
