// The event and alarm logs against a hub whose events are made here, deterministically, through the
// ingest API: a gate that opens gives "door opened" events, a turbine fault code raises an alarm that
// an operator acknowledges over HTTP. The simulator is off, so every row on screen is one of ours.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, expectAccessible, setupBrowser, visit } from './harness.ts';

const app = setupBrowser();
/** A moving clock for samples: each (series, timestamp) is stored once, so no two may share one. */
let clock = Date.now() - 60_000;

async function ingest(series: string, values: number[]): Promise<void> {
  const samples = values.map((value, i) => ({ series, ts: clock + (i + 1) * 1000, value }));
  clock += values.length * 1000;
  await app.ingest(samples);
}

/** `times` openings of a door (0 then 1 each): each opening is one "door opened" event. */
async function openDoor(deviceId: string, times: number): Promise<void> {
  await ingest(`${deviceId}/door_open`, Array.from({ length: times }, () => [0, 1]).flat());
}

async function get<T>(path: string, bearer: string): Promise<T> {
  const response = await fetch(app.url + path, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Waits for the page to show it (page loads and server round trips take longer than vitest's 1 s default). */
const poll = <T>(read: () => Promise<T> | T, timeout = 10_000) => expect.poll(read, { timeout });

const rowTypes = (page: Page, table: string) =>
  page
    .getByTestId(table)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));

/** Every text of the page's chrome (headings, labels, buttons, headers, pager) in Persian script or symbols. */
async function untranslated(page: Page): Promise<string[]> {
  const texts = await page
    .locator('main h2, main label, main button, main th, main [data-testid=page-range], main [data-testid=total]')
    .allInnerTexts();
  return texts.map((t) => t.trim()).filter((t) => t && !/[\u0600-\u06ff]/.test(t) && /[A-Za-z]{3}/.test(t));
}

describe('event and alarm history', () => {
  let alarmId = 0;

  beforeAll(async () => {
    // Seven openings of the main gate at Tarifa, one of a gate at Yazd (not a site of the demo client).
    await openDoor('es-tarifa.gate1', 7);
    await openDoor('ir-yazd.gate1', 1);
    // A turbine trips, the operator acknowledges it with a comment, then it comes back.
    await ingest('es-tarifa.wtg05/fault_code', [301]);
    const admin = await app.token('admin');
    // The ingest is answered once stored; the alarm follows within moments.
    for (let attempt = 0; attempt < 50 && !alarmId; attempt++) {
      const active = await get<{ id: number; deviceId: string; value: number | null }[]>(
        '/api/alarms/active?sites=es-tarifa',
        admin,
      );
      // The turbine fault, not the communication loss the clock will raise for a turbine heard once.
      alarmId = active.find((a) => a.deviceId === 'es-tarifa.wtg05' && a.value === 301)?.id ?? 0;
      if (!alarmId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(alarmId).toBeGreaterThan(0);
    const response = await fetch(`${app.url}/api/alarms/acknowledge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await app.token('operator')}` },
      body: JSON.stringify({ ids: [alarmId], comment: 'Crew sent to WTG 05' }),
    });
    expect(response.status).toBe(200);
    await ingest('es-tarifa.wtg05/fault_code', [0]);
  });

  it('shows the ingested events, filters them by type and pages five at a time', async () => {
    const page = await app.openAt('admin', '/event/history?size=5', { language: 'en' });
    await poll(() => page.getByTestId('event-table').locator('tbody tr').count()).toBe(5);

    await page.getByTestId('filter-types').click();
    await page.getByRole('option', { name: 'Door opened' }).click();
    await page.keyboard.press('Escape');
    await poll(() => page.getByTestId('page-range').textContent()).toBe('1–5 of 8');
    expect(await rowTypes(page, 'event-table')).toEqual(Array(5).fill('door'));
    expect(new URL(page.url()).searchParams.get('types')).toBe('door');

    await page.getByTestId('page-last').click();
    await poll(() => page.getByTestId('page-range').textContent()).toBe('6–8 of 8');
    expect(await page.getByTestId('page-number').textContent()).toBe('Page 2 of 2');
    expect(await page.getByTestId('page-next').isDisabled()).toBe(true);

    // The address reproduces the view: the same page of the same filter, in a fresh tab.
    const again = await app.openSignedIn('admin', { language: 'en' });
    await again.goto(page.url());
    await poll(() => again.getByTestId('page-range').textContent()).toBe('6–8 of 8');

    await page.getByTestId('page-first').click();
    await poll(() => page.getByTestId('page-range').textContent()).toBe('1–5 of 8');

    // A site filter narrows it to the Tarifa gate; its messages are in the reader's language.
    await page.goto(`${app.url}/event/history?types=door&sites=es-tarifa&size=10`);
    await poll(() => page.getByTestId('page-range').textContent()).toBe('1–7 of 7');
    expect(await page.getByTestId('event-table').locator('tbody').innerText()).toContain('Main gate: door opened');
  });

  it('exports the filtered set as CSV, whatever the page shows', async () => {
    const page = await app.openAt('admin', '/event/history?types=door&sites=es-tarifa&size=5', { language: 'fr' });
    await poll(() => page.getByTestId('event-table').locator('tbody tr').count()).toBe(5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    expect(download.suggestedFilename()).toBe('voltscope-events.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('time,site,device,type,severity,message,user,comment,alarm,seq,site id,device id');
    expect(lines).toHaveLength(1 + 7);
    // Names as the page shows them, the ids at the end; newest first, as on the page.
    for (const line of lines.slice(1)) {
      expect(line).toContain(',Tarifa Wind,Portail principal,door,info,Portail principal : porte ouverte,');
      expect(line).toMatch(/,es-tarifa,es-tarifa\.gate1$/);
    }
    const times = lines.slice(1).map((line) => line.split(',')[0] as string);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows an alarm’s timeline with the acknowledgement by the operator who made it', async () => {
    const page = await app.openAt('admin', '/alarm/history?sites=es-tarifa', { language: 'en' });
    const row = page.locator(`[data-alarm-id="${alarmId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('closed');
    expect(await row.getByTestId('acknowledged-by').textContent()).toBe('by Julien Moreau');

    await row.getByTestId('open-timeline').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('alarm-timeline').waitFor();
    const steps = await drawer
      .getByTestId('timeline-item')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-type')));
    expect(steps).toEqual(['alarm_raised', 'alarm_acknowledged', 'alarm_closed']);
    expect(await drawer.getByTestId('timeline-user').allTextContents()).toEqual(['by Julien Moreau']);
    expect(await drawer.getByTestId('timeline-comment').textContent()).toBe('Crew sent to WTG 05');
    expect(await drawer.innerText()).toContain('WTG 05: converter fault (301)');
    // The open timeline is part of the address.
    expect(new URL(page.url()).searchParams.get('alarm')).toBe(String(alarmId));
    await expectAccessible(page, 'alarm timeline drawer', '[role=dialog]');
    await page.keyboard.press('Escape');
    // The device cell opens the device's own page.
    await row.getByRole('link', { name: 'WTG 05' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/devices/es-tarifa%2Ewtg05');
  });

  it('shows a client only the events and alarms of its own sites', async () => {
    const page = await app.openAt('client', '/event/history?types=door&size=20', { language: 'en' });
    await poll(() => page.getByTestId('page-range').textContent()).toBe('1–7 of 7');
    const sites = await page.getByTestId('event-table').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(sites)).toEqual(new Set(['Tarifa Wind']));

    await page.getByTestId('filter-sites').click();
    const options = (await page.getByRole('listbox').getByRole('option').allTextContents()).sort();
    expect(options).toEqual(['Occitanie Solar', 'Tarifa Wind']);
    await page.keyboard.press('Escape');

    // No sign-in of anyone (fleet-wide) either: the type is not even offered.
    await page.goto(`${app.url}/event/history`);
    await page.getByTestId('filter-types').click();
    await page.getByRole('listbox').getByRole('option', { name: 'Door opened' }).waitFor();
    expect(await page.getByRole('listbox').getByRole('option', { name: 'Sign-in' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/alarm/history`);
    await page.locator(`[data-alarm-id="${alarmId}"]`).waitFor();
  });

  it('shows a new event live on the realtime page, and holds it back while paused', async () => {
    const page = await app.openAt('operator', '/event/realtime?sites=es-tarifa', { language: 'en' });
    await poll(() => page.getByTestId('tail-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('connection').getAttribute('data-status'), 15_000).toBe('live');
    // Let the alarm feed finish its subscription after the socket connects.
    await page.waitForTimeout(1000);
    const substation = page.getByTestId('tail-table').locator('tbody tr', { hasText: 'Substation door: door opened' });
    expect(await substation.count()).toBe(0);

    clock = Math.max(clock, Date.now());
    await openDoor('es-tarifa.gate2', 1);
    await poll(() => substation.count()).toBe(1);
    // Newest on top: above the main gate's earlier openings.
    const messages = await page.getByTestId('tail-table').locator('tbody tr').allInnerTexts();
    const newest = messages.findIndex((m) => m.includes('Substation door'));
    expect(newest).toBeLessThan(messages.findIndex((m) => m.includes('Main gate: door opened')));

    await page.getByTestId('tail-pause').click();
    await openDoor('es-tarifa.gate2', 1);
    await poll(() => page.getByTestId('tail-resume').textContent()).toBe('Resume and show 1 new');
    expect(await substation.count()).toBe(1);
    await page.getByTestId('tail-resume').click();
    await poll(() => substation.count()).toBe(2);

    // Sign-ins are hidden unless asked for: the operator's own sign-in is held, not shown.
    await page.goto(`${app.url}/event/realtime`);
    await poll(() => page.getByTestId('tail-table').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await rowTypes(page, 'tail-table')).not.toContain('sign_in');
    const signIns = page.getByTestId('tail-sign-ins');
    await page.getByText(/^Show sign-ins \([1-9]\d* hidden\)$/).waitFor();
    await signIns.click();
    await poll(async () => (await rowTypes(page, 'tail-table')).includes('sign_in')).toBe(true);
    expect(new URL(page.url()).searchParams.get('signins')).toBe('shown');

    // A live filter applies at once to what is held.
    await page.goto(`${app.url}/event/realtime?sites=es-tarifa&types=alarm_raised`);
    await poll(async () => new Set(await rowTypes(page, 'tail-table'))).toEqual(new Set(['alarm_raised']));
  });

  it('reads right to left in Persian with every label translated, and passes axe', async () => {
    const page = await app.openSignedIn('operator', { language: 'fa', colorScheme: 'dark' });
    for (const [path, table] of [
      ['/event/history?size=5', 'event-table'],
      ['/alarm/history', 'alarm-table'],
      ['/event/realtime', 'tail-table'],
    ] as const) {
      // From page to page through the app's router, as the operator moves around.
      await visit(page, app.url, path);
      await page.getByTestId(table).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect((await untranslated(page)).join(' | '), path).toBe('');
      await animationsDone(page);
      await expectAccessible(page, `fa dark ${path}`);
    }
  });

  it('turns rows into cards on a phone', async () => {
    const page = await app.openAt('operator', '/event/history?types=door&size=5', {
      language: 'en',
      viewport: { width: 375, height: 800 },
    });
    await poll(() => page.getByTestId('event-table').locator('li').count()).toBe(5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'phone event history');
  });
});
