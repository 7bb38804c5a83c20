// The admin's calls on wall displays (server/src/http/displays.ts): the registry and its pairing codes.
import type { BodyOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import { api, call, type Reply } from '../../session/api.ts';

export type DisplayView = Reply<'GET /api/displays'>[number];
export type DisplayBody = BodyOf<Contracts['POST /api/displays']>;
export type DisplayPatch = BodyOf<Contracts['PATCH /api/displays/:id']>;
export type PairingCode = Reply<'POST /api/displays'>;

export const listDisplays = (signal?: AbortSignal) => api(call('GET /api/displays'), signal ? { signal } : {});

/** The new display with its first pairing code (shown this once). */
export const registerDisplay = (body: DisplayBody) => api(call('POST /api/displays', { body }));

export const updateDisplay = (id: number, body: DisplayPatch) =>
  api(call('PATCH /api/displays/:id', { params: { id }, body }));

/** A new one-time code: the wall bound now (if any) stops when it is used. */
export const newPairingCode = (id: number) => api(call('POST /api/displays/:id/pairing', { params: { id } }));

export const revokeDisplay = (id: number) => api(call('POST /api/displays/:id/revoke', { params: { id } }));

export const deleteDisplay = (id: number) => api(call('DELETE /api/displays/:id', { params: { id } }));
