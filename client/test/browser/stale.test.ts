// Stale marking against a real hub whose simulator is off (nothing moves but what the test ingests): an
// inverter's AC power fed every half second shows live and unmarked; once the feed stops the tile is
// hatched with "No data since hh:mm" after three of its one-second periods and the site's banner appears
// after 10 s; fed again, both clear by themselves. In Persian the same line reads right to left, in
// Persian digits. An operator's page whose socket drops says since when, and clears once it is back.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Language, setupBrowser } from './harness.ts';
import { relayTo } from './kioskTools.ts';

const app = setupBrowser();

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 60_000) => expect.poll(read, { timeout, interval: 250 });

const SITE = 'fr-occitanie';
const SITE_ZONE = 'Europe/Paris';
const SERIES = `${SITE}.inv05/ac_power`;
const PAGE = `/overview/solar/inverter/${SITE}%2Einv05`;

/** Feeds the series every half second until stopped. */
function feed() {
  let last = 0;
  let n = 0;
  const pending = new Set<Promise<void>>();
  const send = () => {
    const ts = Date.now();
    last = ts;
    const sent = app.ingest([{ series: SERIES, ts, value: 120 + (n++ % 10) }]).catch(() => {});
    pending.add(sent);
    void sent.then(() => pending.delete(sent));
    return sent;
  };
  const timer = setInterval(send, 500);
  return {
    first: send(),
    /** Stops feeding; resolves, once the samples on their way are in, with the time of the last one. */
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return last;
    },
  };
}

let feeder: ReturnType<typeof feed> | null = null;
afterEach(async () => {
  await feeder?.stop();
  feeder = null;
});

async function open(language: Language): Promise<Page> {
  const page = await app.openSignedIn('operator', { language });
  await page.goto(app.url + PAGE, { timeout: 90_000, waitUntil: 'domcontentloaded' });
  return page;
}

/** Text as a reader sees it: without the invisible direction marks. */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The AC power tile's value, and its stale mark: the wrapper that holds the hatching and the line. */
const tile = (page: Page) => {
  const value = page.getByTestId('detail-ac-power');
  const mark = page.locator('[data-stale-mark]').filter({ has: value });
  return { value, mark, since: mark.getByTestId('stale-since') };
};

const clock = (ts: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: SITE_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    ts,
  );

describe('stale marking', () => {
  it('hatches a tile three periods after its last sample, shows the site banner after 10 s, and clears both when data returns', async () => {
    feeder = feed();
    await feeder.first;
    const page = await open('en');
    const { value, mark, since } = tile(page);
    const banner = page.getByTestId('site-stale-banner');

    // Fed: live and unmarked.
    await poll(async () => plain(await value.locator('span').first().textContent())).toMatch(/\d/);
    await poll(() => mark.getAttribute('data-stale')).toBeNull();
    expect(await since.count()).toBe(0);
    expect(await banner.count()).toBe(0);

    // Stopped: hatched with the time of the last sample (the site's time), then the site's banner.
    const last = await feeder.stop();
    const stoppedAt = Date.now();
    await poll(() => mark.getAttribute('data-stale'), 30_000).toBe('true');
    // Three periods of one second after the last sample, not before.
    expect(Date.now() - last).toBeGreaterThan(3_000);
    expect(plain(await since.textContent())).toBe(`No data since ${clock(last, 'en-GB')}`);
    expect(await since.getAttribute('role')).toBe('status');
    expect(await value.getAttribute('data-stale')).toBe('true');
    // The value stays on screen under the hatching.
    expect(plain(await value.locator('span').first().textContent())).toMatch(/\d/);

    await poll(() => banner.count(), 30_000).toBe(1);
    expect(Date.now() - stoppedAt).toBeGreaterThan(10_000);
    expect(plain(await banner.textContent())).toMatch(
      new RegExp(`^No data from .+ since ${clock(last, 'en-GB')}( \\(\\d+ min\\))?$`),
    );
    expect(await banner.getAttribute('role')).toBe('status');

    // Fed again: both clear by themselves.
    feeder = feed();
    await feeder.first;
    await poll(() => mark.getAttribute('data-stale'), 30_000).toBeNull();
    await poll(() => banner.count(), 30_000).toBe(0);
    expect(await since.count()).toBe(0);
  }, 180_000);

  it('says "No data since" in Persian digits, right to left', async () => {
    const last = Date.now();
    await app.ingest([{ series: SERIES, ts: last, value: 90 }]);
    const page = await open('fa');
    const { mark, since } = tile(page);
    await poll(() => mark.getAttribute('data-stale'), 60_000).toBe('true');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const text = plain(await since.textContent());
    expect(text).toMatch(/^بدون داده از [۰-۹]{2}:[۰-۹]{2}$/);
    expect(text).toBe(`بدون داده از ${clock(last, 'fa-IR')}`);
    const banner = page.getByTestId('site-stale-banner');
    await poll(() => banner.count(), 60_000).toBe(1);
    expect(plain(await banner.textContent())).toMatch(/^بدون داده از .+ از [۰-۹]{2}:[۰-۹]{2}/);
  }, 180_000);

  it('shows an operator page its lost connection, then clears it once the socket is back', async () => {
    const cable = await relayTo(app.url);
    const page = await app.openSignedIn('operator', { language: 'en' });
    await page.goto(`${cable.url}/overview/fleet`, { timeout: 90_000, waitUntil: 'domcontentloaded' });
    const banner = page.getByTestId('connection-lost-banner');
    await page.getByTestId('navbar').waitFor({ timeout: 60_000 });
    await poll(() =>
      page.evaluate(() => (globalThis as { __voltscope?: { connection(): string } }).__voltscope?.connection()),
    ).toBe('live');
    expect(await banner.count()).toBe(0);

    await cable.unplug();
    await poll(() => banner.count(), 30_000).toBe(1);
    expect(await banner.textContent()).toBe('Connection lost just now, reconnecting…');
    await cable.plug();
    await poll(() => banner.count(), 60_000).toBe(0);
    await cable.unplug();
  }, 180_000);
});
