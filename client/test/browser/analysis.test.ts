// The analysis history against a hub whose simulator filled three days of 15-minute history, its daily
// KPIs computed (POST /api/analysis/recompute) and a few alarms raised on purpose: daily rows with
// energy, PR and availability for an admin, only their own sites for a client, per-generator rows, the
// alarm system's health with the chattering point and a link to its alarm history, the CSV export, the
// explained empty state, and Persian right to left with no English left in the interface.
import { readFile } from 'node:fs/promises';
import type { DailyKpis } from '@voltscope/shared/kpis';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import analysisMessages from '../../src/i18n/locales/en/analysis.json' with { type: 'json' };
import { type demo, englishPhrases, expectAccessible, setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 3, faultRate: 5 }));

const ALL_SITES = ['Occitanie Solar', 'Ouarzazate PV', 'Tarifa Wind', 'Yazd Solar'];
const CLIENT_SITES = ['Occitanie Solar', 'Tarifa Wind'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bearer token; sign-ins may meet a busy store while the history is filled, so they are retried. */
async function token(who: keyof typeof demo): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const response = await app.login(who);
    if (response.status === 201) return ((await response.json()) as { accessToken: string }).accessToken;
    if (attempt > 20) throw new Error(`sign-in of ${who}: ${response.status}`);
    await sleep(500);
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** kWh of a figure as the table writes it in English: "29.5 MWh", "980 kWh", "1.2 GWh". */
function kwh(text: string): number {
  const match = /^([\d.,]+) (kWh|MWh|GWh)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const unit = { kWh: 1, MWh: 1e3, GWh: 1e6 }[match[2] as 'kWh' | 'MWh' | 'GWh'];
  return Number((match[1] as string).replace(/,/g, '')) * unit;
}

/** The cells of each row of the KPI table, by column. */
async function tableRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('kpi-row')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)));
}

