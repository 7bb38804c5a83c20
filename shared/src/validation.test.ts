import { describe, expect, it } from 'vitest';
import {
  formatMessage,
  isAlphaDash,
  isEmail,
  isInteger,
  isStrongPassword,
  isUrl,
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
    expect(formatMessage(validationMessages.en.between, { min: 1, max: 9 })).toBe('The value must be between 1 and 9');
  });
});

describe('validation messages', () => {
  it('exist in English for every rule (the client words them in every language)', () => {
    for (const rule of validationRules) expect(validationMessages.en[rule], rule).toBeTruthy();
  });
});
