// The seed's validation rules (section 5), shared by the server (request checks) and the client (form
// checks), with the server's English message for each.
import { validationRuleCodes } from './errors.ts';

export const validationRules = validationRuleCodes;
export type ValidationRule = (typeof validationRules)[number];

export const PASSWORD_MIN_LENGTH = 8;

/** The server's English wording of each rule (beside its code); the client words the codes itself, in
 * client/src/i18n/locales/<language>/validation.json. */
export const validationMessages: { en: Record<ValidationRule, string> } = {
  en: {
    required: 'This field is required',
    email: 'The email address entered is invalid',
    password:
      'The password must contain at least one uppercase letter, one lowercase letter, one digit, one special character, and be at least 8 characters long',
    confirmed: 'The password confirmation does not match',
    between: 'The value must be between {{min}} and {{max}}',
    integer: 'This field must be an integer',
    regex: 'The format of the field is invalid',
    alpha: 'The field may only contain alphabetic characters',
    url: 'The URL entered is invalid',
    length: 'The length of the field must be {{length}} characters',
    alphaDash: 'The field may only contain letters, numbers, dashes, and underscores',
  },
};

// Deliberately simple: one @, no spaces, a dot in the domain. Real delivery is the only true check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ALPHA = /^\p{L}+$/u;
const ALPHA_DASH = /^[\p{L}\p{N}_-]+$/u;

export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isAlpha = (value: string): boolean => ALPHA.test(value);
export const isAlphaDash = (value: string): boolean => ALPHA_DASH.test(value);
export const isInteger = (value: string | number): boolean => /^-?\d+$/.test(String(value).trim());
export const isBetween = (value: number, min: number, max: number): boolean => value >= min && value <= max;

/** Seed rule: at least one uppercase, one lowercase, one digit, one special character, 8 characters. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\p{N}/u.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Interpolates `{{name}}` placeholders of a message. */
export function formatMessage(message: string, params: Record<string, string | number> = {}): string {
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}
