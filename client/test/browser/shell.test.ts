import { describe, expect, it } from 'vitest';
import { cookie, setupBrowser } from './harness.ts';

const app = setupBrowser();

const htmlState = () =>
  ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
    skin: document.documentElement.getAttribute('data-skin'),
  }) as const;

describe('the shell on a first visit', () => {
  it('is Persian, right to left, with horizontal navigation, boxed content and the bordered skin', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { viewport: { width: 1700, height: 900 } });
    await page.getByTestId('horizontal-nav').waitFor();
    expect(await page.evaluate(htmlState)).toEqual({ lang: 'fa', dir: 'rtl', scheme: 'light', skin: 'bordered' });
    const layout = page.getByTestId('default-layout');
    expect(await layout.getAttribute('data-nav')).toBe('horizontal');
    expect(await layout.getAttribute('data-width')).toBe('boxed');
    expect(await page.getByTestId('vertical-nav').count()).toBe(0);
    // Boxed: the content is 1440 px wide in a 1700 px window, centred.
    const box = await page.locator('main > div').boundingBox();
    expect(box?.width).toBe(1440);
    expect(box?.x).toBe(130);
    // Sticky navbar with blur, static footer.
    expect(await page.getByTestId('navbar').getAttribute('data-type')).toBe('sticky');
    expect(await page.getByTestId('navbar').getAttribute('data-blur')).not.toBeNull();
    expect(await page.getByTestId('footer').getAttribute('data-type')).toBe('static');
    // The theme follows the system: nothing stored but what the user chose.
    expect(await cookie(page, 'theme')).toBeUndefined();
  });
});

describe('theme and language', () => {
  it('keeps English and the dark theme through a reload, from cookies, before the first paint', async () => {
    const page = await app.openAt('admin', '/dashboards/solar');
    await page.getByRole('button', { name: 'تغییر زبان' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Solar dashboard' }).waitFor();
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    expect(await page.evaluate(htmlState)).toMatchObject({ lang: 'en', dir: 'ltr', scheme: 'dark' });
    expect([await cookie(page, 'language'), await cookie(page, 'theme'), await cookie(page, 'color-scheme')]).toEqual([
      'en',
      'dark',
      'dark',
    ]);

    await page.reload();
    await page.getByRole('heading', { name: 'Solar dashboard' }).waitFor();
    expect(await page.evaluate(htmlState)).toMatchObject({ lang: 'en', dir: 'ltr', scheme: 'dark' });

    // Before first paint: with the app's own scripts blocked, boot.js alone sets the document up.
    const bare = await page.context().newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto(`${app.url}/dashboards/solar`);
    expect(await bare.evaluate(htmlState)).toEqual({ lang: 'en', dir: 'ltr', scheme: 'dark', skin: 'bordered' });
    expect(await bare.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(34, 38, 58)',
    );
  });

  it('follows the device colour scheme live while the theme is "system"', async () => {
    const page = await app.openInShell('admin', '/dashboards/solar', { language: 'en' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
  });
});

describe('layouts', () => {
  it('makes the navigation vertical below 976 px and restores it above', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', {
      language: 'en',
      viewport: { width: 900, height: 800 },
    });
    await page.getByTestId('nav-burger').waitFor();
    expect(await page.getByTestId('default-layout').getAttribute('data-nav')).toBe('vertical');
    expect(await page.getByTestId('horizontal-nav').count()).toBe(0);
    await page.getByTestId('nav-burger').click();
    const drawerNav = page.getByRole('dialog').getByRole('navigation', { name: 'Main navigation' });
    await drawerNav.getByRole('button', { name: 'Settings' }).click();
    await drawerNav.getByRole('link', { name: 'User Interface' }).click();
    await page.waitForURL(`${app.url}/settings/user-interface`);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByTestId('horizontal-nav').waitFor();
    expect(await page.getByTestId('nav-burger').count()).toBe(0);
    // The setting itself was never changed.
    expect(await cookie(page, 'appContentLayoutNav')).toBeUndefined();
  });

  it('changes the layout live from the customizer and keeps it across a reload', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    await page.getByTestId('customizer-open').click();
    const drawer = page.getByTestId('customizer');
    await drawer.getByRole('radio', { name: 'Collapsed', exact: true }).click();
    await page.getByTestId('vertical-nav').waitFor();
    expect(await page.getByTestId('vertical-nav').getAttribute('data-collapsed')).not.toBeNull();
    await drawer.getByRole('radio', { name: 'Full width', exact: true }).click();
    await drawer.getByTestId('setting-navbar').getByRole('radio', { name: 'Hidden', exact: true }).click();
    await drawer.getByTestId('setting-footer').getByRole('radio', { name: 'Sticky', exact: true }).click();
    await drawer.getByRole('radio', { name: 'Default', exact: true }).click();
    await drawer.getByRole('switch', { name: 'Semi-dark navigation' }).click();
    expect(await page.getByTestId('navbar').count()).toBe(0);

    await page.reload();
    await page.getByTestId('vertical-nav').waitFor();
    const layout = page.getByTestId('default-layout');
    expect(await layout.getAttribute('data-width')).toBe('fluid');
    expect(await layout.getAttribute('data-footer')).toBe('sticky');
    expect(await page.getByTestId('vertical-nav').getAttribute('data-semi-dark')).not.toBeNull();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-skin'))).toBe('default');
    expect(await page.getByTestId('navbar').count()).toBe(0);

    // Back to horizontal: the hidden navbar becomes sticky and the vertical navigation un-collapses.
    await page.getByTestId('customizer-open').click();
    await page.getByTestId('customizer').getByRole('radio', { name: 'Horizontal', exact: true }).click();
    await page.getByTestId('horizontal-nav').waitFor();
    expect(await page.getByTestId('navbar').getAttribute('data-type')).toBe('sticky');
    expect([await cookie(page, 'navbarType'), await cookie(page, 'isVerticalNavCollapsed')]).toEqual([
      'sticky',
      'false',
    ]);
  });
});

