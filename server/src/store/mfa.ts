// A user's second factor: the TOTP secret once confirmed (and the one being set up), the last time step
// a code was accepted for (each code is good once), and the recovery codes as hashes.
import type { Db } from './db.ts';

export interface MfaState {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: number | null;
  lastStep: number | null;
  recoveryCodesLeft: number;
}

export async function getMfaState(db: Db, userId: number): Promise<MfaState | undefined> {
  const row = await db.get<{
    mfa_secret: string | null;
    mfa_pending_secret: string | null;
    mfa_enabled_at: number | null;
    mfa_last_step: number | null;
  }>('SELECT mfa_secret, mfa_pending_secret, mfa_enabled_at, mfa_last_step FROM users WHERE id = ?', [userId]);
  if (!row) return undefined;
  const left = await db.get<{ n: number }>(
    'SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL',
    [userId],
  );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    secret: row.mfa_secret,
    pendingSecret: row.mfa_pending_secret,
    enabledAt: num(row.mfa_enabled_at),
    lastStep: num(row.mfa_last_step),
    recoveryCodesLeft: Number(left?.n ?? 0),
  };
}

/** A secret being set up: it signs nobody in until a first code confirms it. */
export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.run('UPDATE users SET mfa_pending_secret = ? WHERE id = ?', [secret, userId]);
}

async function replaceCodes(tx: Db, userId: number, codeHashes: readonly string[]): Promise<void> {
  await tx.run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', [userId]);
  for (const hash of codeHashes) {
    await tx.run('INSERT INTO mfa_recovery_codes (user_id, code_hash) VALUES (?, ?)', [userId, hash]);
  }
}

/**
 * Turns the pending secret on, with the step its confirming code used and a new set of recovery codes.
 * False when the pending secret changed meanwhile (another setup started in another tab).
 */
export async function enableMfa(
  db: Db,
  userId: number,
  secret: string,
  step: number,
  codeHashes: readonly string[],
  now = Date.now(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { changes } = await tx.run(
      `UPDATE users SET mfa_secret = mfa_pending_secret, mfa_pending_secret = NULL, mfa_enabled_at = ?,
        mfa_last_step = ? WHERE id = ? AND mfa_pending_secret = ?`,
      [now, step, userId, secret],
    );
    if (changes !== 1) return false;
    await replaceCodes(tx, userId, codeHashes);
    return true;
  });
}

/** A new set of recovery codes: the old ones, used or not, stop working. */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: readonly string[]): Promise<void> {
  await db.transaction((tx) => replaceCodes(tx, userId, codeHashes));
}

/** Turns the second factor off (the user, or an administrator for a user who lost their device). */
export async function clearMfa(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(
      `UPDATE users SET mfa_secret = NULL, mfa_pending_secret = NULL, mfa_enabled_at = NULL, mfa_last_step = NULL
       WHERE id = ?`,
      [userId],
    );
    await tx.run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', [userId]);
    await tx.run('DELETE FROM login_challenges WHERE user_id = ?', [userId]);
  });
}

/**
 * Records that a code of `step` was accepted; false when that step (or a later one) already was. In one
 * statement, so that two requests racing with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const { changes } = await db.run(
    'UPDATE users SET mfa_last_step = ? WHERE id = ? AND (mfa_last_step IS NULL OR mfa_last_step < ?)',
    [step, userId, step],
  );
  return changes === 1;
}

/** Uses a recovery code up; false when it is not one of the user's, or was used before. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now = Date.now()): Promise<boolean> {
  const { changes } = await db.run(
    'UPDATE mfa_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
    [now, userId, codeHash],
  );
  return changes === 1;
}
