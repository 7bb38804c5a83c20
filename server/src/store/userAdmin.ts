// User administration as stored: the admin's list (search, filters, sort, pages), one user with their
// status and live session count, writes an admin makes (profile fields, invitation, disabling), and the
// second factor cleared on a reset. Sessions are ended by auth/sessions.ts, which also closes sockets.
import { type AbilityRule, createAbility } from '@voltscope/shared/abilities';
import type { UserSort, UserStatus } from '@voltscope/shared/userFields';
import type { Db, SqlValue } from './db.ts';

export interface AdminUserRow {
  id: number;
  fullName: string;
  username: string;
  email: string;
  role: string;
  siteIds: string[];
  status: UserStatus;
  createdAt: number;
  lastSignInAt: number | null;
  mfaEnabled: boolean;
  mustChangePassword: boolean;
  activeSessions: number;
}

export interface UserQuery {
  q?: string | undefined;
  role?: string | undefined;
  status?: UserStatus | 'all' | undefined;
  site?: string | undefined;
  sort?: UserSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  page: number;
  perPage: number;
}

interface Row {
  id: number;
  full_name: string;
  username: string;
  email: string;
  role: string;
  active: number;
  invited_at: number | null;
  password_changed_at: number;
  created_at: number;
  last_sign_in: number | null;
  mfa_enabled_at: number | null;
  must_change_password: number;
  sessions: number;
}

// Invited: an invitation's user who has not chosen a password yet (the link sets it, later than the invite).
const INVITED = 'u.invited_at IS NOT NULL AND u.password_changed_at <= u.invited_at';
const STATUS_SQL: Record<UserStatus, string> = {
  disabled: 'u.active = 0',
  invited: `u.active = 1 AND ${INVITED}`,
  active: `u.active = 1 AND NOT (${INVITED})`,
};

// The last sign-in: the column when the sign-in writes it, else the newest session's start.
const LAST_SIGN_IN =
  'COALESCE(u.last_sign_in_at, (SELECT max(t.created_at) FROM access_tokens t WHERE t.user_id = u.id))';

const SORT_SQL: Record<UserSort, string> = {
  name: 'lower(u.full_name)',
  email: 'lower(u.email)',
  role: 'u.role',
  lastSignIn: LAST_SIGN_IN,
  createdAt: 'u.created_at',
};

function selectSql(where: string, tail: string): string {
  return `SELECT u.id, u.full_name, u.username, u.email, u.role, u.active, u.invited_at, u.password_changed_at,
      u.created_at, u.mfa_enabled_at, u.must_change_password, ${LAST_SIGN_IN} AS last_sign_in,
      (SELECT count(*) FROM access_tokens t WHERE t.user_id = u.id AND t.revoked_at IS NULL
         AND t.expires_at > ? AND COALESCE(t.last_seen_at, t.created_at) > ?) AS sessions
    FROM users u ${where} ${tail}`;
}

async function toRows(db: Db, rows: Row[]): Promise<AdminUserRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const links = await db.all<{ user_id: number; site_id: string }>(
    `SELECT user_id, site_id FROM user_sites WHERE user_id IN (${ids.map(() => '?').join(', ')}) ORDER BY site_id`,
    ids,
  );
  const sites = new Map<number, string[]>();
  for (const link of links) {
    const list = sites.get(Number(link.user_id)) ?? [];
    list.push(link.site_id);
    sites.set(Number(link.user_id), list);
  }
  return rows.map((r) => {
    const invited = r.invited_at !== null && Number(r.password_changed_at) <= Number(r.invited_at);
    return {
      id: Number(r.id),
      fullName: r.full_name,
      username: r.username,
      email: r.email,
      role: r.role,
      siteIds: sites.get(Number(r.id)) ?? [],
      status: !r.active ? 'disabled' : invited ? 'invited' : 'active',
      createdAt: Number(r.created_at),
      lastSignInAt: r.last_sign_in === null ? null : Number(r.last_sign_in),
      mfaEnabled: r.mfa_enabled_at !== null,
      mustChangePassword: Boolean(Number(r.must_change_password)),
      activeSessions: Number(r.sessions),
    };
  });
}

/** One page of the admin's list, with how many users match in all. */
export async function listAdminUsers(
  db: Db,
  query: UserQuery,
  idleMs: number,
  now = Date.now(),
): Promise<{ users: AdminUserRow[]; total: number }> {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push(
      "(lower(u.full_name) LIKE ? ESCAPE '\\' OR lower(u.username) LIKE ? ESCAPE '\\' OR lower(u.email) LIKE ? ESCAPE '\\')",
    );
    params.push(like, like, like);
  }
  if (query.role) {
    clauses.push('u.role = ?');
    params.push(query.role);
  }
  if (query.status && query.status !== 'all') clauses.push(`(${STATUS_SQL[query.status]})`);
  if (query.site) {
    clauses.push('EXISTS (SELECT 1 FROM user_sites s WHERE s.user_id = u.id AND s.site_id = ?)');
    params.push(query.site);
  }
  const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  const counted = await db.get<{ n: number }>(`SELECT count(*) AS n FROM users u ${where}`, params);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const sort = SORT_SQL[query.sort ?? 'name'];
  // Never signed in sorts last either way; ties by id keep pages stable.
  const order = `ORDER BY CASE WHEN ${sort} IS NULL THEN 1 ELSE 0 END, ${sort} ${direction}, u.id ${direction}`;
  const rows = await db.all<Row>(selectSql(where, `${order} LIMIT ? OFFSET ?`), [
    now,
    now - idleMs,
    ...params,
    query.perPage,
    (query.page - 1) * query.perPage,
  ]);
  return { users: await toRows(db, rows), total: Number(counted?.n ?? 0) };
}

