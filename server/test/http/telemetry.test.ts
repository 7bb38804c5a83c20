import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

const KEY = 'vsk_demo_fleet_ingest_key';

describe.each(storeCases('vs_http'))('telemetry over HTTP on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'client'] });
  const id = (key: string) => {
    const found = hub.server.app.services.registry.seriesIdByKey(key);
    if (found === undefined) throw new Error(`no series ${key}`);
    return found;
  };
  const ingest = (body: unknown, key = KEY, contentType?: string) =>
    hub.server.request('POST', '/api/ingest', {
      body,
      headers: { 'x-ingest-key': key, ...(contentType ? { 'content-type': contentType } : {}) },
    });

  describe('POST /api/ingest', () => {
    it('stores a batch, keeps the valid samples of a mixed one and says why each other was refused', async () => {
      const now = Date.now();
      const power = id('fr-occitanie.inv01/ac_power');
      const response = await ingest({
        samples: [
          { series: power, ts: now - 2000, value: 120.5 },
          { series: 'fr-occitanie.inv01/dc_power', ts: now - 2000, value: 125 },
          { series: 999_999, ts: now, value: 1 },
          { series: power, ts: Math.floor(now / 1000), value: 1 },
          { series: power, ts: now + 3_600_000, value: 1 },
          { series: power, ts: now - 1000, value: 'high' },
          { series: power, ts: now - 1000, value: 1e9 },
          { series: power, ts: now - 90 * 86_400_000, value: 1 },
          'nonsense',
          { __proto__: { value: 1 }, series: power, ts: now - 500 },
        ],
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ accepted: 2, inserted: 2, duplicates: 0 });
      expect(body.rejected).toEqual([
        { index: 2, reason: 'unknown series 999999' },
        { index: 3, reason: 'ts looks like seconds: send milliseconds since 1970' },
        { index: 4, reason: 'ts is in the future' },
        { index: 5, reason: 'value must be a finite number' },
        { index: 6, reason: 'value 1000000000 is outside the plausible range -50 to 10000' },
        { index: 7, reason: 'ts is older than the raw retention' },
        { index: 8, reason: 'a sample must be an object { series, ts, value }' },
        { index: 9, reason: 'value must be a finite number' },
      ]);
    });

    it('counts a repeat as a duplicate, not a second sample', async () => {
      const sample = { series: id('ir-yazd.meter/grid_frequency'), ts: Date.now() - 5000, value: 50.02 };
      expect(await (await ingest({ samples: [sample] })).json()).toMatchObject({ inserted: 1, duplicates: 0 });
      expect(await (await ingest({ samples: [sample, sample] })).json()).toMatchObject({ inserted: 0, duplicates: 2 });
    });

    it('takes NDJSON streams, reporting a malformed line at its index', async () => {
      const ts = Date.now() - 3000;
      const lines = [
        JSON.stringify({ series: 'es-tarifa.wtg01/wind_speed', ts, value: 9.5 }),
        '{"series": oops',
        JSON.stringify({ series: 'es-tarifa.wtg02/wind_speed', ts, value: 8.7 }),
      ].join('\n');
      const response = await ingest(lines, KEY, 'application/x-ndjson');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ accepted: 2, rejected: [{ index: 1, reason: 'malformed JSON' }] });
    });

    it('answers 422 when every sample is refused, 400 for malformed JSON, 401 for a bad key, 413 past the size limit', async () => {
      const refused = await ingest({ samples: [{ series: 'nope/nothing', ts: Date.now(), value: 1 }] });
      expect(refused.status).toBe(422);
      const malformed = await ingest('{"samples": [', KEY, 'application/json');
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).message).toBe('The request body is not valid JSON');
      const badKey = await ingest({ samples: [] }, 'vsk_forged');
      expect(badKey.status).toBe(401);
      expect((await badKey.json()).message).toMatch(/valid ingest key/);
      const big = { samples: new Array(120_000).fill({ series: 1, ts: Date.now(), value: 1.2345678 }) };
      const tooBig = await hub.server.request('POST', '/api/ingest', {
        body: JSON.stringify(big).repeat(2),
        headers: { 'x-ingest-key': KEY },
      });
      expect(tooBig.status).toBe(413);
    });

    it('limits a site key to its own site', async () => {
      const created = await hub.server.request('POST', '/api/ingest-keys', {
        token: hub.tokens.admin,
        body: { name: 'Yazd RTU', siteId: 'ir-yazd' },
      });
      expect(created.status).toBe(201);
      const { key, id: keyId } = await created.json();
      expect(key).toMatch(/^vsk_/);
      const ts = Date.now() - 1000;
      const response = await ingest(
        {
          samples: [
            { series: 'ir-yazd.inv01/ac_power', ts, value: 100 },
            { series: 'fr-occitanie.inv01/ac_power', ts, value: 100 },
          ],
        },
        key,
      );
      expect((await response.json()).rejected).toEqual([
        {
          index: 1,
          reason: `series ${id('fr-occitanie.inv01/ac_power')} belongs to another site than this ingest key's`,
        },
      ]);
      expect(
        (await hub.server.request('DELETE', `/api/ingest-keys/${keyId}`, { token: hub.tokens.admin })).status,
      ).toBe(204);
      expect((await ingest({ samples: [] }, key)).status).toBe(401);
      expect((await hub.server.request('GET', '/api/ingest-keys', { token: hub.tokens.client })).status).toBe(403);
    });

    it("names a key's last use, and refuses a key without a name with the seed's message", async () => {
      const created = await hub.server.request('POST', '/api/ingest-keys', {
        token: hub.tokens.admin,
        body: { name: 'Ouarzazate logger', siteId: 'ma-ouarzazate' },
      });
      const { key, id: keyId, lastUsedAt } = await created.json();
      expect(lastUsedAt).toBeNull();
      const before = Date.now();
      expect(
        (await ingest({ samples: [{ series: 'ma-ouarzazate.inv01/ac_power', ts: before - 1000, value: 90 }] }, key))
          .status,
      ).toBe(200);
      await expect
        .poll(async () => {
          const keys = await (await hub.server.request('GET', '/api/ingest-keys', { token: hub.tokens.admin })).json();
          return keys.find((k: { id: number }) => k.id === keyId)?.lastUsedAt ?? 0;
        })
        .toBeGreaterThanOrEqual(before);

      const blank = await hub.server.request('POST', '/api/ingest-keys', {
        token: hub.tokens.admin,
        body: { name: ' ' },
      });
      expect(blank.status).toBe(400);
      expect(await blank.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'This field is required.',
        fields: { name: { code: 'required' } },
      });
    });
  });

  describe('history and latest values', () => {
    it('answers the history of what was ingested, downsampled, in columns', async () => {
      const series = id('ma-ouarzazate.inv02/ac_power');
      const start = Date.now() - 600_000;
      const samples = Array.from({ length: 600 }, (_, i) => ({
        series,
        ts: start + i * 1000,
        value: i === 300 ? 480 : 200,
      }));
      await ingest({ samples });
      const response = await hub.server.request(
        'GET',
        `/api/series/history?ids=${series}&from=${start}&to=${start + 600_000}&maxPoints=60`,
        { token: hub.tokens.admin },
      );
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.resolution).toBe('raw');
      expect(body.ts.length).toBe(60);
      expect(Math.max(...body.series[0].max)).toBe(480);
      expect(body.series[0].min[0]).toBe(200);
    });

    it('refuses a client the history of another client’s site, and explains bad parameters', async () => {
      const foreign = id('ma-ouarzazate.inv02/ac_power');
      const own = id('fr-occitanie.inv01/ac_power');
      const now = Date.now();
      const query = (ids: number | string, from: number | string = now - 60_000, to: number | string = now) =>
        hub.server.request('GET', `/api/series/history?ids=${ids}&from=${from}&to=${to}`, { token: hub.tokens.client });
      expect((await query(own)).status).toBe(200);
      expect((await query(foreign)).status).toBe(404);
      expect((await query(`${own},${foreign}`)).status).toBe(404);
      expect((await query(424242)).status).toBe(404);
      expect((await query(own, now, now - 1)).status).toBe(400);
      expect((await query(own, 'yesterday')).status).toBe(400);
      expect((await query('1;DROP TABLE samples')).status).toBe(400);
      const iso = await query(own, new Date(now - 60_000).toISOString(), new Date(now).toISOString());
      expect(iso.status).toBe(200);
    });

    it('gives the latest values of a site the caller may read', async () => {
      const response = await hub.server.request('GET', '/api/series/latest?site=fr-occitanie', {
        token: hub.tokens.client,
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      const at = body.seriesIds.indexOf(id('fr-occitanie.inv01/ac_power'));
      expect(body.values[at]).toBe(120.5);
      expect(
        (await hub.server.request('GET', '/api/series/latest?site=ir-yazd', { token: hub.tokens.client })).status,
      ).toBe(404);
    });
  });

  describe('devices', () => {
    it('lists a site’s devices with their live state, for those who may read the site', async () => {
      const response = await hub.server.request('GET', '/api/sites/fr-occitanie/devices', { token: hub.tokens.client });
      expect(response.status).toBe(200);
      const devices = await response.json();
      expect(devices.length).toBeGreaterThan(40);
      const inverter = devices.find((d: { id: string }) => d.id === 'fr-occitanie.inv01');
      expect(inverter).toMatchObject({
        type: 'inverter',
        ratedKw: 250,
        state: 'online',
        parentId: 'fr-occitanie.tr01',
      });
      const silent = devices.find((d: { id: string }) => d.id === 'fr-occitanie.inv40');
      expect(silent).toMatchObject({ state: 'offline', lastSeen: null });
      expect(
        (await hub.server.request('GET', '/api/sites/ma-ouarzazate/devices', { token: hub.tokens.client })).status,
      ).toBe(404);
    });

    it('lists a site’s series, so that a page can follow them live', async () => {
      const response = await hub.server.request('GET', '/api/sites/fr-occitanie/series', { token: hub.tokens.client });
      expect(response.status).toBe(200);
      const series = await response.json();
      expect(series.length).toBeGreaterThan(500);
      expect(series).toContainEqual(
        expect.objectContaining({
          id: id('fr-occitanie.inv01/ac_power'),
          deviceId: 'fr-occitanie.inv01',
          key: 'ac_power',
          unit: 'kW',
        }),
      );
      expect((await hub.server.request('GET', '/api/sites/ir-yazd/series', { token: hub.tokens.client })).status).toBe(
        404,
      );
    });

    it('shows one device with its series and latest values', async () => {
      const response = await hub.server.request('GET', '/api/devices/fr-occitanie.inv01', { token: hub.tokens.client });
      expect(response.status).toBe(200);
      const device = await response.json();
      expect(device.series.map((s: { key: string }) => s.key)).toContain('mppt_current:4');
      const power = device.series.find((s: { key: string }) => s.key === 'ac_power');
      expect(power).toMatchObject({ unit: 'kW', latest: { value: 120.5 } });
      expect(
        (await hub.server.request('GET', '/api/devices/ma-ouarzazate.inv01', { token: hub.tokens.client })).status,
      ).toBe(404);
      expect((await hub.server.request('GET', '/api/devices/nowhere', { token: hub.tokens.client })).status).toBe(404);
    });
  });
});
