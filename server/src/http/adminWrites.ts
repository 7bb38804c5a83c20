// What every admin write of the fleet shares: who made it (for the event log), and its refusals in the
// one error shape (400 with each field's English message and, where the client can word it, its reason;
// 409 for what the fleet's state forbids).
import { type Reason, type ReasonCode, reasonCodes } from '@voltscope/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NewEvent } from '../alarms/store.ts';
import { HttpError, unauthenticated } from '../errors.ts';
import type { Problem } from '../fleet/deviceChecks.ts';
import type { Author } from './fleetEvents.ts';

export function authorOf(request: FastifyRequest): Author {
  const user = request.session?.user;
  if (!user) throw unauthenticated();
  return { id: user.id, name: user.fullName || user.username };
}

const isReason = (reason: Problem['reason']): reason is Reason =>
  (reasonCodes as readonly string[]).includes(reason.code as ReasonCode);

/** 400 VALIDATION for `problems` (at least one): the first one's message and reason for the whole request. */
export function refusal(problems: readonly Problem[]): HttpError {
  const [first] = problems;
  const errors: Record<string, string[]> = {};
  const fields: Record<string, Reason> = {};
  for (const p of problems) {
    const field = p.field ?? 'device';
    errors[field] = [...(errors[field] ?? []), p.message];
    if (isReason(p.reason) && !fields[field]) fields[field] = p.reason;
  }
  return new HttpError(400, 'VALIDATION', first?.message ?? 'Invalid request', {
    errors,
    ...(first && isReason(first.reason) ? { reason: first.reason } : {}),
    fields,
  });
}

/** Throws the refusal of `problems` if there is any. */
export function assertNoProblems(problems: readonly Problem[]): void {
  if (problems.length > 0) throw refusal(problems);
}

export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

/** An id longer than a path can carry. */
export function idTooLong(field: string, id: unknown, limit: number): Problem | null {
  if (typeof id !== 'string' || [...id].length <= limit) return null;
  return { field, message: `At most ${limit} characters`, reason: { code: 'tooLong', params: { limit } } };
}

/**
 * Records a change in the event log before the reply; the change is made whatever happens to its record (a
 * failure to record is logged, not the caller's).
 */
export const recorder =
  (app: FastifyInstance) =>
  (event: NewEvent): Promise<unknown> =>
    app.services.alarms
      .record(event)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not record a fleet change'));
