// The live single-line diagram against a real hub whose simulator runs (no random faults): an operator
// sees every breaker, transformer and inverter of a demo site drawn and energised, opens a symbol's
// panel; the simulator's grid outage opens the main breaker and de-energises the busbar and inverters
// until it ends; an alarm row leads to its device on the diagram; a client sees only their sites; the
// Persian page is right-to-left around a diagram that is not mirrored.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 0 }));
const SITE = 'fr-occitanie';
const poll = <T>(read: () => T | Promise<T>, timeout = 60_000) => expect.poll(read, { timeout });
const shots = process.env.SLD_SHOTS;

async function openAt(who: 'operator' | 'client' | 'admin', path: string, options = {}): Promise<Page> {
  const page = await app.openSignedIn(who, { language: 'en', ...options });
  await page.goto(app.url + path, { timeout: 90_000, waitUntil: 'domcontentloaded' });
  return page;
}

async function api(path: string, init: { method?: string; body?: unknown; who?: 'admin' | 'client' } = {}) {
  const token = await app.token(init.who ?? 'admin');
  const response = await fetch(app.url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const energyOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-energy')))].sort());

describe('single-line diagram', () => {
  it('draws the site live, opens a symbol, and shows a grid outage and its end', async () => {
    const devices = (await api(`/api/sites/${SITE}/devices`)).body as { id: string; type: string }[];
    const page = await openAt('operator', `/sld/sl?site=${SITE}`);
    await poll(() => page.getByTestId('sld-canvas').getAttribute('data-ready')).toBe('');
    for (const type of ['breaker', 'transformer', 'inverter']) {
      const ids = devices.filter((d) => d.type === type).map((d) => d.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(await page.locator(`g[data-device="${id}"]`).count(), id).toBe(1);
    }
    // Energised: no dead or unknown wire once the first frames are in.
    await poll(() => energyOf(page, 'path[data-connection]')).toEqual(['live']);
    expect(await page.getByTestId('sld-version').textContent()).toBe('Generated from the device tree');
    if (shots) await page.screenshot({ path: `${shots}/sld-light.png` });

    // A symbol's panel: its name, its values, a link to its device page.
    const inverter = devices.find((d) => d.type === 'inverter') as { id: string };
    await page.locator(`g[data-device="${inverter.id}"]`).click();
    const panel = page.getByRole('dialog');
    await poll(() => panel.getByTestId('sld-panel-name').textContent()).toMatch(/Inverter/);
    await poll(() => panel.locator('[data-series="ac_power"]').textContent()).toMatch(/\d/);
    expect(await panel.getByTestId('sld-panel-device-link').getAttribute('href')).toMatch(
      /^\/devices\/fr-occitanie.{1,3}inv\d+$/,
    );
    await page.keyboard.press('Escape');

    // Grid outage: the main breaker opens (tripped: its alarm is open), busbar and inverters go dead.
    const start = await api('/api/simulator/faults', {
      method: 'POST',
      body: { siteId: SITE, fault: 'gridOutage', minutes: 5 },
    });
    expect(start.status).toBeLessThan(300);
    const main = page.locator(`g[data-device="${SITE}.brk-main"]`);
    await poll(() => main.getAttribute('data-position')).toMatch(/^(open|tripped)$/);
    await poll(() => energyOf(page, 'g[data-kind="busbar"], g[data-kind="inverter"]')).toEqual(['dead']);
    await poll(() => main.getAttribute('data-position')).toBe('tripped');
    // The headline says it in words: the grid connection is dead, nothing flows at the meter.
    await poll(() => page.getByTestId('sld-grid-state').textContent()).toBe('De-energised');
    expect(await page.locator('[data-testid=sld-summary] [data-main-figure]').textContent()).toBe('0 W');
    if (shots) await page.screenshot({ path: `${shots}/sld-outage.png` });
    const end = await api('/api/simulator/faults', {
      method: 'POST',
      body: { siteId: SITE, fault: 'gridOutage', minutes: 0 },
    });
    expect(end.status).toBeLessThan(300);
    await poll(() => main.getAttribute('data-position')).toBe('closed');
    await poll(() => energyOf(page, 'g[data-kind="busbar"], g[data-kind="inverter"]')).toEqual(['live']);
    await poll(() => page.getByTestId('sld-grid-state').textContent()).toBe('Energised');
  }, 120_000);

  it('leads from an alarm row to its device on the diagram, centred and marked', async () => {
    // The outage above left "Main breaker open" waiting for its acknowledgement in the console.
    const device = `${SITE}.brk-main`;
    const page = await openAt('operator', '/alarm/realtime');
    const row = page.locator(`[data-testid=alarm-row]`).filter({ hasText: 'Main breaker' }).first();
    await row.getByTestId('alarm-show-on-diagram').click({ timeout: 60_000 });
    await poll(() => new URL(page.url()).searchParams.get('device')).toBe(device);
    const symbol = page.locator(`g[data-device="${device}"]`);
    await poll(() => symbol.getAttribute('data-selected')).toBe('');
    await poll(() => symbol.getAttribute('data-alarm')).toMatch(/critical|high|medium|low/);
    expect(await symbol.getAttribute('data-unacked')).toBe('');
    // Its mark is the priority's (the "Main breaker open" rule is critical), beside it.
    expect(await symbol.getAttribute('data-alarm')).toBe('critical');
    expect(await symbol.locator('use[data-mark]').getAttribute('href')).toBe('#sld-mark-critical');
    expect(await symbol.locator('use[data-mark]').isVisible()).toBe(true);
    // Acknowledged from its panel: the mark stops blinking.
    await symbol.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).first().click();
    await poll(() => symbol.getAttribute('data-unacked')).toBeNull();
    // Centred: the symbol's middle is near the canvas's.
    const canvas = await page.getByTestId('sld-canvas').boundingBox();
    const box = await symbol.boundingBox();
    expect(canvas && box).toBeTruthy();
    if (canvas && box) {
      expect(Math.abs(box.x + box.width / 2 - (canvas.x + canvas.width / 2))).toBeLessThan(80);
      expect(Math.abs(box.y + box.height / 2 - (canvas.y + canvas.height / 2))).toBeLessThan(80);
    }
  }, 120_000);

  it('offers a client only their sites and refuses another’s', async () => {
    const page = await openAt('client', '/sld/sl');
    await poll(() => page.getByTestId('sld-canvas').getAttribute('data-ready')).toBe('');
    await page.getByTestId('site-picker').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toHaveLength(2);
    await page.goto(`${app.url}/sld/sl?site=ma-ouarzazate`, { waitUntil: 'domcontentloaded' });
    await poll(() => page.getByTestId('sld-error').textContent()).toMatch(/not one of yours/);
    expect(await page.getByTestId('sld-canvas').count()).toBe(0);
    const refused = await api('/api/sites/ma-ouarzazate/sld', { who: 'client' });
    expect(refused.status).toBe(404);
  });

  it('reads right to left in Persian around an unmirrored diagram', async () => {
    const page = await openAt('operator', `/sld/sl?site=${SITE}`, { language: 'fa', colorScheme: 'dark' });
    await poll(() => page.getByTestId('sld-canvas').getAttribute('data-ready')).toBe('');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('sld-canvas-wrap').getAttribute('dir')).toBe('ltr');
    expect(await page.getByTestId('sld-rtl-note').textContent()).toMatch(/چپ به راست/);
    // Not mirrored: the grid sits where the drawing puts it, left of what it feeds when drawn so.
    const direction = await page.getByTestId('sld-canvas').evaluate((e) => getComputedStyle(e).direction);
    expect(direction).toBe('ltr');
    if (shots) await page.screenshot({ path: `${shots}/sld-fa-dark.png` });
  });
});
