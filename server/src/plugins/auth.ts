// The one entry point for authentication and permissions on HTTP routes: a route is private unless its
// config says `public`, and its `can` pair is checked against the caller's abilities. A wall display's
// token may only read (and make its own calls): everything else is refused, public routes included.
import { type Action, asSubject, type SubjectName } from '@voltscope/shared/abilities';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../errors.ts';
import { isDisplayToken } from '../store/displays.ts';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

const DISPLAY_REFUSED = 'A wall display can only show its playlist';

/** What a display may call: its own routes, reads its abilities then scope, and public pages of data. */
function displayMayCall(method: string, config: FastifyContextConfig): boolean {
  if (config.display) return true;
  if (method !== 'GET' && method !== 'HEAD') return false;
  return config.public === true || config.can?.[0] === 'read';
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
    const token = bearerToken(request.headers.authorization);
    if (config.public) {
      // A display's token is refused on a public route that writes (the ingest, a sign-in), even one
      // that would answer a caller without a token.
      if (token && isDisplayToken(token) && !displayMayCall(request.method, config)) {
        if (await app.services.sessions.authenticate(token)) throw forbidden(DISPLAY_REFUSED);
      }
      return;
    }
    const session = token ? await app.services.sessions.authenticate(token) : await config.ticket?.(request);
    if (!session) throw unauthenticated(token ? 'Your session has ended; sign in again' : 'Sign in to continue');
    request.session = session;
    if (session.display && !displayMayCall(request.method, config)) throw forbidden(DISPLAY_REFUSED);
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
