// The admin page of wall displays against a real hub: an admin registers a display with a two-item
// playlist and is shown its pairing code and link once; an edit stays after a reload; a wall paired with
// the code shows as paired, and as not paired once revoked. Operators have neither the menu entry nor the
// page; Persian is right to left with every word of the page and its form translated.
import { PAIRING_CODE_PATTERN } from '@voltscope/shared/displays';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';

const app = setupBrowser();

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

/** The entries of the "User & Access" group of the horizontal menu. */
async function accessMenuLinks(page: Page): Promise<string[]> {
  await page.getByTestId('horizontal-nav').getByRole('menuitem', { name: 'User & Access' }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const links = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return links;
}

/** Picks `option` in the select (or multi-select) `input` of `scope`. */
async function choose(scope: Locator, input: Locator, option: string) {
  await input.click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

const rowOf = (page: Page, name: string) => page.getByTestId('display-row').filter({ hasText: name });

async function displaysOfHub() {
  const response = await fetch(`${app.url}/api/displays`, {
    headers: { authorization: `Bearer ${await app.token('admin')}` },
  });
  return (await response.json()) as { id: number; name: string; playlist: { page: string; siteId: string | null }[] }[];
}

describe('the wall displays page', () => {
  it('registers a display with a two-item playlist, shows its code once, keeps an edit and revokes', async () => {
    const page = await app.openAt('admin', '/admin/displays', { language: 'en' });
    expect(await accessMenuLinks(page)).toContain('/admin/displays');
    await page.getByTestId('display-new').click();
    const form = page.getByRole('dialog');
    await form.getByTestId('display-name').fill('Control room north');
    await choose(form, form.getByTestId('display-sites'), 'Tarifa Wind');
    await choose(form, form.getByTestId('display-sites'), 'Yazd Solar');
    await form.getByTestId('display-name').click();
    // The fleet overview then the alarm console, by default; the second becomes Yazd's solar overview.
    const items = form.getByTestId('playlist-item');
    await poll(() => items.count()).toBe(2);
    expect(await items.nth(0).getByTestId('item-page').inputValue()).toBe('Fleet overview');
    await choose(items.nth(1), items.nth(1).getByTestId('item-page'), 'Solar overview');
    await choose(items.nth(1), items.nth(1).getByTestId('item-site'), 'Yazd Solar');
    await items.nth(1).getByTestId('item-dwell').fill('20');
    await expectAccessible(page, 'display form', '[role=dialog]');
    await form.getByTestId('display-save').click();

    const pairing = page.getByTestId('pairing-code');
    await poll(() => pairing.textContent()).toMatch(PAIRING_CODE_PATTERN);
    const code = (await pairing.textContent()) ?? '';
    expect(code).toMatch(/^.{4}-.{4}$/);
    expect(await page.getByTestId('pairing-link').textContent()).toBe(`${app.url}/display?code=${code}`);
    await expectAccessible(page, 'pairing code', '[role=dialog]');
    await page.getByTestId('pairing-done').click();
    const row = rowOf(page, 'Control room north');
    await poll(() => row.getByTestId('display-row-pairing').textContent()).toContain('Waiting for pairing');
    expect(await row.getByTestId('display-row-items').textContent()).toBe('2');
    const stored = (await displaysOfHub()).find((d) => d.name === 'Control room north');
    expect(stored?.playlist).toEqual([
      { page: 'overview-fleet', siteId: null, dwellSeconds: 30, language: null, theme: null },
      { page: 'overview-solar', siteId: 'ir-yazd', dwellSeconds: 20, language: null, theme: null },
    ]);
    await expectAccessible(page, 'displays page');

    // An edit: a new name, and the solar overview moved first. It is there after a reload.
    await row.getByTestId('display-edit').click();
    await form.getByTestId('display-name').fill('Control room south');
    await form.getByTestId('playlist-item').nth(1).getByTestId('item-up').click();
    await form.getByTestId('display-save').click();
    await form.waitFor({ state: 'detached' });
    await page.reload();
    const edited = rowOf(page, 'Control room south');
    await edited.waitFor();
    await edited.getByTestId('display-edit').click();
    await poll(() => form.getByTestId('playlist-item').nth(0).getByTestId('item-page').inputValue()).toBe(
      'Solar overview',
    );
    expect(await form.getByTestId('playlist-item').nth(0).getByTestId('item-site').inputValue()).toBe('Yazd Solar');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // A wall pairs with the code: the list says so; revoked, it is not paired any more.
    const paired = await fetch(`${app.url}/api/display/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: code.toLowerCase() }),
    });
    expect(paired.status).toBe(201);
    await page.getByTestId('refresh').click();
    await poll(() => edited.getByTestId('display-row-pairing').textContent()).toBe('Paired');
    await edited.getByTestId('display-revoke').click();
    await page.getByTestId('confirm').click();
    await poll(() => edited.getByTestId('display-row-pairing').textContent()).toBe('Not paired');
    await poll(() => page.getByTestId('announcement').textContent()).toBe('Revoked: Control room south.');
  }, 120_000);

  it('keeps the page from operators: no menu entry, and not-authorized', async () => {
    const page = await app.openAt('operator', '/access-control', { language: 'en' });
    const links = await accessMenuLinks(page);
    expect(links).toContain('/access-control');
    expect(links).not.toContain('/admin/displays');
    await page.goto(`${app.url}/admin/displays`);
    await page.waitForURL(`${app.url}/not-authorized`);
  });

  it('is right to left in Persian, with every word of the page and its form translated', async () => {
    const registered = await fetch(`${app.url}/api/displays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await app.token('admin')}` },
      body: JSON.stringify({
        name: 'Lobby wall',
        siteIds: ['fr-occitanie'],
        playlist: [{ page: 'overview-fleet', siteId: null, dwellSeconds: 30, language: null, theme: null }],
        language: 'fa',
        theme: 'dark',
        sound: false,
      }),
    });
    expect(registered.status).toBe(201);
    const page = await app.openAt('admin', '/admin/displays', { language: 'fa', colorScheme: 'dark' });
    await page.getByTestId('display-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('display-new').click();
    await page.getByRole('dialog').getByTestId('playlist-item').first().waitFor();
    // Display and site names are data (the hub's), as are the brand and the search's key cap; the choices
    // of a select list sites and each language by its own name.
    const words = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.closest('main, header, [role=dialog]')) continue;
        const data =
          '[data-testid=display-row-name], [data-testid=display-row-sites], [role=listbox], [dir=ltr], style';
        if (parent.closest(data)) {
          continue;
        }
        found.push(...(node.textContent?.match(/[A-Za-z]{3,}/g) ?? []));
      }
      for (const el of document.querySelectorAll('main [aria-label], [role=dialog] [aria-label]')) {
        if (!el.closest('[data-testid=display-row]')) {
          found.push(...(el.getAttribute('aria-label')?.match(/[A-Za-z]{3,}/g) ?? []));
        }
      }
      return found;
    });
    expect(words.filter((w) => !['Voltscope', 'Ctrl'].includes(w))).toEqual([]);
    await expectAccessible(page, 'display form, Persian dark', '[role=dialog]');
  });
});
