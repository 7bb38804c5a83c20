// The signed-in user's own account: profile changes, password change, and their sessions. A session is
// named by an opaque id, never by its token or the token's hash.

export interface ProfileUpdate {
  fullName: string;
  email: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface ActiveSession {
  /** Opaque: derived from the token hash, useless to sign in with. */
  id: string;
  createdAt: number;
  expiresAt: number;
  remember: boolean;
  userAgent: string | null;
  ip: string | null;
  /** The session this request came from. */
  current: boolean;
}

export const FULL_NAME_MAX_LENGTH = 100;

/** Messages the server sends at a field; the client translates them (i18n/serverMessages.ts). */
export const accountMessages = {
  emailTaken: 'This email address is already used by another account',
  wrongPassword: 'The current password is incorrect',
  samePassword: 'The new password must differ from the current one',
} as const;
