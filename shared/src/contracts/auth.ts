// Accounts: sign-in, sign-out, the current session and password reset (/api/auth), the signed-in
// user's own account (/api/account) and user administration (/api/users).
import Type from 'typebox';
import { type AbilityRule, roles } from '../abilities.ts';
import { FULL_NAME_MAX_LENGTH } from '../account.ts';
import { errorReplies, IdParams, NoContent, Nullable, OneOf, routes } from './common.ts';

/** The signed-in user as the client sees it: never the password hash, never the rules. */
export const UserData = Type.Object({
  id: Type.Integer(),
  fullName: Type.String(),
  username: Type.String(),
  email: Type.String(),
  /** A role name (see `roles`), or a role an administrator added. */
  role: Type.String(),
  avatar: Nullable(Type.String()),
  siteIds: Type.Array(Type.String()),
});

/** CASL rules: their conditions are free-form queries, so they pass through as they are. */
export const AbilityRules = Type.Array(Type.Unsafe<AbilityRule>({ type: 'object', additionalProperties: true }));

export const LoginRequest = Type.Object(
  {
    /** An email or a username. */
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    rememberMe: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * A step the user must take before anything else: choose their own password (an admin set it), or set up
 * a second factor (their role needs one: MFA_REQUIRED_ROLES). Until then only the routes of that step
 * answer (others: 403 `passwordChangeRequired` / `mfaRequired`) and no live socket opens.
 */
export const pendingSteps = ['passwordChange', 'mfaSetup'] as const;
export type PendingStep = (typeof pendingSteps)[number];

/** The session of GET /api/auth/me: what a client needs to act for the user. */
export const SessionReply = Type.Object({
  userAbilityRules: AbilityRules,
  userData: UserData,
  /** When the token stops working, in ms since the epoch. */
  expiresAt: Type.Integer(),
  /** Absent when there is none. */
  pendingStep: Type.Optional(OneOf(pendingSteps)),
});

/** A new session (POST /api/auth/login): the session and its bearer token. */
export const LoginResponse = Type.Object({
  ...SessionReply.properties,
  accessToken: Type.String(),
});

/**
 * The first step of a sign-in that needs a second factor (the password was right): no session yet, a
 * challenge to send back with a code from the authenticator app or a recovery code.
 */
export const MfaChallenge = Type.Object({
  mfaRequired: Type.Literal(true),
  challenge: Type.String(),
  /** When the challenge stops working, in ms since the epoch. */
  expiresAt: Type.Integer(),
});

export const AuthOptions = Type.Object({
  /** 'email': the server mails a one-time reset link; 'admin': an administrator resets passwords. */
  passwordReset: OneOf(['email', 'admin']),
  demo: Type.Boolean(),
  demoAccounts: Type.Array(
    Type.Object({
      role: OneOf(roles),
      email: Type.String(),
      username: Type.String(),
      password: Type.String(),
    }),
  ),
});

export const ProfileUpdate = Type.Object(
  {
    fullName: Type.String({ minLength: 1, maxLength: FULL_NAME_MAX_LENGTH }),
    email: Type.String({ minLength: 1, maxLength: 254 }),
    /** Needed only when the email changes: a session token alone must not move the account elsewhere. */
    currentPassword: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);

export const PasswordChange = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const ActiveSession = Type.Object({
  /** Opaque: derived from the token hash, useless to sign in with. */
  id: Type.String(),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  remember: Type.Boolean(),
  userAgent: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  /** The session this request came from. */
  current: Type.Boolean(),
});

export const authContracts = routes({
  'GET /api/auth/options': { response: { 200: AuthOptions, ...errorReplies } },
  // 201: a session, or (a second factor to give) a challenge for POST /api/auth/login/mfa.
  'POST /api/auth/login': {
    body: LoginRequest,
    response: { 201: Type.Union([LoginResponse, MfaChallenge]), ...errorReplies },
  },
  'POST /api/auth/logout': { response: { 204: NoContent, ...errorReplies } },
  'GET /api/auth/me': { response: { 200: SessionReply, ...errorReplies } },
  'POST /api/auth/forgot-password': {
    body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false }),
    response: { 202: Type.Object({ message: Type.String() }), ...errorReplies },
  },
  'POST /api/auth/reset-password': {
    body: Type.Object(
      {
        token: Type.String({ minLength: 1, maxLength: 128 }),
        password: Type.String({ minLength: 1, maxLength: 1024 }),
      },
      { additionalProperties: false },
    ),
    response: { 204: NoContent, ...errorReplies },
  },

  // The signed-in user's own account.
  'PATCH /api/account/profile': { body: ProfileUpdate, response: { 200: UserData, ...errorReplies } },
  'POST /api/account/password': { body: PasswordChange, response: { 204: NoContent, ...errorReplies } },
  'GET /api/account/sessions': { response: { 200: Type.Array(ActiveSession), ...errorReplies } },
  'DELETE /api/account/sessions/:id': { params: IdParams, response: { 204: NoContent, ...errorReplies } },
  'DELETE /api/account/sessions': { response: { 204: NoContent, ...errorReplies } },
});