export async function findAdminUser(
  db: Db,
  id: number,
  idleMs: number,
  now = Date.now(),
): Promise<AdminUserRow | undefined> {
  const rows = await db.all<Row>(selectSql('WHERE u.id = ?', ''), [now, now - idleMs, id]);
  return (await toRows(db, rows))[0];
}

/** Which of an email and a username another account already uses (case-insensitively). */
export async function takenBy(
  db: Db,
  fields: { email?: string | undefined; username?: string | undefined },
  exceptId = 0,
): Promise<{ email: boolean; username: boolean }> {
  const email = fields.email
    ? await db.get('SELECT id FROM users WHERE lower(email) = ? AND id <> ?', [fields.email.toLowerCase(), exceptId])
    : undefined;
  const username = fields.username
    ? await db.get('SELECT id FROM users WHERE lower(username) = ? AND id <> ?', [
        fields.username.toLowerCase(),
        exceptId,
      ])
    : undefined;
  return { email: Boolean(email), username: Boolean(username) };
}

export async function roleExists(db: Db, role: string): Promise<boolean> {
  return Boolean(await db.get('SELECT name FROM roles WHERE name = ?', [role]));
}

/**
 * Whether a role's rules make its holders administrators: `manage` on `all`, with no condition, no field
 * limit and not taken back (CASL's own reading of the rules, later rules winning). The one definition the
 * last-admin guards of users and roles share.
 */
export function grantsAdmin(rules: readonly AbilityRule[]): boolean {
  const rule = createAbility(rules).relevantRuleFor('manage', 'all');
  return Boolean(rule && !rule.inverted && !rule.conditions && !rule.fields);
}

/** Roles that make administrators (see grantsAdmin); `change` reads one role's rules as they would be. */
export async function adminRoles(db: Db, change?: { role: string; rules: readonly AbilityRule[] }): Promise<string[]> {
  const rows = await db.all<{ name: string; rules: string }>('SELECT name, rules FROM roles');
  return rows
    .filter((row) => grantsAdmin(row.name === change?.role ? change.rules : (JSON.parse(row.rules) as AbilityRule[])))
    .map((row) => row.name);
}

/** How many active users hold an administrator's role (`roles`, from adminRoles), other than `exceptId`. */
export async function countActiveAdmins(db: Db, roles: readonly string[], exceptId?: number): Promise<number> {
  if (roles.length === 0) return 0;
  const row = await db.get<{ n: number }>(
    `SELECT count(*) AS n FROM users WHERE active = 1 AND id <> ? AND role IN (${roles.map(() => '?').join(', ')})`,
    [exceptId ?? 0, ...roles],
  );
  return Number(row?.n ?? 0);
}

/** An admin's change of a user's name, username, email or role (sites: store/users.ts setUserSites). */
export async function updateUserFields(
  db: Db,
  id: number,
  fields: {
    fullName?: string | undefined;
    username?: string | undefined;
    email?: string | undefined;
    role?: string | undefined;
  },
): Promise<void> {
  const sets: string[] = [];
  const params: SqlValue[] = [];
  if (fields.fullName !== undefined) {
    sets.push('full_name = ?');
    params.push(fields.fullName);
  }
  if (fields.username !== undefined) {
    sets.push('username = ?');
    params.push(fields.username);
  }
  if (fields.email !== undefined) {
    sets.push('email = ?');
    params.push(fields.email.toLowerCase());
  }
  if (fields.role !== undefined) {
    sets.push('role = ?');
    params.push(fields.role);
  }
  if (sets.length === 0) return;
  await db.run(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
}

/** Disables (keeping the row and its history) or enables a user. */
export async function setUserDisabled(db: Db, id: number, disabled: boolean, now = Date.now()): Promise<void> {
  await db.run('UPDATE users SET active = ?, disabled_at = ? WHERE id = ?', [
    disabled ? 0 : 1,
    disabled ? now : null,
    id,
  ]);
}

/** Marks a new user as invited: the invitation link sets their password. */
export async function markInvited(db: Db, id: number, now = Date.now()): Promise<void> {
  await db.run('UPDATE users SET invited_at = ?, password_changed_at = ? WHERE id = ?', [now, now, id]);
}

/** A password-reset or invitation link (stored as its hash). */
export async function insertUserLink(
  db: Db,
  link: { tokenHash: string; userId: number; expiresAt: number; kind: 'reset' | 'invite' },
): Promise<void> {
  await db.run(
    'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at, kind) VALUES (?, ?, ?, ?, ?)',
    [link.tokenHash, link.userId, Date.now(), link.expiresAt, link.kind],
  );
}

/** Removes a user's second factor: secret, pending secret, enabling time, last step, recovery codes. */
export async function clearMfa(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(
      'UPDATE users SET mfa_secret = NULL, mfa_pending_secret = NULL, mfa_enabled_at = NULL, mfa_last_step = NULL WHERE id = ?',
      [id],
    );
    await tx.run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', [id]);
  });
}
