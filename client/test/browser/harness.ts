// One browser and one server per test file; each test gets a fresh context (its own cookies and storage).
// Set VOLTSCOPE_BROWSER_URL to run the suite against a server you started yourself (npm run dev).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import { launchChromium } from '../../../loadtest/bench/chromium.ts';
import { startTestServer } from '../../../server/test/helper.ts';
import arCommon from '../../src/i18n/locales/ar/common.json' with { type: 'json' };
import enCommon from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import faCommon from '../../src/i18n/locales/fa/common.json' with { type: 'json' };
import frCommon from '../../src/i18n/locales/fr/common.json' with { type: 'json' };
import { routeForPath } from '../../src/routes.tsx';

export const demo = {
  admin: { login: 'admin@voltscope.io', password: 'Volt!Admin1' },
  operator: { login: 'operator', password: 'Volt!Oper1' },
  client: { login: 'client', password: 'Volt!Client1' },
} as const;

export type Who = keyof typeof demo;
export type Language = 'en' | 'fa' | 'fr' | 'ar';

export interface OpenOptions {
  /** Stored as the `language` cookie before any script of the app runs. */
  language?: Language;
  /** Display settings stored as cookies (seed names: theme, skin, appContentLayoutNav, ...). */
  cookies?: Record<string, string>;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** The tab outlives the test that opened it (several tests read it); closed after the file. */
  keep?: boolean;
}

export interface Harness {
  url: string;
  /** A new page in a fresh context. */
  open(options?: OpenOptions): Promise<Page>;
  /** A new page whose tab already holds a session of `who` (signed in through the API, not the form). */
  openSignedIn(who: Who, options?: OpenOptions): Promise<Page>;
  /** `openSignedIn`, gone to `path`. */
  openAt(who: Who, path: string, options?: OpenOptions): Promise<Page>;
  /** `openAt`, once the shell around the page (the navbar) is drawn. */
  openInShell(who: Who, path: string, options?: OpenOptions): Promise<Page>;
  /** Signs `who` in through the API: the hub's answer (201 with the session, as JSON, on success). */
  login(who: Who): Promise<Response>;
  /** A bearer token of `who`, signed in through the API. */
  token(who: Who): Promise<string>;
  /** Samples into the hub as a site's gateway sends them (the demo fleet's ingest key); fails on refusal. */
  ingest(samples: readonly { series: string; ts: number; value: number }[]): Promise<void>;
}

/** Settings of a hub whose simulator runs in real time (seed 5, a sample a second, no faults unless asked) with
 * `backfillDays` of 15-minute history behind it: for `setupBrowser`. */
export const simulatedHub = ({ backfillDays, faultRate = 0 }: { backfillDays: number; faultRate?: number }) => ({
  simulator: { enabled: true, seed: 5, warp: 1, faultRate, periodMs: 1000, backfillDays, backfillStepSeconds: 900 },
});

/**
 * A test file signs in through the API dozens of times a minute from one address, as no person does: the
 * hub's rate limits (tested on their own in server/test/http/rateLimit.test.ts) are raised for it.
 */
const browserTestLimits = {
  userPerMinute: 1_000_000,
  addressPerMinute: 1_000_000,
  signInPerMinute: 1_000_000,
  forgotPasswordPerMinute: 1_000_000,
  ingestPerMinute: 1_000_000,
};

/** `server`: settings of the test hub (the simulator, say) beside the test defaults. */
export function setupBrowser(server: Parameters<typeof startTestServer>[0] = {}): Harness {
  let browser: Browser;
  let hub: { url: string; close(): Promise<void> } | null = null;
  const contexts: BrowserContext[] = [];

  const newContext = async ({ language, cookies = {}, viewport, colorScheme = 'light', keep }: OpenOptions) => {
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: viewport ?? { width: 1280, height: 800 },
      colorScheme,
    });
    contexts.push(context);
    // A tab opened by a test is closed when the test ends: a live page left open goes on taking frames,
    // drawing charts and blinking alarms for the rest of the file, and the file's later tests wait for
    // the CPU it takes. One opened outside a test (beforeAll) serves several tests: closed after the file.
    if (!keep) {
      try {
        onTestFinished(() => context.close());
      } catch {
        // not inside a test
      }
    }
    const all = { ...(language ? { language } : {}), ...cookies };
    await context.addCookies(
      Object.entries(all).map(([name, value]) => ({ name, value: encodeURIComponent(value), url: harness.url })),
    );
    return context;
  };

  const harness: Harness = {
    url: '',
    async open(options = {}) {
      return (await newContext(options)).newPage();
    },
    async openSignedIn(who, options = {}) {
      const context = await newContext(options);
      const response = await harness.login(who);
      if (response.status !== 201) throw new Error(`sign-in of ${who} failed: ${response.status}`);
      const session = await response.text();
      await context.addInitScript((value) => sessionStorage.setItem('voltscope.session', value), session);
      return context.newPage();
    },
    async openAt(who, path, options = {}) {
      const page = await harness.openSignedIn(who, options);
      await page.goto(harness.url + path);
      return page;
    },
    async openInShell(who, path, options = {}) {
      const page = await harness.openAt(who, path, options);
      await page.getByTestId('navbar').waitFor();
      return page;
    },
    login(who) {
      return fetch(`${harness.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo[who].login, password: demo[who].password }),
      });
    },
    async token(who) {
      const response = await harness.login(who);
      return ((await response.json()) as { accessToken: string }).accessToken;
    },
    async ingest(samples) {
      const response = await fetch(`${harness.url}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': 'vsk_demo_fleet_ingest_key' },
        body: JSON.stringify({ samples }),
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
    },
  };

  beforeAll(async () => {
    const external = process.env.VOLTSCOPE_BROWSER_URL;
    [browser, hub] = await Promise.all([
      launchChromium(['--disable-sync', '--disable-quic']),
      external ? Promise.resolve(null) : startTestServer({ rateLimit: browserTestLimits, ...server }),
    ]);
    harness.url = external ?? hub?.url ?? '';
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await hub?.close();
  });

  return harness;
}

