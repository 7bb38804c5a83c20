// User administration over HTTP (server/src/http/users.ts): each admin action and its refusals, the
// sockets of a disabled user or of a user whose role changed, and the password-change step of a user an
// admin created with a one-time password.
import type { SubscribeResult } from '@voltscope/shared/events';
import { isStrongPassword } from '@voltscope/shared/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertRole } from '../../src/store/users.ts';
import { demo, nextEvent, startTestServer, type TestServer, type TestSocket } from '../helper.ts';
import { testMailbox } from '../mailbox.ts';

let server: TestServer;
let admin: string;
let operator: string;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  const login = await server.login(demo.admin.email, demo.admin.password);
  admin = login.accessToken;
  adminId = login.userData.id;
  operator = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
});
afterAll(() => server.close());

const call = (method: string, route: string, body?: unknown, token = admin) =>
  server.request(method, route, { token, ...(body === undefined ? {} : { body }) });

let serial = 0;
const newUser = (over: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    fullName: `Test User ${serial}`,
    username: `test_user-${serial}`,
    email: `test${serial}@example.com`,
    role: 'operator',
    siteIds: [],
    mode: 'password',
    ...over,
  };
};

/** Creates a user with a one-time password, signs them in and sets their own password: a ready session. */
async function readyUser(over: Record<string, unknown> = {}) {
  const body = newUser(over);
  const created = await call('POST', '/api/users', body);
  expect(created.status).toBe(201);
  const { user, oneTimePassword } = await created.json();
  const login = await server.login(body.email as string, oneTimePassword);
  const changed = await call(
    'POST',
    '/api/account/password',
    { currentPassword: oneTimePassword, newPassword: 'Fresh!Pass9' },
    login.accessToken,
  );
  expect(changed.status).toBe(204);
  return { id: user.id as number, token: login.accessToken, email: body.email as string };
}

async function subscribe(socket: TestSocket, sites: string[]) {
  const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: sites.map((id) => ({ id })) });
  if ('error' in ack) throw new Error(ack.error.message);
  return ack.data as SubscribeResult;
}

