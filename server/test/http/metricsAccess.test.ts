// GET /metrics shows the hub's inner state: without METRICS_TOKEN it answers loopback callers only (a
// Prometheus beside the hub), never a caller from elsewhere or one relayed by a proxy; with the token
// it answers whoever presents it.
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

describe('GET /metrics without METRICS_TOKEN', () => {
  const hub = hubForTests({ overrides: { trustProxy: true } });

  it('answers a loopback caller', async () => {
    const response = await hub.server.request('GET', '/metrics');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('voltscope_sockets_connected');
  });

  it('answers a loopback caller a trusted proxy relayed', async () => {
    const response = await hub.server.request('GET', '/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(response.status).toBe(200);
  });

  it('refuses a caller from another address with 403 saying how to allow it', async () => {
    const response = await hub.server.request('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'GET /metrics answers loopback callers only: set METRICS_TOKEN to scrape it from elsewhere',
    });
  });
});

describe('GET /metrics behind a proxy the hub does not trust', () => {
  const hub = hubForTests();

  it('refuses a request a proxy relayed, although it arrives from loopback', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.5' }, { forwarded: 'for=203.0.113.5' }]) {
      expect((await hub.server.request('GET', '/metrics', { headers })).status).toBe(403);
    }
    expect((await hub.server.request('GET', '/metrics')).status).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const hub = hubForTests({ overrides: { trustProxy: true, metricsToken: 'scrape-me' } });

  it('answers the token from any address, and nothing without it', async () => {
    const far = { 'x-forwarded-for': '203.0.113.5' };
    expect((await hub.server.request('GET', '/metrics', { token: 'scrape-me', headers: far })).status).toBe(200);
    expect((await hub.server.request('GET', '/metrics', { headers: far })).status).toBe(401);
    expect((await hub.server.request('GET', '/metrics')).status).toBe(401);
  });
});
