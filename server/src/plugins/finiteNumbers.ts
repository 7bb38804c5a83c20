// Refuses numbers in a query or path that are not finite. Ajv coerces the strings "Infinity" and "1e400"
// to Infinity and then skips `minimum`/`maximum` for non-finite numbers, so `page=Infinity` passed the
// schema and failed in the store as a 500. JSON bodies need no such check: Ajv's type check refuses
// non-finite numbers that were never strings.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.ts';

function assertFinite(values: unknown): void {
  if (typeof values !== 'object' || values === null) return;
  for (const [field, value] of Object.entries(values)) {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      const message = `${field} must be a finite number`;
      throw new HttpError(400, 'VALIDATION', message, {
        reason: { code: 'wrongType' },
        errors: { [field]: [message] },
        fields: { [field]: { code: 'wrongType' } },
      });
    }
  }
}

export const finiteNumbersPlugin = fp(async (app: FastifyInstance) => {
  // After validation (which did the coercion), before any handler.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    assertFinite(request.query);
    assertFinite(request.params);
  });
});