describe('the user list', () => {
  it('searches, filters, sorts and pages, with each user in full', async () => {
    const all = await (await call('GET', '/api/users?perPage=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const amina = all.users.find((u: { username: string }) => u.username === 'admin');
    expect(amina).toMatchObject({
      fullName: 'Amina Rahimi',
      email: demo.admin.email,
      role: 'admin',
      siteIds: [],
      status: 'active',
      mfaEnabled: false,
      mustChangePassword: false,
    });
    expect(amina.activeSessions).toBeGreaterThanOrEqual(1);
    expect(amina.lastSignInAt).toBeGreaterThan(Date.now() - 60_000);

    const byName = await (await call('GET', '/api/users?q=BENALI')).json();
    expect(byName.users.map((u: { username: string }) => u.username)).toEqual(['client']);
    const byEmail = await (await call('GET', '/api/users?q=operator%40volt')).json();
    expect(byEmail.users.map((u: { username: string }) => u.username)).toEqual(['operator']);
    const bySite = await (await call('GET', '/api/users?site=es-tarifa')).json();
    expect(bySite.users.map((u: { username: string }) => u.username)).toEqual(['client']);
    const byRole = await (await call('GET', '/api/users?role=admin&status=active')).json();
    expect(byRole.users.map((u: { username: string }) => u.username)).toEqual(['admin']);
    expect((await (await call('GET', '/api/users?status=disabled')).json()).total).toBe(0);

    const desc = await (await call('GET', '/api/users?sort=email&order=desc&perPage=5')).json();
    const emails = desc.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const page2 = await (await call('GET', '/api/users?sort=name&perPage=5&page=2')).json();
    expect(page2.users.length).toBe(Math.max(0, Math.min(5, page2.total - 5)));

    expect((await call('GET', '/api/users?perPage=7')).status).toBe(400);
    expect((await call('GET', '/api/users?sort=password')).status).toBe(400);
    expect((await call('GET', `/api/users/${adminId}`)).status).toBe(200);
    expect((await call('GET', '/api/users/9999')).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/users', undefined, operator)).status).toBe(403);
    expect((await call('POST', '/api/users', newUser(), operator)).status).toBe(403);
    expect((await call('POST', `/api/users/${adminId}/disable`, undefined, operator)).status).toBe(403);
    expect((await call('PATCH', '/api/users/3', { role: 'admin' }, operator)).status).toBe(403);
    expect((await call('GET', '/api/users/3/sessions', undefined, operator)).status).toBe(403);
    expect((await server.request('GET', '/api/users')).status).toBe(401);
  });
});

describe('adding a user', () => {
  it('hands over a one-time password once, which must be changed before anything else', async () => {
    const body = newUser({ role: 'client', siteIds: ['es-tarifa'] });
    const created = await call('POST', '/api/users', body);
    expect(created.status).toBe(201);
    const { user, oneTimePassword } = await created.json();
    expect(oneTimePassword).toHaveLength(16);
    expect(isStrongPassword(oneTimePassword)).toBe(true);
    expect(user).toMatchObject({ role: 'client', siteIds: ['es-tarifa'], status: 'active', mustChangePassword: true });
    // Shown once: the user as read later carries no password.
    expect(JSON.stringify(await (await call('GET', `/api/users/${user.id}`)).json())).not.toContain(oneTimePassword);

    const login = await server.login(body.email as string, oneTimePassword);
    expect(login.pendingStep).toBe('passwordChange');
    const blocked = await call('GET', '/api/sites', undefined, login.accessToken);
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).reason).toEqual({ code: 'passwordChangeRequired' });
    const me = await (await call('GET', '/api/auth/me', undefined, login.accessToken)).json();
    expect(me.pendingStep).toBe('passwordChange');

    const changed = await call(
      'POST',
      '/api/account/password',
      { currentPassword: oneTimePassword, newPassword: 'Mine!Own42' },
      login.accessToken,
    );
    expect(changed.status).toBe(204);
    expect((await call('GET', '/api/sites', undefined, login.accessToken)).status).toBe(200);
    expect(
      (await (await call('GET', '/api/auth/me', undefined, login.accessToken)).json()).pendingStep,
    ).toBeUndefined();
  });

  it("refuses wrong fields with the seed's messages, and names or emails in use", async () => {
    const bad = await call('POST', '/api/users', newUser({ fullName: ' ', username: 'a b', email: 'nope' }));
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.errors).toEqual({
      fullName: ['This field is required.'],
      username: ['The field may only contain letters, numbers, dashes, and underscores.'],
      email: ['The email address entered is invalid.'],
    });
    expect(body.fields.username).toEqual({ code: 'alphaDash' });
    const short = await (await call('POST', '/api/users', newUser({ username: 'ab' }))).json();
    expect(short.fields.username).toEqual({ code: 'regex' });
    const role = await (await call('POST', '/api/users', newUser({ role: 'wizard' }))).json();
    expect(role.fields.role).toEqual({ code: 'unknownRole' });
    expect((await (await call('POST', '/api/users', newUser({ role: 'display' }))).json()).fields.role.code).toBe(
      'unknownRole',
    );
    const site = await (await call('POST', '/api/users', newUser({ siteIds: ['atlantis'] }))).json();
    expect(site.fields.siteIds).toEqual({ code: 'unknownSite', params: { site: 'atlantis' } });

    const email = await call('POST', '/api/users', newUser({ email: 'OPERATOR@voltscope.io' }));
    expect(email.status).toBe(409);
    expect((await email.json()).fields.email).toEqual({ code: 'emailTaken' });
    const username = await call('POST', '/api/users', newUser({ username: 'Client' }));
    expect(username.status).toBe(409);
    expect((await username.json()).reason).toEqual({ code: 'usernameTaken' });
  });

  it('needs mail to invite', async () => {
    const invite = await call('POST', '/api/users', newUser({ mode: 'invite' }));
    expect(invite.status).toBe(400);
    expect((await invite.json()).reason).toEqual({ code: 'inviteNeedsMail' });
    const created = await (await call('POST', '/api/users', newUser())).json();
    const link = await call('POST', `/api/users/${created.user.id}/reset-password`, { mode: 'link' });
    expect((await link.json()).reason).toEqual({ code: 'inviteNeedsMail' });
  });
});

