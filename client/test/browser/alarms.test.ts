// The alarm console and annunciator against a real hub: alarms are raised deterministically by ingesting
// a fault code (the simulator is off, so nothing clears them), worked from the keyboard on one console
// and seen at once on another; a client reads its own sites only, without acting controls; Persian is
// right to left with every word of the page translated.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';
import { countOscillators, oscillators } from './soundTools.ts';

const app = setupBrowser();

const raise = (series: string, value: number) => app.ingest([{ series, ts: Date.now(), value }]);

/**
 * Holds the page's sound until a user gesture, as a desktop Chromium's autoplay policy does: the
 * headless Chromium of these tests lets an AudioContext run at once, which would hide what the page
 * shows while sound is blocked.
 */
async function blockAudioUntilGesture(page: Page) {
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    // A click or a key on the page (navigator.userActivation is already set by the test's navigation).
    let gestured = false;
    const onGesture = (event: Event) => {
      if (event.isTrusted) gestured = true;
    };
    window.addEventListener('pointerdown', onGesture, true);
    window.addEventListener('keydown', onGesture, true);
    const activated = () => gestured;
    window.AudioContext = class extends Real {
      #allowed = activated();
      constructor(options?: AudioContextOptions) {
        super(options);
        if (!this.#allowed) void Real.prototype.suspend.call(this);
      }
      override get state(): AudioContextState {
        return this.#allowed ? super.state : 'suspended';
      }
      override resume(): Promise<void> {
        // Without a gesture the browser's promise never settles.
        if (!activated()) return new Promise(() => {});
        this.#allowed = true;
        return super.resume().then(() => void this.dispatchEvent(new Event('statechange')));
      }
    };
  });
}

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });

const row = (page: Page, device: string) => page.getByTestId('alarm-row').filter({ hasText: device });
/** A device's fault alarm, not its loss of communication (raised once it has been silent 30 s). */
const fault = (page: Page, device: string) => row(page, device).filter({ hasNotText: 'no data' });
const counts = (page: Page, priority: string) =>
  page.getByTestId(`alarm-count-${priority}`).getAttribute('data-counts');

