// Roles & rules against a real hub: an admin copies the operator role into a new one, removes its alarm
// actions and sees the plain-language preview follow, checks with "view as" what a user would see, and
// saves; a user of that role, signed in in another browser, sees their menu change without a reload
// when the admin narrows the role, and leaves the page it no longer allows. Persian is checked by eye
// (screenshots in /work/shots) and by its words.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../loadtest/bench/chromium.ts';
import { hashPassword } from '../../../server/src/auth/passwords.ts';
import { createUser } from '../../../server/src/store/users.ts';
import { startTestServer, type TestServer } from '../../../server/test/helper.ts';
import { expectAccessible } from './harness.ts';

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });
const SHOTS = process.env.VOLTSCOPE_SHOTS ?? '/work/shots';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium(['--disable-sync', '--disable-quic'])]);
  const { db } = server.app.services;
  await createUser(db, {
    fullName: 'Night Owl',
    username: 'nightowl',
    email: 'nightowl@example.com',
    passwordHash: await hashPassword('Volt!Night1', server.config.scryptLog2N),
    role: 'operator',
  });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.close();
});

async function openAs(login: string, password: string, path: string, language: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1360, height: 900 }, colorScheme });
  contexts.push(context);
  await context.addCookies([{ name: 'language', value: language, url: server.url }]);
  const session = JSON.stringify(await server.login(login, password));
  // Only into a fresh tab: a reload keeps what the app stored since (new rules heard from the hub).
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('voltscope.session')) sessionStorage.setItem('voltscope.session', value);
  }, session);
  const page = await context.newPage();
  await page.goto(server.url + path);
  return page;
}

