import { describe, expect, it } from 'vitest';
import {
  checkField,
  checkFields,
  type FieldRule,
  formatMessage,
  isAlphaDash,
  isEmail,
  isInteger,
  isStrongPassword,
  isUrl,
  ruleMessage,
  validationMessages,
  validationRules,
} from './validation.ts';

describe('the seed password rule', () => {
  it.each([
    ['Volt!Admin1', true],
    ['Ab1!efgh', true],
    ['Ab1!efg', false],
    ['ab1!efgh', false],
    ['AB1!EFGH', false],
    ['Abc!efgh', false],
    ['Ab1cefgh', false],
  ])('%s → %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });
});

describe('validators', () => {
  it('checks emails, integers, urls and alpha-dash values', () => {
    expect(isEmail('ops@plant.io')).toBe(true);
    expect(isEmail('ops@plant')).toBe(false);
    expect(isInteger('-12')).toBe(true);
    expect(isInteger('1.5')).toBe(false);
    expect(isUrl('https://plant.io/x')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isAlphaDash('inv_01-a')).toBe(true);
    expect(isAlphaDash('inv 01')).toBe(false);
  });

  it('fills message placeholders', () => {
    expect(formatMessage(validationMessages.en.between, { min: 1, max: 9 })).toBe('The value must be between 1 and 9.');
  });
});

describe('validation messages', () => {
  it('exist in English for every rule (the client words them in every language)', () => {
    for (const rule of validationRules) expect(validationMessages.en[rule], rule).toBeTruthy();
  });

  it('are the seed’s English texts word for word, final period included (section 5)', () => {
    expect(validationMessages.en).toEqual({
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
    });
  });
});

const required: FieldRule = { rule: 'required' };

/** Each rule with values it keeps and values it breaks (an empty value is `required`'s alone). */
const cases: [FieldRule, unknown[], unknown[]][] = [
  [required, ['x', ' a ', 0, false, ['x']], []],
  [{ rule: 'email' }, ['ops@plant.io', 'a.b+c@d.fr'], ['ops@plant', 'ops plant@x.io', '@x.io', 42]],
  [
    { rule: 'password' },
    ['Volt!Admin1', 'Ab1!efgh'],
    ['Ab1!efg', 'ab1!efgh', 'AB1!EFGH', 'Abc!efgh', 'Ab1cefgh', 12345678],
  ],
  [{ rule: 'confirmed', field: 'password' }, ['Volt!Admin1'], ['volt!admin1', 'Volt!Admin2']],
  [{ rule: 'between', min: 1, max: 10 }, [1, 10, 5.5, '7', ' 3 '], [0, 10.01, -1, '11', 'seven', Number.NaN, true]],
  [{ rule: 'integer' }, [0, -12, '42', ' 7 '], [1.5, '1.5', '1e3', 'x', Number.NaN, true]],
  [{ rule: 'regex', pattern: /^[A-Z]{2}\d{3}$/ }, ['FR123'], ['fr123', 'FR12', 'FR1234', 123]],
  [{ rule: 'alpha' }, ['Tarifa', 'Occitanie', 'یزد', 'ورزازات'], ['Tarifa2', 'es-tarifa', 'a b', 3]],
  [
    { rule: 'url' },
    ['https://plant.io/x', 'http://10.0.0.1:8080'],
    ['plant.io', 'javascript:alert(1)', 'ftp://x.io', 1],
  ],
  [{ rule: 'length', length: 5 }, ['12345', 'ébène', 'یزدیز'], ['1234', '123456', 12345]],
  [{ rule: 'alphaDash' }, ['inv_01-a', 'INV07', 'توربین-۲'], ['inv 01', 'inv.01', 'inv/01', 7]],
];

describe('checkField', () => {
  it.each(cases)('%o keeps what it should and names itself when broken', (rule, good, bad) => {
    const body = { password: 'Volt!Admin1' };
    for (const value of good) expect(checkField(value, [rule], body), String(value)).toBeNull();
    for (const value of bad) expect(checkField(value, [rule], body)?.code, String(value)).toBe(rule.rule);
  });

  it('carries the numbers of between and length, for their messages', () => {
    expect(checkField(12, [{ rule: 'between', min: 1, max: 10 }])).toEqual({
      code: 'between',
      params: { min: 1, max: 10 },
    });
    expect(checkField('abc', [{ rule: 'length', length: 4 }])).toEqual({ code: 'length', params: { length: 4 } });
    expect(checkField('x', [{ rule: 'email' }])).toEqual({ code: 'email' });
  });

  it('calls an empty value (absent, null, blank) required, and leaves it alone when the field is optional', () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(checkField(empty, [required, { rule: 'email' }])).toEqual({ code: 'required' });
      expect(checkField(empty, [{ rule: 'email' }, { rule: 'length', length: 3 }])).toBeNull();
    }
  });

  it('answers with the first rule broken, in the order given', () => {
    const rules: FieldRule[] = [required, { rule: 'alphaDash' }, { rule: 'length', length: 4 }];
    expect(checkField('a b', rules)?.code).toBe('alphaDash');
    expect(checkField('abc', rules)?.code).toBe('length');
    expect(checkField('ab-c', rules)).toBeNull();
  });

  it('tests a pattern with a global flag the same way every time', () => {
    const rule: FieldRule = { rule: 'regex', pattern: /^inv\d+$/g };
    for (let i = 0; i < 3; i++) expect(checkField('inv07', [rule])).toBeNull();
  });
});

describe('checkFields', () => {
  const spec = {
    name: [required],
    email: [required, { rule: 'email' }],
    password: [required, { rule: 'password' }],
    confirm: [required, { rule: 'confirmed', field: 'password' }],
  } satisfies Record<string, FieldRule[]>;

  it('names each wrong field with its first broken rule, and nothing else', () => {
    expect(
      checkFields({ name: ' ', email: 'ops@plant', password: 'Volt!Admin1', confirm: 'Volt!admin1' }, spec),
    ).toEqual({
      name: { code: 'required' },
      email: { code: 'email' },
      confirm: { code: 'confirmed' },
    });
    expect(checkFields({}, spec)).toEqual({
      name: { code: 'required' },
      email: { code: 'required' },
      password: { code: 'required' },
      confirm: { code: 'required' },
    });
  });

  it('answers {} for a body that keeps every rule, whatever else it holds', () => {
    const body = { name: 'Ana', email: 'ana@plant.io', password: 'Volt!Admin1', confirm: 'Volt!Admin1', extra: 1 };
    expect(checkFields(body, spec)).toEqual({});
  });
});

describe('ruleMessage', () => {
  it('gives the English message of a reason with its numbers filled in', () => {
    expect(ruleMessage({ code: 'between', params: { min: 0, max: 100 } })).toBe('The value must be between 0 and 100.');
    expect(ruleMessage({ code: 'length', params: { length: 6 } })).toBe(
      'The length of the field must be 6 characters.',
    );
    expect(ruleMessage({ code: 'required' })).toBe('This field is required.');
  });
});
