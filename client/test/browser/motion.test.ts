// The motion trace page against a real hub whose simulator runs, with a day of simulated tracks behind it:
// opened from the menu, the plan shows its cameras, sensors and doors; the day's tracks are drawn and
// listed; playback moves a track's marker over the plan; a track's detail opens from the list; in Persian
// and the dark theme the page's chrome is right to left with every word translated, and accessible.
// Screenshots in /work/shots/motion-*.png (MOTION_SHOTS sets another folder; empty: none).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/motion.json' with { type: 'json' };
import { englishPhrases, expectAccessible, setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 1 }));
const SITE = 'fr-occitanie';
const shots = process.env.MOTION_SHOTS ?? '/work/shots';
if (shots) mkdirSync(shots, { recursive: true });
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

/** Opens the menu group holding the entry and follows it, as a user does. */
async function follow(page: Page, link: string) {
  const groups = page.getByTestId('horizontal-nav').getByRole('menuitem');
  await groups.first().waitFor();
  for (let i = 0; i < (await groups.count()); i++) {
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await groups.nth(i).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem').first().waitFor();
    const entry = menu.locator(`a[href="${link}"]`);
    if ((await entry.count()) === 1) return entry.click();
  }
  throw new Error(`no menu entry ${link}`);
}

const markerOf = (page: Page, id: string) => page.locator(`g[data-track="${id}"] [data-testid=motion-marker]`);

describe('motion trace', () => {
  it('shows the plan from the menu, draws the day’s tracks, and plays one back', async () => {
    const page = await app.openInShell('operator', '/', { language: 'en' });
    await follow(page, '/motion/trace');
    await poll(() => new URL(page.url()).pathname).toBe('/motion/trace');
    const plan = page.getByTestId('motion-plan');
    await poll(() => plan.locator('[data-testid=motion-device]').count()).toBe(6);
    for (const type of ['camera', 'motion_sensor', 'door_reader']) {
      expect(await plan.locator(`[data-type=${type}]`).count(), type).toBe(2);
    }
    expect((await plan.locator('[data-testid=motion-zone] text').allTextContents()).slice(0, 2)).toEqual([
      'North fence',
      'Gate',
    ]);
    // The picture: the generated SVG through <img>, fetched with the session's token.
    await poll(() =>
      plan.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);

    // The last 24 hours: the history's tracks drawn with their points and listed.
    await poll(() => plan.locator('[data-testid=motion-track]').count()).toBeGreaterThan(0);
    const rows = page.getByTestId('motion-row');
    expect(await rows.count()).toBe(await plan.locator('[data-testid=motion-track]').count());
    const id = (await plan.locator('[data-testid=motion-track]').first().getAttribute('data-track')) as string;
    const points = await plan.locator(`g[data-track="${id}"] polyline`).getAttribute('points');
    expect(points?.split(' ').length).toBeGreaterThan(5);

    // Hovering a row highlights its track; clicking it goes to its start and opens its detail.
    const row = rows.last();
    await row.hover();
    await poll(() => row.getAttribute('data-active')).toBe('true');
    await row.click();
    const detail = page.getByRole('dialog');
    await poll(() => detail.textContent()).toMatch(/Motion sensor.*Camera/s);
    await page.screenshot({ path: `${shots}/motion-en-light-detail.png` });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Playback at 60×: the first track's marker shows at its start and moves along it.
    // (The oldest row, last in the list, is the first track drawn.)
    const first = id;
    await page.getByTestId('motion-speed').getByText('60×').click();
    const marker = markerOf(page, first);
    await poll(() => marker.getAttribute('visibility')).toBe('visible');
    const before = `${await marker.getAttribute('cx')},${await marker.getAttribute('cy')}`;
    const timeBefore = await page.getByTestId('motion-time').textContent();
    await page.getByTestId('motion-play').click();
    await poll(async () => `${await marker.getAttribute('cx')},${await marker.getAttribute('cy')}`, 10_000).not.toBe(
      before,
    );
    await poll(() => page.getByTestId('motion-time').textContent()).not.toBe(timeBefore);
    await page.getByTestId('motion-play').click();
    await expectAccessible(page, 'motion trace, English');
    await page.screenshot({ path: `${shots}/motion-en-light.png`, fullPage: true });
  });

  it('is right to left in Persian and dark, every word translated, the plan not mirrored', async () => {
    const page = await app.openInShell('client', `/motion/trace?site=${SITE}`, {
      language: 'fa',
      colorScheme: 'dark',
      cookies: { theme: 'dark' },
    });
    const plan = page.getByTestId('motion-plan');
    await poll(() => plan.locator('[data-testid=motion-device]').count()).toBe(6);
    await poll(() => plan.locator('[data-testid=motion-track]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await plan.getAttribute('dir')).toBe('ltr');
    expect(await page.getByRole('heading', { name: 'ردیابی حرکت' }).count()).toBe(1);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const phrase of englishPhrases(en, 4)) expect(text, phrase).not.toContain(phrase);
    expect(text).not.toMatch(/North fence|Inverter yard|Person|Vehicle/);
    await expectAccessible(page, 'motion trace, Persian dark');
    await page.screenshot({ path: `${shots}/motion-fa-dark.png`, fullPage: true });
    await page.getByTestId('motion-row').first().click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `${shots}/motion-fa-dark-detail.png` });
  });
});
