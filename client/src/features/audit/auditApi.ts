// The admin's calls on the audit log (server/src/http/audit.ts): a page of entries, the export's address
// with the same filters, and the chain check.
import type { QueryOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import { api, call, type Reply } from '../../session/api.ts';

export type AuditEntry = Reply<'GET /api/audit'>['entries'][number];
export type AuditPage = Reply<'GET /api/audit'>;
export type AuditCheck = Reply<'GET /api/audit/verify'>;
/** The filters, any of them left out as undefined. */
type Filter = {
  [K in keyof QueryOf<Contracts['GET /api/audit/export']>]?: QueryOf<Contracts['GET /api/audit/export']>[K] | undefined;
};

export const loadAuditPage = (filter: Filter, before: number | undefined, signal: AbortSignal) =>
  api(call('GET /api/audit', { query: { ...filter, before, limit: 50 } }), { signal });

export const exportPath = (filter: Filter) => call('GET /api/audit/export', { query: filter }).path;

export const verifyAudit = () => api(call('GET /api/audit/verify'));