describe('scrolling', () => {
  it('scrolls a hash link to 60 px below the sticky navbar, and offers a way back to the top', async () => {
    const page = await app.openAt('admin', '/settings/user-interface#layout', {
      language: 'en',
      viewport: { width: 1280, height: 700 },
    });
    const target = page.locator('#layout');
    await target.waitFor();
    const navbarHeight = (await page.getByTestId('navbar').boundingBox())?.height ?? 0;
    // Smooth scrolling takes a moment: wait until the section has settled where it should.
    await page.waitForFunction(
      (expected) => Math.abs((document.getElementById('layout')?.getBoundingClientRect().top ?? 0) - expected) <= 2,
      navbarHeight + 60,
    );
    await page.getByTestId('scroll-to-top').click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.getByTestId('scroll-to-top').waitFor({ state: 'detached' });

    // Under 200 px of scrolling, no button.
    await page.evaluate(() => window.scrollTo({ top: 150, behavior: 'instant' }));
    await page.waitForTimeout(250);
    expect(await page.getByTestId('scroll-to-top').count()).toBe(0);
  });

  it('starts another page at the top', async () => {
    const page = await app.openAt('admin', '/settings/user-interface', {
      language: 'en',
      viewport: { width: 1280, height: 600 },
    });
    await page.getByTestId('ui-settings').waitFor();
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await page.getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL(`${app.url}/pages/user-profile/profile`);
    await page.waitForFunction(() => window.scrollY === 0);
  });
});

describe('keyboard', () => {
  it('offers a skip link first, which moves the focus to the content', async () => {
    const page = await app.openInShell('admin', '/dashboards/solar', { language: 'en' });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('takes the operator to the alarm list with Alt+A from anywhere, and lists the keys with ?', async () => {
    // One alarm, so that the list has a row to land on: a turbine trips.
    await app.ingest([{ series: 'es-tarifa.wtg05/fault_code', ts: Date.now(), value: 301 }]);
    const page = await app.openAt('operator', '/dashboards/solar', { language: 'en' });
    await page.getByRole('heading', { name: 'Solar dashboard' }).waitFor();
    await page.keyboard.press('Alt+KeyA');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/alarm/realtime');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    await expect.poll(focused, { timeout: 10_000 }).toBe('alarm-grid');

    // From elsewhere on the same page the key leads back to the list.
    await page.getByTestId('user-menu').focus();
    expect(await focused()).not.toBe('alarm-grid');
    await page.keyboard.press('Alt+KeyA');
    await expect.poll(focused).toBe('alarm-grid');

    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.innerText()).toContain('Go to the alarm list (focused)');
    expect(await help.innerText()).toContain('Acknowledge the selection (or the alarm in focus)');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });
});
