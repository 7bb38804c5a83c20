// A wall display against a real hub: an admin registers it through the API, the wall's browser pairs by
// typing the code (or by a pairing link), and the playlist turns by itself in the kiosk layout (no
// navigation, no customiser); Space pauses and resumes it; an admin's edit reaches the running wall
// without a reload; a revocation sends it to its pairing screen, never to the sign-in page; new high and
// critical alarms show over the page (with the tone when its sound is on); a Persian item is right to left;
// a wall that starts with a token older than a day renews it by itself.
// Recovery (network drop, new build): kioskRecovery.test.ts; each page's main figure: kioskFigures.test.ts.

import { RENEW_EVERY_MS } from '@voltscope/shared/displays';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DISPLAY_STORAGE_KEY } from '../../src/features/kiosk/displayStore.ts';
import { SESSION_STORAGE_KEY } from '../../src/session/sessionStore.ts';
import { setupBrowser } from './harness.ts';
import { FULL_HD, item, pathOf, pathsSeen, poll, wallTools } from './kioskTools.ts';
import { blockAudio, countOscillators, oscillators } from './soundTools.ts';

const app = setupBrowser();
const { admin, register, pairByTyping } = wallTools(app);

const title = (page: Page) => page.getByTestId('kiosk-title').textContent();

