// User administration (admins): the team's accounts. An admin lists and searches users, adds one with a
// one-time password or by a mailed invitation, edits name, username, email, role and sites, disables and
// re-enables, resets a password (and the second factor), and sees or ends a user's sessions. Every change
// holds at once everywhere: HTTP requests read rights on every call, a rights change makes the user's
// live sockets leave the rooms of what they lost (RELIABILITY invariant I4), and disabling or a reset
// closes them. The last active admin is kept; an admin cannot disable or demote themselves.
import { randomInt } from 'node:crypto';
import type { ReasonCode } from '@voltscope/shared/errors';
import { ONE_TIME_PASSWORD_LENGTH, userFields } from '@voltscope/shared/userFields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import { listLiveSessions } from '../store/sessionsList.ts';
import { allSiteIds } from '../store/sites.ts';
import { hashToken, newToken, voidPasswordResets } from '../store/tokens.ts';
import {
  type AdminUserRow,
  adminRoles,
  clearMfa,
  countActiveAdmins,
  findAdminUser,
  insertUserLink,
  listAdminUsers,
  markInvited,
  roleExists,
  setUserDisabled,
  takenBy,
  updateUserFields,
} from '../store/userAdmin.ts';
import { createUser, findUserById, setPassword, setUserSites, toUserData } from '../store/users.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';
import { sessionIdOf } from './profile.ts';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!#$%*+-=?@_';

