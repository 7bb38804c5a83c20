// The one entry point for authentication and permissions on HTTP routes: a route is private unless its
// config says `public`, and its `can` pair is checked against the caller's abilities.
import { type Action, asSubject, type SubjectName } from '@voltscope/shared/abilities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../errors.ts';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    // Only API routes are guarded: pages and assets (the static wildcard) are public, and the client
    // decides what a signed-out visitor sees.
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    // An API reply is one user's data, and some carry a secret (a session token, an ingest key, a webhook
    // secret): no browser or proxy cache may keep one.
    reply.header('cache-control', 'no-store');
    if (config.public) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await app.services.sessions.authenticate(token) : undefined;
    if (!session) throw unauthenticated(token ? 'Your session has ended; sign in again' : 'Sign in to continue');
    request.session = session;
    if (config.can && !session.ability.can(config.can[0], config.can[1])) throw forbidden();
  });
});

/** Checks one object against the caller's abilities (conditions such as a client's own sites). */
export function assertCan(request: FastifyRequest, action: Action, type: SubjectName, object: object): void {
  if (!request.session?.ability.can(action, asSubject(type, { ...object }))) throw forbidden();
}

export function can(request: FastifyRequest, action: Action, type: SubjectName, object: object): boolean {
  return request.session?.ability.can(action, asSubject(type, { ...object })) ?? false;
}
