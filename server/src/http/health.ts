// Liveness and readiness in one answer: 200 while the store answers and takes writes, 503 when it does not
// (a query fails, or the last telemetry write failed and none has succeeded since: a full disk, say).
import type { HealthReport } from '@voltscope/shared/domain';
import type { FastifyInstance } from 'fastify';
import { contract, typed } from './contract.ts';

export async function healthRoutes(app: FastifyInstance) {
  const { db } = app.services;
  typed(app).route({
    ...contract('GET /api/health'),
    config: { public: true },
    handler: async (_request, reply) => {
      const ok = (await db.ping()) && app.services.ingest.storeFailure === null;
      const report: HealthReport = {
        status: ok ? 'ok' : 'degraded',
        uptimeSeconds: Math.round(process.uptime()),
        store: { ok, driver: db.dialect },
        // Load shedding (plugins/loadShedding.ts): the API answers 503 while the loop lags; health never does.
        pressure: app.pressure(),
        // MQTT ingest (MQTT_URL): reported, not judged: HTTP ingest and the pages work without the broker.
        ...(app.services.broker && { broker: app.services.broker() }),
      };
      return reply.code(ok ? 200 : 503).send(report);
    },
  });
}
