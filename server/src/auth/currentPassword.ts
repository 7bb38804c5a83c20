// The current password, asked before what a stolen session token must not do alone: move the account to
// a new email, set a new password, turn the second factor off or replace its recovery codes. Guessing it
// from an open session counts like a sign-in to the account from that address (the same throttle).
import { accountMessages } from '@voltscope/shared/account';
import { validationMessages } from '@voltscope/shared/validation';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { Services } from '../hub.ts';
import type { UserRecord } from '../store/users.ts';
import { verifyPassword } from './passwords.ts';
import { pairKey } from './throttle.ts';

const refusal = (message: string, code: 'required' | 'wrongPassword') =>
  new HttpError(400, 'VALIDATION', message, {
    errors: { currentPassword: [message] },
    reason: { code },
    fields: { currentPassword: { code } },
  });

/** Refuses, at the currentPassword field, a missing or wrong current password; throttled like a sign-in. */
export async function checkCurrentPassword(
  { hashGate, throttles }: Pick<Services, 'hashGate' | 'throttles'>,
  request: FastifyRequest,
  user: UserRecord,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw refusal(validationMessages.en.required, 'required');
  const key = pairKey(`user:${user.id}`, request.ip);
  const wait = throttles.signIn.retryAfter(key);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    const message = `Too many attempts. Try again in ${seconds} seconds`;
    throw new HttpError(429, 'TOO_MANY_REQUESTS', message, {
      errors: { currentPassword: [message] },
      reason: { code: 'tooManyAttempts', params: { seconds } },
      fields: { currentPassword: { code: 'tooManyAttempts', params: { seconds } } },
      headers: { 'retry-after': String(seconds) },
    });
  }
  const valid = await hashGate.run(() => verifyPassword(currentPassword, user.passwordHash));
  if (valid === undefined) {
    throw new HttpError(429, 'TOO_MANY_REQUESTS', 'The server is busy. Try again in a moment', {
      headers: { 'retry-after': '2' },
      reason: { code: 'busy' },
    });
  }
  if (!valid) {
    throttles.signIn.fail(key);
    throw refusal(accountMessages.wrongPassword, 'wrongPassword');
  }
  throttles.signIn.succeed(key);
}
