// The solar dashboard and the solar comparison against a hub whose simulator runs (with a day of
// 15-minute history behind it): real figures for every readable site and only those, the live chart,
// the comparison kept in the address, Persian right to left with no English left in the interface.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import dashboardMessages from '../../src/i18n/locales/en/dashboards.json' with { type: 'json' };
import { type demo, englishPhrases, expectAccessible, setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 1 }));

/** The comparison page over the last 7 days for these sites (ids, comma-separated). */
const comparisonOfWeek = (sites: string) => `/dashboards/SolarComparison?sites=${sites}&period=7d`;

const ALL_SITES = ['Occitanie Solar', 'Ouarzazate PV', 'Tarifa Wind', 'Yazd Solar'];
const CLIENT_SITES = ['Occitanie Solar', 'Tarifa Wind'];
/** A figure with its unit, in English: "2.45 MW", "37.8 kWh", "0 W". */
const POWER = /^-?[\d.,]+ (W|kW|MW|GW)$/;

async function hub<T>(who: keyof typeof demo, path: string): Promise<T> {
  const response = await fetch(app.url + path, { headers: { authorization: `Bearer ${await app.token(who)}` } });
  return (await response.json()) as T;
}

const cardNames = (page: Page) => page.getByTestId('site-card').getByTestId('site-link').allTextContents();

/** Every English string of the interface of these pages, without its placeholders. */
const englishStrings = () => englishPhrases(dashboardMessages, 3);

/** The page's visible text, less the names that are data (sites, devices, time zones), not interface. */
async function interfaceText(page: Page): Promise<string> {
  const text = await page.locator('main').innerText();
  return text
    .replace(/Occitanie Solar|Ouarzazate PV|Yazd Solar|Tarifa Wind/g, '')
    .replace(/Inverter \d+|WTG \d+|Transformer \d+/g, '')
    .replace(/[A-Z][a-z]+\/[A-Za-z_]+/g, '');
}

