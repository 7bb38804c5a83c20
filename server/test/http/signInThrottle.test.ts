// Finding 4 of issue 15: sign-in throttling that strangers cannot turn against others. Failures slow down
// one account from one address (exponentially); they never lock an account for its owner elsewhere, nor an
// address for everyone behind it (a proxy, an office). Failed sign-ins and throttling are security events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(() => server.close());

const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (body: { email: string; password: string }, address: string) =>
  server.request('POST', '/api/auth/login', { body, headers: from(address) });

describe('sign-in throttling', () => {
  it('slows the account from the failing address, but lets its owner in from another address', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      for (let i = 0; i < 6; i++) {
        const r = await signIn({ email: demo.admin.email, password: `Wrong#${i}x` }, address);
        expect([400, 429]).toContain(r.status);
      }
    }
    const stranger = await signIn(demo.admin, '198.51.100.1');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stranger.json()).errors.email[0]).toMatch(/Too many sign-in attempts/);

    const owner = await signIn(demo.admin, '203.0.113.50');
    expect(owner.status).toBe(201);
  });

  it('never locks an address for everyone behind it, after failures or forgot-password calls', async () => {
    const office = '192.0.2.77';
    for (let i = 0; i < 25; i++) {
      const r = await signIn({ email: `nobody${i}@spray.example`, password: 'Spray#2026' }, office);
      expect(r.status).toBe(400);
    }
    for (let i = 0; i < 25; i++) {
      await server.request('POST', '/api/auth/forgot-password', {
        body: { email: `nobody${i}@spray.example` },
        headers: from(office),
      });
    }
    const colleague = await signIn(demo.operator, office);
    expect(colleague.status).toBe(201);
  });

  it('records failed sign-ins and throttling as sign-in security events, without the typed password', async () => {
    const attacker = '198.51.100.99';
    for (let i = 0; i < 6; i++) await signIn({ email: demo.client.username, password: `Guess#${i}zz` }, attacker);
    await signIn({ email: 'ghost@nowhere.example', password: 'Secret#Typed1' }, attacker);
    const { accessToken } = await server.login(demo.admin.email, demo.admin.password);

    type Event = { type: string; severity: string; message: { en: string } };
    let events: Event[] = [];
    for (let i = 0; i < 50; i++) {
      const page = await server.request('GET', '/api/events?types=sign_in&pageSize=100', { token: accessToken });
      expect(page.status).toBe(200);
      events = (await page.json()).items;
      if (events.some((e) => /unknown account/.test(e.message.en))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const failed = events.filter((e) => /Failed sign-in/.test(e.message.en) && e.message.en.includes(attacker));
    expect(failed.filter((e) => e.message.en.includes('Sara Benali'))).toHaveLength(5);
    expect(failed.some((e) => /unknown account/.test(e.message.en))).toBe(true);
    expect(failed.every((e) => e.severity === 'low')).toBe(true);
    const throttled = events.filter((e) => /throttled/.test(e.message.en) && e.message.en.includes(attacker));
    expect(throttled).toHaveLength(1);
    expect(throttled[0]?.severity).toBe('medium');
    expect(JSON.stringify(events)).not.toContain('Secret#Typed1');
    expect(JSON.stringify(events)).not.toContain('ghost@nowhere.example');
  });
});
