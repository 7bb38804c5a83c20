// The hub's edge: its health, the app-bar search, telemetry ingest and its keys, and the Prometheus
// metrics.
import Type from 'typebox';
import { deviceTypes } from '../fleet.ts';
import { searchCategoryKeys } from '../search.ts';
import { ErrorBody, errorReplies, NoContent, Nullable, NumericIdParams, OneOf, routes } from './common.ts';

/** Liveness and readiness in one answer: 200 while the store answers, 503 (same body) when it does not. */
export const HealthReport = Type.Object({
  status: OneOf(['ok', 'degraded']),
  uptimeSeconds: Type.Number(),
  store: Type.Object({ ok: Type.Boolean(), driver: Type.String() }),
  /** The event loop's mean lag over the last second, and whether the API sheds load for it (503). */
  pressure: Type.Object({ eventLoopDelayMs: Type.Number(), shedding: Type.Boolean() }),
  /** With MQTT ingest only: whether the hub is connected to the broker and subscribed. */
  broker: Type.Optional(Type.Object({ connected: Type.Boolean() })),
});

const searchChildFields = {
  /** Unique in an answer and the same from one answer to the next: the kind of what it opens and its id
   * (`page:/alarm/history`, `site:es-tarifa`, `device:es-tarifa.wtg03`). The client keys its rows by it. */
  id: Type.String(),
  title: Type.String(),
  icon: Type.String(),
};

/**
 * Seed section 3: a child has a title, an icon and a target. A page's or a site's target is a path (maybe
 * with a #hash); a device's is the device itself, which the client places as it places every device link.
 */
export const SearchChild = Type.Union([
  Type.Object({ ...searchChildFields, url: Type.String() }),
  Type.Object({ ...searchChildFields, device: Type.Object({ id: Type.String(), type: OneOf(deviceTypes) }) }),
]);

export const SearchCategory = Type.Object({
  title: Type.String(),
  category: OneOf(searchCategoryKeys),
  children: Type.Array(SearchChild),
});

/** The most samples one POST /api/ingest may carry. */
export const INGEST_MAX_SAMPLES = 200_000;

/** What became of a batch: the valid samples are kept even when others are refused. */
export const IngestReply = Type.Object({
  accepted: Type.Integer(),
  inserted: Type.Integer(),
  duplicates: Type.Integer(),
  /** The refused samples, by their index in the batch. */
  rejected: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
});

export const IngestKey = Type.Object({
  id: Type.Integer(),
  /** The one site the key may write to; null: any site. */
  siteId: Nullable(Type.String()),
  name: Type.String(),
  createdAt: Type.Number(),
  revokedAt: Nullable(Type.Number()),
  /** Its last accepted batch (kept to the minute), null while never used. */
  lastUsedAt: Nullable(Type.Number()),
  /** The key itself: only in the answer that created it (only its hash is stored). */
  key: Type.Optional(Type.String()),
});

export const edgeContracts = routes({
  'GET /api/health': { response: { ...errorReplies, 200: HealthReport, 503: HealthReport } },
  'GET /api/app-bar/search': {
    querystring: Type.Object({
      // `q` is typed by the handler, not here: a repeated `q` (an array) must count as empty, not fail.
      q: Type.Optional(Type.Unknown()),
      lang: Type.Optional(Type.String({ maxLength: 16 })),
    }),
    response: { 200: Type.Array(SearchCategory), ...errorReplies },
  },
  'POST /api/ingest': {
    body: Type.Object({ samples: Type.Array(Type.Unknown(), { maxItems: INGEST_MAX_SAMPLES }) }),
    // 422: no sample of the batch was valid.
    response: { 200: IngestReply, 422: IngestReply, ...errorReplies, 503: ErrorBody },
  },
  'GET /api/ingest-keys': { response: { 200: Type.Array(IngestKey), ...errorReplies } },
  'POST /api/ingest-keys': {
    body: Type.Object(
      {
        // Required: judged by ingestKeyFields (shared/src/fleetFields.ts), for the seed's message.
        name: Type.String({ maxLength: 100 }),
        siteId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
      },
      { additionalProperties: false },
    ),
    response: { 201: IngestKey, ...errorReplies },
  },
  'DELETE /api/ingest-keys/:id': { params: NumericIdParams, response: { 204: NoContent, ...errorReplies } },
  // Prometheus text (text/plain; version=0.0.4), sent as it is.
  'GET /metrics': { response: { 200: Type.String(), ...errorReplies } },
});
