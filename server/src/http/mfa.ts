// The signed-in user's own second factor: its status, setting up an authenticator app (a secret shown
// as a QR code, confirmed by a first code), turning it off and new recovery codes (both with the current
// password). Every route answers during a pending step: a user whose role needs a second factor sets it
// up here before anything else opens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkCurrentPassword } from '../auth/currentPassword.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrSvg, totpStep } from '../auth/totp.ts';
import { HttpError, unauthenticated } from '../errors.ts';
import { clearMfa, enableMfa, getMfaState, replaceRecoveryCodes, setPendingSecret } from '../store/mfa.ts';
import type { UserRecord } from '../store/users.ts';
import { contract, typed } from './contract.ts';

const fieldError = (field: string, message: string, code: 'required' | 'wrongPassword' | 'mfaInvalidCode') =>
  new HttpError(400, 'VALIDATION', message, {
    errors: { [field]: [message] },
    reason: { code },
    fields: { [field]: { code } },
  });

const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

function userOf(request: FastifyRequest): UserRecord {
  if (!request.session || request.session.display) throw unauthenticated();
  return request.session.user;
}

const target = (user: UserRecord) => ({ targetType: 'user', targetId: user.id, targetName: user.username });

export async function mfaRoutes(app: FastifyInstance) {
  const { config, db } = app.services;
  const api = typed(app);
  const required = (user: UserRecord) => config.mfaRequiredRoles.includes(user.role);

  /** New recovery codes stored as hashes; the codes themselves are answered once. */
  const freshCodes = () => {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map(hashRecoveryCode) };
  };

  api.route({
    ...contract('GET /api/account/mfa'),
    config: { duringPendingStep: true },
    handler: async (request) => {
      const user = userOf(request);
      const state = await getMfaState(db, user.id);
      if (!state) throw unauthenticated();
      return {
        enabled: state.enabledAt !== null,
        required: required(user),
        enabledAt: state.enabledAt,
        recoveryCodesLeft: state.enabledAt === null ? 0 : state.recoveryCodesLeft,
      };
    },
  });

  api.route({
    ...contract('POST /api/account/mfa/setup'),
    config: { duringPendingStep: true },
    handler: async (request) => {
      const user = userOf(request);
      if (user.mfaEnabled) throw conflict('Two-factor sign-in is already on: turn it off first');
      const secret = newTotpSecret();
      await setPendingSecret(db, user.id, secret);
      const url = otpauthUrl(config.mfaIssuer, user.email, secret);
      return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
    },
  });

  api.route({
    ...contract('POST /api/account/mfa/enable'),
    config: { duringPendingStep: true, audit: 'mfa.enable' },
    handler: async (request) => {
      const user = userOf(request);
      request.audit = target(user);
      if (user.mfaEnabled) throw conflict('Two-factor sign-in is already on');
      const state = await getMfaState(db, user.id);
      if (!state?.pendingSecret) throw conflict('Start the setup first');
      const step = totpStep(state.pendingSecret, request.body.code.replace(/\s/g, ''));
      if (step === null) throw fieldError('code', 'Invalid code', 'mfaInvalidCode');
      const { codes, hashes } = freshCodes();
      if (!(await enableMfa(db, user.id, state.pendingSecret, step, hashes))) {
        throw conflict('The setup changed meanwhile: start again');
      }
      request.log.info({ userId: user.id }, 'two-factor sign-in on');
      return { recoveryCodes: codes };
    },
  });

  api.route({
    ...contract('POST /api/account/mfa/disable'),
    config: { duringPendingStep: true, audit: 'mfa.disable' },
    handler: async (request, reply) => {
      const user = userOf(request);
      request.audit = target(user);
      if (!user.mfaEnabled) throw conflict('Two-factor sign-in is not on');
      if (required(user)) {
        throw new HttpError(403, 'FORBIDDEN', 'Your role needs two-factor sign-in', {
          reason: { code: 'mfaRequired' },
        });
      }
      await checkCurrentPassword(app.services, request, user, request.body.currentPassword);
      await clearMfa(db, user.id);
      request.log.info({ userId: user.id }, 'two-factor sign-in off');
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('POST /api/account/mfa/recovery-codes'),
    config: { duringPendingStep: true, audit: 'mfa.recoveryCodes' },
    handler: async (request) => {
      const user = userOf(request);
      request.audit = target(user);
      if (!user.mfaEnabled) throw conflict('Two-factor sign-in is not on');
      await checkCurrentPassword(app.services, request, user, request.body.currentPassword);
      const { codes, hashes } = freshCodes();
      await replaceRecoveryCodes(db, user.id, hashes);
      request.log.info({ userId: user.id }, 'new recovery codes');
      return { recoveryCodes: codes };
    },
  });
}
