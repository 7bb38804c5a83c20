// Roles as stored: a name, its CASL rule templates (JSON) and a description; built-in ones are the app's.
import { type AbilityRule, roles as builtinRoles } from '@voltscope/shared/abilities';
import type { RoleData } from '@voltscope/shared/domain';
import type { Db } from './db.ts';

interface RoleRow {
  name: string;
  rules: string;
  description: string;
  updated_at: number | null;
  updated_by: string | null;
  user_count: number;
}

export const isBuiltinRole = (name: string): boolean => (builtinRoles as readonly string[]).includes(name);

/** Every role, built-in ones first (in their own order), then by name; with how many active users hold it. */
export async function listRoles(db: Db): Promise<RoleData[]> {
  const rows = await db.all<RoleRow>(
    `SELECT r.name, r.rules, r.description, r.updated_at, r.updated_by,
       (SELECT count(*) FROM users u WHERE u.role = r.name AND u.active = 1) AS user_count
     FROM roles r ORDER BY r.name`,
  );
  const order = (name: string) => (isBuiltinRole(name) ? builtinRoles.indexOf(name as never) : builtinRoles.length);
  return rows
    .map((row) => ({
      name: row.name,
      description: row.description,
      builtin: isBuiltinRole(row.name),
      rules: JSON.parse(row.rules) as AbilityRule[],
      userCount: Number(row.user_count),
      updatedAt: row.updated_at === null ? null : Number(row.updated_at),
      updatedBy: row.updated_by,
    }))
    .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
}

/** One role as listed, or undefined when there is none by that name. */
export async function getRole(db: Db, name: string): Promise<RoleData | undefined> {
  return (await listRoles(db)).find((role) => role.name === name);
}

/** Whether a role of that name exists, compared as people read names (case-insensitively). */
export async function roleNameTaken(db: Db, name: string): Promise<boolean> {
  const row = await db.get<{ n: number }>('SELECT count(*) AS n FROM roles WHERE lower(name) = lower(?)', [name]);
  return Number(row?.n ?? 0) > 0;
}

export interface RoleWrite {
  description: string;
  rules: readonly AbilityRule[];
  /** Who made the change (their name), and when (ms). */
  by: string;
  at: number;
}

/** Adds a role; false when the name was taken meanwhile. */
export async function insertRole(db: Db, name: string, role: RoleWrite): Promise<boolean> {
  const result = await db.run(
    `INSERT INTO roles (name, rules, description, updated_at, updated_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (name) DO NOTHING`,
    [name, JSON.stringify(role.rules), role.description, role.at, role.by],
  );
  return result.changes > 0;
}

export async function updateRole(db: Db, name: string, role: RoleWrite): Promise<void> {
  await db.run('UPDATE roles SET rules = ?, description = ?, updated_at = ?, updated_by = ? WHERE name = ?', [
    JSON.stringify(role.rules),
    role.description,
    role.at,
    role.by,
    name,
  ]);
}

/** Removes a role that no user has (the caller checked); false when it was not there. */
export async function deleteRole(db: Db, name: string): Promise<boolean> {
  const result = await db.run('DELETE FROM roles WHERE name = ? AND NOT EXISTS (SELECT 1 FROM users WHERE role = ?)', [
    name,
    name,
  ]);
  return result.changes > 0;
}

export interface RoleMember {
  id: number;
  fullName: string;
  username: string;
  email: string;
  siteIds: string[];
  active: boolean;
  role: string;
}

/** Users (active or not) with their sites: of one role, or of every role when `role` is omitted. */
export async function roleMembers(db: Db, role?: string): Promise<RoleMember[]> {
  const rows = await db.all<{
    id: number;
    full_name: string;
    username: string;
    email: string;
    active: number;
    role: string;
    site_ids: string | null;
  }>(
    `SELECT u.id, u.full_name, u.username, u.email, u.active, u.role,
       (SELECT group_concat(site_id, char(31)) FROM (SELECT site_id FROM user_sites s WHERE s.user_id = u.id ORDER BY site_id)) AS site_ids
     FROM users u ${role === undefined ? '' : 'WHERE u.role = ?'} ORDER BY u.full_name COLLATE NOCASE, u.id`,
    role === undefined ? [] : [role],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    fullName: row.full_name,
    username: row.username,
    email: row.email,
    active: Boolean(row.active),
    role: row.role,
    siteIds: row.site_ids ? row.site_ids.split('\u001f') : [],
  }));
}
