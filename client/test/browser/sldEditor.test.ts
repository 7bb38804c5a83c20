// The single-line diagram editor against a real hub: an admin places a breaker that stands for no
// device (publishing is refused with the message saying so), deletes it, places and wires two symbols,
// publishes with a note (the live view names the new version), publishes again, and restores the first
// version from the versions list; an operator sees no Edit button and `?edit=1` shows the live diagram.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();
const site = 'fr-occitanie';

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

async function openDiagram(who: 'admin' | 'operator', query: string): Promise<Page> {
  const page = await app.openSignedIn(who, { language: 'en' });
  await page.goto(`${app.url}/sld/sl?${query}`, { timeout: 60_000, waitUntil: 'domcontentloaded' });
  return page;
}

/** Places a symbol of `kind` from the palette: the id of the new (selected) symbol. */
async function place(page: Page, kind: string): Promise<string> {
  await page.getByTestId('sld-palette').locator(`[data-kind=${kind}]`).click();
  const selected = page.getByTestId('sld-editor-canvas').locator(`[data-kind=${kind}][data-selected]`);
  await poll(() => selected.count()).toBe(1);
  return (await selected.getAttribute('data-symbol')) ?? '';
}

async function publish(page: Page, note: string) {
  await page.getByTestId('sld-publish-open').click();
  await page.getByTestId('sld-publish').getByRole('textbox').fill(note);
  await page.getByTestId('sld-publish-confirm').click();
  // Back on the live view once the hub has saved it.
  await poll(() => page.getByTestId('sld-editor').count()).toBe(0);
}

describe('single-line diagram editor', () => {
  it('refuses an unbound breaker, then publishes, lists and restores versions', { timeout: 120_000 }, async () => {
    const page = await openDiagram('admin', `site=${site}`);
    await poll(() => page.getByTestId('sld-version').textContent()).toContain('Generated from the device tree');
    await page.getByTestId('sld-edit').click();
    await poll(() => page.getByTestId('sld-editor-canvas').count()).toBe(1);

    // A breaker of no device: the issue names it and Publish stays disabled.
    const breaker = await place(page, 'breaker');
    const issues = page.getByTestId('sld-issues');
    await poll(() => issues.textContent()).toContain(`Circuit breaker ${breaker} stands for no device`);
    expect(await page.getByTestId('sld-publish-open').isDisabled()).toBe(true);
    await page.keyboard.press('Delete');
    await poll(() => issues.textContent()).toContain('No issues');

    // A grid connection and a disconnector (neither needs a device), wired terminal to terminal.
    const wiresBefore = await page.locator('[data-connection]').count();
    const grid = await place(page, 'grid');
    await page.getByTestId('sld-props').locator('[data-wire-terminal=b]').click();
    await poll(() => page.getByTestId('sld-wiring').count()).toBe(1);
    const disconnector = await place(page, 'disconnector');
    await page.getByTestId('sld-props').locator('[data-wire-terminal=a]').click();
    await poll(() => page.locator('[data-connection]').count()).toBe(wiresBefore + 1);
    expect(grid).not.toBe(disconnector);
    // Undo takes the wire away, redo brings it back: one step each.
    await page.keyboard.press('Control+z');
    await poll(() => page.locator('[data-connection]').count()).toBe(wiresBefore);
    await page.keyboard.press('Control+y');
    await poll(() => page.locator('[data-connection]').count()).toBe(wiresBefore + 1);

    await publish(page, 'Spare bay drawn');
    await poll(() => page.getByTestId('sld-version').textContent()).toMatch(/Version 1, saved by/);

    // A second version (a note on the canvas), then the first one restored from the list.
    await page.getByTestId('sld-edit').click();
    await poll(() => page.getByTestId('sld-editor-canvas').count()).toBe(1);
    await page.getByTestId('sld-toolbar').getByRole('button', { name: 'Add text' }).click();
    await publish(page, 'A note');
    await poll(() => page.getByTestId('sld-version').textContent()).toMatch(/Version 2, saved by/);

    await page.getByTestId('sld-edit').click();
    await page.getByTestId('sld-toolbar').getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByTestId('sld-versions');
    await poll(() => versions.locator('[data-version]').count()).toBe(2);
    expect(await versions.locator('[data-version="1"]').textContent()).toContain('Spare bay drawn');
    await versions.locator('[data-version="1"]').getByRole('button', { name: 'Restore' }).click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await poll(() => page.getByTestId('sld-version').textContent()).toMatch(/Version 3, saved by/);

    const token = await app.token('admin');
    const list = (await (
      await fetch(`${app.url}/api/sites/${site}/sld/versions`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { version: number; restoredFrom: number | null }[];
    expect(list[0]).toMatchObject({ version: 3, restoredFrom: 1 });
  });

  it('shows an operator the live diagram, without Edit, even at ?edit=1', async () => {
    const page = await openDiagram('operator', `site=${site}&edit=1`);
    await poll(() => page.getByTestId('sld-canvas').count()).toBe(1);
    expect(await page.getByTestId('sld-edit').count()).toBe(0);
    expect(await page.getByTestId('sld-editor').count()).toBe(0);
  });
});
