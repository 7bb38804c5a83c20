// Two-factor sign-in in the browser against a real hub: an admin turns it on from the account page (the
// code computed here from the key the page shows), saves the recovery codes, signs out, and signs in
// with the password then a code (a wrong one is worded first). A role that requires it sets it up on
// /two-factor-setup and goes on into the app. Persian right to left, in the dark theme, is shot for a look.

import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/validation.json' with { type: 'json' };
import fa from '../../src/i18n/locales/fa/mfa.json' with { type: 'json' };
import faWords from '../../src/i18n/locales/fa/validation.json' with { type: 'json' };
import { demo, expectAccessible, pathOf, setupBrowser, signIn } from './harness.ts';

const app = setupBrowser({ mfaRequiredRoles: ['operator'] });
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

/** The code of the step `offset` steps from now, as the user's authenticator app shows it. */
const codeFor = (secret: string, offset = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Reads the setup key off the page and confirms it with the app's current code. */
async function confirmSetup(page: Page): Promise<string> {
  const shown = page.getByTestId('mfa-secret');
  await poll(() => shown.textContent()).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = ((await shown.textContent()) ?? '').replaceAll(' ', '');
  expect(await page.getByTestId('mfa-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  // Six digits send the code by themselves.
  await page.getByTestId('mfa-setup-code').fill(codeFor(secret));
  await page.getByTestId('recovery-codes').waitFor();
  expect(await page.getByTestId('recovery-code').count()).toBe(10);
  expect(await page.getByTestId('recovery-done').isDisabled()).toBe(true);
  await page.getByTestId('recovery-saved').check();
  return secret;
}

describe('two-factor sign-in', () => {
  it('an admin turns it on from the account page, then signs in with the password and a code', async () => {
    const page = await app.openAt('admin', '/pages/account-settings/security', { language: 'en' });
    const card = page.getByTestId('mfa-card');
    await poll(() => card.getByTestId('mfa-state').textContent()).toBe('Off');
    await card.getByTestId('mfa-setup-start').click();
    const secret = await confirmSetup(page);
    await page.screenshot({ path: '/work/shots/mfa-account-codes-en.png', fullPage: true });
    await expectAccessible(page, 'recovery codes', '[data-testid=mfa-card]');
    await page.getByTestId('recovery-done').click();
    await poll(() => card.getByTestId('mfa-state').textContent()).toBe('On');
    expect(await card.getByTestId('mfa-codes-left').textContent()).toContain('10');
    // New recovery codes ask for the password (a wrong one is worded at the field), then show ten others.
    expect(await card.getByTestId('mfa-disable').count()).toBe(1);
    await card.getByTestId('mfa-regenerate').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('mfa-password').fill('Not!ThePassword1');
    await dialog.getByTestId('mfa-password-confirm').click();
    await poll(() => dialog.getByText('The current password is incorrect').count()).toBe(1);
    await dialog.getByTestId('mfa-password').fill(demo.admin.password);
    await dialog.getByTestId('mfa-password-confirm').click();
    await poll(() => card.getByTestId('recovery-code').count()).toBe(10);
    await card.getByTestId('recovery-saved').check();
    await card.getByTestId('recovery-done').click();
    await poll(() => card.getByTestId('mfa-codes-left').textContent()).toContain('10');

    // Signed out (a new browser), then in: the password first, a code second.
    const login = await app.open({ language: 'en' });
    await signIn(login, app.url, demo.admin);
    const code = login.getByTestId('mfa-code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(login, 'second step');
    await code.fill(codeFor(secret, 5));
    await poll(() => login.getByText(en.mfaInvalidCode).count()).toBe(1);
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    // The setup used this step's code: the app's next one signs in.
    await code.fill(codeFor(secret, 1));
    await poll(() => pathOf(login)).toBe('/dashboards/solar');

    // The recovery code switch and Back.
    // The same step in Persian, dark: right to left, the code still typed left to right, a refusal in words.
    const persian = await app.open({ language: 'fa', colorScheme: 'dark' });
    await signIn(persian, app.url, demo.admin);
    await persian.getByTestId('mfa-code').fill(codeFor(secret, 5));
    await poll(() => persian.getByText(faWords.mfaInvalidCode).count()).toBe(1);
    expect(await persian.getByTestId('mfa-code').evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
    await persian.screenshot({ path: '/work/shots/mfa-second-step-fa-dark.png' });

    const again = await app.open({ language: 'en' });
    await signIn(again, app.url, demo.admin);
    await again.getByTestId('mfa-switch').click();
    expect(await again.getByTestId('mfa-code').getAttribute('placeholder')).toBe('xxxx-xxxx');
    await again.getByTestId('mfa-back').click();
    await again.getByTestId('login-email').waitFor();
  });

  it('a role that requires it sets it up on /two-factor-setup and goes on into the app (Persian, dark)', async () => {
    const page = await app.openAt('operator', '/two-factor-setup', { language: 'fa', colorScheme: 'dark' });
    await page.getByText(fa.page.subtitle).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('mfa-secret').waitFor();
    await poll(() => page.getByTestId('mfa-secret').textContent()).not.toBe('…');
    await page.screenshot({ path: '/work/shots/mfa-setup-page-fa-dark.png', fullPage: true });
    await expectAccessible(page, 'two-factor setup page');
    await confirmSetup(page);
    await page.getByTestId('recovery-done').click();
    await poll(() => pathOf(page)).toBe('/alarm/realtime');
  });
});
