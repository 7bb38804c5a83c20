// The CCTV monitor against a real hub with its simulated cameras: an admin opens it from the menu and sees
// moving pictures (a tile's pixels read twice differ), switches between 1, 4, 9 and 16 tiles (all 16
// live over the page's one socket: the last tile's pixels move too), saves a
// layout, finds it listed and reopens it, goes full screen on a tile and back; the Persian dark page is
// right to left, in Persian, and accessible; a client sees only its own sites' cameras.
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import cctvMessages from '../../src/i18n/locales/en/cctv.json' with { type: 'json' };
import { englishPhrases, expectAccessible, pathOf, setupBrowser } from './harness.ts';
import { FULL_HD, item, wallTools } from './kioskTools.ts';

const app = setupBrowser();
const shots = '/work/shots';
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

async function get<T>(who: 'admin' | 'client', path: string): Promise<T> {
  const token = await app.token(who);
  return (await (await fetch(app.url + path, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
}

/** Eight more cameras on a site neither the client nor the wall display sees: sixteen for the admin's 4×4. */
async function addCameras() {
  const token = await app.token('admin');
  const theirs = new Set([...(await get<{ id: string }[]>('client', '/api/sites')).map((s) => s.id)]);
  for (const id of ['fr-occitanie', 'es-tarifa']) theirs.add(id);
  const site = (await get<{ id: string }[]>('admin', '/api/sites')).find((s) => !theirs.has(s.id));
  for (let n = 11; n <= 18; n++) {
    const response = await fetch(`${app.url}/api/sites/${site?.id}/devices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: `cam${n}`,
        type: 'camera',
        name: `Camera ${n}`,
        protocol: 'rtsp',
        address: 'rtsp://10.0.0.9/s',
      }),
    });
    expect(response.status).toBe(201);
  }
}

/** What the tile's picture (a canvas) shows now, drawn small. */
const pixelsOf = (page: Page, index: number) =>
  page
    .getByTestId('cctv-picture')
    .nth(index)
    .evaluate((img: HTMLCanvasElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 90;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(img, 0, 0, 160, 90);
      return Array.from(context.getImageData(0, 0, 160, 90).data).join(',');
    });

/** Opens the menu group holding `link` and clicks its entry, as a user does. */
async function follow(page: Page, link: string) {
  const groups = page.getByTestId('horizontal-nav').getByRole('menuitem');
  await groups.first().waitFor();
  for (let i = 0; i < (await groups.count()); i++) {
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await poll(() => page.getByRole('menu').count(), 10_000).toBe(0);
    await groups.nth(i).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem').first().waitFor();
    const entry = menu.locator(`a[href="${link}"]`);
    if ((await entry.count()) === 1) return entry.click();
  }
  throw new Error(`no menu entry ${link}`);
}

const tiles = (page: Page) => page.getByTestId('cctv-tile');

describe('the CCTV monitor', () => {
  it('shows moving cameras from the menu, in 1/4/9/16 tiles, saves and reopens a layout, and goes full screen', async () => {
    await addCameras();
    const page = await app.openInShell('admin', '/access-control', { language: 'en' });
    // Pictures come over the page's one socket: no tile opens a stream or asks a snapshot over HTTP.
    const pictureRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/cameras\/[^/]+\/(stream\.mjpg|snapshot\.jpg)/.test(request.url()))
        pictureRequests.push(request.url());
    });
    await follow(page, '/cctv/monitor');
    await poll(() => pathOf(page)).toBe('/cctv/monitor');
    await page.getByTestId('cctv-grid').waitFor();
    const first = tiles(page).first();
    await poll(() => first.getAttribute('data-state')).toBe('live');
    await poll(() => first.getByTestId('cctv-tile-state').textContent()).toBe('Live');
    // Moving pictures: the same tile read twice, a few frames apart, differs.
    const before = await pixelsOf(page, 0);
    await poll(async () => (await pixelsOf(page, 0)) !== before, 10_000).toBe(true);
    await page.screenshot({ path: `${shots}/cctv-en-light.png` });

    for (const size of [4, 16, 1, 9, 4]) {
      await page.getByTestId('cctv-size').getByText(String(size), { exact: true }).click();
      await poll(() => tiles(page).count()).toBe(size);
      if (size !== 16) continue;
      // Every tile of a 4×4 wall is live, the last one's picture moving as the first's does.
      await poll(() => tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-state')))).toEqual(
        Array(16).fill('live'),
      );
      const last = await pixelsOf(page, 15);
      await poll(async () => (await pixelsOf(page, 15)) !== last, 10_000).toBe(true);
      await page.screenshot({ path: `${shots}/camsock-16.png`, fullPage: true });
    }
    expect(pictureRequests).toEqual([]);
    const shown = await tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-camera')));
    expect(shown.every((id) => id !== null)).toBe(true);

    // Saved, listed, reopened (a fresh page at the grid's default, then the layout chosen in the list).
    await page.getByTestId('cctv-save-as').click();
    await page.getByTestId('cctv-layout-name').fill('Gate watch');
    await page.getByTestId('cctv-layout-submit').click();
    await poll(() => new URL(page.url()).searchParams.get('layout')).toBe('Gate watch');
    const listed = await get<{ name: string; size: number; cells: string[] }[]>('admin', '/api/cctv/layouts');
    expect(listed).toMatchObject([{ name: 'Gate watch', size: 4, cells: shown }]);
    await page.goto(`${app.url}/cctv/monitor?site=${shown[0]?.split('.')[0]}`);
    await page.getByTestId('cctv-grid').waitFor();
    await page.getByTestId('cctv-layout').click();
    await page.getByRole('option', { name: 'Gate watch' }).click();
    await poll(() => tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-camera')))).toEqual(shown);

    // Full screen on a tile (double-click), and back with Escape; then with Enter on a focused tile.
    await tiles(page).nth(1).dblclick();
    await poll(() => tiles(page).nth(1).getAttribute('data-full')).toBe('true');
    const box = await tiles(page).nth(1).boundingBox();
    expect(box?.width).toBeGreaterThan(1200);
    await page.keyboard.press('Escape');
    await poll(() => tiles(page).nth(1).getAttribute('data-full')).toBeNull();
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    await tiles(page).nth(2).focus();
    await page.keyboard.press('Enter');
    await poll(() => tiles(page).nth(2).getAttribute('data-full')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => page.locator('[data-full]').count()).toBe(0);
    await page.close(); // its streams end: the hub stops drawing for it
  }, 60_000);

  it('is right to left in Persian and dark, with no English words, and accessible', async () => {
    const page = await app.openInShell('admin', '/cctv/monitor', { language: 'fa', colorScheme: 'dark' });
    await page.getByTestId('cctv-grid').waitFor();
    await poll(() => tiles(page).last().getAttribute('data-state')).toBe('live');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Sites' and cameras' names are data; what is left of the page has no English phrase of the monitor's,
    // nor any Latin word (Enter and Esc are keys).
    const text = await page.locator('main').innerText();
    const sites = await get<{ name: string }[]>('admin', '/api/sites');
    const cameras = (await get<{ cameras: { name: string }[] }>('admin', '/api/cameras')).cameras;
    let rest = text;
    for (const name of [...sites, ...cameras].map((x) => x.name).sort((a, b) => b.length - a.length)) {
      rest = rest.split(name).join('');
    }
    for (const phrase of englishPhrases(cctvMessages, 4)) expect(rest, phrase).not.toContain(phrase);
    expect((rest.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['Enter', 'Esc'].includes(w))).toEqual([]);
    await expectAccessible(page, 'CCTV monitor, Persian, dark', 'main');
    await page.getByTestId('cctv-size').locator('label').last().click(); // ۱۶
    await poll(() => tiles(page).last().getAttribute('data-state')).toBe('live');
    await poll(() => tiles(page).count()).toBe(16);
    await page.screenshot({ path: `${shots}/camsock-16-fa-dark.png`, fullPage: true });
    await page.close();
  }, 60_000);

  it("shows a client only its own sites' cameras, live again after the connection drops", async () => {
    const mine = new Set((await get<{ id: string }[]>('client', '/api/sites')).map((s) => s.id));
    const page = await app.openInShell('client', '/cctv/monitor', { language: 'en' });
    await page.getByTestId('cctv-grid').waitFor();
    await poll(() => tiles(page).first().getAttribute('data-state')).toBe('live');
    const shown = await tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-camera')));
    const cameras = shown.filter((id): id is string => id !== null);
    expect(cameras.length).toBe(2 * mine.size);
    for (const id of cameras) expect(mine.has(id.split('.')[0] as string), id).toBe(true);
    await page.getByTestId('cctv-choose').first().click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.length).toBe(cameras.length);

    // The connection drops: the page reconnects and asks for its cameras again, and the pictures move on.
    await page.keyboard.press('Escape');
    let link: WebSocketRoute | null = null;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      link = ws;
      ws.connectToServer();
    });
    await page.reload();
    await poll(() => tiles(page).last().getAttribute('data-state')).toBe('live');
    await poll(() => link !== null).toBe(true);
    await (link as WebSocketRoute | null)?.close();
    const frozen = await pixelsOf(page, cameras.length - 1);
    await poll(async () => (await pixelsOf(page, cameras.length - 1)) !== frozen, 15_000).toBe(true);
    await page.close();
  }, 60_000);

  it('fills a wall display with the grid, without controls', async () => {
    const walls = wallTools(app);
    const { code } = await walls.register([item('cctv-monitor', { dwellSeconds: 300 })]);
    const page = await walls.pairByTyping(code);
    await page.getByTestId('cctv-grid').waitFor({ timeout: 30_000 });
    await poll(() => tiles(page).count()).toBe(4); // the display's two sites, two cameras each
    await poll(() => tiles(page).first().getAttribute('data-state')).toBe('live');
    for (const control of ['cctv-choose', 'cctv-pin', 'cctv-full', 'cctv-site', 'cctv-save-as']) {
      expect(await page.getByTestId(control).count(), control).toBe(0);
    }
    const grid = await page.getByTestId('cctv-grid').boundingBox();
    expect(grid?.height ?? 0).toBeGreaterThan(FULL_HD.height * 0.7);
    await page.screenshot({ path: `${shots}/cctv-kiosk.png` });
    await page.close();
  }, 60_000);
});
