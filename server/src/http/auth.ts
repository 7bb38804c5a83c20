// Sign-in (a password, then a second factor when the user has one), sign-out, the current session, and
// password reset. Sign-ins and their failures go to the audit log as well as the sign-in events.

import { newPasswordRules } from '@voltscope/shared/accountFields';
import { INVALID_CREDENTIALS_MESSAGE } from '@voltscope/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NewEvent } from '../alarms/store.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { checkSecondFactor, type SignInMethod, signInAudit } from '../auth/secondFactor.ts';
import { signInFailed, signInThrottled } from '../auth/signInEvents.ts';
import { pairKey } from '../auth/throttle.ts';
import { demoAccounts } from '../demo/fleet.ts';
import { HttpError } from '../errors.ts';
import {
  deleteChallenge,
  failChallenge,
  findChallenge,
  insertChallenge,
  noteSignIn,
} from '../store/loginChallenges.ts';
import { consumePasswordReset, hashToken, insertPasswordReset, newToken, voidPasswordResets } from '../store/tokens.ts';
import { findUserById, findUserByLogin, setPassword, toUserData, type UserRecord } from '../store/users.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';

const tooMany = (waitMs: number, field: 'email' | 'code') => {
  const seconds = Math.ceil(waitMs / 1000);
  const reason = { code: 'tooManyAttempts', params: { seconds } } as const;
  return new HttpError(429, 'TOO_MANY_REQUESTS', `Too many sign-in attempts. Try again in ${seconds} seconds`, {
    errors: { [field]: [`Too many sign-in attempts. Try again in ${seconds} seconds`] },
    headers: { 'retry-after': String(seconds) },
    reason,
    fields: { [field]: reason },
  });
};

const isLoopback = (ip: string) => /^(127\.|::1$|::ffff:127\.)/.test(ip);

const invalidCredentials = () =>
  new HttpError(400, 'VALIDATION', INVALID_CREDENTIALS_MESSAGE, {
    errors: { email: [INVALID_CREDENTIALS_MESSAGE] },
    reason: { code: 'invalidCredentials' },
    fields: { email: { code: 'invalidCredentials' } },
  });

const challengeInvalid = () => {
  const message = 'This sign-in is unknown or out of time: start again with your password';
  return new HttpError(400, 'VALIDATION', message, {
    errors: { challenge: [message] },
    reason: { code: 'mfaChallengeInvalid' },
    fields: { challenge: { code: 'mfaChallengeInvalid' } },
  });
};

const codeRefused = (reason: 'invalid' | 'reused') => {
  const code = reason === 'reused' ? 'mfaCodeReused' : 'mfaInvalidCode';
  const message = reason === 'reused' ? 'This code was already used: wait for the next one' : 'Invalid code';
  return new HttpError(400, 'VALIDATION', message, {
    errors: { code: [message] },
    reason: { code },
    fields: { code: { code } },
  });
};

