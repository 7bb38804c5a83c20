// WCAG 2.2 AA with axe-core on the shell and on every page built so far, in both themes, both
// directions and both navigations; failing on serious or critical violations.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isBuilt, type RouteMeta, routeTable } from '../../src/routes.tsx';
import { animationsDone, expectAccessible, type OpenOptions, setupBrowser, visit } from './harness.ts';

const app = setupBrowser();

/** The page has drawn its data (no skeleton, no loader) and its transitions (150-200 ms) have ended. */
async function settle(page: Page) {
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root'));
  await animationsDone(page);
}

/** A concrete address for each route with parameters; a new route with parameters must add its own. */
/** The solar dashboard, signed in as the admin, in French, in a window this wide, settled. */
async function openSolarInFrench(width: number) {
  const page = await app.openAt('admin', '/dashboards/solar', { language: 'fr', viewport: { width, height: 800 } });
  await settle(page);
  return page;
}

const samples: Record<string, string[]> = {
  '/pages/user-profile/:tab': ['/pages/user-profile/profile'],
  '/pages/account-settings/:tab': ['/pages/account-settings/account', '/pages/account-settings/security'],
  '/pages/misc/not-found/:error': ['/pages/misc/not-found/nothing'],
  '/overview/solar/inverter/:id': ['/overview/solar/inverter/fr-occitanie.inv01'],
  '/overview/wind/turbine/:id': ['/overview/wind/turbine/es-tarifa.wtg01'],
  '/devices/:id': ['/devices/fr-occitanie%2Einv01'],
  '*': ['/no/such/page'],
};

/** Pages only a user with a pending step reaches (others are sent away): axe checks them in their own tests
 * (the password-change step: usersAdmin.test.ts). */
const onlyWithPendingStep = new Set(['change-password']);

/**
 * Every page built so far, in one layout, read from the route table so that new pages are checked too; a
 * blank-layout page that needs a session (the two-factor setup) is checked signed in.
 */
function pagesOf(layout: 'default' | 'blank', signedIn: boolean): string[] {
  const reachable = (route: RouteMeta) =>
    route.layout === 'default' || signedIn === !(route.public || route.unauthenticatedOnly);
  return routeTable
    .filter(
      (route) =>
        isBuilt(route) && !route.redirectTo && route.layout === layout && route.path !== '/' && reachable(route),
    )
    .filter((route) => !onlyWithPendingStep.has(route.name))
    .flatMap((route) => {
      if (!route.path.includes(':') && route.path !== '*') return [route.path];
      const sample = samples[route.path];
      if (!sample) throw new Error(`a11y.test.ts: add a sample address for ${route.path}`);
      return sample;
    })
    .map((path) => (path === '/reset-password' ? '/reset-password?token=x' : path));
}

const signedInPages = [...pagesOf('default', true), ...pagesOf('blank', true)];
const signedOutPages = pagesOf('blank', false);

/**
 * Persian in light and English in dark check every page; the third combination differs from them by its
 * shell (a semi-dark vertical navbar, the default skin) and by Arabic words in the same direction as
 * Persian, so a page of each kind (a dashboard, the alarm console, a form, a tile grid) checks it.
 */
const shellPages = ['/dashboards/solar', '/alarm/realtime', '/overview/fleet', '/pages/account-settings/account'];
for (const path of shellPages) if (!signedInPages.includes(path)) throw new Error(`a11y.test.ts: no page ${path}`);
const combinations: [string, OpenOptions, string[]][] = [
  ['Persian, light, horizontal', { language: 'fa' }, signedInPages],
  [
    'English, dark, vertical',
    { language: 'en', colorScheme: 'dark', cookies: { appContentLayoutNav: 'vertical' } },
    signedInPages,
  ],
  [
    'Arabic, light, semi-dark vertical, default skin',
    { language: 'ar', cookies: { appContentLayoutNav: 'vertical', isVerticalNavSemiDark: 'true', skin: 'default' } },
    shellPages,
  ],
];

/**
 * A describe's tab, opened (by `open`) before its first test and used by each of its tests in turn, as the
 * single test over every page used it (a fresh tab per test, each starting a renderer, made the file about
 * twice as slow).
 */
function sharedTab(open: () => Promise<Page>): () => Page {
  let page: Page;
  beforeAll(async () => {
    page = await open();
  });
  return () => page;
}

// One test per page and combination (not one per combination looping over every page), so that a slow
// machine meets each test's limit; a combination's tests share one tab (and its session), each test
// going to its page through the app's router (harness `visit`: a full load per page took four minutes).
describe.each([
  ['fa', 'light'],
  ['en', 'dark'],
] as const)('accessibility of the signed-out pages in %s, %s theme', (language, colorScheme) => {
  const tab = sharedTab(() => app.open({ language, colorScheme }));

  it.each(signedOutPages)('%s passes', async (path) => {
    const page = tab();
    await visit(page, app.url, path);
    await settle(page);
    await expectAccessible(page, `${language} ${colorScheme} ${path}`);
  });
});

describe.each(combinations)('accessibility of the signed-in pages: %s', (label, options, pages) => {
  const tab = sharedTab(() => app.openSignedIn('admin', options));

  it.each(pages)('%s passes', async (path) => {
    const page = tab();
    await visit(page, app.url, path);
    await settle(page);
    await expectAccessible(page, `${label} ${path}`);
  });
});

describe('accessibility of the signed-in overlays', () => {
  // Two tests (the overlays of a narrow window, then the menus of a wide one) rather than one; each opens
  // several overlays in turn with an axe run on each: about 20 s on a busy machine, so two minutes each.
  it('the overlay navigation, the open search and the customizer pass too', async () => {
    const page = await openSolarInFrench(900);
    await page.getByTestId('nav-burger').click();
    await settle(page);
    await expectAccessible(page, 'overlay navigation', '[role=dialog]');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await page.getByTestId('search-input').fill('a');
    await page.getByRole('option').first().waitFor();
    await settle(page);
    await expectAccessible(page, 'search dialog', '[data-testid=search-dialog]');
    await page.keyboard.press('Escape');

    await page.getByTestId('customizer-open').click();
    await settle(page);
    await expectAccessible(page, 'customizer', '[role=dialog]');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('the menus pass, and the navbar and page after they closed', async () => {
    const page = await openSolarInFrench(1280);
    await page.getByTestId('horizontal-nav').waitFor();
    const openers = [
      ['user menu', page.getByTestId('user-menu')],
      ['theme menu', page.getByTestId('theme-switcher')],
      ['language menu', page.getByRole('button', { name: 'Changer de langue' })],
      ['shortcuts', page.getByRole('button', { name: 'Raccourcis' })],
      ['notifications', page.getByRole('button', { name: 'Notifications' })],
      ['navigation group', page.getByTestId('horizontal-nav').getByRole('menuitem').first()],
    ] as const;
    for (const [label, opener] of openers) {
      await opener.click();
      await settle(page);
      await expectAccessible(page, label, '[role=menu], [role=dialog]');
      await page.keyboard.press('Escape');
    }
    await settle(page);
    await expectAccessible(page, 'navbar and page after the menus closed');
  }, 120_000);
});

describe('text readable at 200% zoom (a 640 px wide window): nothing scrolls sideways', () => {
  const tab = sharedTab(() => app.openSignedIn('admin', { language: 'fa', viewport: { width: 640, height: 400 } }));

  it.each(signedInPages)('%s', async (path) => {
    const page = tab();
    await visit(page, app.url, path);
    await settle(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  });
});
