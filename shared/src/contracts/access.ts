// The site access log: what the door readers saw (a badge granted or denied, a door forced or held open),
// newest first, filtered and paged, or the same filter as CSV; and the socket subscription that pushes new
// entries live. Reading it takes `read` on the site's events (Event); another's site answers 404.
import Type, { type Static } from 'typebox';
import { logPageSizes } from '../alarms.ts';
import { errorReplies, Id, Nullable, OneOf, routes } from './common.ts';

export const accessResults = ['granted', 'denied', 'forced', 'held_open'] as const;
export type AccessResult = (typeof accessResults)[number];

/** Why a reader refused a badge. */
export const accessDenials = ['unknown_badge', 'expired', 'revoked', 'outside_schedule', 'wrong_door'] as const;
export type AccessDenial = (typeof accessDenials)[number];

/** The page sizes the log offers: the history pages' own (5 to 100). */
export const accessPageSizes = logPageSizes;
/** Rows one CSV export writes at most. */
export const ACCESS_EXPORT_MAX = 100_000;
/** The most sites one `access:subscribe` may follow. */
export const MAX_ACCESS_SITES = 100;

export const AccessEvent = Type.Object({
  id: Type.Integer(),
  siteId: Type.String(),
  /** The door reader (a device of type door_reader). */
  deviceId: Type.String(),
  /** Epoch milliseconds. */
  ts: Type.Number(),
  /** Null for a door forced or held open without a badge shown. */
  badge: Nullable(Type.String()),
  /** Null for an unknown badge, or no badge at all. */
  person: Nullable(Type.String()),
  /** crew, contractor, visitor: the badge holder's kind, when known. */
  holder: Nullable(Type.String()),
  result: OneOf(accessResults),
  reason: Type.Unsafe<AccessDenial | null>({ type: ['string', 'null'], enum: [...accessDenials, null] }),
  /** The alarm it raised (by rule: door forced, held open, denials), once raised. */
  alarmId: Nullable(Type.Integer()),
});

const ListParam = Type.String({ maxLength: 4000, pattern: '^[\\w.:,-]*$' });

const filters = {
  /** Site ids, comma-separated; none: every site the caller may read. */
  sites: Type.Optional(ListParam),
  /** Door reader ids, comma-separated. */
  doors: Type.Optional(ListParam),
  /** Results, comma-separated (granted, denied, forced, held_open). */
  results: Type.Optional(ListParam),
  /** From and to: epoch milliseconds or ISO 8601 (to exclusive). */
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  /** Text in the person's name or the badge number. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
};

export const AccessQuery = Type.Object(
  {
    ...filters,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: Type.Optional(
      Type.Unsafe<(typeof accessPageSizes)[number]>({ type: 'integer', enum: [...accessPageSizes], default: 25 }),
    ),
  },
  { additionalProperties: false },
);

export const AccessPage = Type.Object({
  items: Type.Array(AccessEvent),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

/** The `access:subscribe` socket request: sites to follow. */
export const AccessSubscribeRequest = Type.Object({
  sites: Type.Array(Id, { minItems: 1, maxItems: MAX_ACCESS_SITES }),
});

/** An entry as a real door controller sends it (POST /api/access/events, with an ingest key). */
export const AccessEntryIn = Type.Object(
  {
    deviceId: Type.String({ minLength: 1, maxLength: 100 }),
    ts: Type.Integer({ minimum: 0 }),
    badge: Nullable(Type.String({ maxLength: 64 })),
    person: Nullable(Type.String({ maxLength: 200 })),
    holder: Nullable(Type.String({ maxLength: 40 })),
    result: OneOf(accessResults),
    reason: Type.Unsafe<AccessDenial | null>({ type: ['string', 'null'], enum: [...accessDenials, null] }),
  },
  { additionalProperties: false },
);
export const MAX_ACCESS_BATCH = 1000;

export const accessContracts = routes({
  'GET /api/access/events': { querystring: AccessQuery, response: { 200: AccessPage, ...errorReplies } },
  /** The filtered entries as CSV (UTF-8 with a BOM), newest first, at most ACCESS_EXPORT_MAX rows. */
  'GET /api/access/events/export': {
    querystring: Type.Object(
      { ...filters, lang: Type.Optional(OneOf(['en', 'fr', 'fa', 'ar'], { default: 'en' })) },
      { additionalProperties: false },
    ),
    response: { 200: Type.String(), ...errorReplies },
  },
  /**
   * Entries from a site's door controllers, with an ingest key (`x-ingest-key`): each of a door reader
   * the key may feed is stored and pushed; the others are refused by index, the rest kept.
   */
  'POST /api/access/events': {
    body: Type.Object(
      { entries: Type.Array(AccessEntryIn, { minItems: 1, maxItems: MAX_ACCESS_BATCH }) },
      { additionalProperties: false },
    ),
    response: {
      200: Type.Object({
        accepted: Type.Integer(),
        rejected: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
      }),
      ...errorReplies,
    },
  },
});

export type AccessEvent = Static<typeof AccessEvent>;
export type AccessPage = Static<typeof AccessPage>;
export type AccessQuery = Static<typeof AccessQuery>;
export type AccessSubscribeRequest = Static<typeof AccessSubscribeRequest>;
export interface AccessSubscribeResult {
  granted: string[];
  refused: { siteId: string; code: 'NOT_FOUND'; reason: string }[];
}
