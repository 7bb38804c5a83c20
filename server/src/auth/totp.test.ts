import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  qrSvg,
  totpStep,
} from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (base32 below), 8-digit values; the
// 6-digit codes are their last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const rfcVectors: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP', () => {
  it('accepts the RFC 6238 test vectors at their time, naming their step', () => {
    for (const [seconds, code] of rfcVectors)
      expect(totpStep(RFC_SECRET, code, seconds * 1000)).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step of drift either way, not two', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const at = (offset: number) => generateSync({ secret, epoch: now / 1000 + offset * 30 });
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, at(-1), now)).toBe(step - 1);
    expect(totpStep(secret, at(0), now)).toBe(step);
    expect(totpStep(secret, at(1), now)).toBe(step + 1);
    expect(totpStep(secret, at(2), now)).toBeNull();
    expect(totpStep(secret, at(-2), now)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const secret = newTotpSecret();
    const good = generateSync({ secret });
    expect(totpStep(secret, `${good}0`)).toBeNull();
    expect(totpStep(secret, good.slice(1))).toBeNull();
    expect(totpStep(secret, 'abcdef')).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URL authenticator apps read, drawn as SVG', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = otpauthUrl('Voltscope Lab', 'ana@example.com', secret);
    expect(url).toBe(`otpauth://totp/Voltscope%20Lab:ana%40example.com?secret=${secret}&issuer=Voltscope%20Lab`);
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes of the form xxxx-xxxx without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
  });

  it('reads a code however it is typed, and refuses what cannot be one', () => {
    expect(normalizeRecoveryCode(' AB2C-DE3F ')).toBe('ab2c-de3f');
    expect(normalizeRecoveryCode('ab2cde3f')).toBe('ab2c-de3f');
    expect(normalizeRecoveryCode('ab2c de3f')).toBe('ab2c-de3f');
    expect(normalizeRecoveryCode('ab2c-de3')).toBeNull();
    expect(normalizeRecoveryCode('ab1c-de3f')).toBeNull();
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });

  it('stores a code as a hash that differs per code', () => {
    const a = hashRecoveryCode('ab2c-de3f');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('ab2c');
    expect(hashRecoveryCode('ab2c-de3g')).not.toBe(a);
  });
});
