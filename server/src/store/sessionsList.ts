// A user's live sessions, read from access_tokens for the account page. Revoking stays with
// auth/sessions.ts (it also closes the sockets); this file only reads.
import type { Db } from './db.ts';

export interface LiveSessionRow {
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  remember: boolean;
  userAgent: string | null;
  ip: string | null;
}

interface Row {
  token_hash: string;
  created_at: number;
  expires_at: number;
  remember: number;
  user_agent: string | null;
  ip: string | null;
}

/** Not revoked, not expired and used within `idleMs`, newest first. */
export async function listLiveSessions(
  db: Db,
  userId: number,
  idleMs: number,
  now = Date.now(),
): Promise<LiveSessionRow[]> {
  const rows = await db.all<Row>(
    `SELECT token_hash, created_at, expires_at, remember, user_agent, ip FROM access_tokens
     WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? AND COALESCE(last_seen_at, created_at) > ?
     ORDER BY created_at DESC, token_hash`,
    [userId, now, now - idleMs],
  );
  return rows.map((r) => ({
    tokenHash: r.token_hash,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    remember: Boolean(Number(r.remember)),
    userAgent: r.user_agent,
    ip: r.ip,
  }));
}
