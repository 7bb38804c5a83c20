// The audit log page against a real hub: an admin opens it from the menu, finds an alarm rule change
// made in the test with its fields before and after, an operator's refused attempt, filters them,
// exports the filtered CSV and checks the log's integrity. Persian is right to left, dark, every word of
// the page translated; both looks are saved as screenshots to check by eye.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';

const app = setupBrowser();
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });
const SHOTS = '/work/shots';

async function hub(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const rows = (page: Page) => page.getByTestId('audit-table').locator('tbody tr');

describe('the audit log page', () => {
  beforeAll(async () => {
    const admin = await app.token('admin');
    const rules = (await (await hub('GET', '/api/alarms/rules', admin)).json()) as {
      id: number;
      name: string;
      deviceId: string | null;
      responseMinutes: number;
    }[];
    const rule = rules.find((r) => r.deviceId === null && r.name === 'Inverter fault') ?? rules[0];
    if (!rule) throw new Error('no alarm rule');
    const change = { responseMinutes: rule.responseMinutes + 5 };
    expect((await hub('PATCH', `/api/alarms/rules/${rule.id}`, admin, change)).status).toBe(200);
    expect((await hub('PATCH', `/api/alarms/rules/${rule.id}`, await app.token('operator'), change)).status).toBe(403);
    expect((await hub('POST', '/api/ingest-keys', admin, { name: 'Rooftop logger' })).status).toBe(201);
  });

  it('opens from the menu, filters, shows a change before and after, exports and checks integrity', async () => {
    const page = await app.openInShell('admin', '/', { language: 'en', viewport: { width: 1400, height: 900 } });
    await page.getByTestId('horizontal-nav').getByRole('menuitem', { name: 'User & Access' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Audit Log' }).click();
    await poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Audit log');
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('audit-table').textContent()).toContain('Changed an alarm rule');

    // The operator's refused attempt, by outcome.
    await page.getByTestId('audit-outcome').click();
    await page.getByRole('option', { name: 'Refused', exact: true }).click();
    await poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-action')).toBe('alarmRule.update');
    expect(await rows(page).first().textContent()).toContain('Refused');
    await page.getByTestId('audit-clear').click();

    // The alarm rules group, then the admin's change opened with the keyboard.
    await page.getByTestId('audit-group').click();
    await page.getByRole('option', { name: 'Alarm rules', exact: true }).click();
    await poll(() => rows(page).count()).toBe(2);
    const done = rows(page).filter({ hasText: 'Done' });
    await done.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog');
    await poll(() => details.getByTestId('audit-changes').isVisible()).toBe(true);
    const changed = details.locator('[data-field=responseMinutes]');
    expect(await changed.getAttribute('data-changed')).toBe('true');
    const [, before, after] = await changed.locator('td').allTextContents();
    expect(Number(after)).toBe(Number(before) + 5);
    expect(await details.textContent()).toContain('127.0.0.1');
    await expectAccessible(page, 'audit details', '[role=dialog]');
    await page.screenshot({ path: `${SHOTS}/audit-details-en.png` });
    await page.keyboard.press('Escape');
    await poll(() => details.count()).toBe(0);

    // Free text, and the export of what is shown.
    await page.getByTestId('audit-clear').click();
    await page.getByTestId('audit-search').fill('rooftop');
    await poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-action')).toBe('ingestKey.create');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    expect(csv).toContain('Rooftop logger');

    await page.getByTestId('audit-verify').click();
    await poll(() => page.getByTestId('audit-verify-result').textContent()).toMatch(
      /^Intact: \d+ entries checked, none changed$/,
    );
    await page.getByTestId('audit-clear').click();
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'audit page');
    await page.screenshot({ path: `${SHOTS}/audit-en-light.png` });

    // An admin kept from disabling themselves: the refusal is an entry, its reason in words.
    const admin = await app.token('admin');
    const me = await (await hub('GET', '/api/auth/me', admin)).json();
    expect((await hub('POST', `/api/users/${me.userData.id}/disable`, admin)).status).toBe(409);
    await page.getByTestId('audit-outcome').click();
    await page.getByRole('option', { name: 'Refused', exact: true }).click();
    const selfDisable = page.locator('tbody tr[data-action="user.disable"]');
    await poll(() => selfDisable.count()).toBe(1);
    await selfDisable.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('dialog').textContent()).toContain(
      'Why refusedYou cannot disable or demote your own account.',
    );
  });

  it('reads right to left in Persian, dark, with every word of the page translated', async () => {
    const page = await app.openAt('admin', '/admin/audit', {
      language: 'fa',
      colorScheme: 'dark',
      viewport: { width: 1400, height: 900 },
    });
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('audit-verify').click();
    await poll(() => page.getByTestId('audit-verify-result').textContent()).toContain('سالم');
    // Names, addresses and targets are data (the hub's); the brand and the search's key cap are not words.
    const words = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.closest('main, header') || parent.closest('[data-value], [dir=ltr], style')) continue;
        found.push(...(node.textContent?.match(/[A-Za-z]{3,}/g) ?? []));
      }
      for (const el of document.querySelectorAll('main [aria-label]')) {
        found.push(...(el.getAttribute('aria-label')?.match(/[A-Za-z]{3,}/g) ?? []));
      }
      return found;
    });
    expect(words.filter((w) => !['Voltscope', 'Ctrl', 'CSV'].includes(w))).toEqual([]);
    await expectAccessible(page, 'audit page, Persian dark');
    await page.screenshot({ path: `${SHOTS}/audit-fa-dark.png` });
    await rows(page).first().click();
    await poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await expectAccessible(page, 'audit details, Persian dark', '[role=dialog]');
    await page.screenshot({ path: `${SHOTS}/audit-details-fa-dark.png` });
  });
});
