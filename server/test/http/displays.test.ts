// Wall displays end to end on both stores: an admin registers a display and gets a one-time code, the
// wall pairs with it and reads its own sites only, can write nothing, hears its edits on its socket, and
// stops at once when revoked, re-paired or removed; a renewed token leaves the previous one a grace.
import { PAIRING_CODE_PATTERN } from '@voltscope/shared/displays';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { hashToken } from '../../src/store/tokens.ts';
import { demo, nextEvent, type TestSocket } from '../helper.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

const SCOPE = ['fr-occitanie', 'es-tarifa'] as const;
const OUTSIDE = 'ir-yazd';

const newDisplay = (name = 'Control room north') => ({
  name,
  siteIds: [...SCOPE],
  playlist: [
    { page: 'overview-fleet', siteId: null, dwellSeconds: 30, language: null, theme: null },
    { page: 'overview-solar', siteId: 'es-tarifa', dwellSeconds: 20, language: 'fa', theme: 'dark' },
  ],
  language: 'en',
  theme: 'dark',
  sound: true,
});

describe.each(storeCases('vs_displays'))('wall displays on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, signIn: ['admin'], drop });
  let admin: string;
  beforeAll(() => {
    admin = hub.tokens.admin;
  });

  async function register(name?: string) {
    const response = await hub.server.request('POST', '/api/displays', { token: admin, body: newDisplay(name) });
    expect(response.status).toBe(201);
    return response.json();
  }

  async function pair(code: string) {
    const response = await hub.server.request('POST', '/api/display/pair', { body: { code } });
    expect(response.status).toBe(201);
    return response.json();
  }

  async function newCode(id: number): Promise<string> {
    const response = await hub.server.request('POST', `/api/displays/${id}/pairing`, { token: admin });
    expect(response.status).toBe(201);
    return (await response.json()).code;
  }

  async function connected(token: string): Promise<TestSocket> {
    const socket = hub.server.connect(token);
    await nextEvent(socket, 'connect');
    return socket;
  }

  const me = (token: string) => hub.server.request('GET', '/api/display/me', { token });

  it('registers a display with a one-time code that pairs it, in any case and with or without the dash', async () => {
    const before = Date.now();
    const created = await register();
    expect(created.code).toMatch(PAIRING_CODE_PATTERN);
    expect(created.code).toMatch(/^.{4}-.{4}$/);
    expect(created.expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(created.display).toMatchObject({
      name: 'Control room north',
      siteIds: [...SCOPE],
      paired: false,
      online: false,
    });
    expect(created.display.pairingExpiresAt).toBe(created.expiresAt);

    const session = await pair(created.code.toLowerCase().replace('-', ''));
    expect(session.accessToken).toMatch(/^vsd_/);
    expect(session.expiresAt).toBeGreaterThan(Date.now() + 365 * 86400_000);
    expect(session.userData).toMatchObject({ role: 'display', siteIds: [...SCOPE], fullName: 'Control room north' });
    expect(session.display).toMatchObject({ id: created.display.id, paired: true, pairingExpiresAt: null });
    expect(typeof session.build).toBe('string');

    const again = await hub.server.request('POST', '/api/display/pair', { body: { code: created.code } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'VALIDATION', reason: { code: 'invalidPairingCode' } });
    const unknown = await hub.server.request('POST', '/api/display/pair', { body: { code: 'KKKK-KKKK' } });
    expect(unknown.status).toBe(400);

    const listed = await (await hub.server.request('GET', '/api/displays', { token: admin })).json();
    expect(listed.find((d: { id: number }) => d.id === created.display.id)).toMatchObject({ paired: true });
  });

  it('refuses sites that do not exist and playlist items outside the display, at their fields', async () => {
    const unknown = await hub.server.request('POST', '/api/displays', {
      token: admin,
      body: { ...newDisplay(), siteIds: ['fr-occitanie', 'nowhere'] },
    });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).fields.siteIds).toEqual({ code: 'unknownSite', params: { site: 'nowhere' } });

    const { display } = await register();
    const outside = await hub.server.request('PATCH', `/api/displays/${display.id}`, {
      token: admin,
      body: { playlist: [{ page: 'overview-wind', siteId: OUTSIDE, dwellSeconds: 10, language: null, theme: null }] },
    });
    expect(outside.status).toBe(422);
    expect((await outside.json()).fields['playlist.0.siteId']).toMatchObject({ code: 'siteOutsideDisplay' });
  });

  it('lets only admins manage displays', async () => {
    for (const account of [demo.operator, demo.client]) {
      const token = (await hub.server.login(account.email, account.password)).accessToken;
      expect((await hub.server.request('GET', '/api/displays', { token })).status).toBe(403);
      expect((await hub.server.request('POST', '/api/displays', { token, body: newDisplay() })).status).toBe(403);
      expect((await me(token)).status).toBe(403);
    }
  });

  it('gives the display its own sites to read and nothing else', async () => {
    const { code } = await register();
    const { accessToken: token } = await pair(code);
    const { alarms } = hub.server.app.services;
    for (const siteId of [SCOPE[0], OUTSIDE]) {
      await alarms.record({
        siteId,
        deviceId: null,
        alarmId: null,
        type: 'door',
        severity: 'info',
        message: { en: `door at ${siteId}`, fr: 'porte', fa: 'در', ar: 'باب' },
        ts: Date.now(),
      });
    }

    const sites = await (await hub.server.request('GET', '/api/sites', { token })).json();
    expect(sites.map((s: { id: string }) => s.id).sort()).toEqual([...SCOPE].sort());
    expect((await hub.server.request('GET', `/api/sites/${OUTSIDE}`, { token })).status).toBe(404);
    expect((await hub.server.request('GET', `/api/sites/${SCOPE[0]}`, { token })).status).toBe(200);
    const fleet = await (await hub.server.request('GET', '/api/kpis/fleet', { token })).json();
    expect(fleet.sites.map((s: { siteId: string }) => s.siteId).sort()).toEqual([...SCOPE].sort());
    const events = await (await hub.server.request('GET', '/api/events', { token })).json();
    expect(events.items.map((e: { siteId: string }) => e.siteId)).toEqual([SCOPE[0]]);
    expect((await hub.server.request('GET', '/api/health', { token })).status).toBe(200);
    expect((await me(token)).status).toBe(200);

    const refused: [string, string, unknown?][] = [
      ['POST', '/api/alarms/acknowledge', { ids: [1] }],
      ['PATCH', '/api/alarms/rules/1', { enabled: false }],
      ['POST', '/api/ingest', { samples: [{ series: 1, ts: Date.now(), value: 1 }] }],
      ['PATCH', '/api/account/profile', { fullName: 'Wall', email: 'wall@x.io' }],
      ['GET', '/api/account/sessions'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/app-bar/search?q=tarifa'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/displays', newDisplay()],
      ['GET', '/api/displays'],
      ['PUT', '/api/users/1/sites', { siteIds: [OUTSIDE] }],
    ];
    for (const [method, route, body] of refused) {
      const response = await hub.server.request(method, route, { token, body });
      expect({ route, status: response.status }).toEqual({ route, status: 403 });
      expect((await response.json()).message).toBe('A wall display can only show its playlist');
    }
  });

  it('sends edits to the display’s socket and keeps it out of other sites, also of those taken away', async () => {
    const { display, code } = await register();
    const { accessToken } = await pair(code);
    const socket = await connected(accessToken);

    const inside = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: SCOPE[0] }] });
    expect(inside).toMatchObject({ data: { granted: [{ siteId: SCOPE[0] }], refused: [] } });
    const outside = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: OUTSIDE }] });
    expect(outside).toMatchObject({ data: { granted: [], refused: [{ siteId: OUTSIDE, code: 'NOT_FOUND' }] } });
    const alarms = await socket.timeout(5000).emitWithAck('alarms:subscribe', { sites: [{ id: OUTSIDE }] });
    expect(alarms).toMatchObject({ data: { granted: [], refused: [{ siteId: OUTSIDE }] } });

    const listed = await (await hub.server.request('GET', '/api/displays', { token: admin })).json();
    expect(listed.find((d: { id: number }) => d.id === display.id).online).toBe(true);

    const changed = nextEvent<{ display: { name: string; sound: boolean } }>(socket, 'display:changed');
    const patch = await hub.server.request('PATCH', `/api/displays/${display.id}`, {
      token: admin,
      body: { name: 'Control room south', sound: false },
    });
    expect(patch.status).toBe(200);
    expect((await changed).display).toMatchObject({ name: 'Control room south', sound: false });

    const revoked = nextEvent<{ sites: string[] }>(socket, 'live:revoked');
    const narrowed = await hub.server.request('PATCH', `/api/displays/${display.id}`, {
      token: admin,
      body: {
        siteIds: [SCOPE[1]],
        playlist: [{ page: 'overview-fleet', siteId: null, dwellSeconds: 30, language: null, theme: null }],
      },
    });
    expect(narrowed.status).toBe(200);
    expect(await revoked).toEqual({ sites: [SCOPE[0]] });
    const again = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: SCOPE[0] }] });
    expect(again).toMatchObject({ data: { granted: [], refused: [{ siteId: SCOPE[0] }] } });
    socket.disconnect();
  });

  it('closes the socket within a second of a revocation, and the token no longer works', async () => {
    const { display, code } = await register();
    const { accessToken } = await pair(code);
    const socket = await connected(accessToken);
    const ended = nextEvent<{ reason: string }>(socket, 'session:ended', 1000);
    const closed = nextEvent(socket, 'disconnect', 1000);
    const response = await hub.server.request('POST', `/api/displays/${display.id}/revoke`, { token: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ paired: false, pairingExpiresAt: null });
    expect(await ended).toEqual({ reason: 'revoked' });
    await closed;
    expect((await me(accessToken)).status).toBe(401);
    const refused = hub.server.connect(accessToken);
    expect(await nextEvent<{ data: { code: string } }>(refused, 'connect_error')).toMatchObject({
      data: { code: 'UNAUTHENTICATED' },
    });
  });

  it('renews the token silently and keeps the previous one for the grace only', async () => {
    const { display, code } = await register();
    const first = (await pair(code)).accessToken;
    const renewed = await hub.server.request('POST', '/api/display/renew', { token: first });
    expect(renewed.status).toBe(201);
    const second = (await renewed.json()).accessToken;
    expect(second).not.toBe(first);
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);

    await hub.server.app.services.db.run('UPDATE displays SET previous_until = ? WHERE id = ?', [
      Date.now() - 1,
      display.id,
    ]);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    const row = await hub.server.app.services.db.get<{ token_hash: string }>(
      'SELECT token_hash FROM displays WHERE id = ?',
      [display.id],
    );
    expect(row?.token_hash).toBe(hashToken(second));
  });

  it('closes, on revocation, a socket opened with a token renewed since, even after the grace', async () => {
    const { display, code } = await register();
    const first = (await pair(code)).accessToken;
    const socket = await connected(first);
    expect((await hub.server.request('POST', '/api/display/renew', { token: first })).status).toBe(201);
    await hub.server.app.services.db.run('UPDATE displays SET previous_until = ? WHERE id = ?', [
      Date.now() - 1,
      display.id,
    ]);
    const ended = nextEvent<{ reason: string }>(socket, 'session:ended', 1000);
    const closed = nextEvent(socket, 'disconnect', 1000);
    expect((await hub.server.request('POST', `/api/displays/${display.id}/revoke`, { token: admin })).status).toBe(200);
    expect(await ended).toEqual({ reason: 'revoked' });
    await closed;
  });

  it('ends the browser bound before when a new code is used, and everything when the display is removed', async () => {
    const { display, code } = await register();
    const old = (await pair(code)).accessToken;
    const socket = await connected(old);
    const ended = nextEvent<{ reason: string }>(socket, 'session:ended', 1000);
    const fresh = (await pair(await newCode(display.id))).accessToken;
    expect(await ended).toEqual({ reason: 'revoked' });
    expect((await me(old)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);

    const freshSocket = await connected(fresh);
    const closed = nextEvent(freshSocket, 'disconnect', 1000);
    expect((await hub.server.request('DELETE', `/api/displays/${display.id}`, { token: admin })).status).toBe(204);
    await closed;
    expect((await me(fresh)).status).toBe(401);
    expect((await hub.server.request('DELETE', `/api/displays/${display.id}`, { token: admin })).status).toBe(404);
  });

  it('records the admins’ changes in the event log, by name', async () => {
    const { display } = await register('Lobby wall');
    await hub.server.request('POST', `/api/displays/${display.id}/revoke`, { token: admin });
    const page = await (
      await hub.server.request('GET', '/api/events?types=display_changed&pageSize=100', { token: admin })
    ).json();
    const messages = page.items.map((e: { message: { en: string } }) => e.message.en);
    expect(messages).toContain('Amina Rahimi registered the wall display “Lobby wall”');
    expect(messages).toContain('Amina Rahimi revoked the wall display “Lobby wall”');
  });
});

describe('pairing attempts', () => {
  const signInPerMinute = 4;
  const hub = hubForTests({ overrides: { rateLimit: { ...loadConfig({}).rateLimit, signInPerMinute } } });

  it('are limited per address like sign-ins: guessing codes is turned away with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < signInPerMinute + 1; i++) {
      const response = await hub.server.request('POST', '/api/display/pair', { body: { code: 'KKKK-KKKK' } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(signInPerMinute).fill(400), 429]);
  });
});
