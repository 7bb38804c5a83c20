// The server refuses with codes (shared/errors.ts: `reason`, per-field `fields`); here each code gets its
// words in the reader's language. The server's English `message` is never shown.
import type { ErrorBody, Reason, ReasonCode } from '@voltscope/shared/errors';
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
  diagramChanged: 'validation:diagramChanged',
  lastAdmin: 'validation:lastAdmin',
  roleInUse: 'validation:roleInUse',
  builtinRole: 'validation:builtinRole',
  ruleBeyondOwn: 'validation:ruleBeyondOwn',
  unknownSubject: 'validation:unknownSubject',
  unknownAction: 'validation:unknownAction',
  usernameTaken: 'validation:usernameTaken',
  roleTaken: 'validation:roleTaken',
  unknownRole: 'validation:unknownRole',
  inviteNeedsMail: 'validation:inviteNeedsMail',
  selfDisable: 'validation:selfDisable',
  mfaInvalidCode: 'validation:mfaInvalidCode',
  mfaCodeReused: 'validation:mfaCodeReused',
  mfaChallengeInvalid: 'validation:mfaChallengeInvalid',
  mfaRequired: 'validation:mfaRequired',
  passwordChangeRequired: 'validation:passwordChangeRequired',
  // CCTV monitor layouts
  cctvLayoutTaken: 'validation:cctvLayoutTaken',
  // Site plans (motion trace).
  planImageType: 'validation:planImageType',
  planImageTooLarge: 'validation:planImageTooLarge',
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

/** The words for a reason, whoever found it: the server, or a form checking the same rules before sending. */
export const reasonText = (reason: Reason): string =>
  i18next.t(reasonKeys[reason.code], (reason.params ?? {}) as TOptions);

/** The words for each field a form's own check found wrong (`checkFields` of shared/src/validation.ts). */
export function fieldTexts<F extends string>(found: Partial<Record<F, Reason>>): Partial<Record<F, string>> {
  const texts: Partial<Record<F, string>> = {};
  for (const [field, reason] of Object.entries<Reason | undefined>(found)) {
    if (reason) texts[field as F] = reasonText(reason);
  }
  return texts;
}

/** The words for one field's refusal, if the server named that field. */
export function fieldErrorText(body: ErrorBody, field: string): string | undefined {
  const reason = body.fields?.[field];
  return reason ? reasonText(reason) : undefined;
}

/** The words for the whole refusal: its reason, or a generic sentence when it has none. */
export function errorText(body: ErrorBody): string {
  return body.reason ? reasonText(body.reason) : i18next.t('common:ui.error');
}
