// Access tokens and password-reset tokens: random, handed out once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface TokenRow {
  tokenHash: string;
  userId: number;
  expiresAt: number;
  lastSeenAt: number;
}

export async function insertAccessToken(
  db: Db,
  t: { tokenHash: string; userId: number; expiresAt: number; remember: boolean; userAgent: string | null; ip: string },
): Promise<void> {
  const now = Date.now();
  await db.run(
    `INSERT INTO access_tokens (token_hash, user_id, created_at, expires_at, remember, user_agent, ip, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [t.tokenHash, t.userId, now, t.expiresAt, t.remember ? 1 : 0, t.userAgent, t.ip, now],
  );
}

/** A live token: not revoked, not expired, used within `idleMs`, and its user still active. */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  idleMs: number,
  now = Date.now(),
): Promise<TokenRow | undefined> {
  const row = await db.get<{ user_id: number; expires_at: number; seen: number }>(
    `SELECT t.user_id, t.expires_at, COALESCE(t.last_seen_at, t.created_at) AS seen
     FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ? AND u.active = 1`,
    [tokenHash, now],
  );
  if (!row || Number(row.seen) <= now - idleMs) return undefined;
  return { tokenHash, userId: Number(row.user_id), expiresAt: Number(row.expires_at), lastSeenAt: Number(row.seen) };
}

/** Marks tokens as used now (their idle time starts again). */
export async function touchTokens(db: Db, tokenHashes: readonly string[], now = Date.now()): Promise<void> {
  for (let i = 0; i < tokenHashes.length; i += 500) {
    const chunk = tokenHashes.slice(i, i + 500);
    await db.run(`UPDATE access_tokens SET last_seen_at = ? WHERE token_hash IN (${chunk.map(() => '?').join(', ')})`, [
      now,
      ...chunk,
    ]);
  }
}

export async function revokeToken(db: Db, tokenHash: string): Promise<boolean> {
  const { changes } = await db.run(
    'UPDATE access_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL',
    [Date.now(), tokenHash],
  );
  return changes > 0;
}

/** Revokes every live token of a user and returns their hashes (so their sockets can be closed). */
export async function revokeUserTokens(db: Db, userId: number): Promise<string[]> {
  const now = Date.now();
  const rows = await db.all<{ token_hash: string }>(
    'SELECT token_hash FROM access_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
    [userId, now],
  );
  await db.run('UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now, userId]);
  return rows.map((r) => r.token_hash);
}

/** Old tokens are kept a week after they end (for the audit trail), then removed. */
export async function pruneTokens(db: Db, now = Date.now()): Promise<number> {
  const cutoff = now - 7 * 86400_000;
  const a = await db.run('DELETE FROM access_tokens WHERE expires_at < ?', [cutoff]);
  const b = await db.run('DELETE FROM password_resets WHERE expires_at < ?', [cutoff]);
  return a.changes + b.changes;
}

export async function insertPasswordReset(db: Db, tokenHash: string, userId: number, expiresAt: number) {
  await db.run('INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
    tokenHash,
    userId,
    Date.now(),
    expiresAt,
  ]);
}

/** Ends a user's unused reset links: a new password, or a new email, makes the links mailed before void. */
export async function voidPasswordResets(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db.run('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL', [now, userId]);
}

/** Marks a reset token used and returns its user, or undefined when unknown, used or expired. */
export async function consumePasswordReset(db: Db, tokenHash: string, now = Date.now()): Promise<number | undefined> {
  const row = await db.get<{ user_id: number }>(
    'SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
    [tokenHash, now],
  );
  if (!row) return undefined;
  const { changes } = await db.run('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL', [
    now,
    tokenHash,
  ]);
  return changes === 1 ? Number(row.user_id) : undefined;
}
