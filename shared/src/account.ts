// The signed-in user's own account: profile changes, password change, and their sessions. A session is
// named by an opaque id, never by its token or the token's hash.
import type { Static } from 'typebox';
import type * as schemas from './contracts/auth.ts';

// ProfileUpdate, PasswordChange and ActiveSession are the API's bodies and replies: their schemas are in
// contracts/auth.ts.

export type ProfileUpdate = Static<typeof schemas.ProfileUpdate>;

export type PasswordChange = Static<typeof schemas.PasswordChange>;

export type ActiveSession = Static<typeof schemas.ActiveSession>;

export const FULL_NAME_MAX_LENGTH = 100;

/** Messages the server sends at a field; the client translates them (i18n/serverMessages.ts). */
export const accountMessages = {
  emailTaken: 'This email address is already used by another account',
  wrongPassword: 'The current password is incorrect',
  samePassword: 'The new password must differ from the current one',
} as const;
