// Privileged writes reach the audit log from one place: a route names its action in its config
// (`audit: 'user.update'`), its handler says what it acted on (`request.audit = { targetType, … }`),
// and when the reply has gone the entry is appended with the caller, their address and the outcome: done
// (2xx/3xx) or refused (403 not allowed; 409 kept from doing it: the last admin, a role in use, a name
// taken), with the refusal's reason code. A request that failed validation changed nothing and is not
// recorded.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditOutcome } from '../audit/chain.ts';
import type { HttpError } from '../errors.ts';

/** What a handler tells the audit log about the object it acted on. */
export interface AuditDetails {
  /** Overrides the route's action when one route does several (`user.disable` on PATCH /api/users/:id). */
  action?: string;
  targetType?: string;
  targetId?: string | number;
  targetName?: string;
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (a reason, a count); secrets are masked on write. */
  [key: string]: unknown;
}

function outcomeOf(status: number): AuditOutcome | null {
  if (status < 400) return 'ok';
  if (status === 403 || status === 409) return 'refused';
  return null;
}

export const auditPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('audit', null);
  // Why a write was refused, as the client is told it (`lastAdmin`, `roleInUse`…): kept for the entry.
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', async (request, _reply, error) => {
    if (!request.routeOptions.config.audit) return;
    const { reason, fields } = error as Partial<HttpError>;
    const code = reason?.code ?? Object.values(fields ?? {})[0]?.code;
    if (code) refusals.set(request, code);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const routeAction = request.routeOptions.config.audit;
    if (!routeAction || !request.session) return;
    const outcome = outcomeOf(reply.statusCode);
    if (!outcome) return;
    // Refused before its handler ran, a request says only what it asked for (its path names the target).
    const { action, targetType, targetId, targetName, ...details } = request.audit ?? {
      request: `${request.method} ${request.url.split('?')[0]}`,
    };
    const refusal = outcome === 'refused' ? refusals.get(request) : undefined;
    if (refusal) details.reason = refusal;
    const actor = request.session.user;
    void app.services.audit.record({
      actorId: actor.id,
      actorName: actor.fullName || actor.username,
      ip: request.ip,
      action: action ?? routeAction,
      outcome,
      targetType: targetType ?? null,
      targetId: targetId === undefined ? null : String(targetId),
      targetName: targetName ?? null,
      details,
    });
  });
});
