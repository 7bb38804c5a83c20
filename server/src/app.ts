// buildApp(config) assembles the hub without listening: tests start it on port 0, main.ts on PORT.
import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from '@voltscope/shared/errors';
import { validationMessages } from '@voltscope/shared/validation';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createMailer } from './auth/mailer.ts';
import { HashGate, hashPassword } from './auth/passwords.ts';
import { Sessions } from './auth/sessions.ts';
import { accountPolicy, addressPolicy, FailureThrottle } from './auth/throttle.ts';
import type { Config } from './config.ts';
import { seedStore } from './demo/seed.ts';
import { HttpError } from './errors.ts';
import { alarmRoutes } from './http/alarms.ts';
import { analysisRoutes } from './http/analysis.ts';
import { authRoutes } from './http/auth.ts';
import { deviceRoutes } from './http/devices.ts';
import { healthRoutes } from './http/health.ts';
import { historyRoutes } from './http/history.ts';
import { ingestRoutes } from './http/ingest.ts';
import { kpiRoutes } from './http/kpis.ts';
import { metricsRoutes } from './http/metrics.ts';
import { profileRoutes } from './http/profile.ts';
import { searchRoutes } from './http/search.ts';
import { seriesRoutes } from './http/series.ts';
import { siteRoutes } from './http/sites.ts';
import { userRoutes } from './http/users.ts';
import { authPlugin } from './plugins/auth.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticPlugin } from './plugins/static.ts';
import { telemetryPlugin } from './plugins/telemetry.ts';
import type { Services } from './plugins/types.ts';
import { attachRealtime } from './realtime/io.ts';
import { openStore } from './store/open.ts';
import { pruneTokens } from './store/tokens.ts';

/** Fastify's own errors (bad JSON, body too large, schema failures) as our error body. */
function toErrorBody(error: FastifyError, errorField: string | undefined): { status: number; body: ErrorBody } {
  if (error.validation) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const missing = (issue.params as { missingProperty?: string }).missingProperty;
      const field = missing ?? (issue.instancePath.replace(/^\//, '').split('/')[0] || errorField || 'body');
      const message = missing ? validationMessages.en.required : `${field} ${issue.message ?? 'is invalid'}`;
      errors[field] = [...(errors[field] ?? []), message];
    }
    const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid';
    return { status: 400, body: { code: 'VALIDATION', message: first, errors } };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } };
  if (status === 415) return { status, body: { code: 'BAD_REQUEST', message: 'Send the body as application/json' } };
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        code: 'BAD_REQUEST',
        message:
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code?.startsWith('FST_ERR_CTP')
            ? 'The request body is not valid JSON'
            : 'The request is invalid',
      },
    };
  }
  return { status: 500, body: { code: 'INTERNAL', message: DEFAULT_ERROR_MESSAGE } };
}

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Closing must not wait for idle keep-alive connections of wall screens.
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 200 },
  });

  const store = await openStore(config);
  const { db, telemetry } = store;
  app.addHook('onClose', async () => store.close());
  await seedStore(db, config);
  await pruneTokens(db);

  const sessions = new Sessions(db, config);
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : null;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  // registry, latest and ingest are filled in by the telemetry plugin below.
  app.decorate('services', {
    config,
    db,
    telemetry,
    sessions,
    hashGate: new HashGate(),
    throttles: { account: new FailureThrottle(accountPolicy), address: new FailureThrottle(addressPolicy) },
    mailer,
    decoyHash: await hashPassword(crypto.randomUUID(), config.scryptLog2N),
  } as Services);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const errorField = request.routeOptions.config?.errorField;
    let status: number;
    let body: ErrorBody;
    if (error instanceof HttpError) {
      status = error.status;
      body = error.toBody();
      reply.headers(error.headers);
    } else {
      ({ status, body } = toErrorBody(error, errorField));
      if (status >= 500) request.log.error({ err: error }, 'request failed');
    }
    // A form shows a failure at one field (the login form at `email`, as the seed says).
    if (errorField && !body.errors) body = { ...body, errors: { [errorField]: [body.message] } };
    return reply.code(status).send(body);
  });

  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(telemetryPlugin);
  await app.register(siteRoutes);
  await app.register(deviceRoutes);
  await app.register(seriesRoutes);
  await app.register(kpiRoutes);
  await app.register(ingestRoutes);
  await app.register(searchRoutes);
  await app.register(profileRoutes);
  await app.register(userRoutes);
  await app.register(alarmRoutes);
  await app.register(historyRoutes);
  await app.register(analysisRoutes);
  await app.register(staticPlugin, { root: config.clientDist });

  const { io, fanout } = attachRealtime(app);
  app.decorate('io', io);
  app.decorate('fanout', fanout);
  await app.register(metricsRoutes);
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    // A client that stopped reading never answers a WebSocket close: cut such connections outright.
    const { clients } = io.engine as unknown as {
      clients: Record<string, { transport?: { socket?: { terminate?: () => void } } }>;
    };
    for (const client of Object.values(clients)) {
      client.transport?.socket?.terminate?.();
    }
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  return app;
}