describe('editing a user', () => {
  it('changes fields, refuses clashes, and records before and after in the audit log', async () => {
    const { user } = await (await call('POST', '/api/users', newUser())).json();
    const patched = await call('PATCH', `/api/users/${user.id}`, {
      fullName: '  Nadia   Karimi ',
      username: 'nadia',
      role: 'client',
      siteIds: ['fr-occitanie'],
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      fullName: 'Nadia Karimi',
      username: 'nadia',
      role: 'client',
      siteIds: ['fr-occitanie'],
    });
    expect((await call('PATCH', `/api/users/${user.id}`, { email: demo.client.email })).status).toBe(409);
    expect((await (await call('PATCH', `/api/users/${user.id}`, { email: 'x' })).json()).fields.email.code).toBe(
      'email',
    );
    expect((await call('PATCH', '/api/users/9999', { fullName: 'X' })).status).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    const row = await server.app.services.db.get<{ details: string; actor_id: number }>(
      "SELECT details, actor_id FROM audit_log WHERE action = 'user.update' AND target_id = ? ORDER BY seq DESC",
      [String(user.id)],
    );
    expect(Number(row?.actor_id)).toBe(adminId);
    const details = JSON.parse(row?.details ?? '{}');
    expect(details.before).toMatchObject({ role: 'operator', username: user.username });
    expect(details.after).toMatchObject({ role: 'client', username: 'nadia', siteIds: ['fr-occitanie'] });
  });

  it('keeps the last active admin and refuses an admin disabling or demoting themselves', async () => {
    await server.app.services.audit.flush();
    const since = await server.app.services.db.get<{ seq: number }>('SELECT max(seq) AS seq FROM audit_log');
    const self = await call('POST', `/api/users/${adminId}/disable`);
    expect(self.status).toBe(409);
    expect((await self.json()).reason).toEqual({ code: 'selfDisable' });
    const demote = await call('PATCH', `/api/users/${adminId}`, { role: 'operator' });
    expect(demote.status).toBe(409);
    expect((await demote.json()).reason).toEqual({ code: 'selfDisable' });

    // A custom role that runs users but is no admin: the demo admin is then the last one it cannot remove.
    await upsertRole(server.app.services.db, 'people', [{ action: 'manage', subject: 'User' }], 'Runs the team');
    const people = await readyUser({ role: 'people' });
    const last = await call('POST', `/api/users/${adminId}/disable`, undefined, people.token);
    expect(last.status).toBe(409);
    expect((await last.json()).reason).toEqual({ code: 'lastAdmin' });
    const lastDemote = await call('PATCH', `/api/users/${adminId}`, { role: 'client' }, people.token);
    expect(lastDemote.status).toBe(409);
    expect((await lastDemote.json()).reason).toEqual({ code: 'lastAdmin' });
    // Each refusal is an audit entry, with its reason.
    await server.app.services.audit.flush();
    const refused = await server.app.services.db.all<{ action: string; actor_id: number; details: string }>(
      "SELECT action, actor_id, details FROM audit_log WHERE outcome = 'refused' AND seq > ? ORDER BY seq",
      [Number(since?.seq ?? 0)],
    );
    expect(refused.map((r) => [r.action, Number(r.actor_id), JSON.parse(r.details).reason])).toEqual([
      ['user.disable', adminId, 'selfDisable'],
      ['user.update', adminId, 'selfDisable'],
      ['user.disable', people.id, 'lastAdmin'],
      ['user.update', people.id, 'lastAdmin'],
    ]);
    // With a second admin, the first may be demoted by it (and is restored).
    const second = await readyUser({ role: 'admin' });
    expect((await call('PATCH', `/api/users/${adminId}`, { role: 'operator' }, second.token)).status).toBe(200);
    expect((await call('PATCH', `/api/users/${adminId}`, { role: 'admin' }, second.token)).status).toBe(200);
    expect((await call('POST', `/api/users/${second.id}/disable`)).status).toBe(200);
    expect((await call('GET', '/api/users', undefined, people.token)).status).toBe(200);
  });
});

