// The audit log of privileged actions (admins read it; nothing changes it): a filtered page (newest
// first, paged by a `before` cursor on the entry number), the same filter as a CSV download, and the
// check of its hash chain.
import Type, { type Static } from 'typebox';
import { errorReplies, Nullable, OneOf, routes } from './common.ts';

export const auditOutcomes = ['ok', 'refused', 'failed'] as const;
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;
/** Rows one CSV export writes at most. */
export const AUDIT_EXPORT_MAX = 100_000;

export const AuditEntry = Type.Object({
  seq: Type.Integer(),
  at: Type.Integer(),
  actorId: Nullable(Type.Integer()),
  actorName: Type.String(),
  ip: Nullable(Type.String()),
  /** `noun.verb` (common names: auth.signIn, user.update, alarm.acknowledge…). */
  action: Type.String(),
  outcome: OneOf(auditOutcomes),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  targetName: Nullable(Type.String()),
  /** `before` and `after` of what changed, and anything else the action names; secrets masked. */
  details: Type.Record(Type.String(), Type.Unknown()),
});

const filters = {
  /** From and to, epoch milliseconds (to exclusive). */
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The acting user's id. */
  actor: Type.Optional(Type.Integer({ minimum: 1 })),
  /** An action (`user.update`), or every action of a noun (`user.`). */
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z]+(\\.[A-Za-z]*)?$' })),
  targetType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  outcome: Type.Optional(OneOf(auditOutcomes)),
  /** Free text over the actor's name, the target's name and id, and the action. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
};

export const AuditQuery = Type.Object(
  {
    ...filters,
    /** Entries older than this one (the previous page's `nextBefore`). */
    before: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT })),
  },
  { additionalProperties: false },
);

export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  /** Entries matching the filter, on every page. */
  total: Type.Integer(),
  /** The cursor of the next (older) page; null on the last. */
  nextBefore: Nullable(Type.Integer()),
});

export const AuditVerify = Type.Object({
  ok: Type.Boolean(),
  /** Entries checked (up to and including the broken one). */
  entries: Type.Integer(),
  brokenAt: Type.Optional(Type.Integer()),
  why: Type.Optional(Type.String()),
});

export const auditContracts = routes({
  'GET /api/audit': { querystring: AuditQuery, response: { 200: AuditPage, ...errorReplies } },
  /** The filtered entries as CSV (UTF-8 with a BOM), newest first, at most AUDIT_EXPORT_MAX rows. */
  'GET /api/audit/export': {
    querystring: Type.Object(filters, { additionalProperties: false }),
    response: { 200: Type.String(), ...errorReplies },
  },
  'GET /api/audit/verify': { response: { 200: AuditVerify, ...errorReplies } },
});

export type AuditEntry = Static<typeof AuditEntry>;
export type AuditPage = Static<typeof AuditPage>;
export type AuditVerify = Static<typeof AuditVerify>;
export type AuditFilter = Static<typeof AuditQuery>;
