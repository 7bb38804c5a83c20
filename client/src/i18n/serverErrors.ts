// The server refuses with codes (shared/errors.ts: `reason`, per-field `fields`); here each code gets its
// words in the reader's language. The server's English `message` is never shown.
import type { ErrorBody, ReasonCode } from '@voltscope/shared/errors';
import i18next, { type TOptions } from 'i18next';
import type { KeyOf } from './namespaces.ts';

const reasonKeys: Record<ReasonCode, KeyOf<'validation' | 'auth' | 'account' | 'common' | 'displays'>> = {
  required: 'validation:required',
  email: 'validation:email',
  password: 'validation:password',
  confirmed: 'validation:confirmed',
  between: 'validation:between',
  integer: 'validation:integer',
  regex: 'validation:regex',
  alpha: 'validation:alpha',
  url: 'validation:url',
  length: 'validation:length',
  alphaDash: 'validation:alphaDash',
  invalidCredentials: 'auth:login.invalidCredentials',
  tooManyAttempts: 'validation:tooManyAttempts',
  emailTaken: 'account:errors.emailTaken',
  wrongPassword: 'account:errors.wrongPassword',
  samePassword: 'account:errors.samePassword',
  resetByAdmin: 'auth:forgot.byAdmin',
  resetLinkInvalid: 'auth:reset.invalidToken',
  busy: 'validation:busy',
  invalidPairingCode: 'displays:errors.invalidPairingCode',
  unknownSite: 'displays:errors.unknownSite',
  siteOutsideDisplay: 'displays:errors.siteOutsideDisplay',
  tooShort: 'validation:tooShort',
  tooLong: 'validation:tooLong',
  tooSmall: 'validation:tooSmall',
  tooLarge: 'validation:tooLarge',
  tooFew: 'validation:tooFew',
  tooMany: 'validation:tooMany',
  notOneOf: 'validation:notOneOf',
  unknownField: 'validation:unknownField',
  wrongType: 'validation:wrongType',
};

/** The words for one field's refusal, if the server named that field. */
export function fieldErrorText(body: ErrorBody, field: string): string | undefined {
  const reason = body.fields?.[field];
  return reason ? i18next.t(reasonKeys[reason.code], (reason.params ?? {}) as TOptions) : undefined;
}

/** The words for the whole refusal: its reason, or a generic sentence when it has none. */
export function errorText(body: ErrorBody): string {
  const reason = body.reason;
  return reason ? i18next.t(reasonKeys[reason.code], (reason.params ?? {}) as TOptions) : i18next.t('common:ui.error');
}