describe('the solar dashboard', () => {
  it('shows an admin the live figures of all four sites, as the hub computes them', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    const cards = page.getByTestId('site-card');
    await cards.nth(3).waitFor();
    expect((await cardNames(page)).sort()).toEqual(ALL_SITES);

    const fleet = await hub<{ sites: { siteId: string; generators: unknown[]; kind: string }[] }>(
      'admin',
      '/api/kpis/fleet',
    );
    for (const site of fleet.sites) {
      const card = page.locator(`[data-testid=site-card][data-site-id="${site.siteId}"]`);
      const unit = site.kind === 'wind' ? 'Turbines' : 'Inverters';
      expect(await card.getByTestId('site-generators').textContent()).toContain(`${unit}: ${site.generators.length}`);
      expect(await card.getByTestId('state-badge').first().textContent()).toMatch(/^(Online|Degraded|Fault|Offline)$/);
      expect(await card.getByTestId('site-power').textContent()).toMatch(POWER);
    }
    // The wind farm turns day and night: its power and wind speed are real numbers, not dashes.
    const tarifa = page.locator('[data-testid=site-card][data-site-id="es-tarifa"]');
    await expect.poll(() => tarifa.getByTestId('site-power').textContent(), { timeout: 30_000 }).not.toBe('0 W');
    expect(await tarifa.getByTestId('site-wind').textContent()).toMatch(/^[\d.]+ m\/s$/);
    expect(await tarifa.getByTestId('site-running').textContent()).toMatch(/^\d+ of 12$/);
    expect(await page.getByTestId('fleet-power-value').textContent()).toMatch(POWER);
    expect(await page.getByTestId('fleet-availability').textContent()).toContain('158 of 158');
    expect(await page.getByTestId('fleet-site-states').textContent()).toMatch(/online: 4|degraded|fault|offline/);

    // The chart: a line per site and per solar site's irradiance, and what it shows in words.
    const legend = await page.getByTestId('chart-legend').getByRole('button').allTextContents();
    expect(legend).toEqual([
      'Fleet total',
      'Occitanie Solar',
      'Occitanie Solar irradiance',
      'Ouarzazate PV',
      'Ouarzazate PV irradiance',
      'Tarifa Wind',
      'Yazd Solar',
      'Yazd Solar irradiance',
    ]);
    await page.getByTestId('fleet-trend-chart').locator('canvas').first().waitFor();
    await expect
      .poll(() => page.getByTestId('fleet-trend-summary').textContent(), { timeout: 30_000 })
      .toMatch(/^Fleet power now [\d.,]+ (W|kW|MW)/);
    // Best and worst inverters, for each solar site.
    expect(
      await page.getByTestId('site-ranking').evaluateAll((els) => els.map((e) => e.getAttribute('data-site-id'))),
    ).toEqual(['fr-occitanie', 'ma-ouarzazate', 'ir-yazd']);
  });

  it('refreshes the figures in place, without going back to skeletons', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    const updated = page.getByTestId('fleet-updated');
    await page.getByTestId('fleet-trend-chart').waitFor();
    await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root'));
    const first = await updated.textContent();
    let sawSkeleton = false;
    await expect
      .poll(
        async () => {
          sawSkeleton ||= (await page.locator('.mantine-Skeleton-root').count()) > 0;
          return updated.textContent();
        },
        { timeout: 25_000, interval: 500 },
      )
      .not.toBe(first);
    expect(sawSkeleton).toBe(false);
    expect(await page.getByTestId('site-card').count()).toBe(4);
    expect(await updated.getAttribute('data-stale')).toBe('false');
  });

  it('opens a site’s overview from its card', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    await page.locator('[data-testid=site-card][data-site-id="es-tarifa"]').click({ position: { x: 40, y: 200 } });
    await page.waitForURL(`${app.url}/overview/wind?site=es-tarifa`);
    await page.goto(`${app.url}/dashboards/solar`);
    await page.locator('[data-testid=site-card][data-site-id="ir-yazd"]').getByTestId('site-link').click();
    await page.waitForURL(`${app.url}/overview/solar?site=ir-yazd`);
  });

  it('gets one snapshot per site on its socket, then only live frames, over 12 s', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    // Socket.IO sends a binary event as a text header naming the site, then the frame's bytes.
    const frames: { siteId: string; kind: number; seq: number }[] = [];
    page.on('websocket', (ws) => {
      let siteId: string | null = null;
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') {
          siteId = /^451-\["live:frame","([^"]+)"/.exec(payload)?.[1] ?? null;
        } else if (siteId) {
          frames.push({ siteId, kind: payload[1] as number, seq: payload.readDoubleLE(8) });
          siteId = null;
        }
      });
    });
    await page.goto(`${app.url}/dashboards/solar`);
    await page.getByTestId('site-card').nth(3).waitFor();
    await page.waitForTimeout(12_000);
    for (const site of ['es-tarifa', 'fr-occitanie', 'ir-yazd', 'ma-ouarzazate']) {
      const of = frames.filter((f) => f.siteId === site);
      expect(of.filter((f) => f.kind === 2).length, site).toBe(1);
      expect(of.filter((f) => f.kind === 3).length, site).toBe(0);
      const live = of.filter((f) => f.kind === 1).map((f) => f.seq);
      // The simulator samples once a second: a frame a second, each once and in order.
      expect(live.length, site).toBeGreaterThanOrEqual(10);
      expect(
        live.every((seq, i) => i === 0 || seq === (live[i - 1] as number) + 1),
        site,
      ).toBe(true);
    }
  }, 90_000);

  it('shows a client only its two sites, in the cards, the chart and the ranking', async () => {
    const page = await app.openAt('client', '/dashboards/solar', { language: 'en' });
    await page.getByTestId('site-card').nth(1).waitFor();
    expect((await cardNames(page)).sort()).toEqual(CLIENT_SITES);
    expect(await page.getByTestId('fleet-sites-value').textContent()).toBe('2');
    expect(await page.getByTestId('chart-legend').getByRole('button').allTextContents()).toEqual([
      'Fleet total',
      'Occitanie Solar',
      'Occitanie Solar irradiance',
      'Tarifa Wind',
    ]);
    expect(
      await page.getByTestId('site-ranking').evaluateAll((els) => els.map((e) => e.getAttribute('data-site-id'))),
    ).toEqual(['fr-occitanie']);
    const text = await page.locator('main').innerText();
    for (const other of ['Ouarzazate', 'Yazd']) expect(text).not.toContain(other);
  });

  it('is right to left in Persian, with no English left in the interface, and accessible', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'fa', colorScheme: 'dark' });
    await page.getByTestId('site-card').nth(3).waitFor();
    await page.getByTestId('fleet-trend-summary').filter({ hasText: 'توان ناوگان' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const text = await interfaceText(page);
    for (const phrase of englishStrings()) expect(text, phrase).not.toContain(phrase);
    expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
    expect(await page.getByTestId('fleet-power-value').textContent()).toMatch(/(وات|کیلووات|مگاوات)$/);
    await expectAccessible(page, 'solar dashboard, Persian, dark');
  }, 120_000);
});

