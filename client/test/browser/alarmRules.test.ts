// The admin page of alarm rules and notification webhooks against a real hub: a rule changed in its
// editor stays changed after a reload; a device override is added and removed; a webhook pointing at a
// small receiver in this test shows its secret once and then a delivered notification, signed with
// that secret, for an alarm raised by ingesting a fault code. Operators have neither the menu entry nor
// the page; Persian is right to left with every word of the page translated.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rationaleOf } from '@voltscope/shared/alarmRationale';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, setupBrowser } from './harness.ts';

// The webhook receiver below is on this machine: a loopback target, which the hub refuses by default.
const app = setupBrowser({ webhookAllowPrivate: true });

/** The machine may be busy (other suites, two cores): what the page shows is polled patiently. */
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });

const raise = (series: string, value: number) => app.ingest([{ series, ts: Date.now(), value }]);

/** A webhook receiver: keeps every POST it gets, answers 200. */
const received: { body: string; signature: string | undefined }[] = [];
const receiver = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    received.push({ body, signature: request.headers['x-voltscope-signature'] as string | undefined });
    response.writeHead(200).end('ok');
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** Text as read: without the isolates that keep units whole in right-to-left text, spaces plain. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');
const conditionOf = async (row: ReturnType<Page['getByTestId']>) =>
  plain(await row.getByTestId('rule-condition').textContent());

const ruleRow = (page: Page, name: string) => page.getByTestId('rule-row').filter({ hasText: name });

