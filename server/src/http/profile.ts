// The signed-in user's own account: change name and email, change password (the current password required
// for a new email or password, so a stolen token cannot take the account over), list the live sessions and sign out one of them or all of them. Sessions are named by an opaque id:
// a token hash never leaves the server.
import { createHash } from 'node:crypto';
import { accountMessages } from '@voltscope/shared/account';
import { newPasswordRules, profileFields } from '@voltscope/shared/accountFields';
import type { ReasonCode } from '@voltscope/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkCurrentPassword } from '../auth/currentPassword.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Session } from '../auth/sessions.ts';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import { listLiveSessions } from '../store/sessionsList.ts';
import { voidPasswordResets } from '../store/tokens.ts';
import { findUserById, setPassword, toUserData, updateProfile } from '../store/users.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';

/** An id for a session that cannot be turned back into its token hash. */
export const sessionIdOf = (tokenHash: string): string =>
  createHash('sha256').update(`session-id:${tokenHash}`).digest('base64url').slice(0, 22);

const fieldError = (
  status: number,
  code: 'VALIDATION' | 'CONFLICT',
  field: string,
  message: string,
  reason: ReasonCode,
) =>
  new HttpError(status, code, message, {
    errors: { [field]: [message] },
    reason: { code: reason },
    fields: { [field]: { code: reason } },
  });

function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated();
  return request.session;
}

export async function profileRoutes(app: FastifyInstance) {
  const { config, db, sessions } = app.services;
  const api = typed(app);
  const idleMs = config.sessionIdleSeconds * 1000;

  api.route({
    ...contract('PATCH /api/account/profile'),
    handler: async (request) => {
      const session = sessionOf(request);
      const fullName = request.body.fullName.trim().replace(/\s+/g, ' ');
      const email = request.body.email.trim();
      assertFields({ fullName, email }, profileFields);
      const newEmail = email.toLowerCase() !== session.user.email.toLowerCase();
      if (newEmail)
        await checkCurrentPassword(app.services, request, sessionOf(request).user, request.body.currentPassword);
      if ((await updateProfile(db, session.user.id, { fullName, email })) === 'email-taken') {
        throw fieldError(409, 'CONFLICT', 'email', accountMessages.emailTaken, 'emailTaken');
      }
      // Reset links mailed to the old address must not outlive it.
      if (newEmail) await voidPasswordResets(db, session.user.id);
      const user = await findUserById(db, session.user.id);
      if (!user) throw unauthenticated();
      request.log.info({ userId: user.id, newEmail }, 'profile updated');
      return toUserData(user);
    },
  });

  api.route({
    ...contract('POST /api/account/password'),
    config: { duringPendingStep: true, audit: 'account.passwordChange' },
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { currentPassword, newPassword } = request.body;
      assertFields({ newPassword }, { newPassword: newPasswordRules });
      await checkCurrentPassword(app.services, request, session.user, currentPassword);
      if (currentPassword === newPassword) {
        throw fieldError(400, 'VALIDATION', 'newPassword', accountMessages.samePassword, 'samePassword');
      }
      await setPassword(db, session.user.id, await hashPassword(newPassword, config.scryptLog2N));
      await voidPasswordResets(db, session.user.id);
      // A new password ends every other session of the account; this one stays signed in.
      for (const other of await listLiveSessions(db, session.user.id, idleMs)) {
        if (other.tokenHash !== session.tokenHash) await sessions.revoke(other.tokenHash, 'revoked');
      }
      request.log.info({ userId: session.user.id }, 'password changed');
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('GET /api/account/sessions'),
    handler: async (request) => {
      const session = sessionOf(request);
      return (await listLiveSessions(db, session.user.id, idleMs)).map((row) => ({
        id: sessionIdOf(row.tokenHash),
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        remember: row.remember,
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.tokenHash === session.tokenHash,
      }));
    },
  });

  api.route({
    ...contract('DELETE /api/account/sessions/:id'),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const target = (await listLiveSessions(db, session.user.id, idleMs)).find(
        (row) => sessionIdOf(row.tokenHash) === request.params.id,
      );
      if (!target) throw notFound('No such session');
      const own = target.tokenHash === session.tokenHash;
      await sessions.revoke(target.tokenHash, own ? 'logout' : 'revoked');
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('DELETE /api/account/sessions'),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      await sessions.revokeUser(session.user.id, 'logout');
      request.log.info({ userId: session.user.id }, 'signed out everywhere');
      return reply.code(204).send(null);
    },
  });
}
