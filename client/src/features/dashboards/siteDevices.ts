// The devices of several sites at once (the comparison's pickers), fetched together and aborted if the
// page leaves first; and `useLoaded`, the keyed loader the dashboards' lookups share.
import type { Device } from '@voltscope/shared/fleet';
import { useEffect, useState } from 'react';
import type { Resource } from '../../data/useResource.ts';
import { api, call } from '../../session/api.ts';

/** The devices of a site the caller may read. */
export const siteDevices = (siteId: string, signal: AbortSignal) =>
  api(call('GET /api/sites/:id/devices', { params: { id: siteId } }), { signal });

/** The result of `load` for the given key, reloaded when the key changes. */
export function useLoaded<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches.
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}

/** Each site's devices, by site id. */
export function useSitesDevices(siteIds: readonly string[] | null): Resource<Map<string, Device[]>> {
  const key = siteIds ? siteIds.join(',') : null;
  return useLoaded(key, async (signal) => {
    const lists = await Promise.all((siteIds ?? []).map((id) => siteDevices(id, signal)));
    return new Map((siteIds ?? []).map((id, i) => [id, lists[i] ?? []]));
  });
}
