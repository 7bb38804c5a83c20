// The solar overview and the inverter page against a hub whose simulator runs: a tile per inverter with
// live values, only a client's own solar site offered, the inverter's live figures and MPPT inputs, a
// history chart that asks for finer data when zoomed, and Persian right to left with nothing left in
// English. Solar output is zero at night at the site: these tests check that values are rendered (a
// number with its unit, a state), never that they are positive.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 1 }));

/** Text as a reader sees it: without the invisible direction marks around units. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();

// A number in Latin or Persian digits (with grouping, decimals, sign), then its unit.
const number = String.raw`[−\-]?[\d۰-۹][\d۰-۹,.٫٬\s]*`;
const withUnit = (units: string) => new RegExp(`^${number}\\s(${units})$`);
const power = withUnit('W|kW|MW|GW');

/** What the reader sees of each element (innerText: a hidden "stale" label is not read). */
async function texts(page: Page, testId: string): Promise<string[]> {
  return (await page.getByTestId(testId).allInnerTexts()).map(plain);
}

const seen = async (page: Page, testId: string) => plain(await page.getByTestId(testId).innerText());

/** The history requests the page makes, with their span and the bucket the hub answered with. */
function watchHistory(page: Page) {
  const seen: { ids: string; from: number; to: number; maxPoints: number; bucketMs: Promise<number> }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/series/history') return;
    seen.push({
      ids: url.searchParams.get('ids') ?? '',
      from: Number(url.searchParams.get('from')),
      to: Number(url.searchParams.get('to')),
      maxPoints: Number(url.searchParams.get('maxPoints')),
      // NaN for a request the page aborted (a zoom replaced it) or left behind.
      bucketMs: request
        .response()
        .then(async (response) => (response ? ((await response.json()) as { bucketMs: number }).bucketMs : Number.NaN))
        .catch(() => Number.NaN),
    });
  });
  return seen;
}

describe('solar overview', () => {
  it('shows a tile for every inverter of the site with its live values, for an admin', async () => {
    const page = await app.openAt('admin', '/overview/solar?site=fr-occitanie', { language: 'en' });
    const tiles = page.getByTestId('inverter-tile');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(40);
    // Every tile gets a power with its unit and a live state (night or day, faults off).
    await expect
      .poll(async () => (await texts(page, 'tile-power')).filter((t) => power.test(t)).length, { timeout: 15_000 })
      .toBe(40);
    for (const state of await texts(page, 'tile-state')) expect(['RUNNING', 'STANDBY']).toContain(state.toUpperCase());
    for (const share of await texts(page, 'tile-share')) expect(share).toMatch(/^[\d.]+%$/);
    expect(await page.getByTestId('count-running').textContent()).toMatch(/^\d+$/);

    // The weather station, the grid meter and the KPIs are rendered with their units.
    // (Their values may come a moment after the tiles': polled.)
    const filled = (testId: string, units: RegExp[]) =>
      expect
        .poll(
          async () => {
            const text = await seen(page, testId);
            return units.filter((unit) => !unit.test(text)).map(String);
          },
          { timeout: 15_000 },
        )
        .toEqual([]);
    await filled('weather', [/\d\sW\/m²/, /\d\s°C/, /\d\sm\/s/]);
    await filled('meter', [/\d\sHz/, /\d\skV/, /\d\s(W|kW|MW)\b/]);
    await expect.poll(async () => await seen(page, 'kpi-energy'), { timeout: 10_000 }).toMatch(/\d\s(Wh|kWh|MWh)/);
    expect(await seen(page, 'kpi-availability')).toMatch(/\d+%/);
    await expect.poll(() => page.getByTestId('last-frame').textContent()).toMatch(/Last update/);
  });

  it('offers a client only its solar site', async () => {
    const page = await app.openAt('client', '/overview/solar', { language: 'en' });
    await page.getByTestId('site-picker').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.allTextContents()).toEqual(['Occitanie Solar']);
    await expect.poll(() => page.getByTestId('inverter-tile').count(), { timeout: 15_000 }).toBe(40);
  });

  it('opens an inverter from its tile, with live values and its MPPT inputs', async () => {
    const page = await app.openAt('operator', '/overview/solar?site=fr-occitanie', { language: 'en' });
    await page.locator('[data-testid=inverter-tile][data-device="fr-occitanie.inv07"]').click();
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).pathname))
      .toBe('/overview/solar/inverter/fr-occitanie.inv07');
    await expect
      .poll(
        () =>
          page
            .getByTestId('inverter-name')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        {
          timeout: 15_000,
        },
      )
      .toBe('Inverter 07');
    const ac = page.getByTestId('detail-ac-power');
    await expect.poll(async () => plain(await ac.innerText()), { timeout: 15_000 }).toMatch(power);
    expect(await seen(page, 'detail-dc-power')).toMatch(power);
    expect(await seen(page, 'detail-temperature')).toMatch(withUnit('°C'));
    expect(await seen(page, 'detail-ac-voltage')).toMatch(withUnit('V'));
    expect(await seen(page, 'detail-frequency')).toMatch(withUnit('Hz'));
    expect(await seen(page, 'detail-energy')).toMatch(withUnit('Wh|kWh|MWh'));
    expect(['RUNNING', 'STANDBY']).toContain((await seen(page, 'inverter-status')).toUpperCase());

    const rows = page.getByTestId('mppt-row');
    expect(await rows.count()).toBe(4);
    for (const row of await rows.allInnerTexts()) {
      expect(plain(row).replace(/\s+/g, ' ')).toMatch(
        new RegExp(`^MPPT \\d ${number} V ${number} A ${number} (W|kW|MW)$`),
      );
    }
  });

  it('loads finer history when the chart is zoomed, and goes back on reset', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    const requests = watchHistory(page);
    await page.goto(`${app.url}/overview/solar/inverter/fr-occitanie%2Einv01?period=24h`);
    const chart = page.getByTestId('history-chart');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    // The chart's requests: its two series (AC and DC power) over an hour or more. The page also reads the
    // AC power's coverage today (a partial specific yield) and the raw samples of the chart's live tail.
    const chartRequests = () => requests.filter((r) => r.ids.includes(',') && r.to - r.from > 3_600_000);
    const first = chartRequests()[0];
    if (!first) throw new Error('no history request');
    expect(first.to - first.from).toBeGreaterThan(23.9 * 3_600_000);

    // Drag across the middle fifth of the plot.
    const plot = chart.locator('.u-over');
    await plot.scrollIntoViewIfNeeded();
    const box = await plot.boundingBox();
    if (!box) throw new Error('no plot');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.4, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 5 });
    await page.mouse.up();

    await expect.poll(() => chart.getAttribute('data-zoomed')).toBe('true');
    await expect.poll(() => chartRequests().length).toBeGreaterThan(1);
    const zoomed = chartRequests().find((r) => r.to - r.from < 12 * 3_600_000);
    if (!zoomed) throw new Error('no zoomed request');
    const span = first.to - first.from;
    // About a fifth of the day, inside it, with the same number of points: finer buckets.
    expect(zoomed.to - zoomed.from).toBeGreaterThan(span * 0.15);
    expect(zoomed.to - zoomed.from).toBeLessThan(span * 0.25);
    expect(zoomed.from).toBeGreaterThan(first.from + span * 0.35);
    expect(zoomed.to).toBeLessThan(first.to - span * 0.35);
    expect(zoomed.maxPoints).toBe(first.maxPoints);
    expect(await zoomed.bucketMs).toBeLessThan(await first.bucketMs);
    await expect.poll(() => chart.getAttribute('data-state')).toBe('ready');

    await page.getByTestId('history-reset').click();
    await expect.poll(() => chart.getAttribute('data-zoomed')).toBe('false');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
    const last = chartRequests().at(-1);
    expect((last?.to ?? 0) - (last?.from ?? 0)).toBeGreaterThan(23.9 * 3_600_000);
  });

  it('says so when the inverter does not exist', async () => {
    const page = await app.openAt('admin', '/overview/solar/inverter/fr-occitanie%2Einv99', { language: 'en' });
    const unavailable = page.getByTestId('inverter-unavailable');
    await expect.poll(() => unavailable.getAttribute('data-kind'), { timeout: 10_000 }).toBe('notFound');
    expect(await unavailable.innerText()).toMatch(/No such inverter/);
  });
});

