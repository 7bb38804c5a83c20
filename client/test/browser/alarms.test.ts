// The alarm console and annunciator against a real hub: alarms are raised deterministically by ingesting
// a fault code (the simulator is off, so nothing clears them), worked from the keyboard on one console
// and seen at once on another; a client reads its own sites only, without acting controls; Persian is
// right to left with every word of the page translated.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';

const app = setupBrowser();

const raise = (series: string, value: number) => app.ingest([{ series, ts: Date.now(), value }]);

/** Counts the oscillators the page starts: headless Chromium plays into nothing, so this is the proof. */
async function countOscillators(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      w.__oscillators += 1;
      return start.apply(this, args);
    };
  });
}

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });

const oscillators = (page: Page) => page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);
const row = (page: Page, device: string) => page.getByTestId('alarm-row').filter({ hasText: device });
const counts = (page: Page, priority: string) =>
  page.getByTestId(`alarm-count-${priority}`).getAttribute('data-counts');

// Axe runs and two consoles at once take long on a busy machine: those tests get two minutes.
describe('realtime alarm console', () => {
  it('annunciates a new alarm, acknowledged from the keyboard and at once on a second console', async () => {
    const first = await app.openSignedIn('operator', { language: 'en' });
    await countOscillators(first);
    await first.goto(`${app.url}/`);
    // Operators land on the console.
    await first.waitForURL(`${app.url}/alarm/realtime`);
    const second = await app.openSignedIn('operator', { language: 'en' });
    await second.goto(`${app.url}/alarm/realtime`);

    // No gesture yet: the browser holds the sound, and says so until it is enabled once.
    const annunciator = first.getByTestId('annunciator');
    await poll(() => annunciator.getAttribute('data-sound')).toBe('blocked');
    await annunciator.click();
    await poll(() => annunciator.getAttribute('data-sound')).toBe('quiet');
    await poll(() => counts(first, 'high')).toBe('0/0');

    await raise('es-tarifa.wtg05/fault_code', 301);
    await row(first, 'WTG 05').waitFor();
    expect(await row(first, 'WTG 05').getAttribute('data-unack')).not.toBeNull();
    await poll(() => annunciator.getAttribute('data-sound')).toBe('playing');
    expect(await annunciator.getAttribute('data-priority')).toBe('high');
    await poll(() => oscillators(first)).toBeGreaterThan(0);
    await poll(() => counts(first, 'high')).toBe('1/1');
    await row(second, 'WTG 05').waitFor();

    // Keyboard only: the list has the focus, `a` opens the acknowledgement, Enter confirms.
    await first.getByTestId('alarm-grid').focus();
    await first.keyboard.press('Home');
    await first.keyboard.press('a');
    await first.getByTestId('dialog-comment').waitFor();
    // As an operator does: type once the cursor is in the comment field.
    await poll(() => first.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('dialog-comment');
    await first.keyboard.type('Reset from the nacelle');
    await first.keyboard.press('Enter');
    await poll(() => first.getByTestId('announcement').textContent()).toBe('Acknowledged: 1');
    await poll(() => row(first, 'WTG 05').getAttribute('data-category')).toBe('acknowledged');
    expect(await row(first, 'WTG 05').getAttribute('data-unack')).toBeNull();
    expect(await first.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('alarm-grid');

    // The other operator sees it acknowledged without doing anything, and the horn stops.
    await expect
      .poll(() => row(second, 'WTG 05').getAttribute('data-category'), { timeout: 3000 })
      .toBe('acknowledged');
    expect(await row(second, 'WTG 05').textContent()).toContain('Julien Moreau');
    await poll(() => annunciator.getAttribute('data-sound')).toBe('quiet');
    await poll(() => counts(first, 'high')).toBe('0/1');
    await poll(() => counts(second, 'high')).toBe('0/1');

    await expectAccessible(first, 'English console with alarms');
    // The timeline has the acknowledgement with its comment.
    await first.getByTestId('alarm-grid').focus();
    await first.keyboard.press('Enter');
    const timeline = first.getByTestId('timeline-events');
    await poll(() => timeline.locator('li').count()).toBe(2);
    expect(await timeline.textContent()).toContain('Reset from the nacelle');
    await expectAccessible(first, 'console with an alarm and its timeline', '[role=dialog]');
  }, 120_000);

  it('shelves from the keyboard, out of the annunciator, and unshelves', async () => {
    const page = await app.openAt('operator', '/alarm/realtime?site=fr-occitanie', { language: 'en' });
    await raise('fr-occitanie.inv07/fault_code', 102);
    await row(page, 'Inverter 07').waitFor();
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('s');
    await page.getByRole('radio', { name: '2 h' }).check();
    await page.getByTestId('dialog-confirm').click();
    await poll(() => row(page, 'Inverter 07').getAttribute('data-category')).toBe('shelved');
    expect(await row(page, 'Inverter 07').getAttribute('data-blink')).toBeNull();
    // Shelved ones have a state of their own in the filter.
    await page.locator('[data-testid=filter-state-shelved] + label').click();
    await poll(() => page.getByTestId('alarm-row').count()).toBe(1);
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('u');
    await poll(() => page.getByTestId('alarms-empty').isVisible()).toBe(true);
    await page.getByTestId('filter-clear').click();
    await poll(() => row(page, 'Inverter 07').getAttribute('data-category')).toBe('unacknowledged');

    // Out of service with its reason (required), then back in service: the same key both ways.
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('o');
    const reason = page.getByTestId('dialog-comment');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('dialog-comment');
    await page.keyboard.press('Enter');
    // No reason, no change: the field says it is required and the dialog stays.
    expect(await reason.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(await page.getByTestId('action-dialog').count()).toBe(1);
    await reason.fill('Work order 4411: inverter swap');
    await page.keyboard.press('Enter');
    await poll(() => row(page, 'Inverter 07').getAttribute('data-category')).toBe('out_of_service');
    await poll(() => page.getByTestId('announcement').textContent()).toBe('Taken out of service: 1');
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('o');
    await page.getByTestId('dialog-confirm').click();
    await poll(() => row(page, 'Inverter 07').getAttribute('data-category')).toBe('unacknowledged');
  });

  it('warns of an alarm flood at a site and narrows to it', async () => {
    const page = await app.openAt('admin', '/alarm/realtime', { language: 'en' });
    await page.getByTestId('alarm-counts').waitFor();
    for (let i = 11; i <= 22; i++) await raise(`ma-ouarzazate.inv${i}/fault_code`, 101);
    const banner = page.getByTestId('flood-banner');
    await poll(() => banner.textContent()).toContain('Alarm flood at Ouarzazate PV');
    await banner.getByRole('button').click();
    await poll(() => new URL(page.url()).searchParams.get('site')).toBe('ma-ouarzazate');
    const sites = () => page.getByTestId('alarm-row').locator('td:nth-child(4)').allTextContents();
    await poll(async () => new Set(await sites())).toEqual(new Set(['Ouarzazate PV']));
    // The fault alarms, and the communication losses that follow when the devices fall silent.
    expect(await row(page, 'over-temperature shutdown (101)').count()).toBe(12);
    // The counts and the annunciator are on every page, not only the console.
    await page.goto(`${app.url}/dashboards/solar`);
    await poll(() => counts(page, 'high')).toMatch(/^\d+\/\d+$/);
    expect(await page.getByTestId('annunciator').getAttribute('data-sound')).toMatch(/blocked|playing|pending/);
  });

  it('shows a client its own sites only, read-only, without annunciator', async () => {
    await raise('ir-yazd.inv02/fault_code', 103);
    await raise('fr-occitanie.inv03/fault_code', 101);
    const page = await app.openAt('client', '/alarm/realtime', { language: 'en' });
    await row(page, 'Inverter 03').waitFor();
    await page.getByTestId('read-only').waitFor();
    const sites = await page.getByTestId('alarm-row').locator('td:nth-child(3)').allTextContents();
    expect(sites).toContain('Occitanie Solar');
    for (const site of sites) expect(['Occitanie Solar', 'Tarifa Wind']).toContain(site);
    expect(await page.getByTestId('alarm-toolbar').count()).toBe(0);
    expect(await page.getByTestId('row-acknowledge').count()).toBe(0);
    expect(await page.locator('[data-testid=alarm-row] input[type=checkbox]').count()).toBe(0);
    expect(await page.getByTestId('annunciator').count()).toBe(0);
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('a');
    await page.keyboard.press('s');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByTestId('filter-sites').click();
    expect((await page.getByRole('option').allTextContents()).sort()).toEqual(['Occitanie Solar', 'Tarifa Wind']);
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'read-only console');
  }, 120_000);

  it('keeps a flood of 5,000 alarms workable: only the rows in view are drawn', async () => {
    const page = await app.openSignedIn('operator', { language: 'en' });
    // The hub's open alarms, and 5,000 more of one site (as many devices do not exist in the demo fleet).
    await page.route('**/api/alarms/active*', async (route) => {
      const response = await route.fetch();
      const real = (await response.json()) as { siteId: string }[];
      const template = { deviceId: 'fr-occitanie.inv01', ruleId: 4, value: 101, clearedAt: null, closedAt: null };
      const flood = Array.from({ length: 5000 }, (_, i) => ({
        ...template,
        id: 1_000_000 + i,
        siteId: 'fr-occitanie',
        priority: (['critical', 'high', 'medium', 'low'] as const)[i % 4],
        state: i % 3 === 0 ? 'acknowledged' : 'unacknowledged',
        message: { en: `Flood ${i}`, fr: `Flood ${i}`, fa: `Flood ${i}`, ar: `Flood ${i}` },
        raisedAt: Date.now() - i * 1000,
        acknowledgedAt: null,
        acknowledgedBy: null,
        shelvedUntil: null,
        suppressed: i % 7 === 0,
        outOfService: false,
        seq: 0,
      }));
      await route.fulfill({
        response,
        json: [...real, ...flood.filter((a) => route.request().url().includes(a.siteId))],
      });
    });
    await page.goto(`${app.url}/alarm/realtime?site=fr-occitanie`);
    await poll(() => page.getByTestId('alarm-summary').textContent()).toMatch(/^Shown: 5,0\d\d of/);
    expect(await page.getByTestId('alarm-row').count()).toBeLessThan(60);
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('End');
    const last = page.locator('[data-testid=alarm-row][data-active]');
    await poll(() => last.textContent()).toContain('Flood 4');
    expect(await last.isVisible()).toBe(true);
    expect(await page.getByTestId('alarm-row').count()).toBeLessThan(60);
    await page.keyboard.press('Home');
    await poll(() => last.getAttribute('data-priority')).toBe('critical');
  }, 120_000);

  it('is right to left in Persian, with every word translated', async () => {
    await raise('ir-yazd.inv09/fault_code', 102);
    const page = await app.openAt('operator', '/alarm/realtime', { language: 'fa', colorScheme: 'dark' });
    await page.getByTestId('alarm-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectAccessible(page, 'Persian dark console with alarms');
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('c');
    await page.getByTestId('dialog-comment').waitFor();
    // Names of sites and devices and the keys' letters are data, not words of the interface.
    const words = await page.evaluate(() => {
      const skip =
        'td:nth-child(4), td:nth-child(5), td:nth-child(6), [data-testid=state-detail], kbd, [role=dialog] li';
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(skip)) continue;
        if (!parent.closest('main, header, [role=dialog]')) continue;
        for (const word of node.textContent?.match(/[A-Za-z]{3,}/g) ?? []) found.push(word);
      }
      for (const el of document.querySelectorAll('main [aria-label], header [aria-label]')) {
        const label = el.getAttribute('aria-label') ?? '';
        if (!el.closest('[data-testid=alarm-row]')) found.push(...(label.match(/[A-Za-z]{3,}/g) ?? []));
      }
      return found;
    });
    // The brand and site names are names; Ctrl is the search's key cap in the navbar.
    expect(
      words.filter((w) => !['Voltscope', 'Ouarzazate', 'Occitanie', 'Solar', 'Tarifa', 'Wind', 'Ctrl'].includes(w)),
    ).toEqual([]);
    await expectAccessible(page, 'Persian console with the comment dialog', '[role=dialog]');
  }, 120_000);
});
