import { describe, expect, it } from 'vitest';
import { userFields } from './userFields.ts';
import { checkFields } from './validation.ts';

const user = (over: Record<string, unknown> = {}) => ({
  fullName: 'Leila Navabi',
  username: 'leila_n-2',
  email: 'leila@example.com',
  role: 'operator',
  ...over,
});

describe('the user form rules', () => {
  it('accepts a complete user', () => {
    expect(checkFields(user(), userFields)).toEqual({});
    expect(checkFields(user({ username: 'لیلا' }), userFields)).toEqual({});
  });

  it("refuses with the seed's rules: required, alphaDash, 3 to 32 characters, email", () => {
    expect(checkFields(user({ fullName: '  ', role: '' }), userFields)).toEqual({
      fullName: { code: 'required' },
      role: { code: 'required' },
    });
    expect(checkFields(user({ username: 'a b' }), userFields).username).toEqual({ code: 'alphaDash' });
    expect(checkFields(user({ username: 'ab' }), userFields).username).toEqual({ code: 'regex' });
    expect(checkFields(user({ username: 'abc' }), userFields).username).toBeUndefined();
    expect(checkFields(user({ username: 'a'.repeat(32) }), userFields).username).toBeUndefined();
    expect(checkFields(user({ username: 'a'.repeat(33) }), userFields).username).toEqual({ code: 'regex' });
    expect(checkFields(user({ email: 'leila@' }), userFields).email).toEqual({ code: 'email' });
  });
});