export async function authRoutes(app: FastifyInstance) {
  const { config, db, sessions, hashGate, throttles, mailer, decoyHash, audit } = app.services;
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

  /** A sign-in to `user` that failed (or whose second step did): counted, recorded, worded by the caller. */
  const failed = (key: string, user: UserRecord | undefined, ip: string) => {
    const started = throttles.signIn.fail(key);
    recordEvent(signInFailed(user, ip));
    if (started > 0) recordEvent(signInThrottled(user, ip, started));
    return started;
  };

  /** Both steps passed (or the only one): the session, the user's sign-in time, the logs. */
  async function signIn(request: FastifyRequest, user: UserRecord, rememberMe: boolean, method: SignInMethod) {
    const { accessToken, expiresAt } = await sessions.issue(user, rememberMe, {
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      ip: request.ip,
    });
    await noteSignIn(db, user.id);
    request.log.info({ userId: user.id, remember: rememberMe, method }, 'signed in');
    void audit.record(signInAudit(user, request.ip, 'auth.signIn', 'ok', { method }));
    // By id: `{who}` is filled with the user's current name when the event is read (a name can change).
    recordEvent({
      siteId: null,
      deviceId: null,
      alarmId: null,
      type: 'sign_in',
      severity: 'info',
      message: { en: '{who} signed in', fr: '{who} s’est connecté', fa: '{who} وارد شد', ar: '{who} سجّل الدخول' },
      userName: user.fullName || user.username,
      userId: user.id,
      ts: Date.now(),
    });
    const pendingStep = sessions.pendingStep(user);
    return {
      userAbilityRules: await sessions.rulesFor(user),
      accessToken,
      userData: toUserData(user),
      expiresAt,
      ...(pendingStep && { pendingStep }),
    };
  }

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
      if (wait > 0) throw tooMany(wait, 'email');

      // An unknown user is checked against a decoy hash so that both failures take the same time.
      const valid = await hashGate.run(() => verifyPassword(password, user?.passwordHash ?? decoyHash));
      if (valid === undefined) throw tooMany(2000, 'email');
      if (!valid || !user?.active) {
        const started = failed(key, user, request.ip);
        const reason = !user ? 'unknownUser' : !valid ? 'wrongPassword' : 'disabled';
        void audit.record(
          user
            ? signInAudit(user, request.ip, 'auth.signInFailed', 'refused', { reason })
            : {
                actorId: null,
                actorName: login.trim().slice(0, 254),
                ip: request.ip,
                action: 'auth.signInFailed',
                outcome: 'refused',
                details: { reason },
              },
        );
        request.log.warn({ userId: user?.id ?? null, throttledMs: started }, 'sign-in failed');
        throw invalidCredentials();
      }

      if (user.mfaEnabled) {
        // The password was right, but the throttle is not cleared yet: it counts the codes that follow too,
        // so that a known password cannot buy unlimited guesses at the second factor.
        const challenge = newToken();
        const expiresAt = await insertChallenge(db, hashToken(challenge), user.id, rememberMe);
        request.log.info({ userId: user.id }, 'password accepted, second factor asked');
        return reply.code(201).send({ mfaRequired: true, challenge, expiresAt });
      }
      throttles.signIn.succeed(key);
      return reply.code(201).send(await signIn(request, user, rememberMe, 'password'));
    },
  });

  api.route({
    ...contract('POST /api/auth/login/mfa'),
    config: { public: true, errorField: 'code' },
    handler: async (request, reply) => {
      const challengeHash = hashToken(request.body.challenge);
      const challenge = await findChallenge(db, challengeHash);
      const user = challenge && (await findUserById(db, challenge.userId));
      if (!challenge || !user?.active || !user.mfaEnabled) {
        if (challenge) await deleteChallenge(db, challengeHash);
        throw challengeInvalid();
      }
      const key = pairKey(`user:${user.id}`, request.ip);
      const wait = throttles.signIn.retryAfter(key);
      if (wait > 0) throw tooMany(wait, 'code');

      const check = await checkSecondFactor(db, user.id, request.body.code);
      if (!check.ok) {
        await failChallenge(db, challengeHash);
        const started = failed(key, user, request.ip);
        void audit.record(
          signInAudit(user, request.ip, 'auth.mfaFailed', 'refused', { method: check.method, reason: check.reason }),
        );
        request.log.warn({ userId: user.id, throttledMs: started, reason: check.reason }, 'second factor refused');
        throw codeRefused(check.reason);
      }
      // Used once: a second request with the same challenge finds it gone.
      if (!(await deleteChallenge(db, challengeHash))) throw challengeInvalid();
      throttles.signIn.succeed(key);
      return reply.code(201).send(await signIn(request, user, challenge.remember, check.method));
    },
  });

  api.route({
    ...contract('POST /api/auth/logout'),
    config: { duringPendingStep: true, audit: 'auth.signOut' },
    handler: async (request, reply) => {
      const session = request.session;
      if (session) {
        request.audit = { targetType: 'user', targetId: session.user.id, targetName: session.user.username };
        await sessions.revoke(session.tokenHash, 'logout');
      }
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('GET /api/auth/me'),
    config: { duringPendingStep: true },
    handler: async (request) => {
      const session = request.session;
      if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in to continue');
      return {
        userAbilityRules: session.rules,
        userData: toUserData(session.user),
        expiresAt: session.expiresAt,
        ...(session.pendingStep && { pendingStep: session.pendingStep }),
      };
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
      if (wait > 0) throw tooMany(wait, 'email');
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
