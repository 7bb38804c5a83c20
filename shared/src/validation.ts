// The seed's validation rules (section 5), shared by the server (request checks) and the client (form
// checks), with the server's English message for each. A form's fields and their rules are written once
// as a FieldSpec; checkFields answers with the same Reason on both sides, which each side words.
import { type Reason, validationRuleCodes } from './errors.ts';

export const validationRules = validationRuleCodes;
export type ValidationRule = (typeof validationRules)[number];

export const PASSWORD_MIN_LENGTH = 8;

/** The server's English wording of each rule (beside its code), the seed's word for word; the client words
 * the codes itself, in client/src/i18n/locales/<language>/validation.json. */
export const validationMessages: { en: Record<ValidationRule, string> } = {
  en: {
    required: 'This field is required.',
    email: 'The email address entered is invalid.',
    password:
      'must contain at least one uppercase letter, one lowercase letter, one digit, one special character, and be at least 8 characters long.',
    confirmed: 'The password confirmation does not match.',
    between: 'The value must be between {{min}} and {{max}}.',
    integer: 'This field must be an integer.',
    regex: 'The format of the field is invalid.',
    alpha: 'The field may only contain alphabetic characters.',
    url: 'The URL entered is invalid.',
    length: 'The length of the field must be {{length}} characters.',
    alphaDash: 'The field may only contain letters, numbers, dashes, and underscores.',
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

/** One of the seed's rules as data, with what it needs: a field's rules are a list of these. */
export type FieldRule =
  | { rule: 'required' }
  | { rule: 'email' }
  | { rule: 'password' }
  /** Equal to another field of the same body (a password typed twice). */
  | { rule: 'confirmed'; field: string }
  | { rule: 'between'; min: number; max: number }
  | { rule: 'integer' }
  /** Tested with `search`, so a `g` or `y` flag keeps no state between values. */
  | { rule: 'regex'; pattern: RegExp }
  | { rule: 'alpha' }
  | { rule: 'url' }
  /** Counted in characters (code points), as a person counts them. */
  | { rule: 'length'; length: number }
  | { rule: 'alphaDash' };

/** A form's or a body's fields, each with its rules in the order they are tried. */
export type FieldSpec<F extends string = string> = Readonly<Record<F, readonly FieldRule[]>>;

/** Why a value breaks a rule: the rule's code, with the numbers its message shows. */
export interface RuleReason extends Reason {
  code: ValidationRule;
}

/** Nothing typed: absent, null, or a string of spaces only. */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const asNumber = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;

const ifString = (value: unknown, test: (text: string) => boolean): boolean => typeof value === 'string' && test(value);

/** Whether `value` keeps `rule` (an empty value is left to `required`). */
function keeps(rule: FieldRule, value: unknown, body: Readonly<Record<string, unknown>>): boolean {
  switch (rule.rule) {
    case 'required':
      return !isEmpty(value);
    case 'email':
      return ifString(value, isEmail);
    case 'password':
      return ifString(value, isStrongPassword);
    case 'confirmed':
      return value === body[rule.field];
    case 'between': {
      const number = asNumber(value);
      return Number.isFinite(number) && isBetween(number, rule.min, rule.max);
    }
    case 'integer':
      return (typeof value === 'number' || typeof value === 'string') && isInteger(value);
    case 'regex':
      return ifString(value, (text) => text.search(rule.pattern) !== -1);
    case 'alpha':
      return ifString(value, isAlpha);
    case 'url':
      return ifString(value, isUrl);
    case 'length':
      return ifString(value, (text) => [...text].length === rule.length);
    case 'alphaDash':
      return ifString(value, isAlphaDash);
  }
}

const reasonOf = (rule: FieldRule): RuleReason => {
  if (rule.rule === 'between') return { code: 'between', params: { min: rule.min, max: rule.max } };
  if (rule.rule === 'length') return { code: 'length', params: { length: rule.length } };
  return { code: rule.rule };
};

/**
 * The first rule `value` breaks, or null. An empty value breaks only `required`: a field that may be left
 * empty is checked once something is typed in it. `body` holds the other fields, for `confirmed`.
 */
export function checkField(
  value: unknown,
  rules: readonly FieldRule[],
  body: Readonly<Record<string, unknown>> = {},
): RuleReason | null {
  if (isEmpty(value)) return rules.some((rule) => rule.rule === 'required') ? { code: 'required' } : null;
  const broken = rules.find((rule) => !keeps(rule, value, body));
  return broken ? reasonOf(broken) : null;
}

/** Each field of `spec` that `body` gets wrong, with its first broken rule; `{}` when all are right. */
export function checkFields<F extends string>(
  body: Readonly<Record<string, unknown>>,
  spec: FieldSpec<F>,
): Partial<Record<F, RuleReason>> {
  const found: Partial<Record<F, RuleReason>> = {};
  for (const field of Object.keys(spec) as F[]) {
    const reason = checkField(body[field], spec[field], body);
    if (reason) found[field] = reason;
  }
  return found;
}

/** The English message of a broken rule, its numbers filled in (the server's `message`). */
export const ruleMessage = (reason: RuleReason): string =>
  formatMessage(validationMessages.en[reason.code], reason.params);
