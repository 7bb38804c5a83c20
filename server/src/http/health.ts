// Liveness and readiness in one answer: 200 while the store answers, 503 when it does not.
import type { HealthReport } from '@voltscope/shared/domain';
import type { FastifyInstance } from 'fastify';

const healthReport = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    uptimeSeconds: { type: 'number' },
    store: { type: 'object', properties: { ok: { type: 'boolean' }, driver: { type: 'string' } } },
  },
} as const;

export async function healthRoutes(app: FastifyInstance) {
  const { db } = app.services;
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        response: { 200: healthReport, 503: healthReport },
      },
    },
    async (_request, reply) => {
      const ok = await db.ping();
      const report: HealthReport = {
        status: ok ? 'ok' : 'degraded',
        uptimeSeconds: Math.round(process.uptime()),
        store: { ok, driver: db.dialect },
      };
      return reply.code(ok ? 200 : 503).send(report);
    },
  );
}