export async function signIn(page: Page, base: string, who: { login: string; password: string }, path = '/login') {
  if (!page.url().startsWith(base) || !new URL(page.url()).pathname.startsWith('/login')) await page.goto(base + path);
  await page.getByTestId('login-email').fill(who.login);
  await page.getByTestId('login-password').fill(who.password);
  await page.locator('form button[type=submit]').click();
}

const commonWords: Record<Language, typeof enCommon> = { en: enCommon, fr: frCommon, fa: faCommon, ar: arCommon };

/** The document title the app gives the page of `path` in `language` (AppRoot: app name | route name). */
export function titleOf(path: string, language: Language): string {
  const name = routeForPath(new URL(path, 'http://x').pathname)?.name ?? 'not-found';
  const words = commonWords[language];
  const route = (words.routes as Record<string, string>)[name];
  if (!route) throw new Error(`no title for the route ${name} in ${language}`);
  return `${words.app.name} | ${route}`;
}

/**
 * Goes to `path` (on the hub at `base`) as a user moving around the app does: through the app's own router
 * (a history entry and popstate, at the top of the page), not a fresh load, once the tab holds the app;
 * then waits until the new page is drawn (its title is set after its render) where it was asked. A first
 * visit, or a page titled as the one on screen (whose drawing could not be told from it), is a full load.
 */
export async function visit(page: Page, base: string, path: string): Promise<void> {
  const languages = Object.keys(commonWords) as Language[];
  const titles = Object.fromEntries(languages.map((language) => [language, titleOf(path, language)]));
  const onApp = page.url().startsWith(base);
  const current = onApp ? await page.evaluate(() => [document.documentElement.lang, document.title]) : [];
  if (!onApp || titles[current[0] ?? ''] === current[1]) {
    await page.goto(base + path);
  } else {
    await page.evaluate((to) => {
      window.scrollTo(0, 0);
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
  }
  await page.waitForFunction((expected) => document.title === expected[document.documentElement.lang], titles);
  // Where it was asked, with what it asked: a page may add its own defaults to the address once drawn
  // (the comparison writes `compare=sites`), so the asked parameters must be there, not only they.
  const asked = new URL(base + path);
  const now = new URL(page.url());
  expect(now.pathname, path).toBe(asked.pathname);
  for (const [name, value] of asked.searchParams) expect(now.searchParams.get(name), `${path}: ${name}`).toBe(value);
}

/** Until every finite animation and transition of the page has ended (an endless one never does), from
 * two frames on, so that a transition a render has just asked for has started. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
}

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The value of a cookie of the page's context. */
export async function cookie(page: Page, name: string): Promise<string | undefined> {
  const found = (await page.context().cookies()).find((c) => c.name === name);
  return found && decodeURIComponent(found.value);
}

/** The English phrases of a page's messages (placeholders cut out) with a word of `letters` letters or more
 * and longer than that: what a page in another language must not show. */
export function englishPhrases(messages: unknown, letters: number): string[] {
  const out: string[] = [];
  const word = new RegExp(`[A-Za-z]{${letters}}`);
  const walk = (tree: unknown) => {
    if (typeof tree === 'string') {
      for (const part of tree.split(/\{\{\w+\}\}/)) if (word.test(part)) out.push(part.trim());
    } else if (tree && typeof tree === 'object') for (const value of Object.values(tree)) walk(value);
  };
  walk(messages);
  return out.filter((s) => s.length > letters);
}

/**
 * WCAG 2.2 AA with axe-core: fails on serious or critical violations, naming each with its nodes. With
 * a modal open, `within` limits the check to it: the page behind is inert and dimmed on purpose.
 * Endless animations (a blinking alarm, the customizer's gear) are not waited for.
 */
export async function expectAccessible(page: Page, label: string, within?: string): Promise<void> {
  // A modal or drawer fading in has part of its contrast: measure once every transition has ended.
  await page.evaluate(async () => {
    // Mantine starts its transitions a frame after mounting: let them begin, then wait them out.
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, label).toEqual([]);
}
