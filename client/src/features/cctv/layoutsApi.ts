// The monitor's calls for its saved layouts (the caller's own: /api/cctv/layouts).
import type { CctvLayoutBody } from '@voltscope/shared/contracts/cctv';
import { api, call } from '../../session/api.ts';

export const createLayout = (body: CctvLayoutBody) => api(call('POST /api/cctv/layouts', { body }));
export const updateLayout = (id: number, body: CctvLayoutBody) =>
  api(call('PUT /api/cctv/layouts/:id', { params: { id }, body }));
export const deleteLayout = (id: number) => api(call('DELETE /api/cctv/layouts/:id', { params: { id } }));
