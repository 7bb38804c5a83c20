// The wind pages against a hub whose simulator runs with a day of history: every turbine of Tarifa live
// for an admin and for the client who owns it, a foreign site refused, a turbine's power curve and wind
// rose drawn from its history with its live values, and Persian right to left with nothing left in English.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 1 }));

/** Each turbine card's power as drawn (the raw value the card shows, in kW). */
const powers = (page: Page) =>
  page.getByTestId('turbine-power').evaluateAll((els) => els.map((el) => el.getAttribute('data-value') ?? ''));

/** Opens a turbine through the overview, as a user does (clicking its card). */
async function openTurbine(page: Page, index: number) {
  await page.goto(`${app.url}/overview/wind?site=es-tarifa`);
  const card = page.getByTestId('turbine-card').nth(index);
  await card.waitFor();
  await card.click();
  await page.getByTestId('live-values').waitFor();
}

/** The page has drawn its data (no skeleton, no loader) and its transitions have ended. */
async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root'));
  await page.waitForTimeout(220);
}

/** The visible text of the page's content with the names that come from the data (sites, turbines, model) taken out. */
async function textWithoutNames(page: Page): Promise<string> {
  const text = await page.locator('main').innerText();
  return (
    text
      .replace(/Tarifa Wind|WTG \d+|V112-3\.0 MW/g, '')
      // The farm's equipment as the fleet registry names it (data, as the turbines' names are).
      .replace(
        /Grid meter|Main breaker|Feeder breaker \d+|MV busbar 20 kV|Transformer \d+|Met mast|Camera \d+|Main gate|Substation door|Perimeter motion \d+/g,
        '',
      )
  );
}

