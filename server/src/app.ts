// buildApp(config) assembles the hub without listening: tests start it on port 0, main.ts on PORT. It
// reads as the architecture: Fastify, the services (hub.ts builds them all), the edge (errors, security,
// sign-in), the routes, the sockets; the hub's clocks start when the app is ready and stop on close.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { accessRoutes } from './http/access.ts';
import { alarmRoutes } from './http/alarms.ts';
import { analysisRoutes } from './http/analysis.ts';
import { auditRoutes } from './http/audit.ts';
import { authRoutes } from './http/auth.ts';
import { cameraRoutes } from './http/cameras.ts';
import { cctvLayoutRoutes } from './http/cctvLayouts.ts';
import { chartSourceRoutes } from './http/chartSources.ts';
import { assertContract } from './http/contract.ts';
import { deviceAdminRoutes } from './http/deviceAdmin.ts';
import { deviceStatusRoutes } from './http/deviceStatus.ts';
import { deviceRoutes } from './http/devices.ts';
import { displayRoutes } from './http/displays.ts';
import { fleetAdminRoutes } from './http/fleetAdmin.ts';
import { healthRoutes } from './http/health.ts';
import { ingestRoutes } from './http/ingest.ts';
import { kpiRoutes } from './http/kpis.ts';
import { logRoutes } from './http/logs.ts';
import { metricsRoutes } from './http/metrics.ts';
import { mfaRoutes } from './http/mfa.ts';
import { motionRoutes } from './http/motion.ts';
import { profileRoutes } from './http/profile.ts';
import { roleRoutes } from './http/roles.ts';
import { searchRoutes } from './http/search.ts';
import { seriesRoutes } from './http/series.ts';
import { simulatorRoutes } from './http/simulator.ts';
import { siteRoutes } from './http/sites.ts';
import { sldRoutes } from './http/sld.ts';
import { userRoutes } from './http/users.ts';
import { buildHub } from './hub.ts';
import { loggerOptions, RequestLogs } from './logging.ts';
import { allowedHostsPlugin } from './plugins/allowedHosts.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandler } from './plugins/errorHandler.ts';
import { finiteNumbersPlugin } from './plugins/finiteNumbers.ts';
import { jsonCompressionPlugin } from './plugins/jsonCompression.ts';
import { loadSheddingPlugin } from './plugins/loadShedding.ts';
import { pendingStepPlugin } from './plugins/pendingStep.ts';
import { rateLimitPlugin } from './plugins/rateLimit.ts';
import { securityPlugin } from './plugins/security.ts';
import { sharedSerializers } from './plugins/sharedSerializers.ts';
import { staticPlugin } from './plugins/static.ts';
// Fastify's types as buildApp extends them (app.services, request.session, route config).
import type {} from './plugins/types.ts';
import { attachRealtime } from './realtime/io.ts';

export async function buildApp(config: Config, options: { responseSchemas?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new RequestLogs(),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Closing must not wait for idle keep-alive connections of wall screens.
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 200 },
    // A serialiser per distinct response schema, not per route and status (plugins/sharedSerializers.ts).
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } },
  });

  // Every route of the API answers to its contract (shared/src/contracts), or the hub does not start.
  app.addHook('onRoute', assertContract);
  // For benchmarks only (npm run bench -- http): `responseSchemas: false` drops every route's response
  // schema (from a copy: the contracts are shared by every app of the process).
  if (options.responseSchemas === false) {
    app.addHook('onRoute', (route) => {
      if (route.schema) route.schema = { ...route.schema, response: undefined };
    });
  }

  const hub = await buildHub(config, app.log);
  app.decorate('services', hub.services);
  app.addHook('onReady', () => hub.start());
  app.addHook('onClose', () => hub.stop());

  app.setErrorHandler(errorHandler);
  await app.register(securityPlugin);
  await app.register(allowedHostsPlugin, { config });
  await app.register(loadSheddingPlugin, { config });
  await app.register(authPlugin);
  await app.register(pendingStepPlugin);
  await app.register(auditPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(finiteNumbersPlugin);
  // JSON answers of 1 KB or more compressed (br/gzip, low level); static files come pre-compressed.
  await app.register(jsonCompressionPlugin);

  for (const routes of [
    healthRoutes,
    authRoutes,
    siteRoutes,
    chartSourceRoutes,
    fleetAdminRoutes,
    deviceRoutes,
    deviceAdminRoutes,
    deviceStatusRoutes,
    seriesRoutes,
    kpiRoutes,
    ingestRoutes,
    searchRoutes,
    profileRoutes,
    userRoutes,
    roleRoutes,
    mfaRoutes,
    alarmRoutes,
    logRoutes,
    analysisRoutes,
    metricsRoutes,
    displayRoutes,
    simulatorRoutes,
    sldRoutes,
    auditRoutes,
    cameraRoutes,
    cctvLayoutRoutes,
    motionRoutes,
    accessRoutes,
  ]) {
    await app.register(routes);
  }
  await app.register(staticPlugin, { root: config.clientDist });

  attachRealtime(app);
  return app;
}
