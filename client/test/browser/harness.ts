// One browser and one server per test file; each test gets a fresh context (its own storage).
// Set VOLTSCOPE_BROWSER_URL to run the suite against a server you started yourself (npm run dev).
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer } from '../../../server/test/helper.ts';

export const demo = {
  admin: { login: 'admin@voltscope.io', password: 'Volt!Admin1' },
  client: { login: 'client', password: 'Volt!Client1' },
} as const;

export interface Harness {
  url: string;
  /** A new page in a fresh context; `language` is stored before any script of the app runs. */
  open(options?: { language?: 'en' | 'fa' | 'fr' | 'ar' }): Promise<Page>;
}

export function setupBrowser(): Harness {
  let browser: Browser;
  let server: { url: string; close(): Promise<void> } | null = null;
  const contexts: BrowserContext[] = [];
  const harness: Harness = {
    url: '',
    async open({ language } = {}) {
      const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      if (language) await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
      return context.newPage();
    },
  };

  beforeAll(async () => {
    const external = process.env.VOLTSCOPE_BROWSER_URL;
    [browser, server] = await Promise.all([
      chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
          '--disable-quic',
        ],
      }),
      external ? Promise.resolve(null) : startTestServer(),
    ]);
    harness.url = external ?? server?.url ?? '';
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
  });

  return harness;
}

export async function signIn(page: Page, base: string, who: { login: string; password: string }, path = '/login') {
  if (!page.url().startsWith(base) || !new URL(page.url()).pathname.startsWith('/login')) await page.goto(base + path);
  await page.getByTestId('login-email').fill(who.login);
  await page.getByTestId('login-password').fill(who.password);
  await page.locator('form button[type=submit]').click();
}

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
