// Sign-ins between their two steps: the password was right, a second factor is to come. A challenge is a
// random token (stored as its hash) that lives a few minutes and allows a few codes; "remember me"
// waits in it until the session is issued. Also the time of each completed sign-in.
import type { Db } from './db.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface LoginChallenge {
  userId: number;
  remember: boolean;
  expiresAt: number;
}

export async function insertChallenge(
  db: Db,
  tokenHash: string,
  userId: number,
  remember: boolean,
  now = Date.now(),
): Promise<number> {
  const expiresAt = now + CHALLENGE_TTL_MS;
  // Ended challenges go as new ones come: the table holds only sign-ins in progress.
  await db.run('DELETE FROM login_challenges WHERE expires_at < ?', [now]);
  await db.run(
    'INSERT INTO login_challenges (token_hash, user_id, remember, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    [tokenHash, userId, remember ? 1 : 0, now, expiresAt],
  );
  return expiresAt;
}

/** A challenge still in time and with attempts left, or undefined. */
export async function findChallenge(db: Db, tokenHash: string, now = Date.now()): Promise<LoginChallenge | undefined> {
  const row = await db.get<{ user_id: number; remember: number; expires_at: number }>(
    'SELECT user_id, remember, expires_at FROM login_challenges WHERE token_hash = ? AND expires_at > ? AND attempts < ?',
    [tokenHash, now, CHALLENGE_MAX_ATTEMPTS],
  );
  return row && { userId: Number(row.user_id), remember: Boolean(row.remember), expiresAt: Number(row.expires_at) };
}

/** Counts a wrong code against the challenge; the last allowed one ends it. */
export async function failChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.run('UPDATE login_challenges SET attempts = attempts + 1 WHERE token_hash = ?', [tokenHash]);
  await db.run('DELETE FROM login_challenges WHERE token_hash = ? AND attempts >= ?', [
    tokenHash,
    CHALLENGE_MAX_ATTEMPTS,
  ]);
}

/** Ends a challenge (used, or its user can no longer sign in); false when it was already gone. */
export async function deleteChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const { changes } = await db.run('DELETE FROM login_challenges WHERE token_hash = ?', [tokenHash]);
  return changes === 1;
}

/** The users page shows when each user last signed in. */
export async function noteSignIn(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db.run('UPDATE users SET last_sign_in_at = ? WHERE id = ?', [now, userId]);
}
