// The audit log for those who may read it (admins): a filtered page, the same filter as CSV, and the
// check of its hash chain. Nothing here, or anywhere in the API, changes or removes an entry: only
// retention does (audit/auditLog.ts `prune`).
import { Readable } from 'node:stream';
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_DEFAULT } from '@voltscope/shared/contracts/audit';
import type { FastifyInstance } from 'fastify';
import { csvField } from '../alarms/logs.ts';
import { type AuditWhere, auditEntries, auditPage, verifyStoredChain } from '../audit/auditStore.ts';
import { contract, typed } from './contract.ts';
import { sendCsv } from './logs.ts';

const HEADER = [
  'seq',
  'time',
  'actor',
  'actor id',
  'address',
  'action',
  'outcome',
  'target type',
  'target id',
  'target',
  'details',
];

const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A BOM (spreadsheets then read UTF-8: Persian and Arabic names), the header, rows in chunks of ~64 KiB. */
async function* auditCsv(entries: ReturnType<typeof auditEntries>) {
  yield `\uFEFF${line(HEADER)}`;
  let batch = '';
  for await (const e of entries) {
    batch += line([
      e.seq,
      new Date(e.at).toISOString(),
      e.actorName,
      e.actorId,
      e.ip,
      e.action,
      e.outcome,
      e.targetType,
      e.targetId,
      e.targetName,
      JSON.stringify(e.details),
    ]);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);

  api.route({
    ...contract('GET /api/audit'),
    config: { can: ['read', 'AuditLog'] },
    handler: async (request) => {
      const { before, limit = AUDIT_PAGE_DEFAULT, ...filter } = request.query;
      return auditPage(db, filter, { ...(before === undefined ? {} : { before }), limit });
    },
  });

  api.route({
    ...contract('GET /api/audit/export'),
    config: { can: ['read', 'AuditLog'] },
    handler: async (request, reply) => {
      const filter: AuditWhere = request.query;
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `audit-${day}.csv`, Readable.from(auditCsv(auditEntries(db, filter, AUDIT_EXPORT_MAX))));
    },
  });

  api.route({
    ...contract('GET /api/audit/verify'),
    config: { can: ['read', 'AuditLog'] },
    handler: async () => {
      // Entries recorded before this request are in the check.
      await app.services.audit.flush();
      return verifyStoredChain(db);
    },
  });
}