/** The entries of the "Events & Alarm" group of the horizontal menu. */
async function alarmMenuLinks(page: Page): Promise<string[]> {
  await page.getByTestId('horizontal-nav').getByRole('menuitem', { name: 'Events & Alarm' }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const links = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return links;
}

describe('alarm rules and notifications', () => {
  it('lets an admin change a rule, keep it after a reload, and add and remove a device override', async () => {
    const page = await app.openAt('admin', '/dashboards/solar', { language: 'en' });
    expect(await alarmMenuLinks(page)).toContain('/alarm/rules');
    await page.goto(`${app.url}/alarm/rules`);
    const row = ruleRow(page, 'Inverter over-temperature');
    await poll(() => conditionOf(row)).toBe('above 75 °C');

    // A click on the row opens its editor; the threshold and the priority change, and are saved.
    await row.getByTestId('rule-condition').click();
    const editor = page.getByRole('dialog');
    await editor.getByTestId('rule-threshold').fill('80');
    await editor.getByRole('radio', { name: 'Critical' }).check();
    await editor.getByTestId('rule-onDelayS').fill('');
    await editor.getByTestId('rule-save').click();
    // An empty delay is refused at its field before anything is sent.
    await editor.getByText('Enter a number.').waitFor();
    await editor.getByTestId('rule-onDelayS').fill('15');
    await editor.getByTestId('rule-save').click();
    await poll(() => page.getByTestId('announcement').textContent()).toBe('Saved: Inverter over-temperature.');
    await editor.waitFor({ state: 'detached' });
    const saved = async () => [
      await conditionOf(row),
      await row.getByTestId('priority').getAttribute('data-priority'),
      await row.locator('td').nth(6).textContent(),
    ];
    await poll(saved).toEqual(['above 80 °C', 'critical', '15 s / 30 s']);
    await page.reload();
    await poll(saved).toEqual(['above 80 °C', 'critical', '15 s / 30 s']);

    // The enabled switch saves at once.
    const fault = ruleRow(page, 'Inverter communication lost');
    // The switch's input is drawn by its track: the track is what a pointer presses.
    const track = fault.locator('.mantine-Switch-track');
    await track.click();
    await poll(() => fault.getAttribute('data-enabled')).toBeNull();
    await track.click();
    await poll(() => fault.getAttribute('data-enabled')).toBe('true');

    // An override for one inverter: picked among the inverters, then edited in the same editor.
    await row.getByTestId('override-add').click();
    const dialog = page.getByTestId('override-dialog');
    await dialog.getByTestId('override-device').click();
    await dialog.getByTestId('override-device').fill('Inverter 07 · Occitanie');
    await page.getByRole('option', { name: 'Inverter 07 · Occitanie Solar' }).click();
    await dialog.getByTestId('override-create').click();
    await editor.getByTestId('rule-threshold').fill('85');
    await editor.getByTestId('rule-save').click();
    const override = page.getByTestId('override-row').filter({ hasText: 'Inverter 07' });
    await poll(() => conditionOf(override)).toBe('above 85 °C');
    expect(await row.getByTestId('override-count').textContent()).toBe('1');

    await override.getByTestId('override-remove').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
    await poll(() => override.count()).toBe(0);
    await poll(() => page.getByTestId('announcement').textContent()).toContain('follows the type rule again');
    expect(await row.getByTestId('override-count').textContent()).toBe('0');
    await expectAccessible(page, 'alarm rules, English');
  });

  it('writes the rationale of a rule in the four languages, refuses it blank, and keeps it after a reload', async () => {
    const page = await app.openAt('admin', '/alarm/rules', { language: 'en' });
    const row = ruleRow(page, 'Transformer overload');
    const open = async () => {
      await row.getByTestId('rule-condition').click();
      return page.getByRole('dialog');
    };
    let editor = await open();
    // The default rule comes with its rationale written.
    await poll(() => editor.getByTestId('rationale-action-en').inputValue()).toBe(
      rationaleOf('Transformer overload').action.en,
    );
    expect(await editor.getByTestId('rule-responseMinutes').inputValue()).toBe('30');
    // A limit's message has no fault to decode: `{fault}` and `{lost}` are a fault rule's words only.
    expect(await editor.getByTestId('placeholder-help').textContent()).not.toContain('{fault}');

    // No response time, and a blank French action: refused at their fields, the French tab marked.
    await editor.getByTestId('rule-responseMinutes').fill('');
    await editor.getByTestId('rationale-tab-fr').click();
    await editor.getByTestId('rationale-action-fr').fill('   ');
    await editor.getByTestId('rule-save').click();
    await editor.getByText('A whole number of minutes from 1 to 1,440 (one day).').waitFor();
    await editor.getByText('Write this text in this language.').waitFor();
    expect(await editor.getByTestId('rationale-tab-fr').textContent()).toBe('French (to correct)');
    expect(await editor.getByTestId('rationale-tab-fa').textContent()).toBe('Persian');

    const action = {
      en: 'Curtail the inverters behind this transformer to 90 % and call the site lead.',
      fr: 'Brider à 90 % les onduleurs en aval de ce transformateur et appeler le responsable du site.',
      fa: 'اینورترهای پشت این ترانسفورماتور را به ۹۰٪ محدود کنید و با سرپرست نیروگاه تماس بگیرید.',
    };
    await editor.getByTestId('rule-responseMinutes').fill('20');
    await editor.getByTestId('rationale-action-fr').fill(action.fr);
    await editor.getByTestId('rationale-tab-fa').click();
    await editor.getByTestId('rationale-action-fa').fill(action.fa);
    await editor.getByTestId('rationale-tab-en').click();
    await editor.getByTestId('rationale-action-en').fill(action.en);
    await editor.getByTestId('rule-save').click();
    await poll(() => page.getByTestId('announcement').textContent()).toBe('Saved: Transformer overload.');
    await editor.waitFor({ state: 'detached' });

    await page.reload();
    editor = await open();
    await poll(() => editor.getByTestId('rationale-action-en').inputValue()).toBe(action.en);
    expect(await editor.getByTestId('rule-responseMinutes').inputValue()).toBe('20');
    await editor.getByTestId('rationale-tab-fa').click();
    expect(await editor.getByTestId('rationale-action-fa').inputValue()).toBe(action.fa);
    expect(await editor.getByTestId('rationale-action-ar').inputValue()).toBe(
      rationaleOf('Transformer overload').action.ar,
    );
    await editor.getByTestId('rationale-tab-fr').click();
    expect(await editor.getByTestId('rationale-action-fr').inputValue()).toBe(action.fr);
    await expectAccessible(page, 'rule editor with the rationale', '[role=dialog]');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    // A fault rule's editor explains `{fault}` and `{lost}`, and its preview decodes a sample code.
    await ruleRow(page, 'Inverter fault').getByTestId('rule-condition').click();
    editor = page.getByRole('dialog');
    const help = await editor.getByTestId('placeholder-help').textContent();
    expect(help).toContain('{fault} the fault decoded, with its code');
    expect(help).toContain('{lost} the power lost');
    expect(await editor.getByTestId('message-preview').textContent()).toBe(
      'Preview: Device 01: insulation fault (103), 350 kW lost',
    );
  }, 120_000);

  it('adds a webhook, shows its secret once, and shows a signed alarm delivered', async () => {
    const page = await app.openAt('admin', '/alarm/rules?tab=notifications', { language: 'en' });
    await page.getByTestId('webhooks-empty').waitFor();
    await page.getByTestId('webhook-name').fill('On-call phone');
    await page.getByTestId('webhook-url').fill(receiverUrl);
    // Critical and high are ticked to begin with.
    expect(await page.getByRole('checkbox', { name: 'High' }).isChecked()).toBe(true);
    await page.getByTestId('webhook-create').click();
    const secretBox = page.getByTestId('webhook-secret');
    const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);
    expect(await secretBox.textContent()).toContain('you will not see this secret again');
    await expectAccessible(page, 'notifications with the new secret');
    await page.getByTestId('webhook-secret-done').click();
    await secretBox.waitFor({ state: 'detached' });
    const hook = page.getByTestId('webhook').filter({ hasText: 'On-call phone' });
    expect(await hook.getByTestId('webhook-url-text').textContent()).toBe(receiverUrl);
    await hook.getByTestId('deliveries-empty').waitFor();

    // A turbine fault is a high alarm: the webhook is told, signed with its secret.
    await raise('es-tarifa.wtg03/fault_code', 301);
    await poll(() => received.length).toBeGreaterThan(0);
    const [first] = received;
    expect(first?.signature).toBe(
      `sha256=${createHmac('sha256', secret)
        .update(first?.body ?? '')
        .digest('hex')}`,
    );
    // With what to do about it: the rule's rationale and when the response is due.
    const payload = JSON.parse(first?.body ?? '{}');
    expect(payload).toMatchObject({
      kind: 'alarm',
      alarm: { priority: 'high' },
      rationale: { rule: 'Turbine fault', action: rationaleOf('Turbine fault').action, responseMinutes: 15 },
    });
    expect(payload.rationale.respondBy).toBe(payload.alarm.raisedAt + 15 * 60_000);

    await page.getByTestId('refresh').click();
    const delivery = hook.getByTestId('delivery').first();
    await poll(() => delivery.getAttribute('data-status')).toBe('delivered');
    expect(await delivery.textContent()).toContain('HTTP 200');

    // The secret is not shown again, not even after a reload.
    await page.reload();
    await hook.getByTestId('delivery').first().waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });

  it('keeps the page from operators: no menu entry, and not-authorized', async () => {
    const page = await app.openAt('operator', '/alarm/realtime', { language: 'en' });
    const links = await alarmMenuLinks(page);
    expect(links).toContain('/alarm/realtime');
    expect(links).not.toContain('/alarm/rules');
    await page.goto(`${app.url}/alarm/rules`);
    await page.waitForURL(`${app.url}/not-authorized`);
  });

  it('is right to left in Persian, with every word translated', async () => {
    const page = await app.openAt('admin', '/alarm/rules', { language: 'fa', colorScheme: 'dark' });
    await page.getByTestId('rule-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('tab', { name: 'قاعده‌های هشدار' }).getAttribute('aria-selected')).toBe('true');
    // Rule names and series keys are data (the hub's), as are the brand and the search's key cap.
    const words = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.closest('main, header') || parent.closest('[data-testid=rule-name], [dir=ltr], style')) continue;
        found.push(...(node.textContent?.match(/[A-Za-z]{3,}/g) ?? []));
      }
      for (const el of document.querySelectorAll('main [aria-label]')) {
        if (!el.closest('[data-testid=rule-row], [data-testid=override-row]')) {
          found.push(...(el.getAttribute('aria-label')?.match(/[A-Za-z]{3,}/g) ?? []));
        }
      }
      return found;
    });
    expect(words.filter((w) => !['Voltscope', 'Ctrl'].includes(w))).toEqual([]);
    await expectAccessible(page, 'alarm rules, Persian dark');
  });
});
