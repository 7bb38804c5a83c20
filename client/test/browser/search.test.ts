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

  it('finds a device and opens the live view of its site', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('wtg 03');
    await page.getByRole('group', { name: 'Devices' }).getByRole('option', { name: 'WTG 03 · Tarifa Wind' }).click();
    await page.waitForURL(`${app.url}/dashboards/RealTimePowerBarChart?site=es-tarifa`);
    await page.getByTestId('bar-chart').waitFor();
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