describe('sessions and sockets', () => {
  it("disabling ends the user's sessions and closes their socket within a second; enabling lets them back", async () => {
    const user = await readyUser();
    const socket = server.connect(user.token);
    await nextEvent(socket, 'connect');
    const ended = nextEvent<{ reason: string }>(socket, 'session:ended', 1000);
    const gone = nextEvent(socket, 'disconnect', 1000);
    const started = Date.now();
    const disabled = await call('POST', `/api/users/${user.id}/disable`);
    expect(disabled.status).toBe(200);
    expect((await disabled.json()).status).toBe('disabled');
    expect(await ended).toEqual({ reason: 'revoked' });
    await gone;
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await call('GET', '/api/auth/me', undefined, user.token)).status).toBe(401);
    expect(
      (await server.request('POST', '/api/auth/login', { body: { email: user.email, password: 'Fresh!Pass9' } }))
        .status,
    ).toBe(400);
    expect(
      (await (await call('GET', '/api/users?status=disabled')).json()).users.map((u: { id: number }) => u.id),
    ).toContain(user.id);

    const enabled = await call('POST', `/api/users/${user.id}/enable`);
    expect((await enabled.json()).status).toBe('active');
    expect((await server.login(user.email, 'Fresh!Pass9')).accessToken).toBeTruthy();
  });

  it("a role change moves the user's socket out of a site room at once, rules first", async () => {
    const user = await readyUser({ role: 'operator' });
    const socket = server.connect(user.token);
    await nextEvent(socket, 'connect');
    expect((await subscribe(socket, ['fr-occitanie'])).granted.map((g) => g.siteId)).toEqual(['fr-occitanie']);
    const order: string[] = [];
    socket.on('session:rules', (payload) => order.push(`rules:${payload.userData.role}`));
    const revoked = nextEvent<{ sites: string[] }>(socket, 'live:revoked', 2000);
    revoked.then(() => order.push('revoked'));
    const patched = await call('PATCH', `/api/users/${user.id}`, { role: 'client' });
    expect(patched.status).toBe(200);
    expect(await revoked).toEqual({ sites: ['fr-occitanie'] });
    expect(order).toEqual(['rules:client', 'revoked']);
    expect(server.app.services.io.sockets.adapter.rooms.get('site:fr-occitanie')?.has(socket.id ?? '') ?? false).toBe(
      false,
    );
    socket.disconnect();
  });

  it("lists a user's sessions and ends them all", async () => {
    const user = await readyUser();
    await server.login(user.email, 'Fresh!Pass9');
    const listed = await (await call('GET', `/api/users/${user.id}/sessions`)).json();
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ current: false, remember: false });
    expect(listed[0].id).not.toContain(user.token);
    expect((await call('DELETE', `/api/users/${user.id}/sessions`)).status).toBe(204);
    expect(await (await call('GET', `/api/users/${user.id}/sessions`)).json()).toEqual([]);
    expect((await call('GET', '/api/auth/me', undefined, user.token)).status).toBe(401);
  });

  it('resets a password to a one-time one (sessions end) and clears the second factor', async () => {
    const user = await readyUser();
    await server.app.services.db.run("UPDATE users SET mfa_secret = 'S', mfa_enabled_at = 1 WHERE id = ?", [user.id]);
    await server.app.services.db.run("INSERT INTO mfa_recovery_codes (user_id, code_hash) VALUES (?, 'h')", [user.id]);
    const reset = await call('POST', `/api/users/${user.id}/reset-password`, { mode: 'password', clearMfa: true });
    expect(reset.status).toBe(200);
    const body = await reset.json();
    expect(isStrongPassword(body.oneTimePassword)).toBe(true);
    expect(body.user).toMatchObject({ mustChangePassword: true, mfaEnabled: false, activeSessions: 0 });
    const codes = await server.app.services.db.get<{ n: number }>(
      'SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = ?',
      [user.id],
    );
    expect(Number(codes?.n)).toBe(0);
    expect((await call('GET', '/api/auth/me', undefined, user.token)).status).toBe(401);
    expect((await server.login(user.email, body.oneTimePassword)).pendingStep).toBe('passwordChange');
  });
});

describe('with mail', () => {
  const mailbox = testMailbox();
  const { inbox } = mailbox;
  let mailed: TestServer;
  let token: string;
  beforeAll(async () => {
    const smtpUrl = await mailbox.start();
    mailed = await startTestServer({ smtpUrl, publicUrl: 'https://scada.example.com' });
    token = (await mailed.login(demo.admin.email, demo.admin.password)).accessToken;
  });
  afterAll(async () => {
    await mailed.close();
    mailbox.close();
  });

  it('invites by a mailed link that sets the password', async () => {
    const created = await mailed.request('POST', '/api/users', {
      token,
      body: newUser({ mode: 'invite', email: 'invitee@example.com' }),
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.oneTimePassword).toBeUndefined();
    expect(body.user.status).toBe('invited');
    for (let i = 0; i < 100 && inbox.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const text = (inbox[0] ?? '')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const match = /reset-password\?token=([\w-]+)&invite=1/.exec(text);
    expect(match).not.toBeNull();
    const set = await mailed.request('POST', '/api/auth/reset-password', {
      body: { token: match?.[1], password: 'Invited!Pass1' },
    });
    expect(set.status).toBe(204);
    const after = await (await mailed.request('GET', `/api/users/${body.user.id}`, { token })).json();
    expect(after.status).toBe('active');
    expect((await mailed.login('invitee@example.com', 'Invited!Pass1')).pendingStep).toBeUndefined();
  });
});
