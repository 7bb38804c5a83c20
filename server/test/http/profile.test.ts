import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { createUser } from '../../src/store/users.ts';
import { demo, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
let seq = 0;
const PASSWORD = 'Start#2026';

/** A fresh account per test, so that tests never share sessions or passwords. */
async function newAccount() {
  seq++;
  const email = `user${seq}@x.io`;
  await createUser(server.app.services.db, {
    fullName: `User ${seq}`,
    username: `user${seq}`,
    email,
    passwordHash: await hashPassword(PASSWORD, 10),
    role: 'client',
    siteIds: ['fr-occitanie'],
  });
  return email;
}

const status = async (token: string) => (await server.request('GET', '/api/auth/me', { token })).status;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('PATCH /api/account/profile', () => {
  let email: string;
  let token: string;
  beforeEach(async () => {
    email = await newAccount();
    token = (await server.login(email, PASSWORD)).accessToken;
  });

  it('changes the name and email and answers the new user data', async () => {
    const response = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: '  Léa   Martin ', email: 'Lea.Martin@X.io', currentPassword: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ fullName: 'Léa Martin', email: 'lea.martin@x.io', role: 'client' });
    expect((await server.login('lea.martin@x.io', PASSWORD)).userData.fullName).toBe('Léa Martin');
  });

  it('refuses an email another account uses, with 409 at the email field', async () => {
    const response = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: 'X', email: demo.admin.email.toUpperCase(), currentPassword: PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'CONFLICT',
      errors: { email: ['This email address is already used by another account'] },
    });
  });

  it('refuses a blank name, a bad email and a missing field with the seed messages', async () => {
    const blank = await server.request('PATCH', '/api/account/profile', { token, body: { fullName: '   ', email } });
    expect((await blank.json()).errors).toEqual({ fullName: ['This field is required.'] });
    const bad = await server.request('PATCH', '/api/account/profile', { token, body: { fullName: 'A', email: 'a@b' } });
    expect((await bad.json()).errors).toEqual({ email: ['The email address entered is invalid.'] });
    const missing = await server.request('PATCH', '/api/account/profile', { token, body: { fullName: 'A' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual({ email: ['This field is required.'] });
  });

  it('names every wrong field at once, each with its reason for the client to word', async () => {
    const both = await server.request('PATCH', '/api/account/profile', {
      token,
      body: { fullName: ' ', email: 'a@b' },
    });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'This field is required.',
      reason: { code: 'required' },
      fields: { fullName: { code: 'required' }, email: { code: 'email' } },
      errors: { fullName: ['This field is required.'], email: ['The email address entered is invalid.'] },
    });
  });

  it('answers 401 without a session', async () => {
    const response = await server.request('PATCH', '/api/account/profile', { body: { fullName: 'A', email } });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password, then ends every other session but this one', async () => {
    const email = await newAccount();
    const here = (await server.login(email, PASSWORD)).accessToken;
    const elsewhere = (await server.login(email, PASSWORD)).accessToken;

    const wrong = await server.request('POST', '/api/account/password', {
      token: here,
      body: { currentPassword: 'Wrong#2026', newPassword: 'Next#2027x' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: ['The current password is incorrect'] });

    const done = await server.request('POST', '/api/account/password', {
      token: here,
      body: { currentPassword: PASSWORD, newPassword: 'Next#2027x' },
    });
    expect(done.status).toBe(204);
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    await expect(server.login(email, PASSWORD)).rejects.toThrow(/400/);
    expect((await server.login(email, 'Next#2027x')).userData.email).toBe(email);
  });

  it('refuses a weak new password with the seed message, and the same password again', async () => {
    const email = await newAccount();
    const token = (await server.login(email, PASSWORD)).accessToken;
    const weak = await server.request('POST', '/api/account/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'password' },
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors.newPassword[0]).toMatch(/at least one uppercase letter/);
    const same = await server.request('POST', '/api/account/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect((await same.json()).errors).toEqual({ newPassword: ['The new password must differ from the current one'] });
  });
});

describe('active sessions', () => {
  it('lists the live sessions with opaque ids and marks the current one', async () => {
    const email = await newAccount();
    const first = (await server.login(email, PASSWORD, true)).accessToken;
    await server.login(email, PASSWORD);
    const response = await server.request('GET', '/api/account/sessions', {
      token: first,
      headers: { 'user-agent': 'ignored: the login recorded its own' },
    });
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.find((s: { current: boolean }) => s.current)).toMatchObject({ remember: true });
    const text = JSON.stringify(list);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    expect(text).not.toContain(first);
    for (const session of list)
      expect(Object.keys(session).sort()).toEqual([
        'createdAt',
        'current',
        'expiresAt',
        'id',
        'ip',
        'remember',
        'userAgent',
      ]);
  });

  it('signs out one other session, and refuses ids it does not know or that belong to someone else', async () => {
    const email = await newAccount();
    const here = (await server.login(email, PASSWORD)).accessToken;
    const there = (await server.login(email, PASSWORD)).accessToken;
    const list = await (await server.request('GET', '/api/account/sessions', { token: here })).json();
    const other = list.find((s: { current: boolean }) => !s.current);

    const stranger = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
    const foreign = await server.request('DELETE', `/api/account/sessions/${other.id}`, { token: stranger });
    expect(foreign.status).toBe(404);
    expect(await status(there)).toBe(200);

    expect((await server.request('DELETE', `/api/account/sessions/${other.id}`, { token: here })).status).toBe(204);
    expect(await status(there)).toBe(401);
    expect(await status(here)).toBe(200);
    expect((await server.request('DELETE', '/api/account/sessions/nope', { token: here })).status).toBe(404);
  });

  it('signs out everywhere, this session included', async () => {
    const email = await newAccount();
    const here = (await server.login(email, PASSWORD)).accessToken;
    const there = (await server.login(email, PASSWORD)).accessToken;
    expect((await server.request('DELETE', '/api/account/sessions', { token: here })).status).toBe(204);
    expect(await status(here)).toBe(401);
    expect(await status(there)).toBe(401);
  });
});
