// The seed's rules (section 5) of the user administration forms, written once: the admin's form checks
// them before it sends, and the server (http/users.ts) checks the body with the same lists.
import { emailRules } from './accountFields.ts';
import type { FieldRule, FieldSpec } from './validation.ts';

const required: FieldRule = { rule: 'required' };

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;

/** Letters, digits, dashes and underscores, 3 to 32 characters. */
export const usernameRules: readonly FieldRule[] = [
  required,
  { rule: 'alphaDash' },
  { rule: 'regex', pattern: new RegExp(`^.{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`, 'u') },
];

/** A new user, or the fields an admin changes (a PATCH checks only the fields it carries). */
export const userFields: FieldSpec<'fullName' | 'username' | 'email' | 'role'> = {
  fullName: [required],
  username: usernameRules,
  email: emailRules,
  role: [required],
};

/** Table page sizes (seed section 9). */
export const userPageSizes = [5, 10, 20, 25, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 10;

export const userStatuses = ['active', 'disabled', 'invited'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userSorts = ['name', 'email', 'role', 'lastSignIn', 'createdAt'] as const;
export type UserSort = (typeof userSorts)[number];

/** Length of a one-time password an admin hands over. */
export const ONE_TIME_PASSWORD_LENGTH = 16;