describe('in Persian', () => {
  /** What is left of the page's text once data (device, site and model names) and SI unit symbols are taken out. */
  const untranslated = (text: string) =>
    plain(text)
      .replace(/Inverter \d+|Occitanie Solar|SUN2000-\w+|SG\w+|Sunny Central \d+/g, ' ')
      // The site's equipment as the fleet registry names it (data, as the inverters' names are).
      .replace(
        /Grid meter|Main breaker|Feeder breaker \d+|MV busbar|Transformer \d+|Combiner box \d+|Weather station|Camera \d+|Main gate|Substation door|Perimeter motion \d+/g,
        ' ',
      )
      .replace(
        /kWh\/kWp|kWh\/m²|W\/m²|m\/s|°C|kvar|Mvar|Gvar|\bvar\b|GWh|MWh|kWh|Wh|GW|MW|kW|kV|Hz|\bW\b|\bV\b|\bA\b/g,
        ' ',
      )
      // Acronyms stay in Latin letters in Persian technical writing (AC, DC, MPPT).
      .replace(/\b[A-Z]{2,}\d*\b/g, ' ')
      .match(/[A-Za-z]{2,}/g) ?? [];

  it('is right to left with every word translated, on the overview and the inverter page', async () => {
    const page = await app.openAt('admin', '/overview/solar?site=fr-occitanie', {
      language: 'fa',
      colorScheme: 'dark',
    });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const tilePower = page.getByTestId('tile-power').first();
    await expect.poll(async () => plain(await tilePower.innerText()), { timeout: 15_000 }).toMatch(/^[۰-۹]/);
    await expect.poll(async () => await seen(page, 'kpi-energy')).toMatch(/[۰-۹]/);
    expect(untranslated(await page.locator('main').innerText())).toEqual([]);

    await page.getByTestId('inverter-tile').first().click();
    await expect.poll(() => page.getByTestId('mppt-row').count(), { timeout: 15_000 }).toBe(4);
    const chart = page.getByTestId('history-chart');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    await expect.poll(async () => await seen(page, 'detail-ac-power')).toMatch(/^[۰-۹]/);
    expect(untranslated(await page.locator('main').innerText())).toEqual([]);
  });
});
