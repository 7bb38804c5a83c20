import type { AbilityRule } from '@voltscope/shared/abilities';
import type { UserData } from '@voltscope/shared/domain';
import type { Db } from './db.ts';

export interface UserRecord extends UserData {
  passwordHash: string;
  active: boolean;
  /** An admin set the password (create, reset): the user must choose their own before anything else. */
  mustChangePassword: boolean;
  /** Signs in with a second factor (TOTP confirmed). */
  mfaEnabled: boolean;
}

interface UserRow {
  id: number;
  full_name: string;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  avatar: string | null;
  active: number;
  must_change_password: number;
  mfa_enabled_at: number | null;
}

const USER_COLUMNS =
  'id, full_name, username, email, password_hash, role, avatar, active, must_change_password, mfa_enabled_at';

async function withSites(db: Db, row: UserRow | undefined): Promise<UserRecord | undefined> {
  if (!row) return undefined;
  const sites = await db.all<{ site_id: string }>('SELECT site_id FROM user_sites WHERE user_id = ? ORDER BY site_id', [
    row.id,
  ]);
  return {
    id: Number(row.id),
    fullName: row.full_name,
    username: row.username,
    email: row.email,
    role: row.role,
    avatar: row.avatar,
    siteIds: sites.map((s) => s.site_id),
    passwordHash: row.password_hash,
    active: Boolean(row.active),
    mustChangePassword: Boolean(row.must_change_password),
    mfaEnabled: row.mfa_enabled_at !== null,
  };
}

/** Finds a user by email or username, case-insensitively. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRecord | undefined> {
  const key = login.trim().toLowerCase();
  const row = await db.get<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = ? OR lower(username) = ? ORDER BY id LIMIT 1`,
    [key, key],
  );
  return withSites(db, row);
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  return withSites(db, await db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, [id]));
}

export interface NewUser {
  fullName: string;
  username: string;
  email: string;
  passwordHash: string;
  role: string;
  avatar?: string | null;
  siteIds?: readonly string[];
}

export async function createUser(db: Db, user: NewUser): Promise<number> {
  return db.transaction(async (tx) => {
    const now = Date.now();
    await tx.run(
      `INSERT INTO users (full_name, username, email, password_hash, role, avatar, created_at, password_changed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        user.fullName,
        user.username,
        user.email.toLowerCase(),
        user.passwordHash,
        user.role,
        user.avatar ?? null,
        now,
        now,
      ],
    );
    const row = await tx.get<{ id: number }>('SELECT id FROM users WHERE lower(email) = ?', [user.email.toLowerCase()]);
    const id = Number(row?.id);
    for (const siteId of user.siteIds ?? []) {
      await tx.run('INSERT INTO user_sites (user_id, site_id) VALUES (?, ?)', [id, siteId]);
    }
    return id;
  });
}

/** Replaces the sites a user is given (a client's sites); unknown site ids are refused by the caller. */
export async function setUserSites(db: Db, userId: number, siteIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run('DELETE FROM user_sites WHERE user_id = ?', [userId]);
    for (const siteId of new Set(siteIds)) {
      await tx.run('INSERT INTO user_sites (user_id, site_id) VALUES (?, ?)', [userId, siteId]);
    }
  });
}

/** A new password: the user's own (`mustChange` false), or one an admin set that the user must replace. */
export async function setPassword(db: Db, userId: number, passwordHash: string, mustChange = false): Promise<void> {
  await db.run('UPDATE users SET password_hash = ?, password_changed_at = ?, must_change_password = ? WHERE id = ?', [
    passwordHash,
    Date.now(),
    mustChange ? 1 : 0,
    userId,
  ]);
}

export async function countActiveUsersWithRole(db: Db, role: string): Promise<number> {
  const row = await db.get<{ n: number }>('SELECT count(*) AS n FROM users WHERE role = ? AND active = 1', [role]);
  return Number(row?.n ?? 0);
}

export async function setUserActive(db: Db, userId: number, active: boolean): Promise<void> {
  await db.run('UPDATE users SET active = ? WHERE id = ?', [active ? 1 : 0, userId]);
}

export async function roleRules(db: Db, role: string): Promise<AbilityRule[]> {
  const row = await db.get<{ rules: string }>('SELECT rules FROM roles WHERE name = ?', [role]);
  return row ? (JSON.parse(row.rules) as AbilityRule[]) : [];
}

export async function upsertRole(db: Db, name: string, rules: readonly AbilityRule[], description: string) {
  await db.run(
    `INSERT INTO roles (name, rules, description) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET rules = excluded.rules, description = excluded.description`,
    [name, JSON.stringify(rules), description],
  );
}

/** Strips what the client must never see. */
export function toUserData({
  passwordHash: _hash,
  active: _active,
  mustChangePassword: _must,
  mfaEnabled: _mfa,
  ...user
}: UserRecord): UserData {
  return user;
}

/** A user's own name and email; another account's email is refused rather than shared. */
export async function updateProfile(
  db: Db,
  userId: number,
  update: { fullName: string; email: string },
): Promise<'ok' | 'email-taken'> {
  return db.transaction(async (tx) => {
    const clash = await tx.get<{ id: number }>('SELECT id FROM users WHERE lower(email) = ? AND id <> ?', [
      update.email.toLowerCase(),
      userId,
    ]);
    if (clash) return 'email-taken';
    await tx.run('UPDATE users SET full_name = ?, email = ? WHERE id = ?', [
      update.fullName,
      update.email.toLowerCase(),
      userId,
    ]);
    return 'ok';
  });
}
