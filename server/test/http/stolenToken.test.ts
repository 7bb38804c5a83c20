// Finding 6 of issue 15: what a stolen access token must not be enough for. Changing the account's email
// needs the current password, replies that carry a token are never stored by a cache, and a session
// unused for SESSION_IDLE_SECONDS ends although its lifetime has not (an open live socket counts as use).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { hashToken } from '../../src/store/tokens.ts';
import { createUser } from '../../src/store/users.ts';
import { demo, nextEvent, startTestServer, type TestServer } from '../helper.ts';

const PASSWORD = 'Start#2026';
const IDLE_SECONDS = 600;
let server: TestServer;
let seq = 0;

async function newAccount() {
  seq++;
  const email = `victim${seq}@x.io`;
  await createUser(server.app.services.db, {
    fullName: `Victim ${seq}`,
    username: `victim${seq}`,
    email,
    passwordHash: await hashPassword(PASSWORD, 10),
    role: 'client',
  });
  return { email, token: (await server.login(email, PASSWORD)).accessToken };
}

/** Makes a token look unused for longer than the idle timeout (the same as waiting that long). */
async function ageToken(token: string) {
  await server.app.services.db.run('UPDATE access_tokens SET last_seen_at = ? WHERE token_hash = ?', [
    Date.now() - (IDLE_SECONDS + 1) * 1000,
    hashToken(token),
  ]);
}

beforeAll(async () => {
  server = await startTestServer({ sessionIdleSeconds: IDLE_SECONDS });
});
afterAll(() => server.close());

describe('changing the email of an account', () => {
  it('needs the current password: the token alone is refused at the currentPassword field', async () => {
    const { email, token } = await newAccount();
    const alone = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: 'Victim', email: 'attacker@evil.example' },
    });
    expect(alone.status).toBe(400);
    expect((await alone.json()).errors.currentPassword).toEqual(['This field is required.']);
    const wrong = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: 'Victim', email: 'attacker@evil.example', currentPassword: 'Guess#2026' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword).toEqual(['The current password is incorrect']);
    const me = await (await server.request('GET', '/api/auth/me', { token })).json();
    expect(me.userData.email).toBe(email);

    const right = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: 'Victim', email: 'new.home@x.io', currentPassword: PASSWORD },
    });
    expect(right.status).toBe(200);
    expect((await right.json()).email).toBe('new.home@x.io');
  });

  it('still changes the name alone with the token, as before', async () => {
    const { email, token } = await newAccount();
    const response = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: 'Renamed', email: email.toUpperCase() },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ fullName: 'Renamed', email });
  });
});

describe('replies that carry a token', () => {
  it('answers sign-in with Cache-Control: no-store', async () => {
    const response = await server.request('POST', '/api/auth/login', { body: demo.operator });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a new ingest key, and any other API reply, with Cache-Control: no-store', async () => {
    const { accessToken } = await server.login(demo.admin.email, demo.admin.password);
    const created = await server.request('POST', '/api/ingest-keys', {
      token: accessToken,
      body: { name: 'Logger 7', siteId: 'fr-occitanie' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const refused = await server.request('GET', '/api/auth/me');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the session idle timeout', () => {
  it('ends a session unused for longer than SESSION_IDLE_SECONDS, before its lifetime', async () => {
    const idle = await newAccount();
    const busy = await newAccount();
    await ageToken(idle.token);
    const ended = await server.request('GET', '/api/auth/me', { token: idle.token });
    expect(ended.status).toBe(401);
    expect((await ended.json()).message).toBe('Your session has ended; sign in again');
    const refused = server.connect(idle.token);
    expect((await nextEvent<Error>(refused, 'connect_error')).message).toMatch(/invalid, expired or revoked/);
    expect((await server.request('GET', '/api/auth/me', { token: busy.token })).status).toBe(200);
  });

  it('leaves an idle session out of the account page’s list of sessions', async () => {
    const { email, token } = await newAccount();
    const other = (await server.login(email, PASSWORD)).accessToken;
    await ageToken(other);
    const sessions = await (await server.request('GET', '/api/account/sessions', { token })).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
  });

  it('counts a request as use: the idle time starts again', async () => {
    const { token } = await newAccount();
    await server.app.services.db.run('UPDATE access_tokens SET last_seen_at = ? WHERE token_hash = ?', [
      Date.now() - (IDLE_SECONDS - 5) * 1000,
      hashToken(token),
    ]);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    const row = await server.app.services.db.get<{ last_seen_at: number }>(
      'SELECT last_seen_at FROM access_tokens WHERE token_hash = ?',
      [hashToken(token)],
    );
    expect(Number(row?.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts an open live socket as use, so a wall screen is not signed out while it shows data', async () => {
    const local = await startTestServer({ sessionIdleSeconds: 2 });
    try {
      const { accessToken } = await local.login(demo.operator.email, demo.operator.password);
      const socket = local.connect(accessToken);
      await nextEvent(socket, 'connect');
      const aged = Date.now() - 10_000;
      await local.app.services.db.run('UPDATE access_tokens SET last_seen_at = ? WHERE token_hash = ?', [
        aged,
        hashToken(accessToken),
      ]);
      let seen = aged;
      for (let i = 0; i < 100 && seen <= aged; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const row = await local.app.services.db.get<{ last_seen_at: number }>(
          'SELECT last_seen_at FROM access_tokens WHERE token_hash = ?',
          [hashToken(accessToken)],
        );
        seen = Number(row?.last_seen_at);
      }
      expect((await local.request('GET', '/api/auth/me', { token: accessToken })).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
