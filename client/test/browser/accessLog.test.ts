// The site access log on the access-control page against a real hub with its simulator: entries from a
// door controller and the simulated readers in pages of 5 to 100, a filter by result, and a door forced on
// the simulator appearing live at the top, standing out, with the "Door forced open" alarm it raised in
// its detail. In Persian: right to left, dark, every word of the log translated, accessible. Screenshots:
// /work/shots/access-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INGEST_KEY } from '../../../server/test/helper.ts';
import enAccessLog from '../../src/i18n/locales/en/accessLog.json' with { type: 'json' };
import { englishPhrases, expectAccessible, setupBrowser, simulatedHub } from './harness.ts';

const app = setupBrowser(simulatedHub({ backfillDays: 0 }));
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });
const SHOTS = '/work/shots';
const SITE = 'fr-occitanie';

const rows = (page: Page) => page.getByTestId('access-table').locator('tbody tr');

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the site access log', () => {
  beforeAll(async () => {
    // A morning at the gates, as a site's door controller reports it.
    const now = Date.now();
    const entries = Array.from({ length: 12 }, (_, i) => ({
      deviceId: `${SITE}.gate${(i % 2) + 1}`,
      ts: now - (i + 1) * 60_000,
      badge: `FR-0${1001 + i * 7}`,
      person: i % 4 === 3 ? null : `Camille Martin ${i}`,
      holder: i % 4 === 3 ? null : 'crew',
      result: i % 4 === 3 ? 'denied' : 'granted',
      reason: i % 4 === 3 ? 'unknown_badge' : null,
    }));
    const sent = await fetch(`${app.url}/api/access/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': DEMO_INGEST_KEY },
      body: JSON.stringify({ entries }),
    });
    expect(sent.status).toBe(200);
  });

  it('pages and filters the log, and shows a forced door live with its alarm', async () => {
    const page = await app.openInShell('admin', '/access-control', {
      language: 'en',
      viewport: { width: 1400, height: 1000 },
    });
    const log = page.getByTestId('access-log');
    await log.scrollIntoViewIfNeeded();
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(12);
    await poll(() => page.getByTestId('access-feed').getAttribute('data-state')).toBe('live');

    await page.getByTestId('page-size').selectOption('5');
    await poll(() => rows(page).count()).toBe(5);
    await page.getByTestId('page-next').click();
    await poll(() => page.getByTestId('page-range').textContent()).toMatch(/^6–10 of \d+$/);
    await page.getByTestId('page-first').click();

    await choose(page, 'access-filter-result', 'Denied');
    await poll(() => rows(page).count()).toBe(3);
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-result')))).toEqual([
      'denied',
      'denied',
      'denied',
    ]);
    expect(await rows(page).first().textContent()).toContain('Unknown badge');
    // Chosen again, the filter is cleared.
    await choose(page, 'access-filter-result', 'Denied');
    await poll(() => rows(page).count()).toBe(5);

    // A door forced on the simulator: the entry comes live at the top, then with the alarm it raised.
    const admin = await app.token('admin');
    const forced = await fetch(`${app.url}/api/simulator/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: SITE, fault: 'doorForced', minutes: 2 }),
    });
    expect(forced.status).toBe(200);
    await poll(() => rows(page).first().getAttribute('data-result')).toBe('forced');
    expect(await rows(page).first().textContent()).toContain('Main gate');
    await rows(page).first().getByTestId('access-row-open').click();
    const detail = page.getByRole('dialog');
    await poll(() => detail.getByTestId('access-detail-alarm').textContent()).toContain('door forced open');
    const link = await detail.getByTestId('access-detail-alarm-link').getAttribute('href');
    expect(link).toMatch(/^\/alarm\/realtime\?site=fr-occitanie&alarm=\d+$/);
    const active = (await (
      await fetch(`${app.url}/api/alarms/active?sites=${SITE}`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as { id: number; message: { en: string } }[];
    const alarm = active.find((a) => a.message.en.includes('door forced open'));
    expect(link).toContain(`alarm=${alarm?.id}`);
    await expectAccessible(page, 'access entry detail', '[role=dialog]');
    await page.screenshot({ path: `${SHOTS}/access-detail-en-light.png` });
    await page.keyboard.press('Escape');
    await poll(() => detail.count()).toBe(0);
    await expectAccessible(page, 'access log, English light', '[data-testid=access-log]');
    await log.screenshot({ path: `${SHOTS}/access-en-light.png` });
  }, 90_000);

  it('reads right to left in Persian, dark, with every word of the log translated', async () => {
    const page = await app.openInShell('admin', '/access-control', {
      language: 'fa',
      colorScheme: 'dark',
      viewport: { width: 1400, height: 1000 },
    });
    const log = page.getByTestId('access-log');
    await log.scrollIntoViewIfNeeded();
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(12);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await choose(page, 'access-filter-result', 'به زور باز شد');
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(1);
    expect(await rows(page).first().getAttribute('data-result')).toBe('forced');
    await page.getByTestId('page-size').selectOption('5');
    // Site names and badge numbers are data: they stay as the fleet writes them.
    const sites = (await (
      await fetch(`${app.url}/api/sites`, { headers: { authorization: `Bearer ${await app.token('admin')}` } })
    ).json()) as { name: string }[];
    let text = await log.innerText();
    for (const name of sites.map((s) => s.name).sort((a, b) => b.length - a.length)) text = text.split(name).join('');
    for (const phrase of englishPhrases(enAccessLog, 4)) expect(text, phrase).not.toContain(phrase);
    expect((text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => w !== 'CSV')).toEqual([]);
    await expectAccessible(page, 'access log, Persian dark', '[data-testid=access-log]');
    await log.screenshot({ path: `${SHOTS}/access-fa-dark.png` });
  }, 90_000);
});