// Axe runs and two consoles at once take long on a busy machine: those tests get two minutes.
describe('realtime alarm console', () => {
  it('annunciates a new alarm, acknowledged from the keyboard and at once on a second console', async () => {
    const first = await app.openSignedIn('operator', { language: 'en' });
    await countOscillators(first);
    await blockAudioUntilGesture(first);
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
    await fault(first, 'WTG 05').waitFor();
    expect(await fault(first, 'WTG 05').getAttribute('data-unack')).not.toBeNull();
    await poll(() => annunciator.getAttribute('data-sound')).toBe('playing');
    expect(await annunciator.getAttribute('data-priority')).toBe('high');
    await poll(() => oscillators(first)).toBeGreaterThan(0);
    await poll(() => counts(first, 'high')).toBe('1/1');
    await fault(second, 'WTG 05').waitFor();

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
    await poll(() => fault(first, 'WTG 05').getAttribute('data-category')).toBe('acknowledged');
    expect(await fault(first, 'WTG 05').getAttribute('data-unack')).toBeNull();
    expect(await first.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('alarm-grid');

    // The other operator sees it acknowledged without doing anything, and the horn stops.
    await expect
      .poll(() => fault(second, 'WTG 05').getAttribute('data-category'), { timeout: 3000 })
      .toBe('acknowledged');
    expect(await fault(second, 'WTG 05').textContent()).toContain('Julien Moreau');
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

  it('shelves only with a reason, into the shelved view, and takes out of service until a date', async () => {
    const page = await app.openAt('operator', '/alarm/realtime?site=fr-occitanie', { language: 'en' });
    await raise('fr-occitanie.inv07/fault_code', 102);
    await fault(page, 'Inverter 07').waitFor();
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('s');
    await page.getByRole('radio', { name: '2 h' }).check();
    // No reason: the dialog stays, says why, and nothing is shelved.
    await page.getByTestId('dialog-confirm').click();
    const why = page.getByTestId('dialog-comment-error');
    await poll(() => why.textContent()).toContain('Shelving needs a reason');
    expect(await page.getByTestId('action-dialog').count()).toBe(1);
    expect(await fault(page, 'Inverter 07').getAttribute('data-category')).toBe('unacknowledged');
    await page.getByTestId('dialog-comment').fill('Nuisance: string monitor under test');
    await page.getByTestId('dialog-confirm').click();
    await poll(() => page.getByTestId('announcement').textContent()).toBe('Shelved: 1');

    // It leaves the working list for the shelved view, whose count is always in sight.
    await poll(() => fault(page, 'Inverter 07').count()).toBe(0);
    const shelvedView = page.getByTestId('view-shelved');
    await poll(() => shelvedView.getAttribute('data-count')).toBe('1');
    expect(await shelvedView.textContent()).toBe('Shelved1');
    await shelvedView.click();
    await poll(() => new URL(page.url()).searchParams.get('view')).toBe('shelved');
    await poll(() => page.getByTestId('alarm-row').count()).toBe(1);
    expect(await fault(page, 'Inverter 07').getAttribute('data-category')).toBe('shelved');
    expect(await fault(page, 'Inverter 07').getAttribute('data-blink')).toBeNull();
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('u');
    await poll(() => page.getByTestId('alarms-empty').isVisible()).toBe(true);
    await poll(() => shelvedView.getAttribute('data-count')).toBe('0');
    await page.getByTestId('view-working').click();
    await poll(() => fault(page, 'Inverter 07').getAttribute('data-category')).toBe('unacknowledged');

    // Out of service with its reason (required) until a date, then back in service: the same key both ways.
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('o');
    const reason = page.getByTestId('dialog-comment');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('dialog-comment');
    await page.keyboard.press('Enter');
    // No reason, no change: the field says it is required and why, and the dialog stays.
    expect(await reason.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
    await poll(() => page.getByTestId('dialog-comment-error').textContent()).toContain('Out of service needs a reason');
    expect(await page.getByTestId('action-dialog').count()).toBe(1);
    // A week ahead is offered as the review date; a date past the 90 days is refused by the dialog.
    const until = page.getByTestId('dialog-until');
    const offered = await until.inputValue();
    await until.fill('2099-01-01T08:00');
    await reason.fill('Work order 4411: inverter swap');
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('action-dialog').textContent()).toContain('at most 90 days ahead');
    await until.fill(offered);
    await reason.press('Enter');
    await poll(() => page.getByTestId('announcement').textContent()).toBe('Taken out of service: 1');
    await poll(() => fault(page, 'Inverter 07').count()).toBe(0);
    await page.getByTestId('view-out_of_service').click();
    const out = fault(page, 'Inverter 07');
    await poll(() => out.getAttribute('data-category')).toBe('out_of_service');
    // Its review date, as the operator chose it, beside its state.
    const time = offered.split('T')[1] as string;
    await poll(() => out.getByTestId('state-detail').textContent()).toMatch(new RegExp(`^until .*${time}`));
    await page.getByTestId('alarm-grid').focus();
    await page.keyboard.press('o');
    await page.getByTestId('dialog-confirm').click();
    await poll(() => page.getByTestId('alarms-empty').isVisible()).toBe(true);
    await page.getByTestId('view-working').click();
    await poll(() => fault(page, 'Inverter 07').getAttribute('data-category')).toBe('unacknowledged');
  }, 120_000);

  it('warns of an alarm flood at a site and narrows to it', async () => {
    const page = await app.openAt('admin', '/alarm/realtime', { language: 'en' });
    await page.getByTestId('alarm-counts').waitFor();
    for (let i = 11; i <= 22; i++) await raise(`ma-ouarzazate.inv${i}/fault_code`, 101);
    const banner = page.getByTestId('flood-banner');
    // Twelve raises through the hub on a busy machine: the banner is given longer than a single alarm.
    await poll(() => banner.textContent(), 30_000).toContain('Alarm flood at Ouarzazate PV');
    await banner.getByRole('button').click();
    await poll(() => new URL(page.url()).searchParams.get('site')).toBe('ma-ouarzazate');
    const sites = () => page.getByTestId('alarm-row').locator('td:nth-child(4)').allTextContents();
    await poll(async () => new Set(await sites())).toEqual(new Set(['Ouarzazate PV']));
    // The fault alarms, and the communication losses that follow when the devices fall silent.
    // (The banner comes at the flood's threshold: the last raises may still be on their way.)
    await poll(() => row(page, 'over-temperature shutdown (101)').count()).toBe(12);
    // The counts and the annunciator are on every page, not only the console.
    await page.goto(`${app.url}/dashboards/solar`);
    await poll(() => counts(page, 'high')).toMatch(/^\d+\/\d+$/);
    expect(await page.getByTestId('annunciator').getAttribute('data-sound')).toMatch(/blocked|playing|pending/);
  }, 120_000);

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
    // The suppressed ones (every seventh) are in their own view, out of the working list.
    await poll(() => page.getByTestId('alarm-summary').textContent()).toMatch(/^Shown: 4,\d{3} of 5,0\d\d/);
    expect(Number(await page.getByTestId('view-suppressed').getAttribute('data-count'))).toBeGreaterThanOrEqual(715);
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
      // The annunciator names the alarms it sounds for by their messages, data as in the rows.
      const skip =
        'td:nth-child(4), td:nth-child(5), td:nth-child(6), [data-testid=state-detail], kbd, [role=dialog] li, [data-testid=annunciator-which]';
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
        if (el.closest('[data-testid=alarm-row]')) continue;
        // The annunciator's name ends with the messages of the alarms it sounds for (after the colon).
        const words = el.getAttribute('data-testid') === 'annunciator' ? label.split(':')[0] : label;
        found.push(...(words?.match(/[A-Za-z]{3,}/g) ?? []));
      }
      return found;
    });
    // The brand and site names are names; Ctrl is the search's key cap in the navbar.
    expect(
      words.filter(
        (w) => !['Voltscope', 'Ouarzazate', 'Occitanie', 'Yazd', 'Solar', 'Tarifa', 'Wind', 'Ctrl'].includes(w),
      ),
    ).toEqual([]);
    await expectAccessible(page, 'Persian console with the comment dialog', '[role=dialog]');
  }, 120_000);

  it('counts an alarm back to normal alike in the chips, the summary and the navbar, and stops the horn for it', async () => {
    const page = await app.openSignedIn('operator', { language: 'en' });
    await countOscillators(page);
    await blockAudioUntilGesture(page);
    // This browser's horn policy: critical alarms only (the other alarms of this hub stay quiet).
    await page.addInitScript(() =>
      localStorage.setItem(
        'voltscope.hornPolicy',
        JSON.stringify({ critical: 'repeat', high: 'off', medium: 'off', low: 'off' }),
      ),
    );
    await page.goto(`${app.url}/alarm/realtime?priority=critical`);
    await page.getByTestId('alarm-counts').waitFor();

    // No click yet: the browser blocks sound, and a banner across the page says so until it is enabled.
    const banner = page.getByTestId('sound-off-banner');
    await poll(() => banner.getAttribute('data-reason')).toBe('blocked');
    expect(await banner.textContent()).toContain('Alarm sound is off');
    const width = await banner.evaluate((el) => el.getBoundingClientRect().width);
    const column = await page.getByTestId('navbar').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(column);
    await banner.getByRole('button', { name: 'Turn the alarm sound on' }).click();
    await poll(() => banner.count()).toBe(0);
    const annunciator = page.getByTestId('annunciator');
    await poll(() => annunciator.getAttribute('data-sound')).toBe('quiet');

    // The main breaker opens: a critical alarm, blinking, and the horn sounds and says for what.
    const t0 = Date.now();
    await app.ingest(
      [0, 1, 2, 3].map((i) => ({ series: 'ir-yazd.brk-main/position', ts: t0 - 3000 + i * 1000, value: 0 })),
    );
    const breaker = row(page, 'breaker open');
    await breaker.waitFor();
    expect(await breaker.getAttribute('data-blink')).not.toBeNull();
    await poll(() => annunciator.getAttribute('data-sound')).toBe('playing');
    expect(await page.getByTestId('annunciator-which').textContent()).toContain('breaker open');
    await poll(() => oscillators(page)).toBeGreaterThan(0);
    await poll(() => counts(page, 'critical')).toBe('1/1');

    // It closes again before anyone acknowledged it: dimmed, hollow, steady, and silent.
    await app.ingest([{ series: 'ir-yazd.brk-main/position', ts: Date.now(), value: 1 }]);
    await poll(() => breaker.getAttribute('data-category')).toBe('rtn_unacknowledged');
    expect(await breaker.getAttribute('data-returned')).not.toBeNull();
    expect(await breaker.getAttribute('data-blink')).toBeNull();
    expect(await breaker.locator('svg[data-hollow]').count()).toBe(1);
    await poll(() => annunciator.getAttribute('data-sound')).toBe('quiet');
    const played = await oscillators(page);
    // Longer than the critical pattern's period (2.5 s): nothing more is played.
    await page.waitForTimeout(3500);
    expect(await oscillators(page)).toBe(played);

    // One set of figures: it waits for an acknowledgement, and is not active any more.
    const figures = await page.evaluate(() => {
      const chip = (state: string) =>
        document.querySelector(`[data-testid=filter-state-${state}] + label [data-count]`)?.getAttribute('data-count');
      return {
        chips: [chip('unacknowledged'), chip('acknowledged'), chip('rtn_unacknowledged')],
        summary: document.querySelector('[data-testid=alarm-summary]')?.textContent,
        navbar: document.querySelector('[data-testid=alarm-count-critical]')?.getAttribute('data-counts'),
        navbarName: document.querySelector('[data-testid=alarm-count-critical]')?.getAttribute('aria-label'),
      };
    });
    expect(figures).toMatchObject({
      chips: ['0', '0', '1'],
      summary: expect.stringMatching(/^Shown: 1 of \d+ · Active: 0 · Unacknowledged: 1$/),
      navbar: '1/0',
      navbarName: 'Critical: unacknowledged 1 (active or returned), active 0 (condition present)',
    });
  }, 120_000);
});
