import { describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();

describe('navigation', () => {
  it('shows the not-found page for an unknown path', async () => {
    const page = await app.open({ language: 'en' });
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText('Page not found').first().waitFor();
    expect(await page.title()).toBe('Voltscope | Page not found');
    await page.getByTestId('not-found').click();
    await page.waitForURL(`${app.url}/login`);
  });

  it('sends a signed-out visitor from the home page to login, keeping the query', async () => {
    const page = await app.open({ language: 'en' });
    await page.goto(`${app.url}/?from=mail`);
    await page.waitForURL(`${app.url}/login?from=mail`);
    await page.getByTestId('login-email').waitFor();
  });

  it('switches the language and direction, and remembers the choice', async () => {
    const page = await app.open();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'تغییر زبان' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Welcome to Voltscope!').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.reload();
    await page.getByText('Welcome to Voltscope!').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
  });
});
