import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type demo, demoTokens, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
let tokens: Record<keyof typeof demo, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await demoTokens(server);
});
afterAll(() => server.close());

const siteIds = async (token: string) =>
  ((await (await server.request('GET', '/api/sites', { token })).json()) as { id: string }[]).map((s) => s.id).sort();

describe('GET /api/sites', () => {
  it('lists every site for an admin and an operator', async () => {
    const all = ['es-tarifa', 'fr-occitanie', 'ir-yazd', 'ma-ouarzazate'];
    expect(await siteIds(tokens.admin)).toEqual(all);
    expect(await siteIds(tokens.operator)).toEqual(all);
  });

  it('lists only its own sites for a client', async () => {
    expect(await siteIds(tokens.client)).toEqual(['es-tarifa', 'fr-occitanie']);
  });
});

describe('GET /api/sites/:id', () => {
  it('shows a client its own site', async () => {
    const response = await server.request('GET', '/api/sites/fr-occitanie', { token: tokens.client });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'fr-occitanie', kind: 'solar', timeZone: 'Europe/Paris' });
  });

  it("answers a client another client's site with 404, as if there were none", async () => {
    const response = await server.request('GET', '/api/sites/ma-ouarzazate', { token: tokens.client });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'No site ma-ouarzazate' });
  });

  it('answers 404 for a site that does not exist', async () => {
    const response = await server.request('GET', '/api/sites/atlantis', { token: tokens.admin });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('NOT_FOUND');
  });
});
