// Two-factor sign-in: the second step of a sign-in, and a user's own authenticator and recovery codes.
// Codes are RFC 6238 TOTP (30 s, 6 digits, SHA-1) or one of ten one-time recovery codes (`xxxx-xxxx`).
import Type, { type Static } from 'typebox';
import { LoginResponse } from './auth.ts';
import { errorReplies, NoContent, Nullable, routes } from './common.ts';

/** How many recovery codes a user gets at once; a new set voids the old one. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, or a recovery code (`xxxx-xxxx`, dash and case free). */
export const MfaCode = Type.String({ minLength: 6, maxLength: 20 });

export const MfaLoginRequest = Type.Object(
  {
    /** The token of the first step's MfaChallenge. */
    challenge: Type.String({ minLength: 1, maxLength: 128 }),
    code: MfaCode,
  },
  { additionalProperties: false },
);

export const MfaStatus = Type.Object({
  enabled: Type.Boolean(),
  /** The user's role must sign in with a second factor (MFA_REQUIRED_ROLES): it cannot be turned off. */
  required: Type.Boolean(),
  enabledAt: Nullable(Type.Integer()),
  /** Unused recovery codes. */
  recoveryCodesLeft: Type.Integer(),
});

/** A new authenticator secret, waiting for a first code to confirm it (POST /api/account/mfa/enable). */
export const MfaSetup = Type.Object({
  /** Base32, for typing into the app by hand. */
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** The otpauth URL as a QR code, an SVG document drawn on the server. */
  qrSvg: Type.String(),
});

export const MfaCodeBody = Type.Object({ code: MfaCode }, { additionalProperties: false });

export const MfaPasswordBody = Type.Object(
  { currentPassword: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = Type.Object({
  recoveryCodes: Type.Array(Type.String(), { minItems: RECOVERY_CODE_COUNT, maxItems: RECOVERY_CODE_COUNT }),
});

export type MfaStatus = Static<typeof MfaStatus>;
export type MfaSetup = Static<typeof MfaSetup>;

export const mfaContracts = routes({
  // The second step of a sign-in: 201 a session, as POST /api/auth/login gives one.
  'POST /api/auth/login/mfa': { body: MfaLoginRequest, response: { 201: LoginResponse, ...errorReplies } },
  'GET /api/account/mfa': { response: { 200: MfaStatus, ...errorReplies } },
  'POST /api/account/mfa/setup': { response: { 200: MfaSetup, ...errorReplies } },
  'POST /api/account/mfa/enable': { body: MfaCodeBody, response: { 200: RecoveryCodes, ...errorReplies } },
  'POST /api/account/mfa/disable': { body: MfaPasswordBody, response: { 204: NoContent, ...errorReplies } },
  'POST /api/account/mfa/recovery-codes': { body: MfaPasswordBody, response: { 200: RecoveryCodes, ...errorReplies } },
});