describe('wind farm overview', () => {
  it('shows every turbine of Tarifa to an admin, with live power that changes', async () => {
    const page = await app.openAt('admin', '/overview/wind?site=es-tarifa', { language: 'en' });
    await expect.poll(() => page.getByTestId('turbine-card').count(), { timeout: 15_000 }).toBe(12);
    // Turbines turn by night too: every card shows a power now, live.
    await expect.poll(async () => (await powers(page)).filter((v) => v !== '').length, { timeout: 15_000 }).toBe(12);
    await expect
      .poll(() => page.getByTestId('turbine-card').evaluateAll((els) => els.map((el) => el.dataset.freshness)))
      .toEqual(new Array(12).fill('live'));
    const texts = await page.getByTestId('turbine-power').allTextContents();
    for (const text of texts) expect(text).toMatch(/^-?[\d.,]+ (kW|MW)$/);
    const before = (await powers(page)).join();
    await expect.poll(async () => (await powers(page)).join(), { timeout: 15_000, interval: 500 }).not.toBe(before);
    // The farm's figures from the hub.
    await expect
      .poll(() => page.getByTestId('kpi-power-value').textContent(), { timeout: 15_000 })
      .toMatch(/\d (kW|MW)$/);
    await expect.poll(() => page.getByTestId('kpi-availability-value').textContent()).toMatch(/%$/);
    expect(await page.getByTestId('bar-chart').getAttribute('data-bars')).toBe('12');
  });

  it('shows the client its own wind farm live, and refuses another site', async () => {
    const page = await app.openAt('client', '/overview/wind', { language: 'en' });
    // Tarifa is the client's only wind farm: chosen without asking.
    await expect.poll(() => page.getByTestId('turbine-card').count(), { timeout: 15_000 }).toBe(12);
    await expect.poll(async () => (await powers(page)).filter((v) => v !== '').length, { timeout: 15_000 }).toBe(12);
    const before = (await powers(page)).join();
    await expect.poll(async () => (await powers(page)).join(), { timeout: 15_000, interval: 500 }).not.toBe(before);
    await page.getByTestId('site-picker').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Tarifa Wind']);
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/overview/wind?site=ma-ouarzazate`);
    await page.getByTestId('foreign-site').waitFor();
    expect(await page.getByTestId('turbine-card').count()).toBe(0);
    expect(await page.getByTestId('kpi-power').count()).toBe(0);
  });
});

describe('turbine page', () => {
  it('draws the power curve and the wind rose from history, with the turbine’s live values', async () => {
    const page = await app.openSignedIn('admin', { language: 'en' });
    await openTurbine(page, 1);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/overview/wind/turbine/es-tarifa.wtg02');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('WTG 02');
    // A day of 15-minute history: bins of the curve and samples of the rose.
    await expect
      .poll(async () => Number(await page.getByTestId('power-curve').getAttribute('data-bins')), { timeout: 15_000 })
      .toBeGreaterThan(2);
    expect(Number(await page.getByTestId('wind-rose').getAttribute('data-samples'))).toBeGreaterThan(80);
    expect(await page.getByTestId('wind-rose').locator('path').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('wind-rose-summary').textContent()).toMatch(/^Prevailing wind from /);
    // Live values.
    await expect
      .poll(() => page.getByTestId('live-values').getAttribute('data-freshness'), { timeout: 15_000 })
      .toBe('live');
    expect(await page.getByTestId('live-power-value').textContent()).toMatch(/^-?[\d.,]+ (kW|MW)$/);
    expect(await page.getByTestId('live-wind-value').textContent()).toMatch(/^[\d.]+ m\/s$/);
    expect(await page.getByTestId('live-rotor-value').textContent()).toMatch(/^[\d.]+ rpm$/);
    expect(await page.getByTestId('live-yaw-value').textContent()).toMatch(/^[+-]?\d+°$/);
    expect(await page.getByTestId('live-nacelle-value').textContent()).toMatch(/^[\d.]+ °C$/);
    expect(await page.getByTestId('turbine-status').getAttribute('data-status')).toMatch(/^(running|idle|stopped)$/);
    await expect.poll(() => page.getByTestId('curve-now').textContent(), { timeout: 15_000 }).toMatch(/^Now /);
    await expect.poll(() => page.getByTestId('wind-rose-needle').count()).toBe(1);
    // Over the period: energy from the hub, capacity factor from it and the rating.
    await expect.poll(() => page.getByTestId('period-energy-value').textContent(), { timeout: 15_000 }).toMatch(/Wh$/);
    await expect.poll(() => page.getByTestId('capacity-factor-value').textContent()).toMatch(/^[\d.]+%$/);
    // The power curve follows the period picker.
    await page.getByTestId('period-picker').getByText('7 days').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7d');
    await expect.poll(() => page.getByTestId('period-energy').textContent()).toMatch(/Over 168 hours/);
  });

  it('tells a client of a turbine on a site not theirs only that there is no such turbine', async () => {
    const page = await app.openAt('client', '/overview/wind', { language: 'en' });
    await page.getByTestId('turbine-card').first().waitFor();
    // Through the app's router: the hub takes a path with a dot for a file (see the report).
    await page.evaluate(() => {
      history.pushState({}, '', '/overview/wind/turbine/ma-ouarzazate.inv01');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.getByTestId('turbine-error').textContent()).toMatch(/There is no such turbine/);
  });
});

describe('wind pages in Persian', () => {
  it('are right to left, with every word translated and the compass unmirrored', async () => {
    const page = await app.openAt('admin', '/overview/wind?site=es-tarifa', { language: 'fa', colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByTestId('turbine-card').count(), { timeout: 15_000 }).toBe(12);
    await expect.poll(async () => (await powers(page)).filter((v) => v !== '').length, { timeout: 15_000 }).toBe(12);
    await expect
      .poll(() => page.getByTestId('kpi-power-value').textContent(), { timeout: 15_000 })
      .toMatch(/مگاوات|کیلووات/);
    expect(await textWithoutNames(page)).not.toMatch(/[A-Za-z]/);
    // Persian digits in the figures.
    expect(await page.getByTestId('turbine-power').first().textContent()).toMatch(/^[۰-۹٫٬−-]+ (کیلووات|مگاوات)$/);

    await page.getByTestId('turbine-card').first().click();
    await page.getByTestId('live-values').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('power-curve').getAttribute('data-bins')), { timeout: 15_000 })
      .toBeGreaterThan(2);
    await expect
      .poll(() => page.getByTestId('live-values').getAttribute('data-freshness'), { timeout: 15_000 })
      .toBe('live');
    await expect
      .poll(() => page.getByTestId('period-energy-value').textContent(), { timeout: 15_000 })
      .toMatch(/ساعت$/);
    expect(await textWithoutNames(page)).not.toMatch(/[A-Za-z]/);
    // A compass keeps east on the right in right-to-left pages.
    const rose = page.getByTestId('wind-rose');
    const east = await rose.getByText('شرق', { exact: true }).boundingBox();
    const west = await rose.getByText('غرب', { exact: true }).boundingBox();
    expect(east && west && east.x > west.x).toBe(true);
  });
});

describe('wind pages for everyone', () => {
  it.each([
    ['fa', 'light'],
    ['en', 'dark'],
  ] as const)(
    'pass axe-core with live data in %s, %s theme',
    async (language, colorScheme) => {
      const page = await app.openAt('admin', '/overview/wind?site=es-tarifa', { language, colorScheme });
      await expect.poll(() => powers(page).then((p) => p.filter((v) => v !== '').length), { timeout: 15_000 }).toBe(12);
      await settle(page);
      await expectAccessible(page, `${language} ${colorScheme} overview`);
      await page.getByTestId('turbine-card').nth(2).click();
      await page.getByTestId('live-values').waitFor();
      await settle(page);
      await expectAccessible(page, `${language} ${colorScheme} turbine`);
      // Two full axe-core runs of busy pages: slower than the suite's default on a loaded machine.
    },
    120_000,
  );

  it('fit a phone: nothing scrolls sideways at 360 px', async () => {
    const page = await app.openSignedIn('admin', { language: 'fa', viewport: { width: 360, height: 740 } });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${app.url}/overview/wind?site=es-tarifa`);
    await expect.poll(() => page.getByTestId('turbine-card').count(), { timeout: 15_000 }).toBe(12);
    await settle(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByTestId('turbine-card').first().click();
    await page.getByTestId('live-values').waitFor();
    await settle(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
