// The second factor's arithmetic: RFC 6238 TOTP (30 s step, 6 digits, HMAC-SHA-1: what every
// authenticator app reads from an otpauth URL), checked one step either side for clock drift, and the
// one-time recovery codes. Pure but for randomness and the clock; nothing here touches the database.
import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@voltscope/shared/contracts/mfa';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_PERIOD_SECONDS = 30;

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const otpauthUrl = (issuer: string, account: string, secret: string): string =>
  generateURI({ issuer, label: account, secret, algorithm: 'sha1', digits: 6, period: TOTP_PERIOD_SECONDS });

/** The otpauth URL drawn as a QR code (an SVG document), so that no QR library ships to the browser. */
export const qrSvg = (url: string): Promise<string> =>
  QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step a 6-digit code belongs to (now, one before or one after), or null when it matches none.
 * Whether that step was already used is the caller's to check (users.mfa_last_step).
 */
export function totpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    // ±1 step (RFC 6238 section 5.2 leaves the window to the verifier).
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// No 0/o, 1/l/i: a code read off paper is typed back without doubt. 31 symbols, 8 of them: ~40 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Ten fresh, distinct recovery codes, as shown to the user once. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(recoveryCode());
  return [...codes];
}

/** A recovery code as typed (any case, spaces, with or without its dash) in its stored form, or null. */
export function normalizeRecoveryCode(typed: string): string | null {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '');
  if (bare.length !== 8 || [...bare].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${bare.slice(0, 4)}-${bare.slice(4)}`;
}

/** What is stored of a recovery code: its SHA-256 (40 random bits, used once, tried under a throttle). */
export const hashRecoveryCode = (normalized: string): string =>
  createHash('sha256').update(`recovery:${normalized}`).digest('hex');
