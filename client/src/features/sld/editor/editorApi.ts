// The editor's calls on the hub (shared/src/contracts/sld.ts) and the site's devices (the admin's list,
// contracts/fleetAdmin.ts). Publishing and restoring are fetched by hand: their refusal (422) carries the
// diagram's issues, which the common error parsing would drop.

import type { ErrorBody } from '@voltscope/shared/errors';
import type { Diagram } from '@voltscope/shared/sld/model';
import type { SldIssue } from '@voltscope/shared/sld/validate';
import { ApiError, api, type Call, call, type Reply } from '../../../session/api.ts';
import { sessionStore } from '../../../session/sessionStore.ts';

export type SldViewReply = Reply<'GET /api/sites/:id/sld'>;
export type SldVersionRow = Reply<'GET /api/sites/:id/sld/versions'>[number];
export type SiteDevice = Reply<'GET /api/admin/sites/:id/devices'>[number];

export const loadDiagram = (id: string) => api(call('GET /api/sites/:id/sld', { params: { id } }));
export const loadGenerated = (id: string) => api(call('GET /api/sites/:id/sld/generated', { params: { id } }));
export const listVersions = (id: string) => api(call('GET /api/sites/:id/sld/versions', { params: { id } }));
export const loadVersion = (id: string, version: number) =>
  api(call('GET /api/sites/:id/sld/versions/:version', { params: { id, version } }));
export const listSiteDevices = (id: string) => api(call('GET /api/admin/sites/:id/devices', { params: { id } }));

/** The saved version, or the issues the hub refused it for (422). Other refusals throw an ApiError. */
export type SaveResult = { saved: SldViewReply } | { issues: SldIssue[] };

export const publishDiagram = (id: string, diagram: Diagram, baseVersion: number | null, note: string) =>
  send(
    call('POST /api/sites/:id/sld/versions', {
      params: { id },
      body: { diagram, baseVersion, ...(note.trim() && { note: note.trim() }) },
    }),
  );

export const restoreVersion = (id: string, version: number) =>
  send(call('POST /api/sites/:id/sld/versions/:version/restore', { params: { id, version } }));

async function send(request: Call<SldViewReply>): Promise<SaveResult> {
  const token = sessionStore.getState().accessToken;
  const response = await fetch(request.path, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      ...(request.body !== undefined && { 'Content-Type': 'application/json' }),
      ...(token && { Authorization: `Bearer ${token}` }),
      ...(document.documentElement.lang && { 'Accept-Language': document.documentElement.lang }),
    },
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { saved: body as SldViewReply };
  if (
    response.status === 422 &&
    body &&
    typeof body === 'object' &&
    Array.isArray((body as { issues?: unknown }).issues)
  )
    return { issues: (body as { issues: SldIssue[] }).issues };
  const error = (body ?? {}) as Partial<ErrorBody>;
  throw new ApiError(
    response.status,
    { code: error.code ?? 'INTERNAL', message: error.message ?? '', ...(error.reason && { reason: error.reason }) },
    null,
  );
}
