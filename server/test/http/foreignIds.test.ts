// An id the caller may not read answers exactly as an id that does not exist (404, the same message), so
// that a client cannot learn which sites, devices and series other customers have. A route the caller's
// role may not use at all still answers 403: that tells nothing about ids.
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

const hub = hubForTests({ signIn: ['client'] });
const get = async (route: string) => {
  const response = await hub.server.request('GET', route, { token: hub.tokens.client });
  return { status: response.status, body: await response.json() };
};
const seriesId = (key: string) => hub.server.app.services.registry.seriesIdByKey(key) as number;

/** The answer for `foreign` must be the answer for `missing`, with the one id swapped. */
async function expectSameAsMissing(route: (id: string) => string, foreign: string, missing: string) {
  const absent = await get(route(missing));
  expect(absent.status).toBe(404);
  const refused = await get(route(foreign));
  expect(refused).toEqual({
    status: 404,
    body: JSON.parse(JSON.stringify(absent.body).replaceAll(missing, foreign)),
  });
}

describe('ids on sites the caller may not read answer 404, as unknown ones do', () => {
  it('a site, its devices, series, latest values and KPIs', async () => {
    for (const route of [
      (id: string) => `/api/sites/${id}`,
      (id: string) => `/api/sites/${id}/devices`,
      (id: string) => `/api/sites/${id}/series`,
      (id: string) => `/api/sites/${id}/kpis`,
      (id: string) => `/api/series/latest?site=${id}`,
      (id: string) => `/api/kpis/period?sites=${id}&from=0&to=1000`,
    ]) {
      await expectSameAsMissing(route, 'ma-ouarzazate', 'atlantis');
    }
  });

  it('a device, and a generator in a period comparison', async () => {
    await expectSameAsMissing((id) => `/api/devices/${id}`, 'ma-ouarzazate.inv01', 'atlantis.inv01');
    await expectSameAsMissing(
      (id) => `/api/kpis/period?devices=${id}&from=0&to=1000`,
      'ir-yazd.inv01',
      'atlantis.inv01',
    );
  });

  it('a series in a history query, alone or beside one of the caller’s own', async () => {
    const own = seriesId('fr-occitanie.inv01/ac_power');
    const foreign = String(seriesId('ma-ouarzazate.inv02/ac_power'));
    const history = (ids: string) => `/api/series/history?ids=${ids}&from=0&to=1000`;
    await expectSameAsMissing(history, foreign, '424242');
    await expectSameAsMissing((id) => history(`${own},${id}`), foreign, '424242');
  });

  it('still answers the caller’s own ids, and 403 for a route its role may not use', async () => {
    expect((await get('/api/sites/fr-occitanie')).status).toBe(200);
    expect((await get(`/api/devices/fr-occitanie.inv01`)).status).toBe(200);
    expect((await get('/api/ingest-keys')).status).toBe(403);
  });
});
