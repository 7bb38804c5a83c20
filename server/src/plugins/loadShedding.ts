// Load shedding (@fastify/under-pressure): while the event loop lags past MAX_EVENT_LOOP_DELAY_MS (its mean
// over the last second), the API answers 503 with Retry-After and the error body, before any session lookup,
// so the loop's turns go to the live fan-out. Health and /metrics keep answering (health reports the lag),
// and so do pages and assets; the live socket is not a Fastify route and is never shed.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event loop's mean lag over the last second, and whether the API sheds load for it. */
    pressure(): { eventLoopDelayMs: number; shedding: boolean };
  }
}

const SAMPLE_MS = 1000;
const RETRY_AFTER_SECONDS = 5;

const isShed = (request: FastifyRequest) => {
  const url = request.routeOptions.url ?? '';
  return url.startsWith('/api/') && url !== '/api/health';
};

export const loadSheddingPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // The start's own work (migrations, the first jobs) is not load: the first samples after it still hold
  // it (a start that kept the loop busy all second reads as an infinite lag), so shedding waits for two.
  let shedsFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    shedsFrom = performance.now() + 2 * SAMPLE_MS;
  });
  // A second in which the loop never turned leaves no measurement, which under-pressure reads as an
  // infinite lag; all it shows is a lag of at least that second (a long pause once, or a busy machine's
  // scheduler), and the next second measures it: it sheds only when the limit is under a second.
  const lag = () => {
    const measured = app.memoryUsage().eventLoopDelay;
    return Number.isFinite(measured) ? measured : SAMPLE_MS;
  };
  const shedding = () => performance.now() >= shedsFrom && lag() > config.maxEventLoopDelayMs;
  app.decorate('pressure', () => ({ eventLoopDelayMs: Math.round(lag()), shedding: shedding() }));

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    sampleInterval: SAMPLE_MS,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (request) => {
      if (!isShed(request) || !shedding()) return;
      throw new HttpError(503, 'UNAVAILABLE', `The hub is busy. Try again in ${RETRY_AFTER_SECONDS} seconds`, {
        reason: { code: 'busy' },
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      });
    },
  });
});
