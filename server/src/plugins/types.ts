// What buildApp adds to Fastify's types: the services every route reaches (hub.ts), the session of a signed-in
// request, and the route options that say who may call it.
import type { Action, SubjectName } from '@voltscope/shared/abilities';
import type { Session } from '../auth/sessions.ts';
import type { Services } from '../hub.ts';
import type { AuditDetails } from './audit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, complete, built once by hub.ts. */
    services: Services;
  }
  interface FastifyRequest {
    /** The caller's session; set on every route that is not public. */
    session: Session | null;
    /** What a route with `audit` in its config acted on: set by its handler, written after the reply. */
    audit: AuditDetails | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** The action and subject type the caller's abilities must allow (conditions are checked per object). */
    can?: readonly [Action, SubjectName];
    /**
     * A wall display may call it (its own calls: /api/display/*). Otherwise a display may only read: GET
     * routes whose `can` is `read`, and public GET routes (plugins/auth.ts).
     */
    display?: boolean;
    /** The form field that shows an error of this route (the login form shows them at `email`). */
    errorField?: string;
    /** Recorded in the audit log when it succeeds or is refused: `noun.verb` (plugins/audit.ts). */
    audit?: string;
    /**
     * Callable while the user still has a step to take before anything else (a password an admin set to
     * change, a second factor their role needs to set up): plugins/pendingStep.ts.
     */
    duringPendingStep?: boolean;
    /**
     * Without an Authorization header, the session a `?ticket=` stands for (a camera's stream or snapshot
     * in an <img>: cctv/tickets.ts); undefined when it names none.
     */
    ticket?: (request: FastifyRequest) => Promise<Session | undefined>;
  }
}
