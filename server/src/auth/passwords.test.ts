import { describe, expect, it } from 'vitest';
import { HashGate, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Volt!Admin1', 10);
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('Volt!Admin1', stored)).toBe(true);
    expect(await verifyPassword('Volt!Admin2', stored)).toBe(false);
  });

  it('salts each hash, so one password gives two different hashes', async () => {
    expect(await hashPassword('Same#Pass1', 10)).not.toBe(await hashPassword('Same#Pass1', 10));
  });

  it('refuses a malformed stored hash without throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe('HashGate', () => {
  it('runs at most `concurrency` jobs at once and turns away work past the queue', async () => {
    const gate = new HashGate(1, 1);
    let release = () => {};
    const first = gate.run(() => new Promise<string>((r) => (release = () => r('first'))));
    const second = gate.run(async () => 'second');
    expect(await gate.run(async () => 'third')).toBeUndefined();
    release();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
  });
});
