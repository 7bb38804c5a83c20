// The level-1 fleet overview and the control-room palette (ISA-101) against a real hub: a critical alarm
// raised by ingesting an open breaker (the simulator is off, so nothing clears it) colours its site's tile
// and card and nothing is green; the palette is the operator's by default and not the admin's; its accent
// (a button's colour, the focus ring) is no priority's colour; a normal state is grey. Colours are read
// as the browser computes them.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { animationsDone, cookie, type demo, pathOf, setupBrowser } from './harness.ts';

const app = setupBrowser();

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 45_000) => expect.poll(read, { timeout });
// Pages load slowly on a busy machine: each test gets three minutes.
const SLOW = 180_000;

type Rgb = [number, number, number];
const rgbOf = (css: string): Rgb | null => {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)/.exec(css);
  if (!m || m[4] === '0') return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};
const isGreen = ([r, g, b]: Rgb) => g > r + 25 && g > b + 15;
const isGrey = ([r, g, b]: Rgb) => Math.max(r, g, b) - Math.min(r, g, b) <= 24;
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Every colour drawn inside `selector` (text, background, border), as computed. */
function colorsIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return [];
    const out: string[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const s = getComputedStyle(el);
      out.push(s.color, s.backgroundColor, s.borderTopColor, s.fill);
    }
    return out;
  }, selector);
}

/** The priority colours as the navbar's priority icons are drawn (computed fill of each shape). */
async function priorityFills(page: Page): Promise<Record<string, Rgb>> {
  const out: Record<string, Rgb> = {};
  for (const p of ['critical', 'high', 'medium', 'low']) {
    const fill = await page
      .locator(`[data-testid=alarm-count-${p}] svg path`)
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
    const rgb = rgbOf(fill);
    if (rgb) out[p] = rgb;
  }
  return out;
}

async function hub<T>(who: keyof typeof demo, path: string): Promise<T> {
  const response = await fetch(app.url + path, { headers: { authorization: `Bearer ${await app.token(who)}` } });
  return (await response.json()) as T;
}

/** Keeps every generator of a site reporting "running" (every 2 s) until stopped: the site is online. */
let stopReporting: (() => void) | null = null;
async function keepReporting(siteId: string) {
  const fleet = await hub<{ sites: { siteId: string; generators: { deviceId: string }[] }[] }>(
    'admin',
    '/api/kpis/fleet',
  );
  const generators = fleet.sites.find((s) => s.siteId === siteId)?.generators ?? [];
  const report = () => app.ingest(generators.map((g) => ({ series: `${g.deviceId}/state`, ts: Date.now(), value: 1 })));
  await report();
  const timer = setInterval(() => void report().catch(() => {}), 2000);
  stopReporting = () => clearInterval(timer);
}

afterEach(async () => {
  stopReporting?.();
  stopReporting = null;
});

describe('the fleet overview', () => {
  it(
    'colours the tile of a site under a critical alarm by that alarm alone, with its count opening the console',
    async () => {
      await keepReporting('ma-ouarzazate');
      const page = await app.openAt('operator', '/overview/fleet', { language: 'en' });
      const tile = page.locator('[data-testid=fleet-tile][data-site-id="ma-ouarzazate"]');
      await tile.waitFor();
      await poll(() => tile.getAttribute('data-comm')).toBe('live');
      expect(await tile.getAttribute('data-worst')).toBe('none');

      // The main breaker opens and stays open past its 2 s delay: a critical alarm.
      const t0 = Date.now() - 3000;
      await app.ingest([
        { series: 'ma-ouarzazate.brk-main/position', ts: t0, value: 0 },
        { series: 'ma-ouarzazate.brk-main/position', ts: t0 + 3000, value: 0 },
      ]);
      await poll(() => tile.getAttribute('data-worst')).toBe('critical');
      await poll(() => tile.getByTestId('tally-critical').getAttribute('data-count')).toBe('1');
      expect(await tile.getByTestId('tile-worst').textContent()).toBe('Worst active alarm: Critical');
      // Communication and data age, written outside React, stay current.
      expect(await tile.getByTestId('tile-comm-state').textContent()).toBe('Communicating');
      expect(await tile.getByTestId('tile-age').textContent()).toMatch(/^Latest data /);

      const colors = (await colorsIn(page, '[data-testid=fleet-tile][data-site-id="ma-ouarzazate"]'))
        .map(rgbOf)
        .filter((c): c is Rgb => c !== null);
      expect(colors.filter(isGreen)).toEqual([]);
      const band = rgbOf(await tile.getByTestId('tile-band').evaluate((el) => getComputedStyle(el).backgroundColor));
      const fills = await priorityFills(page);
      expect(band).toEqual(fills.critical);
      // A tile without an alarm stays grey: its band is no priority's colour.
      const quiet = page.locator('[data-testid=fleet-tile][data-site-id="ir-yazd"]');
      expect(await quiet.getAttribute('data-worst')).toBe('none');
      const quietBand = rgbOf(
        await quiet.getByTestId('tile-band').evaluate((el) => getComputedStyle(el).backgroundColor),
      );
      expect(quietBand && isGrey(quietBand)).toBe(true);

      await tile.getByTestId('tally-critical').click();
      await page.waitForURL((url) => url.pathname === '/alarm/realtime');
      expect(pathOf(page)).toBe('/alarm/realtime?site=ma-ouarzazate&priority=critical');
      await page.getByTestId('alarm-row').first().waitFor();

      // The admin's solar dashboard: the site's card shows the critical alarm, no green, no availability claim.
      const admin = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
      const card = admin.locator('[data-testid=site-card][data-site-id="ma-ouarzazate"]');
      await poll(() => card.getByTestId('site-worst-alarm').getAttribute('data-priority')).toBe('critical');
      expect(await card.getByTestId('site-availability').textContent()).toBe('Under critical alarm');
      expect(await card.getByTestId('state-badge').getAttribute('data-quiet')).toBe('true');
      const cardColors = (await colorsIn(admin, '[data-testid=site-card][data-site-id="ma-ouarzazate"]'))
        .map(rgbOf)
        .filter((c): c is Rgb => c !== null);
      expect(cardColors.filter(isGreen)).toEqual([]);
    },
    SLOW,
  );
});

