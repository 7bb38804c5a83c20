// Finding 2 of issue 15: the same data restarted out of demo mode must not keep the demo accounts and the
// public demo ingest key working, and must create the configured admin; demo passwords are published only
// in demo mode, to loopback clients or where a setting allows it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { buildHub } from '../../src/hub.ts';
import { DEMO_INGEST_KEY, demo, startTestServer } from '../helper.ts';

const admin = { email: 'chief@plant.example', password: 'Chief#Admin1' };

describe('leaving demo mode', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('disables the demo accounts and key, says so in the log, and creates the configured admin', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-leave-demo-'));
    dirs.push(dataDir);
    const before = await startTestServer({ dataDir });
    const demoSession = await before.login(demo.operator.email, demo.operator.password);
    await before.close();

    const production = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SCRYPT_LOG2N: '10',
      DEMO: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => lines.push(message),
      warn: (_: object, message: string) => lines.push(message),
      error: (_: object, message: string) => lines.push(message),
    };
    const hub = await buildHub(production, log);
    await hub.stop();
    expect(lines.join('\n')).toMatch(/demo accounts\b.*disabled/i);
    expect(lines.join('\n')).toMatch(/demo ingest key\b.*revoked/i);

    const after = await startTestServer(production);
    try {
      for (const who of [demo.admin, demo.operator, demo.client]) {
        const response = await after.request('POST', '/api/auth/login', { body: who });
        expect(response.status).toBe(400);
      }
      expect((await after.request('GET', '/api/auth/me', { token: demoSession.accessToken })).status).toBe(401);
      const ingest = await after.request('POST', '/api/ingest', {
        body: { samples: [{ series: 'es-tarifa.meter/energy_today', ts: Date.now(), value: 1 }] },
        headers: { 'x-ingest-key': DEMO_INGEST_KEY },
      });
      expect(ingest.status).toBe(401);
      const signedIn = await after.login(admin.email, admin.password);
      expect(signedIn.userData.role).toBe('admin');
      const options = await (await after.request('GET', '/api/auth/options')).json();
      expect(options).toMatchObject({ demo: false, demoAccounts: [] });
    } finally {
      await after.close();
    }

    // Back in demo mode, the demo accounts and key work again: the login page shows them.
    const again = await startTestServer({ dataDir });
    try {
      await again.login(demo.operator.email, demo.operator.password);
      await again.ingest([{ series: 'es-tarifa.meter/energy_today', ts: Date.now(), value: 1 }]);
      // A token of the demo account from before it was disabled stays dead.
      expect((await again.request('GET', '/api/auth/me', { token: demoSession.accessToken })).status).toBe(401);
    } finally {
      await again.close();
    }
  });
});

describe('GET /api/auth/options in demo mode', () => {
  it('gives the demo passwords to a loopback client only, unless DEMO_PASSWORDS_PUBLIC allows everyone', async () => {
    const server = await startTestServer({ trustProxy: true });
    const open = await startTestServer({ trustProxy: true, demoPasswordsPublic: true });
    try {
      const remote = { headers: { 'x-forwarded-for': '203.0.113.7' } };
      const local = await (await server.request('GET', '/api/auth/options')).json();
      expect(local.demoAccounts.map((a: { password: string }) => a.password)).toContain(demo.admin.password);
      const far = await (await server.request('GET', '/api/auth/options', remote)).json();
      expect(far).toMatchObject({ demo: true, demoAccounts: [] });
      expect(JSON.stringify(far)).not.toContain(demo.admin.password);
      const allowed = await (await open.request('GET', '/api/auth/options', remote)).json();
      expect(allowed.demoAccounts).toHaveLength(3);
    } finally {
      await server.close();
      await open.close();
    }
  });
});
