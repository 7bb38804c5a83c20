// Every route answers to its contract (shared/src/contracts): a request that breaks the schema is refused
// with a code per field that the client words in the reader's language.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { startAsAdmin, type TestServer } from '../helper.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, admin } = await startAsAdmin());
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
      errors: { to: ['This field is required.'] },
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

describe('routes without a contract', () => {
  it('keep the hub from starting: a new route must be written in shared/src/contracts first', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-contracts-'));
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR: 'false' }));
    try {
      expect(() => app.get('/api/rogue', async () => ({ secret: 1 }))).toThrow('GET /api/rogue has no contract');
      // A route of the contracts registered with a schema of its own (no response schema, say).
      expect(() => app.get('/api/sites', { schema: {} }, async () => [])).toThrow(
        'GET /api/sites is not registered from its contract',
      );
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