beforeAll(async () => {
  const admin = await token('admin');
  // Turbine 03 chatters (three trips within a minute); turbine 05 trips once. Stamped just ahead of the
  // simulator, which feeds the same series every second: a sample older than the newest one evaluated
  // comes late and raises nothing (the hub takes timestamps up to five minutes ahead).
  const t = Date.now() + 2_000;
  const chatter = [301, 0, 301, 0, 301].map((value, i) => ({
    series: 'es-tarifa.wtg03/fault_code',
    ts: t + i * 2_000,
    value,
  }));
  await app.ingest([...chatter, { series: 'es-tarifa.wtg05/fault_code', ts: t, value: 301 }]);
  // Once they are all in the past, they count in a period that ends now.
  await sleep(t + 10_000 - Date.now());
  // The history fills in the background: compute until yesterday has figures for every site.
  for (let i = 0; ; i++) {
    await fetch(`${app.url}/api/analysis/recompute`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
    const rows = (await (
      await fetch(`${app.url}/api/analysis/daily?from=${day(-2)}&to=${day(-1)}`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as DailyKpis[];
    if (rows.filter((r) => r.day === day(-1) && r.energyKwh !== null).length === 4) break;
    if (i > 40) throw new Error('no daily figures');
    await sleep(1000);
  }
}, 90_000);

describe('analysis history: plant performance', () => {
  it('shows an admin every site day by day, with energy, PR and availability, totals and charts', async () => {
    const page = await app.openAt('admin', '/analysis/history', { language: 'en' });
    const rows = page.getByTestId('kpi-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(8);
    const cells = await tableRows(page);
    expect(new Set(cells.map((c) => c[1]))).toEqual(new Set(ALL_SITES));
    const occitanie = cells.find((c) => c[1] === 'Occitanie Solar' && kwh(c[2] ?? '') > 1000);
    expect(occitanie, 'a day of Occitanie with energy').toBeDefined();
    // Energy, expected energy, PR and availability of a solar day, in readable units.
    expect(occitanie?.[3]).toMatch(/ (kWh|MWh)$/);
    expect(occitanie?.[6]).toMatch(/^\d+(\.\d)?%$/);
    expect(occitanie?.[8]).toMatch(/^\d+(\.\d)?%$/);
    // Wind has no performance ratio: a dash, not a zero.
    expect(cells.find((c) => c[1] === 'Tarifa Wind' && kwh(c[2] ?? '') > 0)?.[6]).toBe('—');
    expect(await page.getByTestId('so-far').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tile-energy-value').innerText()).toMatch(/ (MWh|GWh)$/);
    expect(await page.getByTestId('tile-pr-value').innerText()).toMatch(/%$/);
    expect(await page.getByTestId('kpi-totals').innerText()).toMatch(/Period \(\d+ rows\)/);
    await expect.poll(() => page.getByTestId('energy-chart').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('energy-chart').getByRole('img').getAttribute('aria-label')).toBe(
      'Energy per day, against expected',
    );
    expect(await page.getByTestId('energy-summary').innerText()).toMatch(/made against .* expected/);
    expect(await page.getByTestId('computed-at').innerText()).toMatch(/^Computed /);

    // Sorting by energy puts the biggest day first, and says so.
    await page.getByTestId('sort-energy').click();
    const sorted = (await tableRows(page)).map((c) => kwh(c[2] ?? '')).filter((v) => !Number.isNaN(v));
    expect(sorted.slice(0, 5)).toEqual([...sorted.slice(0, 5)].sort((a, b) => b - a));
    expect(await page.locator('th[aria-sort="descending"]').innerText()).toMatch(/^Energy/);
    await expectAccessible(page, 'analysis history, admin, English, light', 'main');
  }, 120_000);

  it('gives one row per turbine of a site, with the period kept in the address', async () => {
    const page = await app.openAt('admin', '/analysis/history?sites=es-tarifa&by=generator&period=30d', {
      language: 'en',
    });
    await expect.poll(() => page.getByTestId('kpi-row').count(), { timeout: 15_000 }).toBeGreaterThan(12);
    const names = new Set((await tableRows(page)).map((c) => c[1]));
    expect(names.size).toBe(12);
    expect([...names].every((n) => /^WTG \d+$/.test(n ?? ''))).toBe(true);
    expect(await page.getByTestId('filter-period').locator('input:checked').getAttribute('value')).toBe('30d');
    // Back to sites: the address says so.
    await page.getByTestId('filter-breakdown').getByText('Per site').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('by')).toBeNull();
  });

  it('shows a client only its own sites', async () => {
    const page = await app.openAt('client', '/analysis/history', { language: 'en' });
    await expect.poll(() => page.getByTestId('kpi-row').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    expect(new Set((await tableRows(page)).map((c) => c[1]))).toEqual(new Set(CLIENT_SITES));
    await page.getByTestId('filter-sites').click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    expect((await options.allTextContents()).sort()).toEqual(CLIENT_SITES);
    // No recomputing for a client, and an alarm health of its own sites.
    expect(await page.getByTestId('recompute').count()).toBe(0);
    await page.keyboard.press('Escape');
    const devices = await page.getByTestId('top-row').locator('td:nth-child(4)').allInnerTexts();
    for (const cell of devices) expect(cell).toMatch(/Occitanie Solar|Tarifa Wind/);
  });

  it('downloads the daily KPIs shown as CSV', async () => {
    const page = await app.openAt('admin', '/analysis/history?sites=fr-occitanie', { language: 'en' });
    await expect.poll(() => page.getByTestId('kpi-row').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    expect(download.suggestedFilename()).toBe('voltscope-daily-kpis.csv');
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'day,site,device,energy_kwh,expected_kwh,specific_yield,performance_ratio,insolation_kwh_m2,availability,capacity_factor',
    );
    expect(lines.length - 1).toBe(await page.getByTestId('kpi-row').count());
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'fr-occitanie')).toBe(true);
  });

  it('explains an empty period instead of showing zeros', async () => {
    const page = await app.openAt('operator', '/analysis/history?period=2020-01-01..2020-01-07', { language: 'en' });
    const empty = page.getByTestId('daily-empty');
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.innerText()).toMatch(/No data for this period[\s\S]*every 15 minutes/);
    expect(await page.getByTestId('kpi-table').count()).toBe(0);
    expect(await page.getByTestId('csv-export').isDisabled()).toBe(true);
  });
});

describe('analysis history: alarm system health', () => {
  it('renders the rate against its targets, the most frequent and the chattering points, linked to their history', async () => {
    const page = await app.openAt('admin', '/analysis/history?sites=es-tarifa', { language: 'en' });
    const health = page.getByTestId('alarm-health');
    await health.getByTestId('health-chart').waitFor({ timeout: 15_000 });
    expect(Number(await page.getByTestId('health-total-value').innerText())).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('rate-level').innerText()).toMatch(/Manageable|Over target|Flood level/);
    expect(await page.getByTestId('health-chart').innerText()).toMatch(/Manageable: about 1 per 10 minutes/);
    expect(await page.getByTestId('health-summary').innerText()).toMatch(/^Alarms raised: \d+/);
    const top = await page.getByTestId('top-row').allInnerTexts();
    expect(top.some((row) => row.includes('WTG 03'))).toBe(true);
    const chatter = page.getByTestId('chattering-row');
    expect(await chatter.count()).toBe(1);
    expect(await chatter.locator('td').nth(2).innerText()).toMatch(/^WTG 03\s+Tarifa Wind$/);
    expect(await chatter.locator('td').nth(3).innerText()).toBe('3');
    const link = new URL((await chatter.getByTestId('history-link').getAttribute('href')) ?? '', app.url);
    expect(link.pathname).toBe('/alarm/history');
    expect(link.searchParams.get('devices')).toBe('es-tarifa.wtg03');
    expect(link.searchParams.get('period')).toBe('custom');
    await expectAccessible(page, 'analysis history, alarm health', 'main');
  }, 120_000);
});

/** Every English string of this page's interface, without its placeholders. */
const englishStrings = () => englishPhrases(analysisMessages, 4);

describe('analysis history in Persian', () => {
  it('is right to left, in Persian digits and calendar, with no English left', async () => {
    const page = await app.openAt('admin', '/analysis/history?sites=fr-occitanie,es-tarifa', {
      language: 'fa',
      colorScheme: 'dark',
    });
    await expect.poll(() => page.getByTestId('kpi-row').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    await page.getByTestId('health-chart').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('tile-energy-value').innerText()).toMatch(
      /^[۰-۹٫٬]+ (کیلووات‌ساعت|مگاوات‌ساعت|گیگاوات‌ساعت)$/,
    );
    // The names of sites and devices are data, not interface: they stay as the fleet names them.
    const admin = await token('admin');
    const get = async <T>(path: string) =>
      (await (await fetch(app.url + path, { headers: { authorization: `Bearer ${admin}` } })).json()) as T;
    const sites = await get<{ id: string; name: string }[]>('/api/sites');
    const names = [...sites.map((s) => s.name)];
    for (const site of sites)
      names.push(...(await get<{ name: string }[]>(`/api/sites/${site.id}/devices`)).map((d) => d.name));
    let text = await page.locator('main').innerText();
    for (const name of names.sort((a, b) => b.length - a.length)) text = text.split(name).join('');
    for (const phrase of englishStrings()) expect(text, phrase).not.toContain(phrase);
    const latin = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['CSV', 'ISA', 'EEMUA', 'IEC'].includes(w));
    expect(latin).toEqual([]);
    await expectAccessible(page, 'analysis history, Persian, dark', 'main');
  }, 120_000);
});
