// Two-factor sign-in over HTTP: turning it on from one's account, the second step of a sign-in (a code
// from the app, each good once; a recovery code, each good once), challenges out of time, throttling,
// a role that must set it up first, and what the audit log keeps of it.
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestServer, type TestServer } from '../helper.ts';

/** The code of the step `offset` steps from now, as an authenticator app shows it. */
const code = (secret: string, offset = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true, mfaRequiredRoles: ['admin'] });
});
afterAll(() => server.close());

const from = (address: string) => ({ 'x-forwarded-for': address });
const password = (who: keyof typeof demo, address = '203.0.113.1', rememberMe = false) =>
  server.request('POST', '/api/auth/login', {
    body: { email: demo[who].email, password: demo[who].password, rememberMe },
    headers: from(address),
  });
const second = (challenge: string, typed: string, address = '203.0.113.1') =>
  server.request('POST', '/api/auth/login/mfa', { body: { challenge, code: typed }, headers: from(address) });

async function auditRows(action: string) {
  await server.app.services.audit.flush();
  return server.app.services.db.all<{ actor_id: number | null; actor_name: string; outcome: string; details: string }>(
    'SELECT actor_id, actor_name, outcome, details FROM audit_log WHERE action = ? ORDER BY seq',
    [action],
  );
}

/** Turns two-factor sign-in on for `who` (signed in with `token`); its secret and recovery codes. */
async function enable(token: string) {
  const setup = await server.request('POST', '/api/account/mfa/setup', { token });
  expect(setup.status).toBe(200);
  const { secret, otpauthUrl, qrSvg } = await setup.json();
  const enabled = await server.request('POST', '/api/account/mfa/enable', { token, body: { code: code(secret) } });
  expect(enabled.status).toBe(200);
  return {
    secret: secret as string,
    otpauthUrl: otpauthUrl as string,
    qrSvg: qrSvg as string,
    ...(await enabled.json()),
  };
}