/** The links of one group of the horizontal menu. */
async function menuLinks(page: Page, group: string): Promise<string[]> {
  await page.getByTestId('horizontal-nav').getByRole('menuitem', { name: group }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const links = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return links;
}

/** Toggles `option` in the multi-select (or picks it in the select) `input`. */
async function toggle(page: Page, input: Locator, option: string) {
  // A multi-select full of pills hides its input behind them: the click goes to the field as a person's would.
  await input.click({ force: true });
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

const previewText = (page: Page) => page.getByTestId('rules-preview').innerText();

describe('roles and rules', () => {
  it('copies operator, narrows it with a live preview and view-as, and its user follows without a reload', async () => {
    const admin = await openAs('admin', 'Volt!Admin1', '/admin/roles', 'en', 'light');
    await admin.getByTestId('roles-table').waitFor();
    expect(
      await admin.getByTestId('role-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-role'))),
    ).toEqual(['admin', 'operator', 'client', 'display']);
    await admin.locator('[data-role=operator]').getByTestId('role-open').click();
    await poll(() => admin.getByTestId('plain-rule').count()).toBe(3);
    expect(await admin.getByTestId('role-detail').innerText()).toContain(
      'Can acknowledge, shelve, comment on and take out of service: alarms',
    );
    await admin.getByTestId('role-copy').click();

    // The copy: a new name, the operator's rules; the alarm actions removed, and the preview follows.
    const editor = admin.getByTestId('role-editor');
    expect(await editor.getByTestId('role-name').inputValue()).toBe('operator-copy');
    await editor.getByTestId('role-name').fill('night-shift');
    expect(await previewText(admin)).toContain('Can acknowledge, shelve, comment on and take out of service: alarms');
    expect(await editor.getByTestId('rules-order').innerText()).toContain('a later rule wins');
    const rows = editor.getByTestId('rule-row');
    expect(await rows.count()).toBe(3);
    await rows.nth(1).getByTestId('rule-remove').click();
    await poll(() => rows.count()).toBe(2);
    await poll(() => previewText(admin)).not.toContain('acknowledge');
    expect(await previewText(admin)).toContain('Can take out of service: devices');

    // A rule beyond nothing the admin lacks, but limited to one site: said in words as it is edited.
    await rows.nth(1).getByTestId('rule-scope').getByText('These sites').click();
    await toggle(admin, rows.nth(1).getByTestId('rule-sites'), 'Yazd Solar');
    await poll(() => previewText(admin)).toContain('Can take out of service: devices of Yazd Solar');

    // View as: a user of the operator role, with the rules being edited.
    const viewAs = admin.getByTestId('view-as');
    await toggle(admin, viewAs.getByTestId('view-as-user'), 'Night Owl');
    const result = viewAs.getByTestId('view-as-result');
    await poll(() => result.getByTestId('view-as-entry').allInnerTexts()).toContain('Realtime Alarm');
    expect(await result.getByTestId('view-as-entry').allInnerTexts()).not.toContain('Roles & Rules');
    expect(await result.getByTestId('view-as-site').count()).toBeGreaterThan(1);
    await expectAccessible(admin, 'roles editor');
    await admin.screenshot({ path: `${SHOTS}/roles-editor-en-light.png`, fullPage: true });

    await editor.getByTestId('role-save').click();
    await poll(() => admin.getByTestId('announcement').innerText()).toBe('Role night-shift created.');
    await admin.locator('[data-role="night-shift"]').waitFor();

    // The users' admin gives Night Owl the role (its own page is another's: done in the store here).
    const { db } = server.app.services;
    await db.run("UPDATE users SET role = 'night-shift' WHERE username = 'nightowl'");
    const owl = await openAs('nightowl', 'Volt!Night1', '/event/realtime', 'en', 'light');
    const owlOnAlarms = await openAs('nightowl', 'Volt!Night1', '/alarm/realtime', 'en', 'light');
    await owl.getByTestId('navbar').waitFor();
    expect(await menuLinks(owl, 'Events & Alarm')).toContain('/alarm/realtime');
    await owlOnAlarms.getByTestId('navbar').waitFor();
    expect(owlOnAlarms.url()).toContain('/alarm/realtime');

    // The admin takes alarms away from the role: Night Owl's menu follows at once, without a reload, and
    // the alarm console, no longer theirs, is left.
    const reading = editor.getByTestId('rule-row').nth(0);
    await toggle(admin, reading.getByTestId('rule-subjects'), 'alarms');
    await poll(() => previewText(admin)).not.toContain('alarms');
    await owl.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await editor.getByTestId('role-save').click();
    await poll(() => admin.getByTestId('announcement').innerText()).toContain('Role night-shift saved');
    await poll(() => owlOnAlarms.url(), 5_000).toContain('/not-authorized');
    await poll(() => menuLinks(owl, 'Events & Alarm'), 5_000).not.toContain('/alarm/realtime');
    expect(await menuLinks(owl, 'Events & Alarm')).toContain('/event/realtime');
    expect(await owl.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // A reload keeps the new rules.
    await owl.reload();
    await owl.getByTestId('navbar').waitFor();
    expect(await menuLinks(owl, 'Events & Alarm')).not.toContain('/alarm/realtime');

    // In use: the delete is refused in words.
    await editor.getByTestId('role-delete').click();
    await admin.getByTestId('confirm').click();
    await poll(() => admin.getByTestId('announcement').innerText()).toBe(
      'night-shift: Users who still have this role: 1. Give them another role first.',
    );
  });

  it('speaks Persian right to left, in the dark theme too', async () => {
    const page = await openAs('admin', 'Volt!Admin1', '/admin/roles', 'fa', 'dark');
    await page.getByTestId('roles-table').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('[data-role=client]').getByTestId('role-open').click();
    await poll(() => page.getByTestId('role-detail').innerText()).toContain('نیروگاه‌های خود کاربر');
    await expectAccessible(page, 'a built-in role, in Persian and dark');
    await page.getByTestId('role-copy').click();
    const editor = page.getByTestId('role-editor');
    expect(await editor.getByTestId('role-name').inputValue()).toBe('client-کپی');
    await editor.getByTestId('rule-add').click();
    await editor.getByTestId('role-save').click();
    // The new empty rule: the hub's own words for a missing subject, in Persian.
    await poll(() => page.getByTestId('editor-error').innerText()).toBe(
      'پیش از ذخیره، قواعد علامت‌خورده را اصلاح کنید.',
    );
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SHOTS}/roles-editor-fa-dark.png`, fullPage: true });
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b(Roles|Rules|Preview|Save|Cancel|View as)\b/);
  });

  it('links admins from the access control page to the pages they may open, and no one else', async () => {
    const admin = await openAs('admin', 'Volt!Admin1', '/access-control', 'en', 'light');
    const link = admin.getByTestId('access-link-admin-roles');
    await link.waitFor();
    // Only pages that exist: the users' and the audit log's come with their own pages.
    const links = await admin
      .getByTestId('access-admin')
      .getByRole('link')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(links).toContain('/admin/roles');
    await expectAccessible(admin, 'access control, as an admin');
    await link.click();
    await admin.getByTestId('roles-table').waitFor();
    const operator = await openAs('operator', 'Volt!Oper1', '/access-control', 'en', 'light');
    await operator.getByTestId('access-permissions').waitFor();
    expect(await operator.getByTestId('access-admin').count()).toBe(0);
  });
});
