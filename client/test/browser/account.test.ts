import { describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();

const fieldError = async (page: import('playwright-core').Page, testId: string) => {
  const input = page.getByTestId(testId);
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
};

describe('profile and account pages', () => {
  it('lead from the seed paths to their first tab', async () => {
    const page = await app.openAt('operator', '/pages/user-profile', { language: 'en' });
    await page.waitForURL(`${app.url}/pages/user-profile/profile`);
    expect(await page.getByTestId('profile-name').textContent()).toBe('Julien Moreau');
    await page.getByTestId('profile-site').nth(3).waitFor();
    expect(await page.getByTestId('profile-site').count()).toBe(4);
    await page.goto(`${app.url}/pages/account-settings`);
    await page.waitForURL(`${app.url}/pages/account-settings/account`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.waitForURL(`${app.url}/pages/account-settings/security`);
    await page.goto(`${app.url}/pages/account-settings/nonsense`);
    await page.waitForURL(`${app.url}/pages/account-settings/account`);
  });

  it('shows the seed’s messages on the password form', async () => {
    const page = await app.openAt('operator', '/pages/account-settings/security', { language: 'en' });
    await page.getByTestId('password-save').click();
    for (const field of ['password-current', 'password-new', 'password-confirm']) {
      expect(await fieldError(page, field), field).toBe('This field is required.');
    }
    await page.getByTestId('password-current').fill('wrong-one');
    await page.getByTestId('password-new').fill('password');
    await page.getByTestId('password-confirm').fill('passw0rd');
    await page.getByTestId('password-save').click();
    expect(await fieldError(page, 'password-new')).toBe(
      'must contain at least one uppercase letter, one lowercase letter, one digit, one special character, and be at least 8 characters long.',
    );
    expect(await fieldError(page, 'password-confirm')).toBe('The password confirmation does not match.');

    await page.getByTestId('password-new').fill('Better#2027');
    await page.getByTestId('password-confirm').fill('Better#2027');
    await page.getByTestId('password-save').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=password-current]')?.getAttribute('aria-invalid') === 'true',
    );
    expect(await fieldError(page, 'password-current')).toBe('The current password is incorrect');
  });

  it('speaks the same rules in Persian', async () => {
    const page = await app.openAt('operator', '/pages/account-settings/security');
    await page.getByTestId('password-new').fill('abc');
    await page.getByTestId('password-save').click();
    expect(await fieldError(page, 'password-current')).toBe('پر کردن این فیلد الزامی است.');
    expect(await fieldError(page, 'password-new')).toMatch(/^گذرواژه باید دست‌کم.*نباشد\.$/);
  });

  it('changes the name, which the user menu then shows, and asks the current password for a new email', async () => {
    const page = await app.openAt('client', '/pages/account-settings/account#details', { language: 'en' });
    await page.getByTestId('details-email').fill('not-an-email');
    await page.getByTestId('details-save').click();
    expect(await fieldError(page, 'details-email')).toBe('The email address entered is invalid.');
    // A new email asks for the current password (finding 6): the token alone does not move the account.
    await page.getByTestId('details-email').fill('admin@voltscope.io');
    await page.getByTestId('details-save').click();
    expect(await fieldError(page, 'details-current-password')).toBe('This field is required.');
    await page.getByTestId('details-current-password').fill('Volt!Client1');
    await page.getByTestId('details-save').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=details-email]')?.getAttribute('aria-invalid') === 'true',
    );
    expect(await fieldError(page, 'details-email')).toBe('This email address is already used by another account');

    await page.getByTestId('details-email').fill('client@voltscope.io');
    await page.getByTestId('details-name').fill('Sara Benali-Haddad');
    await page.getByTestId('details-save').click();
    await page.getByText('Your details have been saved.').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menu').getByText('Sara Benali-Haddad').waitFor();
  });

  it('lists the sessions and signs out everywhere', async () => {
    const elsewhere = await app.openSignedIn('admin', { language: 'en' });
    await elsewhere.goto(`${app.url}/dashboards/solar`);
    const page = await app.openAt('admin', '/pages/account-settings/security#sessions', { language: 'en' });
    const rows = page.getByTestId('session-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid=session-row][data-current]').count()).toBe(1);
    await page.getByTestId('sign-out-everywhere').click();
    await page.getByTestId('confirm-everywhere').click();
    await page.waitForURL(`${app.url}/login`);
    // The other tab's token is revoked too: its next call sends it to the login page.
    await elsewhere.goto(`${app.url}/access-control`);
    await elsewhere.waitForURL(/\/login/);
  });
});
