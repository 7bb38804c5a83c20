// A wall recovers alone: from a network drop of its own (a TCP relay between it and the hub, pulled out
// and put back), from a hub restart (a new hub process on the same data, behind the same address), from a
// revocation it learns of once back, and from a new client build deployed while it ran (it reloads at its
// next turn). It never shows a sign-in page.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../server/test/helper.ts';
import { demo, setupBrowser } from './harness.ts';
import { FULL_HD, item, pathOf, pathsSeen, poll, relayTo, wallTools } from './kioskTools.ts';

const app = setupBrowser();
const { admin, register, pairByTyping } = wallTools(app);

describe('wall display recovery', () => {
  it('rides out a network drop: reconnecting in its bar, then live again, never a sign-in page', async () => {
    const { code } = await register([item('overview-fleet'), item('overview-wind', { siteId: 'es-tarifa' })]);
    const cable = await relayTo(app.url);
    const page = await app.open({ viewport: FULL_HD, colorScheme: 'dark', language: 'en' });
    const seen = pathsSeen(page);
    await page.goto(`${cable.url}/display?code=${encodeURIComponent(code)}`);
    await page.getByTestId('kiosk-bar').waitFor({ timeout: 30_000 });
    const status = () => page.getByTestId('kiosk-connection').getAttribute('data-status');
    await poll(status).toBe('live');

    await cable.unplug();
    await poll(status, 15_000).toMatch(/reconnecting|offline/);
    await page.getByTestId('connection-lost-banner').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('kiosk-connection').textContent()).toMatch(
      /Reconnecting since \d\d:\d\d:\d\d|Offline/,
    );
    // Long enough for the playlist to turn (a 5 s dwell) and the next page's code to fail to load while
    // the cable is out.
    await page.waitForTimeout(8_000);
    await cable.plug();

    await poll(status, 30_000).toBe('live');
    await poll(() => page.getByTestId('connection-lost-banner').count()).toBe(0);
    // It goes on turning, on its playlist's pages, and has never shown the sign-in or pairing screen.
    const before = pathOf(page);
    await poll(() => pathOf(page), 30_000).not.toBe(before);
    await page.getByTestId('kiosk-bar').waitFor();
    await poll(() => page.getByTestId('kiosk-recovery').count()).toBe(0);
    expect([...seen].filter((path) => path.startsWith('/login') || path === '/not-authorized')).toEqual([]);
    expect(await page.getByTestId('pairing-screen').count()).toBe(0);
    await cable.unplug();
  }, 180_000);

  it('recovers alone from a hub restart: reconnecting, then live on the same token, never a sign-in page', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-wall-'));
    let hub = await startTestServer({ dataDir });
    const cable = await relayTo(hub.url);
    try {
      const { accessToken } = await hub.login(demo.admin.login, demo.admin.password);
      const created = await hub.request('POST', '/api/displays', {
        token: accessToken,
        body: {
          name: 'Restart wall',
          siteIds: ['fr-occitanie'],
          playlist: [item('overview-fleet'), item('alarm-realtime')],
          language: 'en',
          theme: 'dark',
          sound: false,
        },
      });
      expect(created.status).toBe(201);
      const { code } = (await created.json()) as { code: string };
      const page = await app.open({ viewport: FULL_HD, colorScheme: 'dark', language: 'en' });
      const seen = pathsSeen(page);
      await page.goto(`${cable.url}/display?code=${encodeURIComponent(code)}`);
      await page.getByTestId('kiosk-bar').waitFor({ timeout: 30_000 });
      const status = () => page.getByTestId('kiosk-connection').getAttribute('data-status');
      await poll(status).toBe('live');

      // The hub stops (its address refuses), and a new process starts on the same data.
      await cable.unplug();
      await hub.close();
      await poll(status, 15_000).toMatch(/reconnecting|offline/);
      hub = await startTestServer({ dataDir });
      await cable.plug(hub.url);

      await poll(status, 30_000).toBe('live');
      const before = pathOf(page);
      await poll(() => pathOf(page), 30_000).not.toBe(before);
      expect(['/overview/fleet', '/alarm/realtime']).toContain(pathOf(page));
      await poll(() => page.getByTestId('kiosk-recovery').count()).toBe(0);
      expect([...seen].filter((p) => p.startsWith('/login') || p === '/not-authorized')).toEqual([]);
      expect(await page.getByTestId('pairing-screen').count()).toBe(0);
    } finally {
      await cable.unplug();
      await hub.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('revoked while its network was down, goes to its pairing screen once back, not to the sign-in page', async () => {
    const { code, display } = await register([item('overview-fleet'), item('alarm-realtime')]);
    const cable = await relayTo(app.url);
    const page = await app.open({ viewport: FULL_HD, colorScheme: 'dark', language: 'en' });
    const seen = pathsSeen(page);
    await page.goto(`${cable.url}/display?code=${encodeURIComponent(code)}`);
    await page.getByTestId('kiosk-bar').waitFor({ timeout: 30_000 });
    await poll(() => page.getByTestId('kiosk-connection').getAttribute('data-status')).toBe('live');
    await cable.unplug();
    expect((await admin('POST', `/api/displays/${display.id}/revoke`)).status).toBe(200);
    await cable.plug();
    // Its token refused (by the socket, or by the next call of a page or of the playlist's turn).
    await poll(() => pathOf(page)).toBe('/display');
    await page.getByTestId('pairing-unpaired').waitFor();
    expect([...seen].filter((path) => path.startsWith('/login'))).toEqual([]);
    await cable.unplug();
  }, 120_000);

  it('reloads itself at the next turn when the hub serves another client build, and then runs on', async () => {
    const { code } = await register([item('overview-fleet'), item('alarm-realtime')]);
    const page = await pairByTyping(code);
    // The wall was loaded with an older build than the hub serves now (a deploy while it ran): its record
    // says so before any script of the app runs, on the next load only.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('test.olderBuild')) return;
      sessionStorage.setItem('test.olderBuild', 'set');
      const stored = JSON.parse(localStorage.getItem('voltscope.display') ?? '{}') as { build: string };
      localStorage.setItem('voltscope.display', JSON.stringify({ ...stored, build: 'an-older-build' }));
    });
    await page.reload();
    await page.getByTestId('kiosk-bar').waitFor();
    const build = () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('voltscope.display') ?? '{}') as { build: string }).build);
    expect(await build()).toBe('an-older-build');
    const mark = () =>
      page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
    await mark();
    await poll(sameDocument).toBe(false);
    expect(await build()).not.toBe('an-older-build');
    // On the new build it turns without reloading again.
    await page.getByTestId('kiosk-bar').waitFor();
    await mark();
    const here = pathOf(page);
    await poll(() => pathOf(page)).not.toBe(here);
    expect(await sameDocument()).toBe(true);
  }, 120_000);
});
