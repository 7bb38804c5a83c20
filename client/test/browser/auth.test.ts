import { describe, expect, it } from 'vitest';
import { demo, pathOf, setupBrowser, signIn } from './harness.ts';

const app = setupBrowser();

describe('signing in', () => {
  it('takes an admin to the solar dashboard with the four demo sites', async () => {
    const page = await app.open({ language: 'en' });
    await signIn(page, app.url, demo.admin);
    await page.waitForURL(`${app.url}/dashboards/solar`);
    const cards = page.getByTestId('site-card');
    await cards.nth(3).waitFor();
    expect(await cards.count()).toBe(4);
    const text = await cards.allTextContents();
    for (const name of ['Occitanie Solar', 'Ouarzazate PV', 'Yazd Solar', 'Tarifa Wind']) {
      expect(text.join('\n')).toContain(name);
    }
    expect(await page.title()).toBe('Voltscope | Solar dashboard');
  });

  it('takes a client to access control, showing only its two sites', async () => {
    const page = await app.open({ language: 'en' });
    await signIn(page, app.url, demo.client);
    await page.waitForURL(`${app.url}/access-control`);
    const sites = page.getByTestId('access-site');
    await sites.first().waitFor();
    expect(await sites.allTextContents()).toEqual([
      expect.stringContaining('Occitanie Solar'),
      expect.stringContaining('Tarifa Wind'),
    ]);
    expect(await page.getByTestId('access-permissions').textContent()).toContain(
      'Can read: sites Occitanie Solar and Tarifa Wind',
    );
  });

  it('sends a signed-out visitor to login, then back to the page they asked for', async () => {
    const page = await app.open({ language: 'en' });
    await page.goto(`${app.url}/dashboards/solar`);
    await page.waitForURL(`${app.url}/login?to=%2Fdashboards%2Fsolar`);
    await signIn(page, app.url, demo.admin);
    await page.waitForURL(`${app.url}/dashboards/solar`);
    await page.getByTestId('site-card').first().waitFor();
  });

  it('shows "Invalid email or password" at the email field for a wrong password', async () => {
    const page = await app.open({ language: 'en' });
    await signIn(page, app.url, { login: 'admin@voltscope.io', password: 'not-the-password' });
    const email = page.getByTestId('login-email');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=login-email]')?.getAttribute('aria-invalid') === 'true',
    );
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Invalid email or password');
    expect(pathOf(page)).toBe('/login');
  });

  it('speaks Persian, right to left, by default', async () => {
    const page = await app.open();
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'fa',
      'rtl',
    ]);
    await signIn(page, app.url, { login: 'admin', password: 'wrong' });
    await page.getByText('ایمیل یا گذرواژه نادرست است').waitFor();
  });

  it('logs out from the user menu back to the login page', async () => {
    const page = await app.open({ language: 'en' });
    await signIn(page, app.url, demo.admin);
    await page.waitForURL(`${app.url}/dashboards/solar`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.goto(`${app.url}/dashboards/solar`);
    await page.waitForURL(`${app.url}/login?to=%2Fdashboards%2Fsolar`);
  });
});
