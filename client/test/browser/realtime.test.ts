// The real-time pages against a hub whose simulator runs: bars for every inverter that move as frames
// arrive, only a client's own sites offered, right to left in Persian.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 0 }));

/** The bar chart's canvas as an image, to tell whether it changed. */
const snapshot = async (page: Page) =>
  (await page.getByTestId('bar-chart').locator('canvas').first().screenshot()).toString('base64');

describe('real-time power', () => {
  it('shows a bar for every unit of the site, moving as frames arrive', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    // The wind farm: turbines turn by night too, whenever this test runs.
    await page.goto(`${app.url}/dashboards/RealTimePowerBarChart?site=es-tarifa`);
    const chart = page.getByTestId('bar-chart');
    await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 15_000 }).toBe('12');
    await expect.poll(() => page.getByTestId('last-frame').textContent(), { timeout: 15_000 }).toMatch(/Last update/);
    await expect.poll(() => page.getByTestId('connection').getAttribute('data-status')).toBe('live');
    const before = await snapshot(page);
    await expect.poll(() => snapshot(page), { timeout: 15_000, interval: 500 }).not.toBe(before);
  });

  it('offers a client only its own sites', async () => {
    const page = await app.openAt('client', '/dashboards/RealTimePowerBarChart', { language: 'en' });
    await page.getByTestId('site-picker').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    expect((await options.allTextContents()).sort()).toEqual(['Occitanie Solar', 'Tarifa Wind']);
  });

  it('is right to left in Persian, with the PV bars of a block of inverters', async () => {
    const page = await app.openAt('admin', '/dashboards/RealTimePVBarChart?site=fr-occitanie', { language: 'fa' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByTestId('bar-chart').getAttribute('data-bars'), { timeout: 15_000 }).toBe('80');
  });
});
