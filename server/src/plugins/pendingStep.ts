// A user with a step to take first (a password an admin set, a second factor their role needs: see
// Session.pendingStep) reaches only the routes of that step and their own session; every other API call
// is refused with the reason the client turns into "finish this first". Sockets refuse them too (io.ts).
import type { PendingStep } from '@voltscope/shared/contracts/auth';
import type { ReasonCode } from '@voltscope/shared/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.ts';

export const pendingReason: Record<PendingStep, ReasonCode> = {
  passwordChange: 'passwordChangeRequired',
  mfaSetup: 'mfaRequired',
};

const pendingMessage: Record<PendingStep, string> = {
  passwordChange: 'Choose your own password first',
  mfaSetup: 'Set up two-factor sign-in first',
};

export const pendingStepPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const step = request.session?.pendingStep;
    if (!step || request.routeOptions.config.duringPendingStep) return;
    throw new HttpError(403, 'FORBIDDEN', pendingMessage[step], { reason: { code: pendingReason[step] } });
  });
});
