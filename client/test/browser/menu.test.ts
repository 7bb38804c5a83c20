import { createAbility, roleRuleTemplates } from '@voltscope/shared/abilities';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visibleNavigation } from '../../src/app/navigation.ts';
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

async function menuOf(who: Who) {
  const page = await app.openAt(who, '/access-control', { language: 'en' });
  return { page, links: await menuLinks(page) };
}

describe('the menu', () => {
  // Two tests (visiting every entry, then comparing with the admin's menu) rather than one, each within
  // its limit on a slow machine; the visits get two minutes.
  it('offers a client only pages a client may open', async () => {
    const { page, links } = await menuOf('client');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      await page.goto(app.url + link);
      await page.getByTestId('default-layout').waitFor();
      expect(new URL(page.url()).pathname, link).toBe(link);
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
