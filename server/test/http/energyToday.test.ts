// Energy today as the store has it: a morning back-filled, then two hours a data logger uploads late after a
// communication loss; the site's energy today (and its generator's) is the integral of the stored power
// since the site's local midnight, whatever the hub saw live, on SQLite and on PostgreSQL.
import type { Site } from '@voltscope/shared/domain';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../src/fleet/kpiFormulas.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe.each(storeCases('vs_today'))('energy today on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin'] });

  it('counts the back-filled morning and a late upload, as the integral of the stored power since local midnight', async () => {
    const { server, tokens } = hub;
    const get = async <T>(route: string): Promise<T> => {
      const response = await server.request('GET', route, { token: tokens.admin });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    // The demo site furthest into its local day (at least 2.5 hours at any time of day).
    const now = Date.now();
    const sites = await get<Site[]>('/api/sites');
    const site = sites
      .map((s) => ({ ...s, midnight: startOfLocalDay(now, s.timeZone) }))
      .sort((a, b) => a.midnight - b.midnight)[0] as Site & { midnight: number };
    const { midnight } = site;
    expect(now - midnight).toBeGreaterThan(2 * HOUR + 10 * MINUTE);
    const before = await get<SiteKpis>(`/api/sites/${site.id}/kpis`);
    const generator = before.generators[0];
    if (!generator) throw new Error(`${site.id} has no generator`);
    const generatorPower = `${generator.deviceId}/${generator.type === 'inverter' ? 'ac_power' : 'active_power'}`;

    // A sample a minute since local midnight, the plant's power rising and falling.
    const minutes = Math.floor((now - midnight) / MINUTE) - 1;
    const meterKw = (i: number) => 0.3 * site.capacityKw * (1.5 + Math.sin(i / 47));
    const generatorKw = (i: number) => meterKw(i) / 20;
    const samples = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => from + k).flatMap((i) => [
        { series: `${site.id}.meter/active_power`, ts: midnight + i * MINUTE, value: meterKw(i) },
        { series: generatorPower, ts: midnight + i * MINUTE, value: generatorKw(i) },
      ]);
    // Each sample holds for its minute: kWh.
    const integral = (power: (i: number) => number, to: number) => {
      let kwh = 0;
      for (let i = 0; i < to; i++) kwh += power(i) / 60;
      return kwh;
    };
    const close = (value: number | null | undefined, expected: number) =>
      value != null && Math.abs(value / expected - 1) < 0.01;

    // The morning, back-filled into history (as the simulator does on a first start, or an import).
    const lateFrom = minutes - 120;
    await server.ingest(samples(0, lateFrom));
    await server.app.services.telemetry.flushRollups({ all: true });
    // The dashboard was open already: its figure is read again within a few seconds.
    const energyToday = async () => (await get<SiteKpis>(`/api/sites/${site.id}/kpis`)).energyTodayKwh;
    const morning = integral(meterKw, lateFrom);
    await expect.poll(energyToday, { timeout: 15_000 }).toSatisfy((energy: number | null) => close(energy, morning));

    // The last two hours arrive late, in one upload after a communication loss.
    await server.ingest(samples(lateFrom, minutes));
    await server.app.services.telemetry.flushRollups({ all: true });
    const expected = integral(meterKw, minutes);
    await expect.poll(energyToday, { timeout: 15_000 }).toSatisfy((energy: number | null) => close(energy, expected));
    const kpis = await get<SiteKpis>(`/api/sites/${site.id}/kpis`);
    expect(close(kpis.specificYieldToday, expected / site.capacityKw)).toBe(true);
    const ownEnergy = kpis.generators.find((g) => g.deviceId === generator.deviceId)?.energyTodayKwh;
    expect(close(ownEnergy, integral(generatorKw, minutes))).toBe(true);
    const fleet = await get<{ sites: SiteKpis[] }>('/api/kpis/fleet');
    expect(close(fleet.sites.find((s) => s.siteId === site.id)?.energyTodayKwh, expected)).toBe(true);
  });
});
