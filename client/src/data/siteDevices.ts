// Every device of some sites: a request per site (a handful at most), side by side. A site whose list does
// not come counts as having none, so one refusal does not empty the others.
import type { Device } from '@voltscope/shared/fleet';
import { api, call } from '../session/api.ts';

export async function fetchSiteDevices(siteIds: readonly string[], signal: AbortSignal): Promise<Device[]> {
  const lists = await Promise.all(
    siteIds.map((id) =>
      api(call('GET /api/sites/:id/devices', { params: { id } }), { signal }).catch(() => [] as Device[]),
    ),
  );
  return lists.flat();
}