describe('the control-room palette', () => {
  it(
    'is on by default for an operator, with an accent apart from every priority colour',
    async () => {
      const page = await app.openInShell('operator', '/settings/user-interface', { language: 'en' });
      await poll(() => page.evaluate(() => document.documentElement.dataset.palette)).toBe('control-room');
      expect(await page.getByTestId('setting-palette-auto').isChecked()).toBe(true);
      const fills = await priorityFills(page);
      expect(Object.keys(fills)).toHaveLength(4);

      // Choosing the control room explicitly changes nothing on screen but enables the reset button.
      await page.getByTestId('setting-palette-control-room').check();
      const reset = page.getByRole('button', { name: 'Reset' });
      await poll(() => reset.isEnabled()).toBe(true);
      const button = rgbOf(await reset.evaluate((el) => getComputedStyle(el).color));
      // Read once the checked radio's colour transition has run (mid-way it is neither colour).
      await animationsDone(page);
      const radio = rgbOf(
        await page.getByTestId('setting-palette-control-room').evaluate((el) => getComputedStyle(el).backgroundColor),
      );
      // Focus by keyboard: the ring Mantine draws for :focus-visible.
      await reset.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement as Element);
        return { style: s.outlineStyle, color: s.outlineColor };
      });
      expect(ring.style).toBe('solid');
      const accents = { button, radio, ring: rgbOf(ring.color) };
      for (const [what, color] of Object.entries(accents)) {
        expect(color, what).not.toBeNull();
        const [r, g, b] = color as Rgb;
        // Blue: its blue channel leads (neither red, orange nor yellow).
        expect(b > r && b > g, `${what} rgb(${r}, ${g}, ${b})`).toBe(true);
        for (const [priority, fill] of Object.entries(fills)) {
          expect(distance(color as Rgb, fill), `${what} against ${priority}`).toBeGreaterThan(60);
        }
      }
      expect(await cookie(page, 'palette')).toBe('control-room');
    },
    SLOW,
  );

  it(
    'is off by default for an admin, whose explicit choice turns it on',
    async () => {
      const page = await app.openInShell('admin', '/settings/user-interface', { language: 'en' });
      await poll(() => page.evaluate(() => document.documentElement.dataset.palette)).toBe('standard');
      // The seed's primary colour in its readable shade on the checked radio: a red.
      const seed = rgbOf(
        await page.getByTestId('setting-palette-auto').evaluate((el) => getComputedStyle(el).backgroundColor),
      );
      expect(seed && seed[0] > 150 && seed[2] < 100).toBe(true);
      await page.getByTestId('setting-palette-control-room').check();
      await poll(() => page.evaluate(() => document.documentElement.dataset.palette)).toBe('control-room');
      expect(await cookie(page, 'palette')).toBe('control-room');
    },
    SLOW,
  );

  it(
    'draws a normal state in grey',
    async () => {
      await keepReporting('ir-yazd');
      const page = await app.openAt('operator', '/dashboards/solar', { language: 'en' });
      const badge = page.locator('[data-testid=site-card][data-site-id="ir-yazd"] [data-testid=state-badge]');
      await poll(() => badge.getAttribute('data-state')).toBe('online');
      const [color, background] = await badge.evaluate((el) => [
        getComputedStyle(el).color,
        getComputedStyle(el).backgroundColor,
      ]);
      for (const css of [color, background]) {
        const rgb = rgbOf(css);
        expect(rgb && isGrey(rgb), css).toBe(true);
      }
    },
    SLOW,
  );
});
