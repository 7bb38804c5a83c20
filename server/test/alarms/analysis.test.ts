import type { AlarmHealth, DailyKpis } from '@voltscope/shared/kpis';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { localDay } from '../../src/fleet/daily.ts';
import { startOfLocalDay } from '../../src/fleet/kpis.ts';
import type { TestServer } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const HOUR = 3_600_000;
// A standing alarm is raised from samples of yesterday: late by default (ALARM_LATE_SAMPLE_SECONDS, they
// would raise nothing now), so this hub takes samples up to 30 hours old as current.
const alarms = { ...loadConfig({}).alarms, lateSampleMs: 30 * HOUR };
const hub = hubForTests({ signIn: ['admin', 'client'], overrides: { alarms } });

const ingest: TestServer['ingest'] = (samples) => hub.server.ingest(samples);

describe('analysis', () => {
  it('computes and keeps the daily KPIs of a site and its inverters from the rollups', async () => {
    const today = startOfLocalDay(Date.now(), 'Europe/Paris');
    const yesterday = startOfLocalDay(today - HOUR, 'Europe/Paris');
    // Ten hours of sun at 800 W/m², the plant exporting 6 MW and inverter 01 making 100 kW, every 15 minutes.
    const samples = [];
    for (let t = yesterday + 8 * HOUR; t < yesterday + 18 * HOUR; t += 15 * 60_000) {
      samples.push({ series: 'fr-occitanie.met/irradiance_poa', ts: t, value: 800 });
      samples.push({ series: 'fr-occitanie.meter/active_power', ts: t, value: 6000 });
      samples.push({ series: 'fr-occitanie.inv01/ac_power', ts: t, value: 100 });
    }
    await ingest(samples);
    await hub.server.app.services.telemetry.flushRollups({ all: true });
    expect((await hub.server.request('POST', '/api/analysis/recompute', { token: hub.tokens.admin })).status).toBe(200);

    const day = localDay(yesterday, 'Europe/Paris');
    const rows = (await (
      await hub.server.request('GET', `/api/analysis/daily?sites=fr-occitanie&from=${day}&to=${day}`, {
        token: hub.tokens.client,
      })
    ).json()) as DailyKpis[];
    expect(rows).toHaveLength(1);
    const [site] = rows;
    expect(site?.energyKwh).toBeCloseTo(60_000, 0);
    expect(site?.insolationKwhM2).toBeCloseTo(8, 3);
    expect(site?.specificYield).toBeCloseTo(5, 3);
    expect(site?.performanceRatio).toBeCloseTo(60_000 / (12_000 * 8), 3);
    expect(site?.capacityFactor).toBeCloseTo(60_000 / (12_000 * 24), 3);
    // The other inverters made nothing while the sun was up: the site's availability is inverter 01's share.
    const inverters = (await (
      await hub.server.request(
        'GET',
        `/api/analysis/daily?sites=fr-occitanie&devices=fr-occitanie.inv01,fr-occitanie.inv02&from=${day}&to=${day}`,
        {
          token: hub.tokens.client,
        },
      )
    ).json()) as DailyKpis[];
    expect(inverters.find((r) => r.deviceId === 'fr-occitanie.inv01')).toMatchObject({
      energyKwh: 1000,
      availability: 1,
    });
    expect(inverters.find((r) => r.deviceId === 'fr-occitanie.inv02')).toMatchObject({
      energyKwh: null,
      availability: 0,
    });
    expect(site?.expectedKwh).toBeGreaterThan(0);
    // A client asking for someone else's site gets nothing of it.
    const foreign = await (
      await hub.server.request('GET', `/api/analysis/daily?sites=ir-yazd&from=${day}&to=${day}`, {
        token: hub.tokens.client,
      })
    ).json();
    expect(foreign).toEqual([]);
    const csv = await (
      await hub.server.request('GET', `/api/analysis/daily?sites=fr-occitanie&from=${day}&to=${day}&format=csv`, {
        token: hub.tokens.admin,
      })
    ).text();
    expect(csv.split('\r\n')[1]).toMatch(new RegExp(`^${day},fr-occitanie,,60000,`));
  });

  it('reports the alarm system health: floods, the most frequent, chattering and standing alarms', async () => {
    const now = Date.now();
    const t = now - 5 * 60_000;
    // Turbine 03 chatters: three activations within a minute.
    const chatter = [301, 0, 301, 0, 301].map((value, i) => ({
      series: 'es-tarifa.wtg03/fault_code',
      ts: t + i * 10_000,
      value,
    }));
    // Eleven more turbines trip at once: a flood.
    const flood = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => ({
      series: `es-tarifa.wtg${String(n).padStart(2, '0')}/fault_code`,
      ts: t + 60_000,
      value: 201,
    }));
    // A transformer too hot since yesterday: standing.
    const standing = Array.from({ length: 40 }, (_, i) => ({
      series: 'es-tarifa.tr01/oil_temperature',
      ts: now - 25 * HOUR + i * 1000,
      value: 99,
    }));
    await ingest([...chatter, ...flood, ...standing]);
    const health = await (async () => {
      for (let i = 0; i < 100; i++) {
        const h = (await (
          await hub.server.request(
            'GET',
            `/api/analysis/alarm-health?sites=es-tarifa&from=${now - 26 * HOUR}&to=${now}`,
            {
              token: hub.tokens.admin,
            },
          )
        ).json()) as AlarmHealth;
        if (h.floods.length > 0 && h.standing.length > 0) return h;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no flood');
    })();
    expect(health.floods[0]?.count).toBeGreaterThan(10);
    expect(health.mostFrequent[0]).toMatchObject({ deviceId: 'es-tarifa.wtg03', count: 3 });
    expect(health.chattering.map((c) => c.deviceId)).toEqual(['es-tarifa.wtg03']);
    expect(health.standing.map((s) => s.deviceId)).toEqual(['es-tarifa.tr01']);
    expect(health.targets.floodPer10Min).toBe(10);
    expect(
      (
        await hub.server.request('GET', `/api/analysis/alarm-health?from=${now}&to=${now - 1}`, {
          token: hub.tokens.admin,
        })
      ).status,
    ).toBe(400);
  });
});
