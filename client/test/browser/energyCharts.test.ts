// The energy chart pages against a hub whose simulator filled three days of history: the heatmap's
// days × hours with the night at zero (the simulator follows the sun at each site), the irradiance page's
// three series with their units, a client's solar sites, and Persian right to left with nothing left in
// English.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 3 }));

const HEATMAP = '/overview/ApexChartDailySalesStates';
const IRRADIANCE = '/overview/ChartJsLineChart';

/** Opens a page, reloading until the history the hub fills at start is there (the best day has a value). */
async function openWithHistory(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(app.url + path);
  await expect
    .poll(
      async () => {
        const text =
          (await page
            .getByTestId(ready)
            .textContent({ timeout: 10_000 })
            .catch(() => null)) ?? '';
        if (/[\d۰-۹]/.test(text)) return true;
        await page.reload();
        return false;
      },
      { timeout: 45_000, interval: 1500 },
    )
    .toBe(true);
}

/** The text of an element, without the bidi isolates that keep units whole in right-to-left text. */
const textOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/[\u2066-\u2069]/g, '');

/** Hovers the middle of a heatmap cell and returns the tooltip's lines. */
async function cellTooltip(page: Page, row: number, hour: number): Promise<string> {
  const plot = page.getByTestId('heatmap').locator('.u-over');
  const box = await plot.boundingBox();
  const rows = Number(await page.getByTestId('heatmap').getAttribute('data-rows'));
  if (!box) throw new Error('no heatmap plot');
  await page.mouse.move(box.x + ((hour + 0.5) * box.width) / 24, box.y + ((row + 0.5) * box.height) / rows);
  const tooltip = page.getByTestId('heatmap-tooltip');
  await expect.poll(() => tooltip.isVisible()).toBe(true);
  return tooltip.innerText();
}

/** Latin words in the page's main content that are not units, standards or names from the server. */
async function englishWords(page: Page): Promise<string[]> {
  const allowed = new Set(['Wh', 'kWh', 'MWh', 'GWh', 'W', 'kW', 'MW', 'GW', 'm²', 'POA', 'IEC', 'AC', 'kWp', 'C']);
  const names = new Set(['Occitanie', 'Solar', 'Ouarzazate', 'PV', 'Yazd', 'Tarifa', 'Wind', 'Europe', 'Paris']);
  const text = await page.locator('main').innerText();
  return [...new Set(text.match(/[A-Za-z²]+/g) ?? [])].filter((w) => !allowed.has(w) && !names.has(w));
}

// Two waits of up to 45 s each for the history the hub fills: the test gets two minutes.
describe('energy heatmap', () => {
  it('draws every day of the week by 24 hours, zero at night and energy at noon', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    await openWithHistory(page, `${HEATMAP}?site=fr-occitanie`, 'summary-best');
    const heatmap = page.getByTestId('heatmap');
    expect(await heatmap.getAttribute('data-rows')).toBe('7');
    expect(await heatmap.getAttribute('data-cols')).toBe('24');
    await expect.poll(() => page.getByTestId('time-zone').textContent()).toMatch(/Europe\/Paris/);

    // Yesterday (the row before the last) is in the history once the hub has filled it (it fills the
    // oldest days first): 01:00 at Paris is night, noon is not.
    await expect
      .poll(
        async () => {
          if (!/No data/.test(await cellTooltip(page, 5, 12))) return true;
          await page.reload();
          await page.getByTestId('heatmap').waitFor();
          return false;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe(true);
    const night = await cellTooltip(page, 5, 1);
    expect(night).toMatch(/01:00–02:00/);
    expect(night).toMatch(/\b0 kWh\b/);
    const noon = await cellTooltip(page, 5, 12);
    expect(noon).toMatch(/12:00–13:00/);
    expect(noon).toMatch(/[1-9][\d.,]* (kWh|MWh)/);
    // Three of the seven days are older than the history: their hours are counted as without data.
    expect(Number((await page.getByTestId('summary-missing').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(
      3 * 24,
    );
    expect(await page.getByTestId('summary-total').innerText()).toMatch(/(kWh|MWh|GWh)/);
    await expectAccessible(page, 'energy heatmap');
  }, 120_000);

  it('keeps the site, the source and the period in the address', async () => {
    const page = await app.openSignedIn('operator', { language: 'en' });
    await openWithHistory(page, `${HEATMAP}?site=ir-yazd&source=ir-yazd.inv01&period=30d`, 'summary-best');
    expect(await page.getByTestId('heatmap').getAttribute('data-rows')).toBe('30');
    await expect.poll(() => page.getByTestId('source-picker').inputValue()).toMatch(/01/);
    await expect.poll(() => page.getByTestId('time-zone').textContent()).toMatch(/Asia\/Tehran/);
  });
});

describe('irradiance vs power', () => {
  it('draws irradiance, power and module temperature with their units', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    await openWithHistory(page, `${IRRADIANCE}?site=fr-occitanie&period=7d`, 'summary-peak-poa');
    const chart = page.getByTestId('irradiance-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-buckets'))).toBeGreaterThan(50);
    expect(await chart.locator('canvas').count()).toBe(2);
    const legend = await textOf(page, 'irradiance-legend');
    expect(legend).toMatch(/Power at the grid meter/);
    expect(legend).toMatch(/Irradiance on the modules \(POA\) \(W\/m²\)/);
    expect(legend).toMatch(/Module temperature \(°C\)/);
    expect(await textOf(page, 'summary-peak-poa')).toMatch(/[1-9][\d,]* W\/m²/);
    expect(await textOf(page, 'summary-peak-power')).toMatch(/[1-9][\d.,]* (kW|MW)/);
    expect(await textOf(page, 'summary-peak-module')).toMatch(/\d °C/);
    // A period that ends now runs on live.
    await expect.poll(() => page.getByTestId('live-now').getAttribute('data-stale'), { timeout: 15_000 }).toBe('false');
    await expectAccessible(page, 'irradiance vs power');
  });

  it('offers a client only its own solar site', async () => {
    const page = await app.openSignedIn('client', { language: 'en' });
    await page.goto(app.url + IRRADIANCE);
    await page.getByTestId('site-picker').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.allTextContents()).toEqual(['Occitanie Solar']);
  });
});

describe('in Persian', () => {
  it('lays both pages out right to left, with no English left', async () => {
    const page = await app.openSignedIn('admin', { language: 'fa', colorScheme: 'dark' });
    await openWithHistory(page, `${HEATMAP}?site=fr-occitanie`, 'summary-best');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await englishWords(page)).toEqual([]);
    const tooltip = await cellTooltip(page, 5, 12);
    expect(tooltip).toMatch(/[۰-۹]{2}:[۰-۹]{2}/);
    expect(tooltip).not.toMatch(/Day|No data|Not yet|so far/);

    await openWithHistory(page, `${IRRADIANCE}?site=fr-occitanie&period=7d`, 'summary-peak-poa');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await englishWords(page)).toEqual([]);
  });
});
