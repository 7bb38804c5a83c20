import { describe, expect, it } from 'vitest';
import { demo, startTestServer } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const hub = hubForTests();

describe('POST /api/auth/login', () => {
  it('signs in with an email and answers 201 with the rules, a token and the user without secrets', async () => {
    const response = await hub.server.request('POST', '/api/auth/login', { body: demo.admin });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.userAbilityRules).toEqual([{ action: 'manage', subject: 'all' }]);
    expect(body.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(body.userData).toMatchObject({ email: 'admin@voltscope.io', role: 'admin', fullName: 'Amina Rahimi' });
    expect(Object.keys(body.userData).sort()).toEqual([
      'avatar',
      'email',
      'fullName',
      'id',
      'role',
      'siteIds',
      'username',
    ]);
    expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash|abilityRules"/);
  });

  it('signs in with a username, in any letter case', async () => {
    const response = await hub.server.request('POST', '/api/auth/login', {
      body: { email: 'CLIENT', password: demo.client.password },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.userData.siteIds).toEqual(['es-tarifa', 'fr-occitanie']);
    expect(body.userAbilityRules).toContainEqual({
      action: 'read',
      subject: 'Site',
      conditions: { id: { $in: ['es-tarifa', 'fr-occitanie'] } },
    });
  });

  it('answers a wrong password and an unknown user alike: 400 with errors.email', async () => {
    const wrong = await hub.server.request('POST', '/api/auth/login', {
      body: { email: 'operator', password: 'Wrong#123' },
    });
    const unknown = await hub.server.request('POST', '/api/auth/login', {
      body: { email: 'nobody@x.io', password: 'Wrong#123' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'VALIDATION',
        message: 'Invalid email or password',
        reason: { code: 'invalidCredentials' },
        errors: { email: ['Invalid email or password'] },
        fields: { email: { code: 'invalidCredentials' } },
      });
    }
  });

  it('names the missing field with the seed message', async () => {
    const response = await hub.server.request('POST', '/api/auth/login', { body: { password: 'x' } });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ email: ['This field is required.'] });
  });

  it('refuses malformed JSON, a wrong type and an oversized body with a clear error at the email field', async () => {
    const malformed = await hub.server.request('POST', '/api/auth/login', { body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors.email).toEqual(['The request body is not valid JSON']);

    const wrongType = await hub.server.request('POST', '/api/auth/login', {
      body: { email: { $ne: '' }, password: 'x' },
    });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).errors.email[0]).toMatch(/email must be string/);

    const huge = await hub.server.request('POST', '/api/auth/login', {
      body: { email: 'a', password: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      errors: { email: ['The request body is too large'] },
    });
  });
});

describe('sign-in throttling', () => {
  it('makes an account wait after five failures from one address, with Retry-After, even with the right password', async () => {
    const local = await startTestServer({ trustProxy: true });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await local.request('POST', '/api/auth/login', {
          body: { email: 'operator', password: 'Nope#1234' },
        });
        expect(r.status).toBe(400);
      }
      const blocked = await local.request('POST', '/api/auth/login', { body: demo.operator });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await blocked.json()).errors.email[0]).toMatch(/Too many sign-in attempts/);
      // Another account from another address is not affected.
      const other = await local.request('POST', '/api/auth/login', {
        body: demo.client,
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(other.status).toBe(201);
    } finally {
      await local.close();
    }
  });
});

describe('tokens', () => {
  it('gives access with a token and refuses a forged or missing one with 401', async () => {
    const { accessToken } = await hub.server.login(demo.admin.email, demo.admin.password);
    expect((await hub.server.request('GET', '/api/sites', { token: accessToken })).status).toBe(200);
    const forged = await hub.server.request('GET', '/api/sites', { token: `${accessToken.slice(0, -2)}xx` });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Your session has ended; sign in again' });
    const missing = await hub.server.request('GET', '/api/sites');
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toBe('Sign in to continue');
  });

  it('revokes a token on logout', async () => {
    const { accessToken } = await hub.server.login(demo.operator.email, demo.operator.password);
    expect((await hub.server.request('POST', '/api/auth/logout', { token: accessToken })).status).toBe(204);
    expect((await hub.server.request('GET', '/api/auth/me', { token: accessToken })).status).toBe(401);
  });

  it('expires a short session, and gives a remembered one a longer life', async () => {
    const local = await startTestServer({ sessionTtlSeconds: 1, rememberTtlSeconds: 3600 });
    try {
      const short = await local.login(demo.admin.email, demo.admin.password, false);
      const long = await local.login(demo.admin.email, demo.admin.password, true);
      expect(long.expiresAt - short.expiresAt).toBeGreaterThan(3500_000);
      expect((await local.request('GET', '/api/auth/me', { token: short.accessToken })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await local.request('GET', '/api/auth/me', { token: short.accessToken })).status).toBe(401);
      expect((await local.request('GET', '/api/auth/me', { token: long.accessToken })).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('answers /api/auth/me with the session of the token', async () => {
    const { accessToken } = await hub.server.login(demo.client.username, demo.client.password);
    const response = await hub.server.request('GET', '/api/auth/me', { token: accessToken });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.userData.username).toBe('client');
    expect(body.userAbilityRules.length).toBeGreaterThan(0);
  });
});

describe('GET /api/auth/options', () => {
  it('tells the login page about demo accounts and that admins reset passwords when no mail is set up', async () => {
    const response = await hub.server.request('GET', '/api/auth/options');
    const body = await response.json();
    expect(body.passwordReset).toBe('admin');
    expect(body.demo).toBe(true);
    expect(body.demoAccounts.map((a: { role: string }) => a.role)).toEqual(['admin', 'operator', 'client']);
  });
});
