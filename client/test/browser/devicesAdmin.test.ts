// The Devices Management page against a real hub: an admin creates a site, first with wrong fields (the
// seed's messages at each field, in English and once in Persian), then right ones; adds a device under
// a parent; imports a CSV with a refused row (its line and reason shown, nothing to apply) and a right
// one (the devices appear in the tree); decommissions the site (gone from the fleet overview) and
// restores it. Operators have neither the menu entry nor the page.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';

const app = setupBrowser();

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

/** The message shown under a Mantine input (its `aria-describedby` error), or '' without one. */
const errorOf = (input: Locator) =>
  input.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
  });

/** The links of the "Devices" group of the horizontal menu (none when the group is not shown). */
async function devicesMenuLinks(page: Page): Promise<string[]> {
  await page.getByTestId('horizontal-nav').waitFor();
  const group = page.getByTestId('horizontal-nav').getByRole('menuitem', { name: 'Devices', exact: true });
  if ((await group.count()) === 0) return [];
  await group.click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const links = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return links;
}

async function choose(scope: Locator, input: Locator, option: string, typed?: string) {
  await input.click();
  if (typed) await input.fill(typed);
  await scope.getByRole('option', { name: option, exact: true }).click();
}

async function adminGet(path: string): Promise<Response> {
  return fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${await app.token('admin')}` } });
}

const SITE = 'test-plant';

describe('the devices management page', () => {
  it('creates a site after the seed rules refuse wrong fields, adds a device under a parent, imports, decommissions and restores', async () => {
    const page = await app.openInShell('admin', '/devices/management', { language: 'en' });
    expect(await devicesMenuLinks(page)).toContain('/devices/management');
    await page.getByTestId('site-new').click();
    const form = page.getByTestId('site-form');
    const input = (name: string) => form.getByTestId(`site-${name}`);

    // Wrong fields, each judged as it is left.
    await input('id').fill('test plant!');
    await input('country').fill('F1');
    await input('latitude').fill('95');
    await input('capacityKw').fill('0');
    await input('name').focus();
    await input('name').blur();
    await poll(() => errorOf(input('id'))).toBe(
      'The field may only contain letters, numbers, dashes, and underscores.',
    );
    expect(await errorOf(input('country'))).toBe('The field may only contain alphabetic characters.');
    expect(await errorOf(input('latitude'))).toBe('The value must be between -90 and 90.');
    expect(await errorOf(input('capacityKw'))).toBe('The value must be between 0.1 and 5000000.');
    expect(await errorOf(input('name'))).toBe('This field is required.');
    // Sending checks every field again: the untouched longitude too; nothing reaches the hub.
    await form.getByTestId('site-save').click();
    await poll(() => errorOf(input('longitude'))).toBe('This field is required.');
    await input('country').fill('FRA');
    await input('country').blur();
    await poll(() => errorOf(input('country'))).toBe('The length of the field must be 2 characters.');
    expect((await (await adminGet('/api/admin/sites')).json()).some((s: { id: string }) => s.id === SITE)).toBe(false);

    // An id the hub already has: its refusal is shown above the buttons, and nothing is created.
    await input('id').fill('fr-occitanie');
    await input('name').fill('Test Plant');
    await choose(form, input('timeZone'), 'Europe/Paris', 'Europe/Par');
    await input('country').fill('FR');
    await input('latitude').fill('43.6');
    await input('longitude').fill('1.44');
    await input('capacityKw').fill('500');
    await form.getByTestId('site-save').click();
    await poll(() => form.getByTestId('site-failure').textContent()).toContain('fr-occitanie already exists');

    // Right ones.
    await input('id').fill(SITE);
    await form.getByTestId('site-save').click();
    const row = page.locator(`[data-testid=site-row][data-site=${SITE}]`);
    await poll(() => row.getByTestId('site-state').textContent()).toBe('In service');
    await expect.poll(() => form.count()).toBe(0);

    // A meter at the top, then a breaker added under it.
    const panel = page.getByTestId('site-panel');
    await panel.getByTestId('device-new').click();
    const deviceForm = page.getByTestId('device-form');
    await choose(deviceForm, deviceForm.getByTestId('device-type'), 'Grid meter');
    await deviceForm.getByTestId('device-id').fill('meter1');
    await deviceForm.getByTestId('device-name').fill('Main meter');
    await deviceForm.getByTestId('device-address').fill('10.0.0.5:502');
    // A series' range beyond its metric's plausible one: the hub's refusal shows at that series' input.
    const firstMax = deviceForm.getByTestId('series-row').first().getByTestId('series-max');
    await firstMax.fill('900000');
    await deviceForm.getByTestId('device-save').click();
    await poll(() => errorOf(firstMax)).toBe('The value must be between -100000 and 200000.');
    await firstMax.fill('');
    await deviceForm.getByTestId('device-save').click();
    const meter = panel.locator(`[data-testid=device-row][data-device="${SITE}.meter1"]`);
    await meter.getByTestId('device-add').click();
    await choose(deviceForm, deviceForm.getByTestId('device-type'), 'Breaker');
    await deviceForm.getByTestId('device-id').fill('brk1');
    await deviceForm.getByTestId('device-name').fill('Main breaker');
    await deviceForm.getByTestId('device-address').fill('bad address');
    await deviceForm.getByTestId('device-name').click();
    await poll(() => errorOf(deviceForm.getByTestId('device-address'))).toBe('The format of the field is invalid.');
    await deviceForm.getByTestId('device-address').fill('10.0.0.6:502');
    expect(await deviceForm.getByTestId('device-parent').inputValue()).toContain('Main meter');
    await deviceForm.getByTestId('device-save').click();
    const breaker = panel.locator(`[data-testid=device-row][data-device="${SITE}.brk1"]`);
    await poll(() => breaker.getAttribute('data-parent')).toBe(`${SITE}.meter1`);
    expect(await breaker.getAttribute('data-depth')).toBe('1');
    await expectAccessible(page, 'devices management page');

    // CSV: the columns the export writes; a refused row, then a right file.
    await panel.getByTestId('tab-csv').click();
    const exported = await (await adminGet(`/api/sites/${SITE}/devices/export`)).text();
    const header = (exported.split(/\r?\n/)[0] ?? '').split(',');
    const csvOf = (rows: Record<string, string>[]) =>
      [header.join(','), ...rows.map((r) => header.map((c) => r[c] ?? '').join(','))].join('\r\n');
    const busbar = { id: 'bus1', type: 'busbar', name: 'Busbar', protocol: 'modbus-tcp', address: '10.0.0.7:502' };
    const parentColumn = header.find((c) => /parent/i.test(c)) ?? 'parentId';
    // The right file: the export as it is, the breaker renamed, and a busbar under it.
    const renamed = exported
      .trim()
      .split(/\r?\n/)
      .map((line) => line.replace(/^brk1,breaker,Main breaker,/, 'brk1,breaker,Breaker A,'));
    const good = [...renamed, csvOf([{ ...busbar, [parentColumn]: 'brk1' }]).split('\r\n')[1]].join('\r\n');
    const bad = csvOf([
      { ...busbar, [parentColumn]: 'brk1' },
      { ...busbar, id: 'bad id!', name: 'Second busbar' },
    ]);
    const file = panel.getByTestId('import-file');
    await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const refused = panel.getByTestId('import-error');
    await poll(() => refused.count()).toBe(1);
    expect(await refused.locator('td').nth(0).textContent()).toBe('3');
    expect(await refused.locator('td').nth(2).textContent()).toBe(
      'The field may only contain letters, numbers, dashes, and underscores.',
    );
    expect(await panel.getByTestId('import-apply').count()).toBe(0);
    await file.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await poll(() => panel.getByTestId('import-counts').textContent()).toBe(
      'To create: 1 · to update: 1 · unchanged: 1 · refused rows: 0',
    );
    const changes = (await panel.getByTestId('import-row').allTextContents()).map((r) => r.replace(/^\d+/, ''));
    expect(changes.sort()).toEqual([`${SITE}.brk1Updated: Name`, `${SITE}.bus1Created`, `${SITE}.meter1Unchanged`]);
    await panel.getByTestId('import-apply').click();
    await panel.getByTestId('import-applied').waitFor();
    await panel.getByTestId('tab-devices').click();
    const imported = panel.locator(`[data-testid=device-row][data-device="${SITE}.bus1"]`);
    await poll(() => imported.getAttribute('data-parent')).toBe(`${SITE}.brk1`);
    // The tree folds a branch away, and a filter shows a match with the devices above it.
    const rows = panel.getByTestId('device-row');
    await meter.getByTestId('device-fold').click();
    await poll(() => rows.count()).toBe(1);
    await meter.getByTestId('device-fold').click();
    await poll(() => rows.count()).toBe(3);
    await panel.getByTestId('device-filter').fill('busbar');
    await poll(() => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-device')))).toEqual([
      `${SITE}.meter1`,
      `${SITE}.brk1`,
      `${SITE}.bus1`,
    ]);
    await panel.getByTestId('device-filter').fill('Breaker A');
    await poll(() => rows.count()).toBe(2);

    // A site with devices cannot be deleted: the hub's reason is shown, and the site stays.
    await row.getByTestId('site-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await poll(() => page.getByTestId('announcement').textContent()).toContain('still has 3 device(s)');
    expect(await page.getByTestId('announcement').getAttribute('data-refused')).toBe('true');
    expect(await row.count()).toBe(1);

    // Its ingest key: shown once, then listed as never used; revoked after a question.
    await panel.getByTestId('tab-keys').click();
    await panel.getByTestId('key-name').fill('Gateway north');
    await panel.getByTestId('key-create').click();
    await poll(() => panel.getByTestId('key-secret').textContent()).toMatch(/^\S{20,}$/);
    expect(await panel.textContent()).toContain('This key is shown only this once');
    const key = panel.getByTestId('key-row').filter({ hasText: 'Gateway north' });
    expect(await key.getByTestId('key-last-used').textContent()).toBe('Never');
    // The site's gateway sends a sample with it: the list, read again, says it was used just now.
    const sent = await fetch(`${app.url}/api/ingest`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-ingest-key': (await panel.getByTestId('key-secret').textContent()) ?? '',
      },
      body: JSON.stringify({ samples: [{ series: `${SITE}.meter1/active_power`, ts: Date.now(), value: 120 }] }),
    });
    expect(sent.status, await sent.text()).toBeLessThan(300);
    await panel.getByTestId('key-done').click();
    expect(await panel.getByTestId('key-secret').count()).toBe(0);
    await panel.getByTestId('tab-devices').click();
    await panel.getByTestId('tab-keys').click();
    await poll(() => key.getByTestId('key-last-used').textContent()).toMatch(/now|second|minute/);
    await key.getByTestId('key-revoke').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await poll(() => key.textContent()).toContain('Revoked on');

    // On the fleet overview while in service; gone once decommissioned; back after restore.
    const overview = await app.openInShell('admin', '/overview/fleet', { language: 'en' });
    const tile = overview.getByTestId('fleet-tile').filter({ hasText: 'Test Plant' });
    await poll(() => tile.count()).toBe(1);
    await row.getByTestId('site-decommission').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.textContent()).toContain('disappears from every live page');
    await confirm.getByTestId('confirm').click();
    await poll(() => row.getByTestId('site-state').textContent()).toMatch(/^Decommissioned on /);
    await overview.reload();
    await overview.getByTestId('fleet-tile').first().waitFor();
    expect(await tile.count()).toBe(0);
    await row.getByTestId('site-restore').click();
    await poll(() => row.getByTestId('site-state').textContent()).toBe('In service');
    await overview.reload();
    await poll(() => tile.count()).toBe(1);
  });

  it('words the seed rules in Persian, right to left, in the dark theme', async () => {
    const page = await app.openInShell('admin', '/devices/management?site=es-tarifa', {
      language: 'fa',
      colorScheme: 'dark',
    });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('device-row').first().waitFor();
    await expectAccessible(page, 'Persian, dark, a site tree', '[data-testid=site-panel]');
    await page.getByTestId('site-new').click();
    const form = page.getByTestId('site-form');
    await form.getByTestId('site-country').fill('F1');
    await form.getByTestId('site-save').click();
    await poll(() => errorOf(form.getByTestId('site-name'))).toBe('پر کردن این فیلد الزامی است.');
    expect(await errorOf(form.getByTestId('site-country'))).toBe('این فیلد فقط می‌تواند حروف الفبا داشته باشد.');
  });

  it('keeps the page from operators: no menu entry, and not-authorized', async () => {
    const page = await app.openInShell('operator', '/overview/fleet', { language: 'en' });
    expect(await devicesMenuLinks(page)).not.toContain('/devices/management');
    await page.goto(`${app.url}/devices/management`);
    await page.waitForURL(`${app.url}/not-authorized`);
  });
});