/** 16 characters, easy to read out (no 0/O, 1/l/I), with every class the seed's password rule needs. */
export function oneTimePassword(length = ONE_TIME_PASSWORD_LENGTH): string {
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

const conflict = (field: string, code: ReasonCode, message: string) =>
  new HttpError(409, 'CONFLICT', message, {
    errors: { [field]: [message] },
    reason: { code },
    fields: { [field]: { code } },
  });

const refusal = (status: number, code: ReasonCode, message: string, params?: Record<string, string | number>) =>
  new HttpError(status, status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message, {
    reason: params ? { code, params } : { code },
  });

const fieldRefusal = (field: string, code: ReasonCode, message: string, params?: Record<string, string | number>) => {
  const reason = params ? { code, params } : { code };
  return new HttpError(400, 'VALIDATION', message, {
    errors: { [field]: [message] },
    reason,
    fields: { [field]: reason },
  });
};

const inviteNeedsMail = () =>
  refusal(400, 'inviteNeedsMail', 'Mail is not configured (SMTP_URL): hand over a one-time password instead');

/** A user's public view for the audit log's before/after: never a secret. */
const auditView = (user: AdminUserRow) => ({
  fullName: user.fullName,
  username: user.username,
  email: user.email,
  role: user.role,
  siteIds: user.siteIds,
  status: user.status,
});

/** What the audit log keeps of a change to a user: who, and their fields before and after. */
const userChange = (before: AdminUserRow | null, after: AdminUserRow) => ({
  targetType: 'user',
  targetId: after.id,
  targetName: after.username,
  before: before && auditView(before),
  after: auditView(after),
});

const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');

export async function userRoutes(app: FastifyInstance) {
  const { config, db, sessions, mailer } = app.services;
  const api = typed(app);
  const idleMs = config.sessionIdleSeconds * 1000;

  const load = async (id: number): Promise<AdminUserRow> => {
    const user = await findAdminUser(db, id, idleMs);
    if (!user) throw notFound(`No user ${id}`);
    return user;
  };

  const actorId = (request: FastifyRequest): number => {
    if (!request.session) throw unauthenticated();
    return request.session.user.id;
  };

  /** A person's role: one that exists, and not the wall displays' own. */
  async function checkRole(role: string): Promise<void> {
    if (role === 'display' || !(await roleExists(db, role))) {
      throw fieldRefusal('role', 'unknownRole', `No such role: ${role}`);
    }
  }

  async function checkSites(siteIds: readonly string[]): Promise<void> {
    const known = await allSiteIds(db);
    const unknown = siteIds.filter((s) => !known.has(s));
    if (unknown.length > 0) {
      throw fieldRefusal('siteIds', 'unknownSite', `No such site: ${unknown.join(', ')}`, {
        site: unknown.join(', '),
      });
    }
  }

  async function checkTaken(fields: { email?: string; username?: string }, exceptId = 0): Promise<void> {
    const taken = await takenBy(db, fields, exceptId);
    if (taken.email) throw conflict('email', 'emailTaken', 'This email address is already used by another account');
    if (taken.username) throw conflict('username', 'usernameTaken', 'This username is already used by another account');
  }

  /** Refuses to take the admin rights of the caller themselves, or of the last active admin. */
  async function keepAdmins(request: FastifyRequest, user: AdminUserRow, losing: boolean): Promise<void> {
    if (!losing) return;
    if (user.id === actorId(request)) {
      throw refusal(409, 'selfDisable', 'You cannot disable yourself or take your own admin role');
    }
    if (user.status !== 'disabled' && (await countActiveAdmins(db, await adminRoles(db), user.id)) === 0) {
      throw refusal(409, 'lastAdmin', 'This is the last active admin: give another user the admin role first');
    }
  }

  async function mailLink(user: { id: number; fullName: string; email: string }, kind: 'reset' | 'invite') {
    if (!mailer) throw inviteNeedsMail();
    const token = newToken();
    const ttl = kind === 'invite' ? config.inviteTtlSeconds : config.resetTtlSeconds;
    await insertUserLink(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: Date.now() + ttl * 1000,
      kind,
    });
    const link = `${config.publicUrl}/reset-password?token=${token}${kind === 'invite' ? '&invite=1' : ''}`;
    const hours = Math.max(1, Math.round(ttl / 3600));
    const text =
      kind === 'invite'
        ? `Hello ${user.fullName},\n\nAn administrator invited you to Voltscope. Open this link within ${hours} hours to set your password:\n${link}\n`
        : `Hello ${user.fullName},\n\nAn administrator reset your Voltscope password. Open this link within ${hours} hours to choose a new one:\n${link}\n`;
    mailer
      .send({
        to: user.email,
        subject: kind === 'invite' ? 'Voltscope: set your password' : 'Voltscope: choose a new password',
        text,
      })
      .catch((error: unknown) => app.log.error({ err: error, userId: user.id, kind }, 'user link mail failed'));
  }

  api.route({
    ...contract('GET /api/users'),
    config: { can: ['manage', 'User'] },
    handler: async (request) => {
      const { q, role, status, site, sort, order, page = 1, perPage = 10 } = request.query;
      return listAdminUsers(db, { q, role, status, site, sort, order, page, perPage }, idleMs);
    },
  });

  api.route({
    ...contract('GET /api/users/:id'),
    config: { can: ['manage', 'User'] },
    handler: async (request) => load(request.params.id),
  });

  api.route({
    ...contract('POST /api/users'),
    config: { can: ['manage', 'User'], audit: 'user.create' },
    handler: async (request, reply) => {
      const body = request.body;
      const fields = {
        fullName: cleanName(body.fullName),
        username: body.username.trim(),
        email: body.email.trim(),
        role: body.role.trim(),
      };
      assertFields(fields, userFields);
      await checkRole(fields.role);
      await checkSites(body.siteIds);
      if (body.mode === 'invite' && !mailer) throw inviteNeedsMail();
      await checkTaken(fields);
      const password = body.mode === 'password' ? oneTimePassword() : newToken();
      const passwordHash = await hashPassword(password, config.scryptLog2N);
      const id = await createUser(db, { ...fields, passwordHash, siteIds: [...new Set(body.siteIds)] });
      // A one-time password: the user must choose their own at their first sign-in.
      if (body.mode === 'password') await setPassword(db, id, passwordHash, true);
      else {
        await markInvited(db, id);
        await mailLink({ id, ...fields }, 'invite');
      }
      const user = await load(id);
      request.audit = { action: body.mode === 'invite' ? 'user.invite' : 'user.create', ...userChange(null, user) };
      request.log.info({ userId: id, mode: body.mode, by: actorId(request) }, 'user created');
      return reply.code(201).send(body.mode === 'password' ? { user, oneTimePassword: password } : { user });
    },
  });

  api.route({
    ...contract('PATCH /api/users/:id'),
    config: { can: ['manage', 'User'], audit: 'user.update' },
    handler: async (request) => {
      const before = await load(request.params.id);
      const body = request.body;
      const fields = {
        ...(body.fullName !== undefined ? { fullName: cleanName(body.fullName) } : {}),
        ...(body.username !== undefined ? { username: body.username.trim() } : {}),
        ...(body.email !== undefined ? { email: body.email.trim() } : {}),
        ...(body.role !== undefined ? { role: body.role.trim() } : {}),
      };
      const spec = Object.fromEntries(Object.keys(fields).map((k) => [k, userFields[k as keyof typeof userFields]]));
      assertFields(fields, spec);
      const roleChanged = fields.role !== undefined && fields.role !== before.role;
      if (fields.role !== undefined && roleChanged) {
        await checkRole(fields.role);
        const admins = await adminRoles(db);
        await keepAdmins(request, before, admins.includes(before.role) && !admins.includes(fields.role));
      }
      if (body.siteIds) await checkSites(body.siteIds);
      await checkTaken(fields, before.id);
      await updateUserFields(db, before.id, fields);
      const sitesChanged =
        body.siteIds !== undefined && [...new Set(body.siteIds)].sort().join('\n') !== before.siteIds.join('\n');
      if (body.siteIds && sitesChanged) await setUserSites(db, before.id, body.siteIds);
      // A new email: reset links mailed to the old address must not outlive it.
      if (fields.email && fields.email.toLowerCase() !== before.email.toLowerCase()) {
        await voidPasswordResets(db, before.id);
      }
      if (roleChanged || sitesChanged) sessions.rightsChanged(before.id);
      const after = await load(before.id);
      request.audit = userChange(before, after);
      return after;
    },
  });

  api.route({
    ...contract('POST /api/users/:id/disable'),
    config: { can: ['manage', 'User'], audit: 'user.disable' },
    handler: async (request) => {
      const before = await load(request.params.id);
      const admins = await adminRoles(db);
      if (before.id === actorId(request)) {
        throw refusal(409, 'selfDisable', 'You cannot disable yourself or take your own admin role');
      }
      await keepAdmins(request, before, admins.includes(before.role));
      if (before.status !== 'disabled') {
        await setUserDisabled(db, before.id, true);
        await voidPasswordResets(db, before.id);
      }
      // Every session ends now; its sockets are told (session:ended) and closed.
      await sessions.revokeUser(before.id, 'revoked');
      const after = await load(before.id);
      request.audit = userChange(before, after);
      return after;
    },
  });

  api.route({
    ...contract('POST /api/users/:id/enable'),
    config: { can: ['manage', 'User'], audit: 'user.enable' },
    handler: async (request) => {
      const before = await load(request.params.id);
      if (before.status === 'disabled') await setUserDisabled(db, before.id, false);
      const after = await load(before.id);
      request.audit = userChange(before, after);
      return after;
    },
  });

  api.route({
    ...contract('POST /api/users/:id/reset-password'),
    config: { can: ['manage', 'User'], audit: 'user.resetPassword' },
    handler: async (request) => {
      const before = await load(request.params.id);
      const { mode, clearMfa: clear = false } = request.body;
      if (mode === 'link' && !mailer) throw inviteNeedsMail();
      let password: string | undefined;
      if (mode === 'password') {
        password = oneTimePassword();
        await setPassword(db, before.id, await hashPassword(password, config.scryptLog2N), true);
        await voidPasswordResets(db, before.id);
        // The old password may be known to someone else: every session ends, sockets close.
        await sessions.revokeUser(before.id, 'revoked');
      } else {
        await voidPasswordResets(db, before.id);
        await mailLink(before, 'reset');
      }
      if (clear) await clearMfa(db, before.id);
      const user = await load(before.id);
      request.audit = {
        targetType: 'user',
        targetId: user.id,
        targetName: user.username,
        mode,
        clearMfa: clear,
        before: { mfaEnabled: before.mfaEnabled, mustChangePassword: before.mustChangePassword },
        after: { mfaEnabled: user.mfaEnabled, mustChangePassword: user.mustChangePassword },
      };
      return password ? { user, oneTimePassword: password } : { user };
    },
  });

  api.route({
    ...contract('GET /api/users/:id/sessions'),
    config: { can: ['manage', 'User'] },
    handler: async (request) => {
      const user = await load(request.params.id);
      const own = request.session?.tokenHash;
      return (await listLiveSessions(db, user.id, idleMs)).map((row) => ({
        id: sessionIdOf(row.tokenHash),
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        remember: row.remember,
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.tokenHash === own,
      }));
    },
  });

  api.route({
    ...contract('DELETE /api/users/:id/sessions'),
    config: { can: ['manage', 'User'], audit: 'user.endSessions' },
    handler: async (request, reply) => {
      const user = await load(request.params.id);
      request.audit = {
        targetType: 'user',
        targetId: user.id,
        targetName: user.username,
        sessions: user.activeSessions,
      };
      await sessions.revokeUser(user.id, 'revoked');
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('PUT /api/users/:id/sites'),
    config: { can: ['update', 'User'], audit: 'user.sites' },
    handler: async (request) => {
      const { id } = request.params;
      const before = await findAdminUser(db, id, idleMs);
      if (!before) throw notFound(`No user ${id}`);
      const known = await allSiteIds(db);
      const unknown = request.body.siteIds.filter((s) => !known.has(s));
      if (unknown.length > 0) {
        const message = `No such site: ${unknown.join(', ')}`;
        throw new HttpError(422, 'VALIDATION', message, {
          errors: { siteIds: [message] },
          reason: { code: 'unknownSite', params: { site: unknown.join(', ') } },
        });
      }
      await setUserSites(db, id, request.body.siteIds);
      sessions.rightsChanged(id);
      const user = await findUserById(db, id);
      if (!user) throw notFound(`No user ${id}`);
      request.audit = {
        targetType: 'user',
        targetId: id,
        targetName: user.username,
        before: { siteIds: before.siteIds },
        after: { siteIds: user.siteIds },
      };
      return toUserData(user);
    },
  });
}
