import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api.ts';
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
    fetchMock.mockResolvedValue(json(200, [{ id: 's' }]));
    await expect(api('/api/sites', { method: 'POST', body: { a: 1 } })).resolves.toEqual([{ id: 's' }]);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('returns nothing for a 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns an error body into an ApiError with field errors and Retry-After', async () => {
    fetchMock.mockResolvedValue(
      json(
        429,
        { code: 'TOO_MANY_REQUESTS', message: 'Slow down', errors: { email: ['Slow down'] } },
        { 'Retry-After': '30' },
      ),
    );
    const error = await api('/api/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('email')).toBe('Slow down');
    expect((error as ApiError).retryAfter).toBe(30);
  });

  it('never trusts a malformed error body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await api('/api/sites').catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
  });

  it('ends the session and calls the handler on a 401 to an authenticated call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    signIn();
    fetchMock.mockResolvedValue(json(401, { code: 'UNAUTHENTICATED', message: 'Sign in' }));
    await expect(api('/api/sites')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });
});
