// An inverter's trip log, once its fault code has reset: the page still says why it tripped (the code's
// meaning for its model and what to do), when and for how long, in English and in Persian (with Persian
// digits and the inverter's Persian name).
import type { TripLog } from '@voltscope/shared/fleet';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();

const MINUTE = 60_000;
const inverter = 'fr-occitanie.inv22';
/** The machine may be busy (other suites, two cores): what the page shows is polled patiently, and each
 * test may take two minutes. */
const SLOW = 120_000;
const poll = <T>(read: () => T | Promise<T>, timeout = 45_000) => expect.poll(read, { timeout });
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().innerText()).trim();

describe('the trip log of an inverter', () => {
  beforeAll(async () => {
    const t0 = Date.now() - 12 * MINUTE;
    // Three peers making 200 kW while inv22 is off for ten minutes on an insulation fault, then back.
    const peers = Array.from({ length: 23 }, (_, i) => t0 - MINUTE + i * 30_000).flatMap((ts) =>
      ['inv05', 'inv06', 'inv07'].map((id) => ({ series: `fr-occitanie.${id}/ac_power`, ts, value: 200 })),
    );
    await app.ingest([...peers, { series: `${inverter}/fault_code`, ts: t0, value: 103 }]);
    await app.ingest([{ series: `${inverter}/fault_code`, ts: t0 + 10 * MINUTE, value: 0 }]);
    // The hub has seen the code reset: the trip has its end.
    const token = await app.token('operator');
    const ended = async () => {
      const response = await fetch(`${app.url}/api/devices/${inverter}/trips`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as TripLog).trips[0]?.endedAt ?? null;
    };
    for (let attempt = 0; attempt < 100 && (await ended()) !== t0 + 10 * MINUTE; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it(
    'says why it tripped after the code reset, in English',
    async () => {
      const page = await app.openAt('operator', `/overview/solar/inverter/${inverter}`, { language: 'en' });
      await poll(() => page.getByTestId('trip-row').count()).toBe(1);
      expect(await text(page, 'inverter-name')).toBe('Inverter 22');
      expect(await page.getByTestId('trip-row').getAttribute('data-code')).toBe('103');
      expect(await page.getByTestId('trip-row').getAttribute('data-ongoing')).toBeNull();
      expect(await text(page, 'trip-fault')).toBe('Insulation fault (103)');
      expect(await text(page, 'trip-advice')).toMatch(/^The insulation resistance of the DC array to earth is low/);
      expect(await text(page, 'trip-duration')).toBe('10 min');
      expect(await page.getByTestId('trip-log').getByTestId('priority').getAttribute('data-priority')).toBe('high');
    },
    SLOW,
  );

  it(
    'says it in Persian, with Persian digits and the inverter’s Persian name',
    async () => {
      const page = await app.openAt('operator', `/overview/solar/inverter/${inverter}`, { language: 'fa' });
      await poll(() => page.getByTestId('trip-row').count()).toBe(1);
      expect(await text(page, 'inverter-name')).toBe('اینورتر ۲۲');
      expect(await text(page, 'trip-fault')).toBe('خطای عایق‌بندی (۱۰۳)');
      expect(await text(page, 'trip-advice')).toMatch(/^مقاومت عایقی آرایهٔ DC/);
      expect(await text(page, 'trip-duration')).toBe('۱۰ دقیقه');
      expect(await page.getByTestId('trip-log').innerText()).toContain('قطع‌ها');
    },
    SLOW,
  );

  it(
    'lists no trip for an inverter that never tripped',
    async () => {
      const page = await app.openAt('operator', '/overview/solar/inverter/fr-occitanie.inv05', { language: 'en' });
      await poll(() => page.getByTestId('trips-empty').count()).toBe(1);
      expect(await text(page, 'trips-empty')).toBe('No trip in the last 90 days.');
    },
    SLOW,
  );
});
