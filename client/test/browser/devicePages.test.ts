// Device pages against a real hub whose simulator is off (nothing moves but what a test ingests): the
// inverter page lists an alarm raised on it and marks it on its history chart, its AC power tile and the
// chart's newest value agree (and a figure from a partial day says so), and a breaker's alarm leads to
// its site's overview with the breaker highlighted in the equipment list (a wind farm's equipment on the
// wind overview).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 60_000) => expect.poll(read, { timeout });

/** Text as a reader sees it: without the invisible direction marks around units. */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** `app.openAt` with room for a busy machine (two cores shared by several suites). */
async function openAt(path: string): Promise<Page> {
  const page = await app.openSignedIn('operator', { language: 'en' });
  await page.goto(app.url + path, { timeout: 90_000, waitUntil: 'domcontentloaded' });
  return page;
}

const inverterPage = (id: string) => `/overview/solar/inverter/${id.replace('.', '%2E')}`;

/** The value a live tile shows (its first span: the "stale" label beside it is not the value). */
const tileValue = async (page: Page, testId: string) =>
  plain(await page.getByTestId(testId).locator('span').first().textContent());

describe('device pages', () => {
  it('lists an alarm raised on an inverter, marks it on its chart and opens it in the console', async () => {
    const page = await openAt(inverterPage('fr-occitanie.inv07'));
    const section = page.getByTestId('device-alarms');
    await poll(() => section.getByTestId('device-open-alarms').textContent()).toContain('No open alarm');
    await poll(() => page.getByTestId('history-chart').getAttribute('data-state')).toBe('ready');

    await app.ingest([{ series: 'fr-occitanie.inv07/fault_code', ts: Date.now(), value: 103 }]);
    const open = section.getByTestId('device-open-alarms').getByTestId('device-alarm');
    await poll(() => open.count()).toBe(1);
    const id = await open.getAttribute('data-alarm-id');
    const priority = await open.getAttribute('data-priority');
    expect(id).toMatch(/^\d+$/);
    expect(plain(await open.textContent())).toMatch(/Inverter 07/);

    // The chart marks the raise, in the alarm's priority, named under the plot.
    const mark = page.locator(`[data-testid=chart-marker][data-alarm-id="${id}"]`);
    await poll(() => mark.getAttribute('data-kind')).toBe('raised');
    expect(await mark.getAttribute('data-priority')).toBe(priority);
    expect(plain(await mark.textContent())).toMatch(/Raised/);

    // The period's log lists it too, once read again; the row opens the console on it, even when
    // another alarm of the site is newer (the console's top row).
    await app.ingest([{ series: 'fr-occitanie.inv08/fault_code', ts: Date.now(), value: 103 }]);
    await open.getByRole('link').click();
    await poll(() => new URL(page.url()).pathname).toBe('/alarm/realtime');
    const url = new URL(page.url());
    expect(url.searchParams.get('alarm')).toBe(id);
    expect(url.searchParams.get('site')).toBe('fr-occitanie');
    await page.getByTestId('alarm-row').filter({ hasText: 'Inverter 08' }).first().waitFor();
    // The linked alarm is the console's active row, and the detail pane speaks of it.
    await poll(() => page.locator('[data-testid=alarm-row][data-active]').getAttribute('id')).toBe(`alarm-row-${id}`);
    await poll(() => page.getByTestId('alarm-detail').getAttribute('data-alarm')).toBe(id);
  }, 180_000);

  it("shows on the chart the same AC power as the inverter's tile, live", async () => {
    // Ten minutes of a varying output, a sample every five seconds: a bucket's mean is not the value now.
    const now = Date.now();
    const samples = Array.from({ length: 120 }, (_, i) => ({
      series: 'fr-occitanie.inv03/ac_power',
      ts: now - (120 - i) * 5000,
      value: Math.round(200 + 150 * Math.sin(i / 4)),
    }));
    await app.ingest([...samples, { series: 'fr-occitanie.inv03/ac_power', ts: now, value: 84.4 }]);
    // The day's chart reads the minute rollups, which catch up with new samples every ROLLUP_INTERVAL (2 s):
    // the page is opened once they hold these ten minutes, as it would be a moment after they arrived.
    const token = await app.token('operator');
    const get = async (path: string) =>
      (await fetch(app.url + path, { headers: { authorization: `Bearer ${token}` } })).json();
    const device = (await get('/api/devices/fr-occitanie.inv03')) as { series: { id: number; key: string }[] };
    const power = device.series.find((s) => s.key === 'ac_power')?.id;
    await poll(async () => {
      const span = `from=${now - 6 * 3_600_000}&to=${now + 60_000}&maxPoints=300`;
      const history = (await get(`/api/series/history?ids=${power}&${span}`)) as { resolution: string; ts: number[] };
      return [history.resolution, history.ts.length > 0];
    }).toEqual(['1m', true]);

    const page = await openAt(inverterPage('fr-occitanie.inv03'));
    await poll(() => page.getByTestId('history-chart').getAttribute('data-state')).toBe('ready');
    const chartLatest = page.getByTestId('history-latest').first();
    const both = async () => [await tileValue(page, 'detail-ac-power'), plain(await chartLatest.textContent())];
    await poll(both).toEqual(['84.4 kW', '84.4 kW']);

    // A new sample: the tile and the chart move together.
    await app.ingest([{ series: 'fr-occitanie.inv03/ac_power', ts: Date.now(), value: 43.3 }]);
    await poll(both).toEqual(['43.3 kW', '43.3 kW']);

    // Ten minutes of data today: the specific yield (the hub's integral of that power) says it is partial.
    const partial = page.getByTestId('partial-specific-yield');
    await poll(() => partial.count()).toBe(1);
    expect(plain(await partial.textContent())).toMatch(
      /^Partial\s*[\d.]+ (hours?|minutes) of today without data \(Inverter 03\)$/,
    );
  }, 180_000);

  it("leads from a breaker's alarm to its page, then to the site overview, the breaker highlighted", async () => {
    await app.ingest([{ series: 'ma-ouarzazate.brk-main/position', ts: Date.now(), value: 0 }]);
    const page = await openAt('/alarm/realtime?site=ma-ouarzazate');
    const row = page.getByTestId('alarm-row').filter({ hasText: 'breaker open' });
    await poll(() => row.count()).toBeGreaterThan(0);
    await row.first().getByRole('link', { name: 'Main breaker' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/devices/ma-ouarzazate%2Ebrk-main');
    await page.getByTestId('device-detail-link').click();

    await poll(() => new URL(page.url()).pathname).toBe('/overview/solar');
    const url = new URL(page.url());
    expect(url.searchParams.get('site')).toBe('ma-ouarzazate');
    expect(url.searchParams.get('device')).toBe('ma-ouarzazate.brk-main');
    const breaker = page.locator('[data-testid=equipment-row][data-device="ma-ouarzazate.brk-main"]');
    await poll(() => breaker.getAttribute('data-highlighted')).toBe('true');
    // Scrolled into view, with the focus, and its open critical alarm and position said.
    expect(await breaker.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-device'))).toBe(
      'ma-ouarzazate.brk-main',
    );
    await poll(() => breaker.getByTestId('equipment-alarms').getAttribute('data-priority')).toBe('critical');
    expect(plain(await breaker.getByTestId('equipment-reading').locator('span').first().textContent())).toBe('Open');
    // Only that one is highlighted.
    expect(await page.locator('[data-highlighted=true]').count()).toBe(1);
  }, 180_000);

  it("sends a wind farm's equipment on to the wind overview", async () => {
    const page = await openAt('/overview/solar?site=es-tarifa&device=es-tarifa.tr01');
    await poll(() => new URL(page.url()).pathname).toBe('/overview/wind');
    const transformer = page.locator('[data-testid=equipment-row][data-device="es-tarifa.tr01"]');
    await poll(() => transformer.getAttribute('data-highlighted')).toBe('true');
    expect(await transformer.getAttribute('data-type')).toBe('transformer');
  }, 180_000);
});
