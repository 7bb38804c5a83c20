// The seed's rules (section 5) of the account and password forms, written once: the client checks a form
// with them before it sends it, and the server checks the body with the same lists when it arrives.
import type { FieldRule, FieldSpec } from './validation.ts';

const required: FieldRule = { rule: 'required' };

/** A new password: the seed's password rule. */
export const newPasswordRules: readonly FieldRule[] = [required, { rule: 'password' }];

/** An email address someone types to be reached at. */
export const emailRules: readonly FieldRule[] = [required, { rule: 'email' }];

/** The current password, asked before a change that could take the account over. */
export const currentPasswordRules: readonly FieldRule[] = [required];

/** Name and email (PATCH /api/account/profile). */
export const profileFields: FieldSpec<'fullName' | 'email'> = { fullName: [required], email: emailRules };

/** The password form of the account settings; the server gets the first two fields. */
export const passwordChangeFields: FieldSpec<'currentPassword' | 'newPassword' | 'confirm'> = {
  currentPassword: currentPasswordRules,
  newPassword: newPasswordRules,
  confirm: [required, { rule: 'confirmed', field: 'newPassword' }],
};

/** The form a reset link opens; the server gets the password. */
export const passwordResetFields: FieldSpec<'password' | 'confirm'> = {
  password: newPasswordRules,
  confirm: [required, { rule: 'confirmed', field: 'password' }],
};
