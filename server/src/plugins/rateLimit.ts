// Request budgets (@fastify/rate-limit, one-minute windows): a signed-in user spends one budget over the
// whole API, an anonymous caller its address's; sign-in and forgot-password have small budgets of their own
// per address (pairing a wall display has one of sign-in's size), and a data logger one per ingest key.
// Health, pages and assets are not counted, nor the live socket (Socket.IO is not a Fastify route). A refusal is 429 with Retry-After and the error body.
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';

const MINUTE_MS = 60_000;

const addressOf = (request: FastifyRequest) => `address ${normalizeIP(request.ip)}`;

function tooMany(seconds: number): HttpError {
  return new HttpError(429, 'TOO_MANY_REQUESTS', `Too many requests. Try again in ${seconds} seconds`, {
    reason: { code: 'tooManyAttempts', params: { seconds } },
  });
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const limits = config.rateLimit;
  const perAddress = (max: number): RateLimitOptions => ({ max, timeWindow: MINUTE_MS, keyGenerator: addressOf });
  // The budget of a route other than the whole API's; false: not counted.
  const budgets: Record<string, RateLimitOptions | false> = {
    'GET /api/health': false,
    'POST /api/auth/login': perAddress(limits.signInPerMinute),
    // The second step of a sign-in: a code costs what a password does.
    'POST /api/auth/login/mfa': perAddress(limits.signInPerMinute),
    'POST /api/auth/forgot-password': perAddress(limits.forgotPasswordPerMinute),
    // A pairing code is short: guessing one costs a sign-in's budget.
    'POST /api/display/pair': perAddress(limits.signInPerMinute),
    // The key was checked from the headers before (ingest.ts): an unknown one never gets here.
    'POST /api/ingest': {
      max: limits.ingestPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `ingest key ${request.headers['x-ingest-key']}`,
    },
  };

  // Runs before the plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route: RouteOptions) => {
    const counted = route.url.startsWith('/api/') || route.url === '/metrics';
    const budget = counted ? budgets[`${route.method} ${route.url}`] : false;
    if (budget !== undefined) route.config = { ...route.config, rateLimit: budget };
  });

  await app.register(fastifyRateLimit, {
    // Route hooks run after the app's, so the session is known here (plugins/auth.ts).
    keyGenerator: (request) => (request.session ? `user ${request.session.user.id}` : addressOf(request)),
    max: async (_request, key) => (key.startsWith('user ') ? limits.userPerMinute : limits.addressPerMinute),
    timeWindow: MINUTE_MS,
    cache: 100_000,
    errorResponseBuilder: (_request, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
});
