import { createAbility, roleRuleTemplates } from '@voltscope/shared/abilities';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visibleNavigation } from '../../src/app/navigation.ts';
import common from '../../src/i18n/locales/en/common.json' with { type: 'json' };
import { routeForPath } from '../../src/routes.tsx';
import { setupBrowser, type Who } from './harness.ts';

const app = setupBrowser();

/** Every page the horizontal menu offers, group by group. */
async function menuLinks(page: Page): Promise<string[]> {
  const nav = page.getByTestId('horizontal-nav');
  await nav.waitFor();
  const links: string[] = [];
  const groups = nav.getByRole('menuitem');
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    for (const href of await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))) {
      links.push(href);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }
  return links.sort();
}

/** A user's menu, read once per file: each test compares the same menus. */
const menus = new Map<Who, Promise<{ page: Page; links: string[] }>>();
function menuOf(who: Who) {
  let menu = menus.get(who);
  if (!menu) {
    menu = app.openAt(who, '/access-control', { language: 'en', keep: true }).then(async (page) => ({
      page,
      links: await menuLinks(page),
    }));
    menus.set(who, menu);
  }
  return menu;
}

/** The English title the app gives the page of `path` once drawn (AppRoot). */
function titleOf(path: string): string {
  const name = routeForPath(path)?.name ?? 'not-found';
  return `${common.app.name} | ${(common.routes as Record<string, string>)[name]}`;
}

/**
 * Every menu closed, the pointer out of the menubar (whose groups open on hover once one was open): a
 * click on a group then opens that group's menu, never closes one the pointer had opened.
 */
async function closeMenus(page: Page) {
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await expect.poll(() => page.getByRole('menu').count(), { timeout: 10_000 }).toBe(0);
}

/** Opens the menu group holding `link` and clicks its entry, as a user does. */
async function follow(page: Page, link: string) {
  const groups = page.getByTestId('horizontal-nav').getByRole('menuitem');
  // The menubar drawn (the page just left may still be leaving): counted empty, no group would be tried.
  await groups.first().waitFor();
  for (let i = 0; i < (await groups.count()); i++) {
    await closeMenus(page);
    await groups.nth(i).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem').first().waitFor();
    const entry = menu.locator(`a[href="${link}"]`);
    if ((await entry.count()) === 1) return entry.click();
  }
  throw new Error(`no menu entry ${link}`);
}

describe('the menu', () => {
  // Two tests (visiting every entry, then comparing with the admin's menu) rather than one, each within
  // its limit on a slow machine; the visits get two minutes.
  it('offers a client only pages a client may open', async () => {
    const { page, links } = await menuOf('client');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      await follow(page, link);
      // The page drawn (its title), where the entry said, inside the shell: not sent to not-authorized.
      // A page may write its own state into the query once drawn (the solar comparison's sites and period).
      await expect
        .poll(() => Promise.all([new URL(page.url()).pathname, page.title()]), { timeout: 10_000 })
        .toEqual([link, titleOf(link)]);
      await page.getByTestId('default-layout').waitFor();
    }
  }, 120_000);

  it('offers a client no entry the admin has not', async () => {
    const [client, admin] = [await menuOf('client'), await menuOf('admin')];
    expect(client.links.length).toBeGreaterThan(0);
    expect(
      client.links.filter((link) => !admin.links.includes(link)),
      JSON.stringify([client.links, admin.links]),
    ).toEqual([]);
  });

  it('shows the built pages of the menu, and only those', async () => {
    const { links } = await menuOf('admin');
    const built = visibleNavigation(createAbility(roleRuleTemplates.admin)).flatMap((g) =>
      g.children.map((e) => e.path),
    );
    expect(links).toEqual(built.sort());
  });
});
