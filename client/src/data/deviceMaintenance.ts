// A device put into maintenance with a reason, and back in service: the hub answers with its status row.
import { api, call } from '../session/api.ts';

export const putIntoMaintenance = (id: string, reason: string) =>
  api(call('POST /api/devices/:id/maintenance', { params: { id }, body: { reason } }));

export const putBackInService = (id: string) => api(call('DELETE /api/devices/:id/maintenance', { params: { id } }));
