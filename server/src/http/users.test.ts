import { isStrongPassword } from '@voltscope/shared/validation';
import { describe, expect, it } from 'vitest';
import { oneTimePassword } from './users.ts';

describe('one-time passwords', () => {
  it("are 16 characters that keep the seed's password rule, without look-alike characters, and differ", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = oneTimePassword();
      expect(password).toHaveLength(16);
      expect(isStrongPassword(password), password).toBe(true);
      expect(password).not.toMatch(/[0O1lI\s]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
