import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

const hub = hubForTests();

describe('GET /api/health', () => {
  it('answers 200 without sign-in while the store answers', async () => {
    const response = await hub.server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', store: { ok: true, driver: 'sqlite' } });
  });
});

describe('unknown paths', () => {
  it('answers an unknown /api path with a JSON 404, never the HTML page', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await hub.server.request(method, '/api/no/such/thing');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `No route for ${method} /api/no/such/thing`,
      });
    }
  });

  it('sends security headers with a content security policy limited to our own origin', async () => {
    const response = await hub.server.request('GET', '/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https:|\*/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
