// Devices Status against a hub whose simulator runs: the grid lists the devices with their states and
// follows a device's fault live (its gateway's sample, no re-read of the list), filters and pages, an
// operator puts a device into maintenance with a reason (refused without one) and the row says so, the
// device's own page opens from its row and lifts it; a client reads its own sites, right to left in Persian.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 0 }));

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout, interval: 200 });

const rowOf = (page: Page, id: string) => page.locator(`[data-testid=status-row][data-device="${id}"]`);
const stateOf = (page: Page, id: string) => rowOf(page, id).getByTestId('device-state').getAttribute('data-state');

describe('devices status', () => {
  it('shows live states, filters and pages, and takes a device into maintenance and back', async () => {
    const page = await app.openInShell('operator', '/devices/status?site=fr-occitanie&type=inverter', {
      language: 'en',
    });
    const rows = page.getByTestId('status-row');
    await poll(() => rows.count()).toBe(25);
    await poll(() => stateOf(page, 'fr-occitanie.inv05')).toBe('online');
    expect(await page.getByTestId('page-range').textContent()).toBe('1–25 of 40');
    await poll(() => rowOf(page, 'fr-occitanie.inv05').getByTestId('last-seen').textContent()).toMatch(/now|second/);

    // The inverter reports a fault: its row says so within seconds (the list itself is read every 30 s).
    await app.ingest([{ series: 'fr-occitanie.inv05/state', ts: Date.now() + 60_000, value: 2 }]);
    await poll(() => stateOf(page, 'fr-occitanie.inv05'), 8000).toBe('fault');
    expect(await rowOf(page, 'fr-occitanie.inv05').getByTestId('device-state').textContent()).toBe('Fault');
    // Then the list is read again: its counts (and order) follow.
    await poll(() => page.getByTestId('count-fault').textContent(), 15_000).toMatch(/1$/);

    // Words and page size.
    await page.getByTestId('filter-text').fill('inv0');
    await poll(() => rows.count()).toBe(9);
    await page.getByTestId('page-size').selectOption('5');
    await poll(() => rows.count()).toBe(5);
    expect(await page.getByTestId('page-range').textContent()).toBe('1–5 of 9');
    await page.getByTestId('page-next').click();
    await poll(() => rows.count()).toBe(4);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    // The CSV holds every filtered row, not only the page's, the fault first.
    const download = page.waitForEvent('download');
    await page.getByTestId('csv-export').click();
    const bytes = await readFile((await (await download).path()) as string);
    // A byte order mark first, so that spreadsheets read it as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(/^id,Device,Site,Type,State,/);
    expect(lines[1]).toMatch(/^fr-occitanie\.inv05,Inverter 05,Occitanie Solar,Inverter,Fault,/);

    // Into maintenance: refused without a reason, then with one, the row says so.
    const id = 'fr-occitanie.inv07';
    await page.getByTestId('filter-text').fill('inv07');
    await poll(() => rows.count()).toBe(1);
    await rowOf(page, id).getByTestId('maintenance-put').click();
    const dialog = page.getByTestId('maintenance-dialog');
    await dialog.getByTestId('maintenance-submit').click();
    await poll(() => dialog.textContent()).toContain('This field is required.');
    await dialog.getByTestId('maintenance-reason').fill('String fuse swap WO-812');
    await dialog.getByTestId('maintenance-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => stateOf(page, id)).toBe('maintenance');
    expect(await rowOf(page, id).getByTestId('maintenance-reason-text').textContent()).toBe('String fuse swap WO-812');

    // Its own page, from the row: what it is, its series live, the maintenance; back in service from there.
    await rowOf(page, id).getByTestId('device-link').click();
    await poll(() => new URL(page.url()).pathname).toBe('/devices/fr-occitanie%2Einv07');
    await poll(() => page.getByTestId('device-title').textContent()).toBe('Inverter 07');
    await poll(() => page.getByTestId('device-maintenance').textContent()).toContain('String fuse swap WO-812');
    expect(await page.getByTestId('device-maintenance').textContent()).toContain('Julien Moreau');
    await poll(() => page.getByTestId('series-value').count()).toBeGreaterThan(3);
    // Each series named as a person reads it, its key beside.
    const mppt = page.locator('[data-testid=device-series] tr[data-series="mppt_voltage:2"]');
    expect(await mppt.getByTestId('series-name').textContent()).toBe('MPPT voltage 2');
    expect(await page.getByTestId('device-detail-link').getAttribute('href')).toBe(
      '/overview/solar/inverter/fr-occitanie%2Einv07',
    );
    await page.getByTestId('maintenance-lift').click();
    await page.getByTestId('maintenance-dialog').getByTestId('maintenance-submit').click();
    await poll(() => page.getByTestId('device-state').getAttribute('data-state')).toBe('online');
    expect(await page.getByTestId('device-maintenance').count()).toBe(0);
  }, 60_000);

  it('shows a client only its own sites, right to left in Persian, with no maintenance to take', async () => {
    const page = await app.openInShell('client', '/devices/status?size=100', { language: 'fa' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const rows = page.getByTestId('status-row');
    await poll(() => rows.count()).toBeGreaterThan(20);
    const ids = await rows.evaluateAll((list) => list.map((r) => r.getAttribute('data-device') ?? ''));
    expect(new Set(ids.map((id) => id.split('.')[0]))).toEqual(new Set(['fr-occitanie', 'es-tarifa']));
    expect(await page.getByTestId('maintenance-put').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('وضعیت تجهیزات');
    // The table reads from the right: its first column (the state) is the rightmost.
    const [state, name] = await Promise.all(
      ['device-state', 'device-link'].map((testId) =>
        rows
          .first()
          .getByTestId(testId)
          .evaluate((el) => el.getBoundingClientRect().left),
      ),
    );
    expect(state).toBeGreaterThan(name as number);
  }, 40_000);
});
