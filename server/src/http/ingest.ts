// POST /api/ingest: batches of samples from a site (JSON, or NDJSON for streams), authenticated by an
// ingest key. Valid samples are kept even when others in the batch are refused; the answer comes once
// the kept ones are committed. Admins create and revoke the keys.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { MALFORMED, validateSamples } from '../ingest/validate.ts';
import { createIngestKey, findIngestKey, listIngestKeys, revokeIngestKey } from '../store/ingestKeys.ts';
import { getSite } from '../store/sites.ts';
import { errorBody, errorResponses } from './schemas.ts';

const MAX_FUTURE_MS = 5 * 60_000;
const MAX_SAMPLES = 200_000;

const ingestReply = {
  type: 'object',
  properties: {
    accepted: { type: 'integer' },
    inserted: { type: 'integer' },
    duplicates: { type: 'integer' },
    rejected: {
      type: 'array',
      items: { type: 'object', properties: { index: { type: 'integer' }, reason: { type: 'string' } } },
    },
  },
} as const;

const ingestKeyShape = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    siteId: { type: ['string', 'null'] },
    name: { type: 'string' },
    createdAt: { type: 'number' },
    revokedAt: { type: ['number', 'null'] },
    key: { type: 'string' },
  },
} as const;

function parseNdjson(text: string): { samples: unknown[] } {
  const samples: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      samples.push(JSON.parse(line));
    } catch {
      samples.push(MALFORMED);
    }
  }
  return { samples };
}

export async function ingestRoutes(app: FastifyInstance) {
  const { config, db } = app.services;

  app.addContentTypeParser(
    'application/x-ndjson',
    { parseAs: 'string', bodyLimit: config.ingestMaxBytes },
    (_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) =>
      done(null, parseNdjson(body)),
  );

  app.post<{ Body: { samples: unknown[] } }>(
    '/api/ingest',
    {
      bodyLimit: config.ingestMaxBytes,
      config: { public: true },
      schema: {
        body: {
          type: 'object',
          properties: { samples: { type: 'array', maxItems: MAX_SAMPLES } },
          required: ['samples'],
        },
        response: { 200: ingestReply, 422: ingestReply, 503: errorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const header = request.headers['x-ingest-key'];
      const key = typeof header === 'string' ? await findIngestKey(db, header) : undefined;
      if (!key)
        throw new HttpError(401, 'UNAUTHENTICATED', 'A valid ingest key is required in the x-ingest-key header');
      const now = Date.now();
      const { batch, rejected } = validateSamples(app.services.registry, request.body.samples, {
        now,
        maxFutureMs: MAX_FUTURE_MS,
        oldest: config.retentionSeconds.raw === null ? 0 : now - config.retentionSeconds.raw * 1000,
        siteId: key.siteId,
      });
      app.services.ingest.counters.rejected += rejected.length;
      if (batch.series.length === 0 && rejected.length > 0) {
        return reply.code(422).send({ accepted: 0, inserted: 0, duplicates: 0, rejected });
      }
      try {
        const result = await app.services.ingest.accept(batch);
        return { accepted: batch.series.length, ...result, rejected };
      } catch (error) {
        request.log.error({ err: error }, 'ingest not committed');
        throw new HttpError(503, 'UNAVAILABLE', 'The store did not commit these samples: send them again');
      }
    },
  );

  app.get(
    '/api/ingest-keys',
    {
      config: { can: ['manage', 'Site'] },
      schema: { response: { 200: { type: 'array', items: ingestKeyShape }, ...errorResponses } },
    },
    async () => listIngestKeys(db),
  );

  app.post<{ Body: { name: string; siteId?: string | null } }>(
    '/api/ingest-keys',
    {
      config: { can: ['manage', 'Site'] },
      schema: {
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            siteId: { type: ['string', 'null'], maxLength: 64 },
          },
          required: ['name'],
          additionalProperties: false,
        },
        response: { 201: ingestKeyShape, ...errorResponses },
      },
    },
    async (request, reply) => {
      const siteId = request.body.siteId ?? null;
      if (siteId !== null && !(await getSite(db, siteId))) throw notFound(`No site ${siteId}`);
      const { key, ingestKey } = await createIngestKey(db, { siteId, name: request.body.name });
      // The only time the key is shown: only its hash is stored.
      return reply.code(201).send({ ...ingestKey, key });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/ingest-keys/:id',
    {
      config: { can: ['manage', 'Site'] },
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await revokeIngestKey(db, request.params.id))) throw notFound(`No active ingest key ${request.params.id}`);
      return reply.code(204).send();
    },
  );
}
