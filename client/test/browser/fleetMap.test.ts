// The solar dashboard's fleet map against a real hub whose simulator is off: what the map shows comes from
// samples the test ingests. A marker per site the user may read, its live power beside it and in its
// accessible name, grey until an alarm colours it, a link to the site's overview by click and by Enter,
// and Persian right to left without mirroring the geography or overflowing sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, setupBrowser } from './harness.ts';

const app = setupBrowser();

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

const markers = (page: Page) => page.getByTestId('map-marker');
const marker = (page: Page, siteId: string) => page.locator(`[data-testid=map-marker][data-site-id="${siteId}"]`);
const markerNames = async (page: Page) => (await markers(page).getByTestId('map-marker-name').allTextContents()).sort();

async function openMap(who: 'admin' | 'client', options: Parameters<typeof app.openAt>[2] = {}) {
  const page = await app.openAt(who, '/dashboards/solar', { language: 'en', ...options });
  await markers(page).first().waitFor();
  return page;
}

describe('the fleet map', () => {
  it('shows a marker for each site the user may read, and only those', async () => {
    const admin = await openMap('admin');
    await poll(() => markerNames(admin)).toEqual(['Occitanie Solar', 'Ouarzazate PV', 'Tarifa Wind', 'Yazd Solar']);
    expect(await admin.getByTestId('fleet-map-outline').locator('path').count()).toBe(2);
    await admin.close();

    const client = await openMap('client');
    await poll(() => markerNames(client)).toEqual(['Occitanie Solar', 'Tarifa Wind']);
    await client.close();
  });

  it("writes a site's live power beside its marker and in its name, and opens its overview", async () => {
    const page = await openMap('admin');
    const tarifa = marker(page, 'es-tarifa');
    await app.ingest([{ series: 'es-tarifa.meter/active_power', ts: Date.now(), value: 12_340 }]);
    await poll(() => tarifa.getByTestId('map-marker-power').textContent()).toBe('12.3 MW');
    // Nothing else reports (no simulator): the site's communication is lost, and the marker says so.
    await poll(() => tarifa.getAttribute('aria-label')).toBe('Tarifa Wind, 12.3 MW, Communication lost');
    expect(await tarifa.getAttribute('data-comm')).toBe('lost');

    // A newer sample replaces it in place, without reloading the page.
    await app.ingest([{ series: 'es-tarifa.meter/active_power', ts: Date.now(), value: 8_000 }]);
    await poll(() => tarifa.getByTestId('map-marker-power').textContent()).toBe('8 MW');
    await page.getByRole('link', { name: 'Tarifa Wind, 8 MW, Communication lost' }).waitFor();

    await tarifa.focus();
    await page.keyboard.press('Enter');
    await poll(() => pathOf(page)).toBe('/overview/wind?site=es-tarifa');

    await page.goBack();
    await marker(page, 'fr-occitanie').click();
    await poll(() => pathOf(page)).toBe('/overview/solar?site=fr-occitanie');
  });

  it('keeps markers grey until an alarm colours its site', async () => {
    const page = await openMap('admin');
    const dotColour = (siteId: string) =>
      marker(page, siteId)
        .getByTestId('map-marker-dot')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    for (const id of ['fr-occitanie', 'ma-ouarzazate', 'es-tarifa', 'ir-yazd']) {
      expect(await marker(page, id).getAttribute('data-worst')).toBe('none');
      const [r, g, b] = ((await dotColour(id)).match(/\d+/g) ?? []).map(Number) as [number, number, number];
      expect(Math.max(r, g, b) - Math.min(r, g, b), `${id} is grey`).toBeLessThanOrEqual(24);
    }

    // Ouarzazate's main breaker opens and stays open past its 2 s delay: a critical alarm.
    const t0 = Date.now() - 3000;
    await app.ingest([
      { series: 'ma-ouarzazate.brk-main/position', ts: t0, value: 0 },
      { series: 'ma-ouarzazate.brk-main/position', ts: t0 + 3000, value: 0 },
    ]);
    const ouarzazate = marker(page, 'ma-ouarzazate');
    await poll(() => ouarzazate.getAttribute('data-worst')).toBe('critical');
    const fill = await ouarzazate
      .locator('svg[data-priority=critical] path')
      .evaluate((el) => getComputedStyle(el).fill);
    const [r, g, b] = (fill.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    expect(r - Math.max(g, b), 'the critical priority is red').toBeGreaterThan(80);
    expect(await ouarzazate.getAttribute('aria-label')).toMatch(/^Ouarzazate PV, .+, Worst active alarm: Critical, /);
    expect(await marker(page, 'fr-occitanie').getAttribute('data-worst')).toBe('none');
  });

  it('reads right to left in Persian, the map unmirrored and nothing overflowing sideways', async () => {
    for (const width of [1280, 400]) {
      const page = await openMap('admin', { language: 'fa', viewport: { width, height: 900 } });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await poll(() => markers(page).count()).toBe(4);
      await app.ingest([{ series: 'ir-yazd.meter/active_power', ts: Date.now(), value: 2_450 }]);
      // In Persian words and digits, the site's name kept as it is written.
      await poll(() => marker(page, 'ir-yazd').getAttribute('aria-label')).toBe(
        'Yazd Solar، ۲٫۴۵ مگاوات، ارتباط قطع است',
      );

      // Geography does not mirror: Morocco stays west of Iran.
      const ouarzazate = await marker(page, 'ma-ouarzazate').getByTestId('map-marker-dot').boundingBox();
      const yazd = await marker(page, 'ir-yazd').getByTestId('map-marker-dot').boundingBox();
      expect(ouarzazate && yazd && ouarzazate.x < yazd.x).toBe(true);

      const overflow = await page.evaluate(() => {
        const frame = document.querySelector('[data-testid=fleet-map]')?.getBoundingClientRect();
        const labels = [...document.querySelectorAll('[data-testid=map-marker] [data-map-label]')].map((l) =>
          l.getBoundingClientRect(),
        );
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          labelsOutside: labels.filter((l) => !frame || l.left < frame.left - 1 || l.right > frame.right + 1).length,
        };
      });
      expect(overflow, `at ${width} px`).toEqual({ page: 0, labelsOutside: 0 });
      await page.close();
    }
  });
});
