import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, call, setUnauthorizedHandler } from './api.ts';
import { sessionStore } from './sessionStore.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const signIn = () =>
  sessionStore.signIn(
    {
      userData: { id: 1, fullName: 'A', username: 'a', email: 'a@x.io', role: 'admin', avatar: null, siteIds: [] },
      accessToken: 'tok',
      userAbilityRules: [],
      expiresAt: Date.now() + 60_000,
    },
    false,
  );

describe('api', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    sessionStore.signOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and JSON body, and returns the parsed answer', async () => {
    signIn();
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    const request = call('PATCH /api/alarms/rules/:id', { params: { id: 7 }, body: { enabled: false } });
    await expect(api(request)).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/alarms/rules/7');
    expect(init?.method).toBe('PATCH');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"enabled":false}');
  });

  it('fills path parameters and encodes the query, leaving out what is undefined', () => {
    expect(call('GET /api/sites/:id/kpis', { params: { id: 'a b/c' } }).path).toBe('/api/sites/a%20b%2Fc/kpis');
    const request = call('GET /api/kpis/period', {
      query: { sites: 'es-tarifa,ir-yazd', devices: undefined, from: '0', to: '1', maxPoints: 10 },
    });
    expect(request).toEqual({
      method: 'GET',
      path: '/api/kpis/period?sites=es-tarifa,ir-yazd&from=0&to=1&maxPoints=10',
    });
  });

  it('returns nothing for a 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api(call('POST /api/auth/logout'))).resolves.toBeUndefined();
  });

  it('turns an error body into an ApiError with field errors and Retry-After', async () => {
    fetchMock.mockResolvedValue(
      json(
        429,
        { code: 'TOO_MANY_REQUESTS', message: 'Slow down', errors: { email: ['Slow down'] } },
        { 'Retry-After': '30' },
      ),
    );
    const error = await api(call('POST /api/auth/login', { body: { email: 'a@x.io', password: 'x' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('email')).toBe('Slow down');
    expect((error as ApiError).retryAfter).toBe(30);
  });

  it('never trusts a malformed error body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await api(call('GET /api/sites')).catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
  });

  it('ends the session and calls the handler on a 401 to an authenticated call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    signIn();
    fetchMock.mockResolvedValue(json(401, { code: 'UNAUTHENTICATED', message: 'Sign in' }));
    await expect(api(call('GET /api/sites'))).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });
});
