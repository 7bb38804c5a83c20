// POST /api/ingest: batches of samples from a site (JSON, or NDJSON for streams), authenticated by an
// ingest key. Valid samples are kept even when others in the batch are refused; the answer comes once
// the kept ones are committed. Admins create and revoke the keys.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { MALFORMED, validateSamples } from '../ingest/validate.ts';
import { createIngestKey, findIngestKey, listIngestKeys, revokeIngestKey } from '../store/ingestKeys.ts';
import { getSite } from '../store/sites.ts';
import { contract, typed } from './contract.ts';

const MAX_FUTURE_MS = 5 * 60_000;

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
  const api = typed(app);

  app.addContentTypeParser(
    'application/x-ndjson',
    { parseAs: 'string', bodyLimit: config.ingestMaxBytes },
    (_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) =>
      done(null, parseNdjson(body)),
  );

  api.route({
    ...contract('POST /api/ingest'),
    bodyLimit: config.ingestMaxBytes,
    config: { public: true },
    handler: async (request, reply) => {
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
  });

  api.route({
    ...contract('GET /api/ingest-keys'),
    config: { can: ['manage', 'Site'] },
    handler: async () => listIngestKeys(db),
  });

  api.route({
    ...contract('POST /api/ingest-keys'),
    config: { can: ['manage', 'Site'] },
    handler: async (request, reply) => {
      const siteId = request.body.siteId ?? null;
      if (siteId !== null && !(await getSite(db, siteId))) throw notFound(`No site ${siteId}`);
      const { key, ingestKey } = await createIngestKey(db, { siteId, name: request.body.name });
      // The only time the key is shown: only its hash is stored.
      return reply.code(201).send({ ...ingestKey, key });
    },
  });

  api.route({
    ...contract('DELETE /api/ingest-keys/:id'),
    config: { can: ['manage', 'Site'] },
    handler: async (request, reply) => {
      if (!(await revokeIngestKey(db, request.params.id))) throw notFound(`No active ingest key ${request.params.id}`);
      return reply.code(204).send(null);
    },
  });
}