describe('two-factor sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  let accepted = '';

  it('an admin sets it up: a pending step first, then a secret, a QR code and ten recovery codes', async () => {
    const first = await password('admin');
    expect(first.status).toBe(201);
    const session = await first.json();
    expect(session.pendingStep).toBe('mfaSetup');
    const token = session.accessToken as string;

    const sites = await server.request('GET', '/api/sites', { token });
    expect(sites.status).toBe(403);
    expect((await sites.json()).reason.code).toBe('mfaRequired');
    const status = await server.request('GET', '/api/account/mfa', { token });
    expect(await status.json()).toEqual({ enabled: false, required: true, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await server.request('POST', '/api/account/mfa/setup', { token });
    const { secret: s, otpauthUrl, qrSvg } = await setup.json();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Voltscope:admin%40voltscope.io?secret=${s}&issuer=Voltscope`);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await server.request('POST', '/api/account/mfa/enable', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fields.code.code).toBe('mfaInvalidCode');

    const enabled = await server.request('POST', '/api/account/mfa/enable', { token, body: { code: code(s) } });
    expect(enabled.status).toBe(200);
    ({ recoveryCodes } = await enabled.json());
    secret = s;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);

    // The same session goes on without the pending step.
    expect((await server.request('GET', '/api/sites', { token })).status).toBe(200);
    const me = await (await server.request('GET', '/api/auth/me', { token })).json();
    expect(me.pendingStep).toBeUndefined();
    const after = await (await server.request('GET', '/api/account/mfa', { token })).json();
    expect(after).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: 10 });
    // Only hashes are stored.
    const stored = await server.app.services.db.all<{ code_hash: string }>(
      'SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ?',
      [session.userData.id],
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    expect((await auditRows('mfa.enable')).map((r) => r.outcome)).toEqual(['ok']);
  });

  it('the password alone gets a challenge, no session; a wrong code 400, the right one a working session', async () => {
    const first = await password('admin', '203.0.113.1', true);
    expect(first.status).toBe(201);
    const challenge = await first.json();
    expect(Object.keys(challenge).sort()).toEqual(['challenge', 'expiresAt', 'mfaRequired']);
    expect(challenge.mfaRequired).toBe(true);
    expect(challenge.expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);

    const wrong = await second(challenge.challenge, code(secret, 5));
    expect(wrong.status).toBe(400);
    const body = await wrong.json();
    expect(body.fields.code.code).toBe('mfaInvalidCode');

    // The code the enable step used is spent: wait for the next step's code, as the user's app would.
    accepted = code(secret, 1);
    const right = await second(challenge.challenge, accepted);
    expect(right.status).toBe(201);
    const session = await right.json();
    expect(session.userData.email).toBe(demo.admin.email);
    expect(session.pendingStep).toBeUndefined();
    // Remember-me waited in the challenge: the session lives for the long lifetime.
    expect(session.expiresAt - Date.now()).toBeGreaterThan(server.config.sessionTtlSeconds * 1000);
    expect((await server.request('GET', '/api/sites', { token: session.accessToken })).status).toBe(200);

    // A challenge is good for one sign-in.
    const again = await second(challenge.challenge, code(secret, 1));
    expect((await again.json()).reason.code).toBe('mfaChallengeInvalid');

    const lastSignIn = await server.app.services.db.get<{ last_sign_in_at: number }>(
      'SELECT last_sign_in_at FROM users WHERE id = ?',
      [session.userData.id],
    );
    expect(Date.now() - Number(lastSignIn?.last_sign_in_at)).toBeLessThan(5_000);
  });

  it('refuses a code whose step was already used, even with a new challenge', async () => {
    const { challenge } = await (await password('admin')).json();
    const replay = await second(challenge, accepted);
    expect(replay.status).toBe(400);
    expect((await replay.json()).fields.code.code).toBe('mfaCodeReused');
    const older = await second(challenge, code(secret, -1));
    expect((await older.json()).fields.code.code).toBe('mfaCodeReused');
  });

  it('takes a recovery code once (any case, with or without its dash), then never again', async () => {
    const used = recoveryCodes[0] ?? '';
    const { challenge } = await (await password('admin')).json();
    const ok = await second(challenge, used.toUpperCase().replace('-', ''));
    expect(ok.status).toBe(201);
    const token = (await ok.json()).accessToken;
    expect((await (await server.request('GET', '/api/account/mfa', { token })).json()).recoveryCodesLeft).toBe(9);

    const next = await (await password('admin')).json();
    const twice = await second(next.challenge, used);
    expect(twice.status).toBe(400);
    expect((await twice.json()).fields.code.code).toBe('mfaInvalidCode');
    const garbage = await second(next.challenge, 'not-a-code');
    expect((await garbage.json()).fields.code.code).toBe('mfaInvalidCode');
  });

  it('refuses an unknown or expired challenge', async () => {
    const unknown = await second('no-such-challenge', '123456');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).reason.code).toBe('mfaChallengeInvalid');

    const { challenge } = await (await password('admin')).json();
    await server.app.services.db.run('UPDATE login_challenges SET expires_at = ?', [Date.now() - 1]);
    const expired = await second(challenge, code(secret, 1));
    expect(expired.status).toBe(400);
    expect((await expired.json()).reason.code).toBe('mfaChallengeInvalid');
  });

  it('throttles wrong codes like passwords (429 with Retry-After), from that address only', async () => {
    const address = '198.51.100.7';
    const { challenge } = await (await password('admin', address)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await second(challenge, `00000${i}`, address)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // The fifth wrong code used the challenge up, and started a wait for the account from this address.
    const usedUp = await second(challenge, code(secret, 1), address);
    expect((await usedUp.json()).reason.code).toBe('mfaChallengeInvalid');
    const throttled = await password('admin', address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await password('admin', '203.0.113.9');
    const { challenge: fresh } = await elsewhere.json();
    const blocked = await second(fresh, code(secret, 1), address);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).fields.code.code).toBe('tooManyAttempts');
  });

  it('keeps sign-ins, failures and second-factor failures in the audit log', async () => {
    await server.request('POST', '/api/auth/login', {
      body: { email: 'ghost@nowhere.example', password: 'Whatever#1' },
      headers: from('203.0.113.20'),
    });
    const failed = await auditRows('auth.signInFailed');
    expect(failed.at(-1)).toMatchObject({ actor_id: null, actor_name: 'ghost@nowhere.example', outcome: 'refused' });
    expect(JSON.parse(failed.at(-1)?.details ?? '{}')).toEqual({ reason: 'unknownUser' });

    const mfaFailed = await auditRows('auth.mfaFailed');
    expect(mfaFailed.length).toBeGreaterThanOrEqual(8);
    expect(mfaFailed.every((r) => r.outcome === 'refused' && r.actor_id === 1)).toBe(true);
    expect(mfaFailed.map((r) => JSON.parse(r.details).reason)).toContain('reused');

    const signIns = (await auditRows('auth.signIn')).map((r) => JSON.parse(r.details).method);
    expect(signIns).toEqual(expect.arrayContaining(['password', 'totp', 'recoveryCode']));

    const operator = await server.login(demo.operator.email, demo.operator.password);
    expect((await server.request('POST', '/api/auth/logout', { token: operator.accessToken })).status).toBe(204);
    expect((await auditRows('auth.signOut')).at(-1)).toMatchObject({ actor_id: operator.userData.id, outcome: 'ok' });
  });
});

describe('own second factor', () => {
  it('an operator (not required) turns it on, gets new codes and turns it off with the password', async () => {
    const token = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
    const { secret, recoveryCodes } = await enable(token);
    expect(recoveryCodes).toHaveLength(10);

    const noPassword = await server.request('POST', '/api/account/mfa/recovery-codes', {
      token,
      body: { currentPassword: 'Wrong#Pass1' },
    });
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).fields.currentPassword.code).toBe('wrongPassword');
    const fresh = await server.request('POST', '/api/account/mfa/recovery-codes', {
      token,
      body: { currentPassword: demo.operator.password },
    });
    expect(fresh.status).toBe(200);
    const { recoveryCodes: next } = await fresh.json();
    expect(next).toHaveLength(10);
    // The old set is void.
    const { challenge } = await (await password('operator')).json();
    expect((await (await second(challenge, recoveryCodes[0])).json()).fields.code.code).toBe('mfaInvalidCode');
    expect((await second(challenge, next[0])).status).toBe(201);

    expect((await server.request('POST', '/api/account/mfa/setup', { token })).status).toBe(409);
    const off = await server.request('POST', '/api/account/mfa/disable', {
      token,
      body: { currentPassword: demo.operator.password },
    });
    expect(off.status).toBe(204);
    const plain = await password('operator');
    expect((await plain.json()).accessToken).toEqual(expect.any(String));
    expect(secret).toBeTruthy();
    expect((await auditRows('mfa.recoveryCodes')).length).toBe(1);
    expect((await auditRows('mfa.disable')).map((r) => r.outcome)).toEqual(['ok']);
  });

  it('refuses to turn it off for a role that requires it (403 mfaRequired, audited as refused)', async () => {
    const { challenge } = await (await password('admin', '203.0.113.30')).json();
    const state = await server.app.services.db.get<{ mfa_secret: string }>(
      "SELECT mfa_secret FROM users WHERE email = 'admin@voltscope.io'",
    );
    await server.app.services.db.run("UPDATE users SET mfa_last_step = NULL WHERE email = 'admin@voltscope.io'");
    const token = (await (await second(challenge, code(state?.mfa_secret ?? ''), '203.0.113.30')).json()).accessToken;
    const off = await server.request('POST', '/api/account/mfa/disable', {
      token,
      body: { currentPassword: demo.admin.password },
    });
    expect(off.status).toBe(403);
    expect((await off.json()).reason.code).toBe('mfaRequired');
    expect((await auditRows('mfa.disable')).map((r) => r.outcome)).toEqual(['ok', 'refused']);
  });
});
