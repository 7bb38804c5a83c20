// The sign-in page's language and theme menus, whose code arrives on first use (app/layouts/CornerSwitchers.tsx):
// the page comes without it, within 250 KB; the buttons are there and named as before; a keyboard user tabs
// to a button, keeps the focus on it while the menu loads and opens it with Enter; a click opens it at once;
// in Persian (right to left) as in English; axe finds nothing wrong with the buttons or the open menus.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';

const app = setupBrowser();

const htmlState = () => ({
  lang: document.documentElement.lang,
  dir: document.documentElement.dir,
  scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
});
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/** Bytes on the wire (headers included) until the network is idle, as `npm run bench -- client` counts them. */
async function openCounting(page: Page, path: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => {
    bytes += encodedDataLength;
  });
  await page.goto(`${app.url}${path}`);
  await page.getByTestId('login-email').waitFor();
  await page.waitForLoadState('networkidle');
  return bytes;
}

describe('the sign-in corner menus', () => {
  it('are not downloaded with the page: sign-in stays within 250 KB, its buttons named and closed', async () => {
    const page = await app.open({ language: 'en' });
    const kb = (await openCounting(page, '/login')) / 1024;
    expect(kb).toBeLessThan(250);
    const language = page.getByRole('button', { name: 'Change language' });
    expect(await language.getAttribute('aria-haspopup')).toBe('menu');
    expect(await language.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('theme-switcher').getAttribute('aria-label')).toBe('Theme: System');
    expect(await page.getByRole('menu').count()).toBe(0);
    await expectAccessible(page, 'sign-in with the menus not loaded');
  });

  it('opens from the keyboard: the focus stays on the button while the menu loads; Escape gives it back', async () => {
    const page = await app.open({ language: 'en' });
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.getByRole('button', { name: 'Change language' }).focus();
    // The loaded button replaces the stand-in: the focus goes with it.
    const language = page.getByRole('button', { name: 'Change language' });
    await expect.poll(() => language.getAttribute('data-stand-in')).toBeNull();
    expect(await focusedName(page)).toBe('Change language');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await focusedName(page)).toBe('Change language');
  });

  it('opens on a first click, switches to Persian (right to left), where the theme menu opens and works', async () => {
    const page = await app.open({ language: 'en' });
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: 'فارسی' }).click();
    await expect.poll(() => page.evaluate(htmlState)).toMatchObject({ lang: 'fa', dir: 'rtl' });
    await page.getByRole('button', { name: 'تغییر زبان' }).waitFor();

    // The language menu closes (its transition) before the theme menu opens.
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'theme menu, Persian', '[role=menu]');
    await page.getByRole('menuitem', { name: 'تیره' }).click();
    await expect.poll(() => page.evaluate(htmlState)).toMatchObject({ lang: 'fa', dir: 'rtl', scheme: 'dark' });
    expect(await page.getByTestId('theme-switcher').getAttribute('aria-label')).toBe('پوسته: تیره');
  });

  it('opens on the very first click in Persian, a first visit’s default, before anything was hovered', async () => {
    const page = await app.open({ language: 'fa' });
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    // A click dispatched on the button alone: no pointer passed over it first to start the loading.
    await page.getByTestId('theme-switcher').dispatchEvent('click');
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem', { name: 'روشن' }).count()).toBe(1);
  });
});
