// The admin's calls on the fleet (shared/src/contracts/fleetAdmin.ts) and on a site's ingest keys
// (contracts/edge.ts). The CSV import is fetched by hand: its refusal (422) carries the whole preview,
// which the common error parsing would drop.
import type { BodyOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import type { ErrorBody } from '@voltscope/shared/errors';
import { downloadCsv } from '../../logs/CsvExportButton.tsx';
import { ApiError, api, call, type Reply } from '../../session/api.ts';
import { sessionStore } from '../../session/sessionStore.ts';

export type ManagedSite = Reply<'GET /api/admin/sites'>[number];
export type ManagedDevice = Reply<'GET /api/admin/sites/:id/devices'>[number];
export type DeviceTypeInfo = Reply<'GET /api/device-types'>[number];
export type ImportPreview = Reply<'POST /api/sites/:id/devices/import'>;
export type IngestKey = Reply<'GET /api/ingest-keys'>[number];
export type SiteBody = BodyOf<Contracts['POST /api/sites']>;
export type DeviceBody = BodyOf<Contracts['POST /api/sites/:id/devices']>;

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export const listSites = (signal?: AbortSignal) => api(call('GET /api/admin/sites'), opts(signal));
export const createSite = (body: SiteBody) => api(call('POST /api/sites', { body }));
export const updateSite = (id: string, body: SiteBody) => api(call('PATCH /api/sites/:id', { params: { id }, body }));
export const decommissionSite = (id: string) => api(call('POST /api/sites/:id/decommission', { params: { id } }));
export const restoreSite = (id: string) => api(call('POST /api/sites/:id/restore', { params: { id } }));
export const deleteSite = (id: string) => api(call('DELETE /api/sites/:id', { params: { id } }));

export const listDeviceTypes = (signal?: AbortSignal) => api(call('GET /api/device-types'), opts(signal));
export const listDevices = (siteId: string, signal?: AbortSignal) =>
  api(call('GET /api/admin/sites/:id/devices', { params: { id: siteId } }), opts(signal));
export const createDevice = (siteId: string, body: DeviceBody) =>
  api(call('POST /api/sites/:id/devices', { params: { id: siteId }, body }));
export const updateDevice = (id: string, body: DeviceBody) =>
  api(call('PATCH /api/devices/:id', { params: { id }, body }));
export const decommissionDevice = (id: string) => api(call('POST /api/devices/:id/decommission', { params: { id } }));
export const restoreDevice = (id: string) => api(call('POST /api/devices/:id/restore', { params: { id } }));
export const deleteDevice = (id: string) => api(call('DELETE /api/devices/:id', { params: { id } }));

/** The site's devices as a CSV file, downloaded with the session's token. */
export const exportDevices = (siteId: string) =>
  downloadCsv(call('GET /api/sites/:id/devices/export', { params: { id: siteId } }).path, `${siteId}-devices.csv`);

/** What the file would do (`apply` false), or does: the preview, whether the hub accepted it (200) or not (422). */
export async function importDevices(siteId: string, csv: string, apply: boolean): Promise<ImportPreview> {
  const request = call('POST /api/sites/:id/devices/import', { params: { id: siteId }, body: { csv, apply } });
  const token = sessionStore.getState().accessToken;
  const response = await fetch(request.path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(request.body),
  });
  const body: unknown = await response.json().catch(() => null);
  if ((response.ok || response.status === 422) && body && typeof body === 'object' && 'rows' in body) {
    return body as ImportPreview;
  }
  const error = (body ?? {}) as Partial<ErrorBody>;
  throw new ApiError(
    response.status,
    { code: error.code ?? 'INTERNAL', message: error.message ?? '', ...(error.reason && { reason: error.reason }) },
    null,
  );
}

export const listIngestKeys = (signal?: AbortSignal) => api(call('GET /api/ingest-keys'), opts(signal));
/** The new key, with its secret (shown this once). */
export const createIngestKey = (siteId: string, name: string) =>
  api(call('POST /api/ingest-keys', { body: { name, siteId } }));
export const revokeIngestKey = (id: number) => api(call('DELETE /api/ingest-keys/:id', { params: { id } }));
