// The users page against a real hub: an admin adds a colleague with a one-time password from
// /admin/users; the colleague signs in (another browser), is sent to /change-password and nowhere else,
// chooses a password and lands in the app; the admin disables them and their open page is signed out
// within seconds. Persian is right to left, in the dark theme (screenshots when USERS_SHOTS is set).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, expectAccessible, pathOf, setupBrowser, signIn } from './harness.ts';

const app = setupBrowser();
const shots = process.env.USERS_SHOTS;

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

async function choose(scope: Locator | Page, input: Locator, option: string) {
  await input.click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

async function accessMenuLinks(page: Page): Promise<string[]> {
  await page.getByTestId('horizontal-nav').getByRole('menuitem', { name: 'User & Access' }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const links = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return links;
}

describe('the users page', () => {
  it('adds a user with a one-time password, who must change it, and signs them out when disabled', async () => {
    const admin = await app.openAt('admin', '/admin/users', { language: 'en' });
    const table = admin.getByTestId('user-table');
    await table.waitFor();
    expect(await accessMenuLinks(admin)).toContain('/admin/users');
    const me = admin.getByTestId('user-row').filter({ has: admin.getByTestId('user-you') });
    expect(await me.getAttribute('data-username')).toBe('admin');

    await admin.getByTestId('user-add').click();
    const form = admin.getByTestId('user-form').getByRole('dialog');
    // The form checks the seed's rules before sending.
    await form.getByTestId('user-username').fill('a b');
    await form.getByTestId('user-save').click();
    await poll(() => form.getByText('This field is required.').count()).toBeGreaterThan(0);
    expect(await form.getByText('The field may only contain letters, numbers, dashes, and underscores.').count()).toBe(
      1,
    );
    await form.getByTestId('user-fullName').fill('Leila Navabi');
    await form.getByTestId('user-username').fill('leila');
    await form.getByTestId('user-email').fill('leila@example.com');
    await choose(admin, form.getByTestId('user-role'), 'Operator');
    // Without mail (no SMTP_URL), invitations are offered but disabled, with the reason.
    expect(await form.getByText('Invitations need mail').count()).toBe(1);
    await expectAccessible(admin, 'user form', '[role=dialog]');
    await form.getByTestId('user-save').click();

    const shown = admin.getByTestId('one-time-password');
    await poll(() => shown.textContent()).toMatch(/^\S{16}$/);
    const oneTime = (await shown.textContent()) ?? '';
    await expectAccessible(admin, 'one-time password', '[role=dialog]');
    await admin.getByTestId('one-time-done').click();
    const row = admin.getByTestId('user-row').filter({ hasText: 'leila@example.com' });
    await poll(() => row.getByTestId('user-status').textContent()).toBe('Active');
    expect(await row.textContent()).toContain('Must change password');
    await expectAccessible(admin, 'users page');

    // A duplicate email is refused in words at its field.
    await admin.getByTestId('user-add').click();
    await form.getByTestId('user-fullName').fill('Leila Again');
    await form.getByTestId('user-username').fill('leila2');
    await form.getByTestId('user-email').fill('LEILA@example.com');
    await form.getByTestId('user-save').click();
    await poll(() => form.getByText('This email address is already used').count()).toBe(1);
    await admin.keyboard.press('Escape');

    // The colleague, in another browser: sent to /change-password, and back there from any page.
    const user = await app.open({ language: 'en' });
    await signIn(user, app.url, { login: 'leila', password: oneTime });
    await poll(() => pathOf(user)).toBe('/change-password');
    await user.goto(`${app.url}/alarm/realtime`);
    await poll(() => pathOf(user)).toBe('/change-password');
    await expectAccessible(user, 'change password');
    if (shots) await user.screenshot({ path: `${shots}/users-change-password-en.png` });
    await user.getByLabel('One-time password').fill(oneTime);
    await user.getByLabel('New password').fill('Leila!Own2026');
    await user.getByLabel('Confirm the password').fill('Leila!Own2026');
    await user.getByRole('button', { name: 'Save my password' }).click();
    await poll(() => pathOf(user)).toBe('/alarm/realtime');
    await user.getByTestId('navbar').waitFor();

    // The admin disables them: the open page is signed out at once.
    await admin.getByTestId('user-status-filter').click();
    await admin.getByRole('option', { name: 'All', exact: true }).click();
    await row.getByTestId('user-actions').click();
    await admin.getByTestId('user-disable').click();
    await admin.getByTestId('confirm').click();
    const started = Date.now();
    await poll(() => pathOf(user), 5_000).toMatch(/^\/login/);
    expect(Date.now() - started).toBeLessThan(5_000);
    await poll(() => row.getByTestId('user-status').textContent()).toBe('Disabled');
    expect(await admin.getByTestId('announcement').textContent()).toContain('Leila Navabi disabled');
    if (shots) await admin.screenshot({ path: `${shots}/users-light-en.png`, fullPage: true });

    // A password reset without mail: only the one-time password is offered, shown once.
    await row.getByTestId('user-actions').click();
    await admin.getByRole('menuitem', { name: 'Reset password' }).click();
    const reset = admin.getByTestId('reset-dialog');
    expect(await reset.getByRole('radio', { name: 'Mail a link' }).isDisabled()).toBe(true);
    expect(await reset.getByRole('radio', { name: 'One-time password' }).isChecked()).toBe(true);
    await animationsDone(admin);
    await expectAccessible(admin, 'reset password', '[role=dialog]');
    await admin.getByTestId('reset-confirm').click();
    await poll(() => admin.getByTestId('one-time-password').textContent()).toMatch(/^\S{16}$/);
    expect(await admin.getByTestId('one-time-password').textContent()).not.toBe(oneTime);
    await admin.getByTestId('one-time-done').click();

    // An edit: role and sites, shown in the row at once.
    await row.getByTestId('user-actions').click();
    await admin.getByRole('menuitem', { name: 'Edit' }).click();
    expect(await form.getByTestId('user-email').inputValue()).toBe('leila@example.com');
    await choose(admin, form.getByTestId('user-role'), 'Client');
    await choose(admin, form.getByTestId('user-sites'), 'Yazd Solar');
    await form.getByTestId('user-fullName').click();
    await form.getByTestId('user-save').click();
    await poll(() => row.getByTestId('user-role-badge').textContent()).toBe('Client');
    expect(await row.textContent()).toContain('1 site');

    // The last admin (oneself) cannot be disabled: the menu item is off on one's own row.
    await me.getByTestId('user-actions').click();
    expect(await admin.getByTestId('user-disable').isDisabled()).toBe(true);
    await admin.keyboard.press('Escape');
  });

  it('is right to left in Persian, in the dark theme, every word translated', async () => {
    const page = await app.openAt('admin', '/admin/users', {
      language: 'fa',
      colorScheme: 'dark',
      cookies: { theme: 'dark' },
    });
    await page.getByTestId('user-table').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { name: 'کاربران' }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('user-you').first().textContent()).toBe('شما');
    await expectAccessible(page, 'users page, Persian');
    if (shots) await page.screenshot({ path: `${shots}/users-dark-fa.png`, fullPage: true });
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form').getByRole('dialog').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/users-form-dark-fa.png` });
  });
});
