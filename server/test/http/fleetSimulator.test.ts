// A running simulator and the management page: a site decommissioned while the simulator runs gets no
// more samples (stored, or fed to its live pages), and gets them again once restored.
import { describe, expect, it } from 'vitest';
import { until } from '../alarms/tools.ts';
import { hubForTests } from '../hub.ts';

const simulator = {
  enabled: true,
  seed: 3,
  warp: 1,
  faultRate: 0,
  periodMs: 250,
  backfillDays: 0,
  backfillStepSeconds: 900,
};

describe('the simulator and a decommissioned site', () => {
  const hub = hubForTests({ overrides: { simulator }, signIn: ['admin'] });
  const call = (method: string, route: string) => hub.server.request(method, route, { token: hub.tokens.admin });
  /** The newest stored sample of a series (0: none). */
  const newest = async (seriesId: number) => (await hub.server.app.services.telemetry.latest([seriesId]))[0]?.ts ?? 0;

  it('stops feeding it when decommissioned and feeds it again once restored', async () => {
    const { registry } = hub.server.app.services;
    const tarifa = registry.seriesIdByKey('es-tarifa.meter/grid_frequency') as number;
    const yazd = registry.seriesIdByKey('ir-yazd.meter/grid_frequency') as number;
    expect(await until(async () => ((await newest(tarifa)) > 0 ? true : undefined))).toBe(true);

    expect((await call('POST', '/api/sites/es-tarifa/decommission')).status).toBe(200);
    const stopped = Date.now();
    const yazdBefore = await newest(yazd);
    // Other sites carry on...
    expect(await until(async () => ((await newest(yazd)) > yazdBefore + 1000 ? true : undefined))).toBe(true);
    // ...while nothing of the decommissioned one is stored after it (a step in flight aside).
    expect(await newest(tarifa)).toBeLessThanOrEqual(stopped + simulator.periodMs);
    expect(hub.server.app.services.latest.get(tarifa)?.ts ?? 0).toBeLessThanOrEqual(stopped + simulator.periodMs);

    expect((await call('POST', '/api/sites/es-tarifa/restore')).status).toBe(200);
    const restored = Date.now();
    expect(await until(async () => ((await newest(tarifa)) > restored ? true : undefined))).toBe(true);
  });
});
