import type { FleetKpis, PeriodComparison, SiteKpis } from '@voltscope/shared/kpis';
import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../src/fleet/kpis.ts';
import type { TestServer } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const MINUTE = 60_000;
const hub = hubForTests({ signIn: ['admin', 'client'] });

const ingest: TestServer['ingest'] = (samples) => hub.server.ingest(samples);

describe('plant KPIs', () => {
  it("computes a solar site's figures today from its meter, weather station and inverters", async () => {
    const now = Date.now();
    const midnight = startOfLocalDay(now, 'Asia/Tehran');
    // A sun of 800 W/m² on the array every minute since local midnight: H = 0.8 kWh/m² per hour.
    const minutes = Math.floor((now - midnight) / MINUTE);
    // The meter at 3.25 MW and inverter 1 at 410 kW as well: energy today is their stored power's integral.
    const everyMinute = (series: string, value: number) =>
      Array.from({ length: minutes }, (_, i) => ({ series, ts: midnight + (i + 1) * MINUTE - 1, value }));
    await ingest([
      ...everyMinute('ir-yazd.met/irradiance_poa', 800),
      ...everyMinute('ir-yazd.meter/active_power', 3250),
      ...everyMinute('ir-yazd.inv01/ac_power', 410),
      { series: 'ir-yazd.meter/active_power', ts: now - 1000, value: 3250 },
      { series: 'ir-yazd.inv01/ac_power', ts: now - 1000, value: 410 },
      { series: 'ir-yazd.inv01/state', ts: now - 1000, value: 1 },
      { series: 'ir-yazd.inv02/state', ts: now - 1000, value: 2 },
      { series: 'ir-yazd.inv02/fault_code', ts: now - 1000, value: 101 },
      { series: 'ir-yazd.met/module_temperature', ts: now - 1000, value: 47.5 },
      { series: 'ir-yazd.met/irradiance_poa', ts: now - 1000, value: 800 },
    ]);
    await hub.server.app.services.telemetry.flushRollups({ all: true });

    const response = await hub.server.request('GET', '/api/sites/ir-yazd/kpis', { token: hub.tokens.admin });
    expect(response.status).toBe(200);
    const kpis = (await response.json()) as SiteKpis;
    expect(kpis).toMatchObject({
      siteId: 'ir-yazd',
      capacityKw: 6500,
      powerKw: 3250,
      shareOfCapacity: 0.5,
      // A healthy 6.5 MWp plant at 800 W/m²: 6500 × 0.8 × the reference PR of 0.8.
      expectedPowerKw: 4160,
      irradiance: 800,
      moduleTemperature: 47.5,
      timeZone: 'Asia/Tehran',
    });
    // The day so far at 3.25 MW, within a minute's share (the first minute of the day has no sample).
    const energy = kpis.energyTodayKwh ?? 0;
    expect(Math.abs(energy - (3250 * (now - midnight)) / 3_600_000)).toBeLessThanOrEqual(3250 / 60 + 1);
    expect(kpis.specificYieldToday).toBeCloseTo(energy / 6500, 6);
    const insolation = (minutes * 800) / 60 / 1000;
    expect(kpis.insolationTodayKwhM2).toBeCloseTo(insolation, 1);
    // PR = final yield / reference yield (IEC 61724), on the site's own insolation: checked against the
    // test's count of minutes, PR would be off by a whole minute's share just after local midnight.
    const measured = kpis.insolationTodayKwhM2 ?? 0;
    if (measured >= 0.05) {
      expect(kpis.performanceRatioToday).toBeCloseTo(energy / (6500 * measured), 6);
    }
    const inv01 = kpis.generators.find((g) => g.deviceId === 'ir-yazd.inv01');
    const inv02 = kpis.generators.find((g) => g.deviceId === 'ir-yazd.inv02');
    expect(inv01).toMatchObject({ powerKw: 410, state: 'online', operatingState: 1 });
    expect(Math.abs((inv01?.energyTodayKwh ?? 0) - (410 * (now - midnight)) / 3_600_000)).toBeLessThanOrEqual(8);
    expect(inv01?.specificYieldToday).toBeGreaterThan(0);
    expect(inv02).toMatchObject({ state: 'fault', faultCode: 101 });
    // Most inverters have never reported here: offline, so the plant is degraded and partly available.
    expect(kpis.state).toBe('degraded');
    expect(kpis.availability).toBeCloseTo(1 / kpis.generators.length, 6);
  });

  it("never gives a silent meter's last power as now, nor yesterday's energy as today's", async () => {
    const now = Date.now();
    const midnight = startOfLocalDay(now, 'Europe/Madrid');
    await ingest([
      { series: 'es-tarifa.meter/active_power', ts: midnight - 60_000, value: 9000 },
      { series: 'es-tarifa.meter/energy_today', ts: now - 2 * 86_400_000, value: 70_000 },
    ]);
    const kpis = (await (
      await hub.server.request('GET', '/api/sites/es-tarifa/kpis', { token: hub.tokens.admin })
    ).json()) as SiteKpis;
    expect(kpis.powerKw).toBeNull();
    expect(kpis.energyTodayKwh).toBeNull();
    expect(kpis.state).toBe('offline');
  });

  it('lists only the sites a client may read, and refuses the others', async () => {
    const fleet = (await (
      await hub.server.request('GET', '/api/kpis/fleet', { token: hub.tokens.client })
    ).json()) as FleetKpis;
    expect(fleet.sites.map((s) => s.siteId).sort()).toEqual(['es-tarifa', 'fr-occitanie']);
    expect(fleet.capacityKw).toBe(fleet.sites.reduce((n, s) => n + s.capacityKw, 0));
    expect((await hub.server.request('GET', '/api/sites/ir-yazd/kpis', { token: hub.tokens.client })).status).toBe(404);
    const foreign = await hub.server.request(
      'GET',
      `/api/kpis/period?devices=ir-yazd.inv01&from=${Date.now() - 3_600_000}&to=${Date.now()}`,
      { token: hub.tokens.client },
    );
    expect(foreign.status).toBe(404);
    const admins = (await (
      await hub.server.request('GET', '/api/kpis/fleet', { token: hub.tokens.admin })
    ).json()) as FleetKpis;
    expect(admins.sites).toHaveLength(4);
  });

  it('compares sites and generators over a period from the rollups', async () => {
    const end = Math.floor(Date.now() / MINUTE) * MINUTE;
    const start = end - 3 * 60 * MINUTE;
    const samples = [];
    for (let t = start; t < end; t += MINUTE) {
      samples.push({ series: 'fr-occitanie.meter/active_power', ts: t, value: 6000 });
      samples.push({ series: 'fr-occitanie.inv01/ac_power', ts: t, value: 100 });
    }
    await ingest(samples);
    await hub.server.app.services.telemetry.flushRollups({ all: true });
    const response = await hub.server.request(
      'GET',
      `/api/kpis/period?sites=fr-occitanie&devices=fr-occitanie.inv01&from=${start}&to=${end}`,
      { token: hub.tokens.client },
    );
    expect(response.status).toBe(200);
    const period = (await response.json()) as PeriodComparison;
    const [site, inverter] = period.items;
    // Three hours at 6 MW, within the last bucket's share.
    expect(Math.abs((site?.energyKwh ?? 0) / 18_000 - 1)).toBeLessThan(0.01);
    expect(site?.specificYield).toBeCloseTo(18_000 / 12_000, 1);
    expect(site?.normalisedPower.filter((v) => v !== null).every((v) => Math.abs((v as number) - 0.5) < 1e-9)).toBe(
      true,
    );
    expect(inverter?.id).toBe('fr-occitanie.inv01');
    expect(Math.abs((inverter?.energyKwh ?? 0) / 300 - 1)).toBeLessThan(0.01);
    expect(period.ts.length).toBe(site?.normalisedPower.length);

    const bad = await hub.server.request('GET', `/api/kpis/period?from=${start}&to=${end}`, {
      token: hub.tokens.admin,
    });
    expect(bad.status).toBe(400);
    const backwards = await hub.server.request('GET', `/api/kpis/period?sites=fr-occitanie&from=${end}&to=${start}`, {
      token: hub.tokens.admin,
    });
    expect(backwards.status).toBe(400);
  });
});