describe('wall display (kiosk)', () => {
  it('pairs by typing the code, turns the playlist, and pauses and resumes on Space', async () => {
    const { code, display } = await register([item('overview-fleet'), item('alarm-realtime')]);
    const page = await pairByTyping(code);

    await poll(() => pathOf(page)).toBe('/overview/fleet');
    await expect(page.getByTestId('kiosk-name').textContent()).resolves.toBe(display.name);
    await poll(() => title(page)).toBe('Fleet overview');
    // A wall has no navigation, customiser, footer or user menu.
    expect(await page.getByTestId('navbar').count()).toBe(0);
    expect(await page.getByTestId('default-layout').count()).toBe(0);
    expect(await page.locator('[data-testid^="customizer"]').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    // Dark, in the control room's palette, and the type scaled to the screen.
    const html = await page.evaluate(() => ({
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      palette: document.documentElement.getAttribute('data-palette'),
      rootPx: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    }));
    expect(html).toMatchObject({ scheme: 'dark', palette: 'control-room' });
    expect(html.rootPx).toBeGreaterThan(20);
    // The dwell's progress line runs for the item's dwell.
    expect(await page.getByTestId('kiosk-progress').evaluate((line) => getComputedStyle(line).animationDuration)).toBe(
      '5s',
    );
    // The cursor hides after 3 s without a move, and shows again on one.
    const idle = () => page.evaluate(() => document.documentElement.hasAttribute('data-cursor-idle'));
    await page.mouse.move(200, 300);
    expect(await idle()).toBe(false);
    await poll(idle, 10_000).toBe(true);
    await page.mouse.move(220, 320);
    expect(await idle()).toBe(false);

    // The playlist turns by itself: the address and the title change; the whole wall moves a pixel or two
    // (burn-in: the bar is never on the same pixels for long).
    const orbit = () => page.getByTestId('kiosk-orbit').evaluate((wall) => getComputedStyle(wall).translate);
    const placed = await orbit();
    await poll(() => pathOf(page)).toBe('/alarm/realtime');
    await poll(() => title(page)).toBe('Realtime alarms');
    expect(await orbit()).not.toBe(placed);
    // Within its reach: the bar still at the top, and nothing past the screen's edge.
    const bar = await page.getByTestId('kiosk-bar').evaluate((element) => element.getBoundingClientRect().top);
    expect(bar).toBeLessThanOrEqual(4);
    const edge = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: innerWidth }));
    expect(edge.doc).toBeLessThanOrEqual(edge.view);

    // Space pauses: no turn for longer than the dwell; Space again resumes.
    await poll(() => pathOf(page)).toBe('/overview/fleet');
    await page.keyboard.press('Space');
    await page.getByTestId('kiosk-paused').waitFor();
    const held = pathOf(page);
    await page.waitForTimeout(8_000);
    expect(pathOf(page)).toBe(held);
    await page.keyboard.press('Space');
    await poll(() => page.getByTestId('kiosk-paused').count()).toBe(0);
    await poll(() => pathOf(page), 15_000).not.toBe(held);

    // A reboot (a reload) comes back to the playlist, not to the pairing screen.
    await page.reload();
    await page.getByTestId('kiosk-bar').waitFor();
    expect(await page.getByTestId('pairing-screen').count()).toBe(0);

    // A page that is not on its playlist, or the sign-in page, leads a wall back to its playlist.
    for (const elsewhere of ['/alarm/history', '/login', '/']) {
      await page.goto(`${app.url}${elsewhere}`);
      await poll(() => ['/overview/fleet', '/alarm/realtime'].includes(pathOf(page))).toBe(true);
      await page.getByTestId('kiosk-bar').waitFor();
    }
  }, 180_000);

  it('says so when a code is malformed, unknown or already used', async () => {
    const { code } = await register([item('overview-fleet')]);
    const page = await app.open({ viewport: FULL_HD, language: 'en' });
    await page.goto(`${app.url}/display`);
    const field = page.getByTestId('pairing-code');
    await field.fill('hello');
    await page.getByTestId('pairing-submit').click();
    await poll(() => page.getByText('A code is two groups of four').count()).toBe(1);
    await field.fill('AAAA-AAAA');
    await page.getByTestId('pairing-submit').click();
    await poll(() => page.getByText('This code is unknown, expired or already used').count()).toBe(1);

    // Used once by one wall, the code binds no other.
    const first = await pairByTyping(code);
    await poll(() => pathOf(first)).toBe('/overview/fleet');
    await field.fill(code);
    await page.getByTestId('pairing-submit').click();
    await poll(() => page.getByText('This code is unknown, expired or already used').count()).toBe(1);
    expect(pathOf(page)).toBe('/display');
  }, 120_000);

  it('takes an edit live, goes to its pairing screen when revoked, and pairs again', async () => {
    const { code, display } = await register([item('overview-fleet', { dwellSeconds: 600 })]);
    const page = await app.open({ viewport: FULL_HD, colorScheme: 'dark', language: 'en' });
    // The wall reads itself when its socket comes up. That read, answered before the edit below, is
    // held until the edit has come on the socket: a late answer must not put the old playlist back.
    let editTold = () => {};
    const told = new Promise<void>((resolve) => {
      editTold = resolve;
    });
    let lateReads = 0;
    await page.route('**/api/display/me', async (route) => {
      const response = await route.fetch();
      await told;
      await route.fulfill({ response });
      lateReads += 1;
    });
    // A pairing link: no typing.
    await page.goto(`${app.url}/display?code=${encodeURIComponent(code)}`);
    await poll(() => pathOf(page)).toBe('/overview/fleet');
    await poll(() => page.getByTestId('kiosk-connection').getAttribute('data-status')).toBe('live');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // The item on screen is gone from the playlist: the wall turns to the new one at once, without reload.
    const edited = await admin('PATCH', `/api/displays/${display.id}`, {
      playlist: [item('overview-wind', { siteId: 'es-tarifa', dwellSeconds: 600 })],
    });
    expect(edited.status).toBe(200);
    await poll(() => pathOf(page)).toBe('/overview/wind?site=es-tarifa');
    editTold();
    await poll(() => lateReads).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await page.unroute('**/api/display/me');
    expect(pathOf(page)).toBe('/overview/wind?site=es-tarifa');
    await poll(() => title(page)).toBe('Wind farm overview');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Revoked: the pairing screen within seconds, saying the wall was unpaired; never the sign-in page.
    const seen = pathsSeen(page);
    const revoked = await admin('POST', `/api/displays/${display.id}/revoke`);
    expect(revoked.status).toBe(200);
    await poll(() => pathOf(page), 10_000).toBe('/display');
    await page.getByTestId('pairing-unpaired').waitFor();
    await page.getByTestId('pairing-code').waitFor();

    // Paired again with a new code: back on its (edited) playlist.
    const again = await admin('POST', `/api/displays/${display.id}/pairing`);
    expect(again.status).toBe(201);
    const { code: fresh } = (await again.json()) as { code: string };
    await page.getByTestId('pairing-code').fill(fresh);
    await page.getByTestId('pairing-submit').click();
    await poll(() => pathOf(page)).toBe('/overview/wind?site=es-tarifa');
    expect(await page.getByTestId('pairing-unpaired').count()).toBe(0);
    expect([...seen].filter((path) => path.startsWith('/login'))).toEqual([]);
  }, 120_000);

  it('puts new high and critical alarms of its sites over the page, with nothing to acknowledge them', async () => {
    const { code } = await register([item('alarm-realtime', { dwellSeconds: 600 })], { sound: true });
    const page = await pairByTyping(code, countOscillators);
    await poll(() => pathOf(page)).toBe('/alarm/realtime');
    await poll(() => page.getByTestId('kiosk-connection').getAttribute('data-status')).toBe('live');
    // The wall holds its sites' open alarms (none): an alarm raised from now on is a new one.
    await page.getByTestId('alarms-empty').waitFor({ timeout: 30_000 });
    // A fault code of an inverter of Occitanie: high.
    await app.ingest([{ series: 'fr-occitanie.inv05/fault_code', ts: Date.now(), value: 104 }]);
    const fault = page.getByTestId('wall-alarm').filter({ hasText: 'Inverter 05' });
    await fault.waitFor({ timeout: 30_000 });
    expect(await fault.getAttribute('data-priority')).toBe('high');
    expect(await fault.textContent()).toContain('DC arc');
    // The display's sound is on: the annunciator's tone for the new alarm.
    await poll(() => oscillators(page)).toBeGreaterThan(0);
    expect(await page.getByTestId('kiosk-sound-off').count()).toBe(0);

    // The main breaker of Tarifa opens (held past its 2 s delay): critical, and first in the stack.
    const open = () => app.ingest([{ series: 'es-tarifa.brk-main/position', ts: Date.now(), value: 0 }]);
    await open();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await open();
    const breaker = page.getByTestId('wall-alarm').filter({ hasText: 'Main breaker' });
    await breaker.waitFor({ timeout: 30_000 });
    expect(await breaker.getAttribute('data-priority')).toBe('critical');
    expect(await page.getByTestId('wall-alarm').first().getAttribute('data-priority')).toBe('critical');

    expect(await page.getByTestId('wall-alarms').getByRole('button').count()).toBe(0);
    // The console under the banners shows the alarm, read-only.
    await page.getByTestId('alarm-row').filter({ hasText: 'Inverter 05' }).first().waitFor();
    expect(await page.getByTestId('row-acknowledge').count()).toBe(0);
  }, 120_000);

  it('says in its bar when the browser blocks the alarm sound', async () => {
    const { code } = await register([item('overview-fleet', { dwellSeconds: 600 })], { sound: true });
    const page = await pairByTyping(code, blockAudio);
    await page.getByTestId('kiosk-sound-off').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('kiosk-sound-off').textContent()).toBe('Alarm sound blocked by the browser');
  }, 60_000);

  it('keeps turning a playlist of one item: its dwell starts again each time', async () => {
    const { code } = await register([item('overview-fleet')]);
    const page = await pairByTyping(code);
    const line = page.getByTestId('kiosk-progress');
    for (let turn = 0; turn < 2; turn++) {
      await line.evaluate((element) => element.setAttribute('data-seen', ''));
      // A new turn draws a new progress line.
      await poll(() => page.locator('[data-testid="kiosk-progress"][data-seen]').count(), 15_000).toBe(0);
    }
    expect(pathOf(page)).toBe('/overview/fleet');
  }, 60_000);

  it('shows a Persian item right to left, and the next English one left to right', async () => {
    const { code } = await register([
      item('overview-fleet', { language: 'fa', dwellSeconds: 30 }),
      item('overview-fleet', { language: 'en', theme: 'light', dwellSeconds: 8 }),
    ]);
    const page = await pairByTyping(code);
    const dir = () => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);
    await poll(dir).toBe('fa rtl');
    await poll(() => title(page)).toBe('نمای کلی ناوگان');
    // A new alarm's banner names its device in Persian, as its message does.
    await app.ingest([{ series: 'fr-occitanie.inv06/fault_code', ts: Date.now(), value: 103 }]);
    const banner = page.getByTestId('wall-alarm').filter({ hasText: 'اینورتر ۰۶' });
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.getByTestId('wall-alarm-device').textContent()).toBe('اینورتر ۰۶');
    // The remote's arrow turns to the next item without waiting for the dwell.
    await page.keyboard.press('ArrowRight');
    await poll(dir, 5_000).toBe('en ltr');
    await poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(
      'light',
    );
  }, 120_000);

  it('renews its token by itself when it starts after more than a day switched off, and stays on its playlist', async () => {
    const { code } = await register([item('overview-fleet', { dwellSeconds: 60 })]);
    const page = await pairByTyping(code);
    await poll(() => pathOf(page)).toBe('/overview/fleet');
    const token = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken as string, SESSION_STORAGE_KEY);
    const first = await token();
    // The wall was switched off for a day and more: its token was issued before RENEW_EVERY_MS. Written
    // before the app's first script on the reload (the running wall rewrites its record when it changes).
    await page.addInitScript(
      ([key, age]) => {
        if (sessionStorage.getItem('aged')) return;
        sessionStorage.setItem('aged', 'yes');
        const state = JSON.parse(localStorage.getItem(key) ?? '{}');
        localStorage.setItem(key, JSON.stringify({ ...state, tokenIssuedAt: Date.now() - age }));
      },
      [DISPLAY_STORAGE_KEY, RENEW_EVERY_MS + 3_600_000] as const,
    );
    await page.reload();
    await poll(token).not.toBe(first);
    const me = await fetch(`${app.url}/api/display/me`, { headers: { authorization: `Bearer ${await token()}` } });
    expect(me.status).toBe(200);
    expect(pathOf(page)).toBe('/overview/fleet');
    await poll(() => title(page)).toBe('Fleet overview');
  }, 60_000);
});