describe('the solar comparison', () => {
  it('compares every site over 7 days by default, with energy, yield, PR and the chart, kept in the address', async () => {
    const page = await app.openAt('admin', '/dashboards/SolarComparison', { language: 'en' });
    const rows = page.getByTestId('comparison-row');
    await rows.nth(3).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('sites')?.split(',').sort()).toEqual([
      'es-tarifa',
      'fr-occitanie',
      'ir-yazd',
      'ma-ouarzazate',
    ]);
    expect(new URL(page.url()).searchParams.get('period')).toBe('7d');
    // A day of history is stored: every site has energy and a yield; the solar sites a PR as well.
    for (const id of ['fr-occitanie', 'ma-ouarzazate', 'ir-yazd', 'es-tarifa']) {
      const row = page.locator(`[data-testid=comparison-row][data-item-id="${id}"]`);
      expect(await row.getByTestId('cell-energy').textContent()).toMatch(/^[\d.,]+ (k|M|G)?Wh$/);
      expect(await row.getByTestId('cell-yield').textContent()).toMatch(/^[\d.,]+ kWh\/kWp$/);
      expect(await row.getByTestId('cell-pr').textContent()).toMatch(id === 'es-tarifa' ? /^—$/ : /^[\d.,]+%$/);
    }
    await page.getByTestId('normalised-chart').locator('canvas').first().waitFor();
    expect(await page.getByTestId('chart-legend').getByRole('button').count()).toBe(4);
    expect(await page.getByTestId('comparison-summary').textContent()).toMatch(/^Highest specific yield: /);
  });

  it('reproduces a view from its link: chosen inverters over the chosen period', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    const devices = ['fr-occitanie.inv01', 'fr-occitanie.inv02', 'fr-occitanie.inv03', 'ir-yazd.inv05'];
    await page.goto(`${app.url}/dashboards/SolarComparison?compare=units&devices=${devices.join(',')}&period=30d`);
    const rows = page.getByTestId('comparison-row');
    await rows.nth(3).waitFor({ timeout: 30_000 });
    expect((await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id')))).sort()).toEqual(devices);
    expect(await page.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);
    expect(await page.getByTestId('dropped').count()).toBe(0);
    // Choosing another period changes the address with it.
    await page.getByText('7 days', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7d');
    expect(new URL(page.url()).searchParams.get('devices')).toBe(devices.join(','));
  });

  it('offers a client only its sites and their units, and refuses nothing it may read', async () => {
    const page = await app.openAt('client', comparisonOfWeek('fr-occitanie,ma-ouarzazate,es-tarifa'), {
      language: 'en',
    });
    await page.getByTestId('comparison-row').nth(1).waitFor({ timeout: 30_000 });
    expect((await page.getByTestId('site-chips').locator('label').allTextContents()).sort()).toEqual(CLIENT_SITES);
    expect(
      (
        await page.getByTestId('comparison-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id')))
      ).sort(),
    ).toEqual(['es-tarifa', 'fr-occitanie']);
    expect(await page.getByTestId('dropped').textContent()).toContain('1 item(s)');
    expect(await page.getByTestId('comparison-error').count()).toBe(0);

    await page.getByTestId('compare-mode').getByText('Inverters and turbines').click();
    // The first block of the first solar site, written into the address once the inverters are known.
    await expect
      .poll(() => new URL(page.url()).searchParams.get('devices'), { timeout: 30_000 })
      .toMatch(/^fr-occitanie\.inv01,/);
    expect(new URL(page.url()).searchParams.get('compare')).toBe('units');
    await page.locator('[data-testid=comparison-row][data-item-id="fr-occitanie.inv01"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('unit-picker').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(40 + 12);
    for (const name of await options.allTextContents()) expect(name).toMatch(/Occitanie Solar|Tarifa Wind/);
    expect(await page.getByTestId('comparison-error').count()).toBe(0);
  });

  it('is right to left in Persian, with no English left in the interface, and accessible', async () => {
    const page = await app.openAt('admin', comparisonOfWeek('fr-occitanie,ma-ouarzazate,ir-yazd'), { language: 'fa' });
    await page.getByTestId('comparison-row').nth(2).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const text = await interfaceText(page);
    for (const phrase of englishStrings()) expect(text, phrase).not.toContain(phrase);
    expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
    await expectAccessible(page, 'solar comparison, Persian, light');
  }, 120_000);
});
