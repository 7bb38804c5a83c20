// Type on a wall reads from 5 m: the main figure of every page a playlist may show (marked by the page
// with data-main-figure) is at least 4 % of the screen's height, at 1080p and at 4K, against a hub whose
// simulator runs (so every page has its figures; the alarm tests of kiosk.test.ts need it off).
import { itemPath, type PlaylistPage, playlistPageNames } from '@voltscope/shared/displays';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 1 }));

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

const SITES = ['fr-occitanie', 'es-tarifa'];

/** The wind overview shows a wind farm: its item names one; the other pages take the display's first site. */
const siteOf = (page: PlaylistPage): string | null => (page === 'overview-wind' ? 'es-tarifa' : null);
const itemOf = (page: PlaylistPage) => ({ page, siteId: siteOf(page), dwellSeconds: 600, language: null, theme: null });

/** A wall paired with a playlist of every page, paused on its first: the arrows step through them. */
async function wallOfEveryPage(viewport: { width: number; height: number }): Promise<Page> {
  const token = await app.token('admin');
  const response = await fetch(`${app.url}/api/displays`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Wall ${viewport.height}p`,
      siteIds: SITES,
      playlist: playlistPageNames.map(itemOf),
      language: 'en',
      theme: 'dark',
      sound: false,
    }),
  });
  expect(response.status).toBe(201);
  const { code } = (await response.json()) as { code: string };
  const page = await app.open({ viewport, colorScheme: 'dark', language: 'en' });
  await page.goto(`${app.url}/display?code=${encodeURIComponent(code)}`);
  await page.getByTestId('kiosk-bar').waitFor({ timeout: 30_000 });
  await page.keyboard.press('Space');
  await page.getByTestId('kiosk-paused').waitFor();
  return page;
}

/** The main figure's height (or its type's size, if larger) as a share of the screen's; 0 while there is none. */
const share = (page: Page) =>
  page.evaluate(() => {
    const figure = document.querySelector('[data-main-figure]');
    if (!figure || figure.getClientRects().length === 0) return 0;
    const height = figure.getBoundingClientRect().height;
    const font = Number.parseFloat(getComputedStyle(figure).fontSize);
    return Math.max(height, font) / window.innerHeight;
  });

/** Page by page (the arrows step through the paused playlist): each page's main figure's share. */
async function figureShares(page: Page): Promise<Record<string, number>> {
  const shares: Record<string, number> = {};
  for (const name of playlistPageNames) {
    await poll(() => pathOf(page)).toBe(itemPath(itemOf(name), SITES));
    // A page draws its figure once its data is in: waited for, then measured.
    let found = 0;
    for (let tries = 0; tries < 60 && found === 0; tries++) {
      found = await share(page);
      if (found === 0) await page.waitForTimeout(500);
    }
    shares[name] = found;
    await page.keyboard.press('ArrowRight');
  }
  return shares;
}

describe('wall display type size', () => {
  it.each([
    { screen: '1080p', viewport: { width: 1920, height: 1080 } },
    { screen: '4K', viewport: { width: 3840, height: 2160 } },
  ])(
    'shows the main figure of every playlist page at 4 per cent of the screen height or more at $screen',
    async ({ viewport }) => {
      const page = await wallOfEveryPage(viewport);
      const shares = await figureShares(page);
      expect(Object.keys(shares)).toEqual(playlistPageNames);
      const small = Object.entries(shares).filter(([, share]) => !(share >= 0.04));
      expect(small, JSON.stringify(shares)).toEqual([]);
      // Full bleed: the page fills the screen's width, with no scroll bar across it.
      const width = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(width.doc).toBeLessThanOrEqual(width.view);
    },
    300_000,
  );
});
