// POST /api/ingest: batches of samples from a site (JSON, or NDJSON for streams), authenticated by an
// ingest key. Valid samples are kept even when others in the batch are refused; the answer comes once
// the kept ones are committed. Admins create and revoke the keys. A large JSON body is parsed off the
// event loop (ingest/jsonOffThread.ts).
import type { Readable } from 'node:stream';
import { INGEST_MAX_SAMPLES } from '@voltscope/shared/contracts/edge';
import { ingestKeyFields } from '@voltscope/shared/fleetFields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { JsonOffThread, OFF_THREAD_MIN_BYTES } from '../ingest/jsonOffThread.ts';
import { bodyTooLarge, readNdjson } from '../ingest/ndjsonStream.ts';
import { IngestBusyError } from '../ingest/pipeline.ts';
import { MALFORMED, type SampleColumns, validateColumns, validateSamples } from '../ingest/validate.ts';
import {
  createIngestKey,
  findIngestKey,
  type IngestKey,
  listIngestKeys,
  markIngestKeyUsed,
  revokeIngestKey,
} from '../store/ingestKeys.ts';
import { getSite } from '../store/sites.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';

const MAX_FUTURE_MS = 5 * 60_000;
/** When a sender whose samples were not committed is asked to try again. */
const RETRY_AFTER_SECONDS = 5;
/** A key's last use is kept to the minute. */
const USE_NOTED_EVERY_MS = 60_000;
/** How long a key found in the store still admits its sender while the store cannot be reached. */
const KEY_GRACE_MS = 5 * 60_000;
const storeUnavailable = () =>
  new HttpError(503, 'UNAVAILABLE', 'The store did not commit these samples: send them again', {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });

