// One error shape for HTTP bodies and socket acks, with stable codes. An unknown error's message never
// reaches a client: it becomes INTERNAL with the default message.
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The seed's validation rules (section 5), whose checks live in validation.ts. */
export const validationRuleCodes = [
  'required',
  'email',
  'password',
  'confirmed',
  'between',
  'integer',
  'regex',
  'alpha',
  'url',
  'length',
  'alphaDash',
] as const;

/**
 * A request that breaks its route's schema (shared/src/contracts): the JSON Schema keyword that failed,
 * as a reason with its limit (`{ code: 'tooLong', params: { limit: 64 } }`). `required`, `integer`,
 * `regex` and `email` are the seed's rules above.
 */
export const schemaRuleCodes = [
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooLarge',
  'tooFew',
  'tooMany',
  'notOneOf',
  'unknownField',
  'wrongType',
] as const;

/**
 * Why a request was refused, finer than its ErrorCode: the client words it in the reader's language
 * (with `params`), so the English `message` beside it is for logs and API users only.
 */
export const reasonCodes = [
  ...validationRuleCodes,
  'invalidCredentials',
  'tooManyAttempts',
  'emailTaken',
  'wrongPassword',
  'samePassword',
  'resetByAdmin',
  'resetLinkInvalid',
  'busy',
  // Wall displays: a pairing code unknown, used or out of time; a site that does not exist; a playlist
  // item's site outside the display's (params: `site`).
  'invalidPairingCode',
  'unknownSite',
  'siteOutsideDisplay',
  // A diagram saved over a newer version than the editor started from (params: `version`, `by`).
  'diagramChanged',
  // User and access administration: the last active admin kept (disabled, demoted or its role emptied of
  // `manage all`); a role still given to users (params: `users`, how many); a built-in role edited; a
  // rule granting more than the editing admin holds (params: `rule`, its index); a rule's subject or
  // action the app does not have (params: `value`); a username or role name in use; a role that does not
  // exist; an invitation without mail configured.
  'lastAdmin',
  'roleInUse',
  'builtinRole',
  'ruleBeyondOwn',
  'unknownSubject',
  'unknownAction',
  'usernameTaken',
  'roleTaken',
  'unknownRole',
  'inviteNeedsMail',
  'selfDisable',
  // Two-factor sign-in: a code that is wrong, one already used, a second step out of time or unknown, a
  // role that must set up a second factor first; a password an administrator set, to change first.
  'mfaInvalidCode',
  'mfaCodeReused',
  'mfaChallengeInvalid',
  'mfaRequired',
  'passwordChangeRequired',
  // CCTV monitor: a layout name the user already has.
  'cctvLayoutTaken',
  // Site plans (motion trace): a file that is not a PNG, JPEG or SVG image; one larger than {{mb}} MB.
  'planImageType',
  'planImageTooLarge',
  ...schemaRuleCodes,
] as const;
export type ReasonCode = (typeof reasonCodes)[number];

export interface Reason {
  code: ReasonCode;
  params?: Record<string, string | number>;
}

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** The reason for the whole request, when there is one the client can word. */
  reason?: Reason;
  /** Field errors, as the login form expects them: `{ email: ['Invalid email or password'] }`. */
  errors?: Record<string, string[]>;
  /** The same field errors as reasons, for the client to word: `{ email: { code: 'invalidCredentials' } }`. */
  fields?: Record<string, Reason>;
}

export type Ack<T> = { data: T } | { error: ErrorBody };

/** A site a subscription did not get: a stable code for programs, an English reason for people's logs. */
export interface RefusedSite {
  siteId: string;
  code: Extract<ErrorCode, 'NOT_FOUND' | 'FORBIDDEN'>;
  reason: string;
}
