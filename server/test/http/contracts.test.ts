// Every route answers to its contract (shared/src/contracts): a request that breaks the schema is refused
// with a code per field that the client words in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login(demo.admin.email, demo.admin.password)).accessToken;
});
afterAll(() => server.close());

describe('refusals that break a schema', () => {
  it('names each field with a reason code and its limit', async () => {
    const response = await server.request('GET', '/api/kpis/period?sites=es-tarifa&from=0&to=1&maxPoints=3', {
      token: admin,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION',
      reason: { code: 'tooSmall', params: { limit: 10 } },
      fields: { maxPoints: { code: 'tooSmall', params: { limit: 10 } } },
      errors: { maxPoints: ['maxPoints must be >= 10'] },
    });
  });

  it('says which field is missing', async () => {
    const response = await server.request('GET', '/api/kpis/period?sites=es-tarifa&from=0', { token: admin });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      reason: { code: 'required' },
      fields: { to: { code: 'required' } },
      errors: { to: ['This field is required'] },
    });
  });

  it('says a value has a wrong format', async () => {
    const response = await server.request('GET', '/api/kpis/period?sites=not%20an%20id&from=0&to=1', {
      token: admin,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ sites: { code: 'regex' } });
  });
});
