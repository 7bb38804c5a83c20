// Sign-in, sign-out, the current session, and password reset.

import { newPasswordRules } from '@voltscope/shared/accountFields';
import { INVALID_CREDENTIALS_MESSAGE } from '@voltscope/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { NewEvent } from '../alarms/store.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { signInFailed, signInThrottled } from '../auth/signInEvents.ts';
import { pairKey } from '../auth/throttle.ts';
import { demoAccounts } from '../demo/fleet.ts';
import { HttpError } from '../errors.ts';
import { consumePasswordReset, hashToken, insertPasswordReset, newToken, voidPasswordResets } from '../store/tokens.ts';
import { findUserByLogin, setPassword, toUserData } from '../store/users.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';

const tooMany = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  const reason = { code: 'tooManyAttempts', params: { seconds } } as const;
  return new HttpError(429, 'TOO_MANY_REQUESTS', `Too many sign-in attempts. Try again in ${seconds} seconds`, {
    errors: { email: [`Too many sign-in attempts. Try again in ${seconds} seconds`] },
    headers: { 'retry-after': String(seconds) },
    reason,
    fields: { email: reason },
  });
};

const isLoopback = (ip: string) => /^(127\.|::1$|::ffff:127\.)/.test(ip);

const invalidCredentials = () =>
  new HttpError(400, 'VALIDATION', INVALID_CREDENTIALS_MESSAGE, {
    errors: { email: [INVALID_CREDENTIALS_MESSAGE] },
    reason: { code: 'invalidCredentials' },
    fields: { email: { code: 'invalidCredentials' } },
  });

export async function authRoutes(app: FastifyInstance) {
  const { config, db, sessions, hashGate, throttles, mailer, decoyHash } = app.services;
  const api = typed(app);
  const recordEvent = (event: NewEvent) =>
    void app.services.alarms
      .record(event)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not record a sign-in event'));

  api.route({
    ...contract('GET /api/auth/options'),
    config: { public: true },
    handler: async (request) => ({
      passwordReset: mailer ? ('email' as const) : ('admin' as const),
      demo: config.demo,
      // The passwords are public by design, but only on a demo the visitor runs or one opened on purpose.
      demoAccounts:
        config.demo && (config.demoPasswordsPublic || isLoopback(request.ip))
          ? demoAccounts.map(({ role, email, username, password }) => ({ role, email, username, password }))
          : [],
    }),
  });

  api.route({
    ...contract('POST /api/auth/login'),
    config: { public: true, errorField: 'email' },
    handler: async (request, reply) => {
      const { email: login, password, rememberMe = false } = request.body;
      const user = await findUserByLogin(db, login);
      // One account, whether it is named by email or username; unknown names are counted as typed. Its
      // failures count from this address only: its owner elsewhere is never locked out by them.
      const key = pairKey(user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`, request.ip);
      // Throttle before hashing: a storm of attempts must not cost a hash each (RELIABILITY decision 6).
      const wait = throttles.signIn.retryAfter(key);
      if (wait > 0) throw tooMany(wait);

      // An unknown user is checked against a decoy hash so that both failures take the same time.
      const valid = await hashGate.run(() => verifyPassword(password, user?.passwordHash ?? decoyHash));
      if (valid === undefined) throw tooMany(2000);
      if (!valid || !user?.active) {
        const started = throttles.signIn.fail(key);
        recordEvent(signInFailed(user, request.ip));
        if (started > 0) recordEvent(signInThrottled(user, request.ip, started));
        request.log.warn({ userId: user?.id ?? null, throttledMs: started }, 'sign-in failed');
        throw invalidCredentials();
      }
      throttles.signIn.succeed(key);

      const { accessToken, expiresAt } = await sessions.issue(user, rememberMe, {
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      request.log.info({ userId: user.id, remember: rememberMe }, 'signed in');
      // By id: `{who}` is filled with the user's current name when the event is read (a name can change).
      void app.services.alarms
        .record({
          siteId: null,
          deviceId: null,
          alarmId: null,
          type: 'sign_in',
          severity: 'info',
          message: { en: '{who} signed in', fr: '{who} s’est connecté', fa: '{who} وارد شد', ar: '{who} سجّل الدخول' },
          userName: user.fullName || user.username,
          userId: user.id,
          ts: Date.now(),
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'could not record a sign-in'));
      return reply.code(201).send({
        userAbilityRules: await sessions.rulesFor(user),
        accessToken,
        userData: toUserData(user),
        expiresAt,
      });
    },
  });

  api.route({
    ...contract('POST /api/auth/logout'),
    handler: async (request, reply) => {
      const session = request.session;
      if (session) await sessions.revoke(session.tokenHash, 'logout');
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('GET /api/auth/me'),
    handler: async (request) => {
      const session = request.session;
      if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in to continue');
      return { userAbilityRules: session.rules, userData: toUserData(session.user), expiresAt: session.expiresAt };
    },
  });

  api.route({
    ...contract('POST /api/auth/forgot-password'),
    config: { public: true, errorField: 'email' },
    handler: async (request, reply) => {
      if (!mailer) {
        throw new HttpError(400, 'BAD_REQUEST', 'Password reset by email is not configured: ask an administrator', {
          errors: { email: ['Password reset by email is not configured: ask an administrator'] },
          reason: { code: 'resetByAdmin' },
          fields: { email: { code: 'resetByAdmin' } },
        });
      }
      // Counted per login and address, so that one address cannot mail-bomb an inbox; sign-in is not affected.
      const key = pairKey(`login:${request.body.email.trim().toLowerCase()}`, request.ip);
      const wait = throttles.reset.retryAfter(key);
      if (wait > 0) throw tooMany(wait);
      throttles.reset.fail(key);
      const user = await findUserByLogin(db, request.body.email);
      if (user?.active) {
        const token = newToken();
        await insertPasswordReset(db, hashToken(token), user.id, Date.now() + config.resetTtlSeconds * 1000);
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        const minutes = Math.round(config.resetTtlSeconds / 60);
        // Sent in the background: answering only after delivery would tell who has an account.
        mailer
          .send({
            to: user.email,
            subject: 'Voltscope: reset your password',
            text: `Hello ${user.fullName},\n\nOpen this link within ${minutes} minutes to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this message; your password stays as it is.\n`,
          })
          .catch((error: unknown) => request.log.error({ err: error, userId: user.id }, 'password reset mail failed'));
      }
      return reply
        .code(202)
        .send({ message: 'If an account uses this address, a link to reset its password has been sent' });
    },
  });

  api.route({
    ...contract('POST /api/auth/reset-password'),
    config: { public: true, errorField: 'password' },
    handler: async (request, reply) => {
      const { token, password } = request.body;
      assertFields({ password }, { password: newPasswordRules });
      const userId = await consumePasswordReset(db, hashToken(token));
      if (userId === undefined) {
        const message = 'This reset link is invalid, used or expired: ask for a new one';
        throw new HttpError(400, 'VALIDATION', message, {
          errors: { token: [message] },
          reason: { code: 'resetLinkInvalid' },
          fields: { token: { code: 'resetLinkInvalid' } },
        });
      }
      await setPassword(db, userId, await hashPassword(password, config.scryptLog2N));
      // Any other link mailed before this one stops working with the new password.
      await voidPasswordResets(db, userId);
      // A new password ends every session of the account, wherever it is open.
      await sessions.revokeUser(userId, 'revoked');
      request.log.info({ userId }, 'password reset');
      return reply.code(204).send(null);
    },
  });
}
