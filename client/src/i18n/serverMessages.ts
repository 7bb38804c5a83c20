// The server speaks English; the messages it shares with us (errors.ts, validation.ts) are translated
// here so a Persian reader never meets an English sentence. Unknown messages are shown as sent.
import { accountMessages } from '@voltscope/shared/account';
import { DEFAULT_ERROR_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '@voltscope/shared/errors';
import { validationMessages, validationRules } from '@voltscope/shared/validation';
import type { TFunction } from 'i18next';

const known = new Map<string, string>([
  [INVALID_CREDENTIALS_MESSAGE, 'auth.login.invalidCredentials'],
  [DEFAULT_ERROR_MESSAGE, 'common.error'],
  [accountMessages.emailTaken, 'account.errors.emailTaken'],
  [accountMessages.wrongPassword, 'account.errors.wrongPassword'],
  [accountMessages.samePassword, 'account.errors.samePassword'],
  ...validationRules.map((rule): [string, string] => [validationMessages.en[rule], `validation:${rule}`]),
]);

export function translateServerMessage(t: TFunction, message: string): string {
  const key = known.get(message.trim().replace(/\.$/, ''));
  return key ? t(key) : message;
}
