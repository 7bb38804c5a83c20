// GET /api/chart-sources: each readable site's chart series in one answer, the same ids the devices
// routes lead to, a client's sites only, and bad input refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type demo, demoTokens, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
let tokens: Record<keyof typeof demo, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await demoTokens(server);
});
afterAll(() => server.close());

interface Source {
  siteId: string;
  name: string;
  kind: string;
  powerId: number | null;
  irradianceId: number | null;
}

const get = (url: string, token?: string) => server.request('GET', url, token ? { token } : {});
const sources = async (url: string, token: string) => (await (await get(url, token)).json()) as Source[];

/** The series id of `key` on the site's first device of `type`, found as the chart used to find it. */
async function throughDevices(siteId: string, type: string, key: string): Promise<number | null> {
  const devices = (await (await get(`/api/sites/${siteId}/devices`, tokens.admin)).json()) as {
    id: string;
    type: string;
  }[];
  const device = devices.find((d) => d.type === type);
  if (!device) return null;
  const detail = (await (await get(`/api/devices/${device.id}`, tokens.admin)).json()) as {
    series: { id: number; key: string }[];
  };
  return detail.series.find((s) => s.key === key)?.id ?? null;
}

describe('GET /api/chart-sources', () => {
  it("gives every site's meter power and (solar) irradiance series, as the devices routes show them", async () => {
    const list = await sources('/api/chart-sources', tokens.admin);
    expect(list.map((s) => s.siteId).sort()).toEqual(['es-tarifa', 'fr-occitanie', 'ir-yazd', 'ma-ouarzazate']);
    for (const site of list) {
      expect(site.powerId).toBe(await throughDevices(site.siteId, 'meter', 'active_power'));
      const irradiance =
        site.kind === 'solar' ? await throughDevices(site.siteId, 'weather_station', 'irradiance_poa') : null;
      expect(site.irradianceId).toBe(irradiance);
    }
    const solar = list.find((s) => s.siteId === 'fr-occitanie');
    expect(solar).toMatchObject({ kind: 'solar', powerId: expect.any(Number), irradianceId: expect.any(Number) });
    expect(list.find((s) => s.kind === 'wind')?.irradianceId).toBeNull();
  });

  it('shows a client only its own sites, even when it names others', async () => {
    const own = await sources('/api/chart-sources', tokens.client);
    expect(own.map((s) => s.siteId).sort()).toEqual(['es-tarifa', 'fr-occitanie']);
    const asked = await sources('/api/chart-sources?sites=fr-occitanie,ma-ouarzazate,atlantis', tokens.client);
    expect(asked.map((s) => s.siteId)).toEqual(['fr-occitanie']);
  });

  it('keeps to the sites asked for', async () => {
    const asked = await sources('/api/chart-sources?sites=ir-yazd', tokens.operator);
    expect(asked.map((s) => s.siteId)).toEqual(['ir-yazd']);
  });

  it('refuses bad input and an anonymous caller', async () => {
    expect((await get('/api/chart-sources?sites=', tokens.admin)).status).toBe(400);
    expect((await get('/api/chart-sources?sites=a,,b', tokens.admin)).status).toBe(400);
    const tooMany = Array.from({ length: 21 }, (_, i) => `s${i}`).join(',');
    expect((await get(`/api/chart-sources?sites=${tooMany}`, tokens.admin)).status).toBe(400);
    expect((await get('/api/chart-sources')).status).toBe(401);
  });
});
