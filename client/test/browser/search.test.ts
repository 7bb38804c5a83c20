import { describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();

const activeOption = () => {
  const input = document.querySelector('[data-testid=search-input]');
  const id = input?.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('the search', () => {
  it('opens on Ctrl+K, finds a page by its title and goes there with the keyboard', async () => {
    const page = await app.openInShell('admin', '/dashboards/solar', { language: 'en' });
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search pages and sites' });
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    await input.fill('sett');
    // The answer for "sett" has replaced the one for the empty query (which lists everything).
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role=option]')].map((o) => o.textContent).join('|') ===
        'Account settings|User interface settings',
    );
    expect(await page.evaluate(activeOption)).toBe('Account settings');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(activeOption)).toBe('User interface settings');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(activeOption)).toBe('User interface settings');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/settings/user-interface`);
    await page.getByTestId('search-dialog').waitFor({ state: 'detached' });
  });

  it('finds a site and scrolls to its card', async () => {
    const page = await app.openAt('admin', '/access-control', {
      language: 'en',
      viewport: { width: 700, height: 600 },
    });
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('tarifa');
    await page.getByRole('group', { name: 'Sites' }).getByRole('option', { name: 'Tarifa Wind' }).click();
    await page.waitForURL(`${app.url}/dashboards/solar#site-es-tarifa`);
    const card = page.locator('#site-es-tarifa');
    await card.waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById('site-es-tarifa')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
    });
  });

  it('finds a turbine and opens its own page', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('wtg 03');
    await page.getByRole('group', { name: 'Devices' }).getByRole('option', { name: 'WTG 03 · Tarifa Wind' }).click();
    await page.waitForURL(`${app.url}/devices/es-tarifa%2Ewtg03`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('WTG 03');
    // Shift+Enter on the same result: the turbine on its site's diagram instead.
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('wtg 03');
    await page.getByRole('group', { name: 'Devices' }).getByRole('option', { name: 'WTG 03 · Tarifa Wind' }).waitFor();
    await page.getByTestId('search-input').press('Shift+Enter');
    await page.waitForURL(/\/sld\/sl\?/);
    const address = new URL(page.url());
    expect([address.searchParams.get('site'), address.searchParams.get('device')]).toEqual([
      'es-tarifa',
      'es-tarifa.wtg03',
    ]);
  });

  it('shows only the devices that match as the query grows, each opening that device', async () => {
    const page = await app.openInShell('admin', '/access-control', { language: 'en' });
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    const devices = page.getByRole('group', { name: 'Devices' }).getByRole('option');
    // Key by key, each answer drawn before the next key: a row that outlived its answer stays on screen.
    for (const query of ['i', 'in', 'inv']) {
      const answered = page.waitForResponse(
        (response) =>
          response.url().includes('/api/app-bar/search') && new URL(response.url()).searchParams.get('q') === query,
      );
      await input.fill(query);
      await (await answered).finished();
      await page.locator('[data-testid=search-dialog] .mantine-Loader-root').waitFor({ state: 'detached' });
    }
    const rows = await devices.allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    for (const row of rows) expect(row.toLowerCase(), row).toContain('inv');
    expect(new Set(rows).size).toBe(rows.length);

    await devices.filter({ hasText: 'Inverter 02' }).first().click();
    await page.waitForURL(/\/devices\//);
    await page.getByTestId('device-title').waitFor();
    const shown = await page.getByTestId('device-title').textContent();
    const chosen = rows.find((row) => row.includes('Inverter 02')) ?? '';
    expect(chosen.startsWith(`${shown} · `), `${chosen} opened ${shown}`).toBe(true);
  });

  it('searches in the reader’s language and says when nothing matches', async () => {
    const page = await app.openInShell('admin', '/dashboards/solar');
    await page.keyboard.press('Control+k');
    await page.getByTestId('search-input').fill('گذرواژه');
    await page.getByRole('option', { name: 'تغییر گذرواژه' }).waitFor();
    await page.getByTestId('search-input').fill('zzzz');
    await page.getByText('نتیجه‌ای برای «zzzz» پیدا نشد').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('search-dialog').waitFor({ state: 'detached' });
  });

  it("shows a client only the client's own sites", async () => {
    const page = await app.openInShell('client', '/access-control', { language: 'en' });
    await page.keyboard.press('Control+k');
    const sites = page.getByRole('group', { name: 'Sites' }).getByRole('option');
    await sites.first().waitFor();
    expect((await sites.allTextContents()).sort()).toEqual(['Occitanie Solar', 'Tarifa Wind']);
  });
});