export async function ingestRoutes(app: FastifyInstance) {
  const { config, db } = app.services;
  const api = typed(app);
  // The key each request was let in with: checked from its headers before a byte of its body is read.
  const keys = new WeakMap<FastifyRequest, IngestKey>();
  // Keys found in the store (only those: bounded by the keys admins made), by the header that sent them.
  const verified = new Map<string, { key: IngestKey; at: number }>();

  // NDJSON is read line by line as it arrives (ingest/ndjsonStream.ts), never buffered whole.
  app.addContentTypeParser('application/x-ndjson', async (request: FastifyRequest, payload: Readable) => {
    if (Number(request.headers['content-length']) > config.ingestMaxBytes) throw bodyTooLarge();
    const limits = { maxBytes: config.ingestMaxBytes, maxLineBytes: config.ingestMaxLineBytes };
    return { samples: await readNdjson(payload, limits, MALFORMED) };
  });

  // A key's last use, written at most once a minute per key: never a write per batch on the hot path.
  const lastNoted = new Map<number, number>();
  const noteUse = (key: IngestKey, now: number) => {
    if (now - (lastNoted.get(key.id) ?? 0) < USE_NOTED_EVERY_MS) return;
    lastNoted.set(key.id, now);
    markIngestKeyUsed(db, key.id, now).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ingest key use not noted'),
    );
  };

  // JSON bodies of this route only (its own scope): large ones are parsed in the parser thread into
  // columns, kept here for the handler; the schema then sees an empty list. Any other body, or one the
  // thread does not recognise, goes through Fastify's own parser, so every error answer stays the same.
  const parsed = new WeakMap<FastifyRequest, SampleColumns>();
  const offThread = new JsonOffThread();
  app.addHook('onClose', () => offThread.close());
  const jsonRoute = async (scope: FastifyInstance) => {
    const defaultParser = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer) => {
        const columns = body.length >= OFF_THREAD_MIN_BYTES ? await offThread.parse(body, INGEST_MAX_SAMPLES) : null;
        if (columns) {
          parsed.set(request, columns);
          return { samples: [] };
        }
        return new Promise((resolve, reject) =>
          defaultParser(request, body.toString('utf8'), (error, value) => (error ? reject(error) : resolve(value))),
        );
      },
    );
    typed(scope).route({
      ...contract('POST /api/ingest'),
      bodyLimit: config.ingestMaxBytes,
      config: { public: true },
      // Before the body is read or parsed: anyone on the network may send one.
      onRequest: async (request) => {
        const header = request.headers['x-ingest-key'];
        // A store that cannot look the key up (the database down) cannot commit either: 503, not 500.
        // A key this node found within KEY_GRACE_MS still lets its samples reach the live path (the store
        // refuses them: 503 all the same), so that screens keep updating through a database outage.
        const key =
          typeof header === 'string'
            ? await findIngestKey(db, header).then(
                (found) => {
                  if (found) verified.set(header, { key: found, at: Date.now() });
                  else verified.delete(header);
                  return found;
                },
                (error: unknown) => {
                  request.log.error({ err: error }, 'ingest key not checked');
                  const known = verified.get(header);
                  if (known && Date.now() - known.at < KEY_GRACE_MS) return known.key;
                  throw storeUnavailable();
                },
              )
            : undefined;
        if (!key)
          throw new HttpError(401, 'UNAUTHENTICATED', 'A valid ingest key is required in the x-ingest-key header');
        keys.set(request, key);
      },
      handler: async (request, reply) => {
        const key = keys.get(request) as IngestKey;
        const now = Date.now();
        const limits = {
          now,
          maxFutureMs: MAX_FUTURE_MS,
          oldest: config.retentionSeconds.raw === null ? 0 : now - config.retentionSeconds.raw * 1000,
          siteId: key.siteId,
        };
        const columns = parsed.get(request);
        const { batch, rejected } = columns
          ? validateColumns(app.services.registry, columns, limits)
          : validateSamples(app.services.registry, request.body.samples, limits);
        app.services.ingest.counters.rejected += rejected.length;
        if (batch.series.length === 0 && rejected.length > 0) {
          return reply.code(422).send({ accepted: 0, inserted: 0, duplicates: 0, rejected });
        }
        try {
          const result = await app.services.ingest.accept(batch);
          noteUse(key, now);
          return { accepted: batch.series.length, ...result, rejected };
        } catch (error) {
          if (error instanceof IngestBusyError) {
            throw new HttpError(503, 'UNAVAILABLE', 'The store is behind: send these samples again later', {
              headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
            });
          }
          request.log.error({ err: error }, 'ingest not committed');
          throw storeUnavailable();
        }
      },
    });
  };
  await app.register(jsonRoute);

  api.route({
    ...contract('GET /api/ingest-keys'),
    config: { can: ['manage', 'Site'] },
    handler: async () => listIngestKeys(db),
  });

  api.route({
    ...contract('POST /api/ingest-keys'),
    config: { can: ['manage', 'Site'], audit: 'ingestKey.create' },
    handler: async (request, reply) => {
      assertFields(request.body, ingestKeyFields);
      const siteId = request.body.siteId ?? null;
      if (siteId !== null && !(await getSite(db, siteId))) throw notFound(`No site ${siteId}`);
      const { key, ingestKey } = await createIngestKey(db, { siteId, name: request.body.name });
      // The only time the key is shown: only its hash is stored (and the audit log never sees it).
      request.audit = { targetType: 'ingestKey', targetId: ingestKey.id, targetName: ingestKey.name, after: ingestKey };
      return reply.code(201).send({ ...ingestKey, key });
    },
  });

  api.route({
    ...contract('DELETE /api/ingest-keys/:id'),
    config: { can: ['manage', 'Site'], audit: 'ingestKey.revoke' },
    handler: async (request, reply) => {
      const before = (await listIngestKeys(db)).find((k) => k.id === request.params.id);
      request.audit = { targetType: 'ingestKey', targetId: request.params.id, targetName: before?.name ?? '', before };
      if (!(await revokeIngestKey(db, request.params.id))) throw notFound(`No active ingest key ${request.params.id}`);
      return reply.code(204).send(null);
    },
  });
}
