// Every device the admin may read, with its site's name: to name a rule's overrides and to offer the
// devices of a type when adding one. One request per site, once per page.
import { useEffect, useMemo, useState } from 'react';
import { useSites } from '../../data/sites.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { api } from '../../session/api.ts';

export interface FleetDevice {
  id: string;
  name: string;
  type: string;
  siteName: string;
}

export interface FleetDevices {
  ready: boolean;
  byId: ReadonlyMap<string, FleetDevice>;
  /** The devices of a type, by site then name. */
  ofType: (type: string) => readonly FleetDevice[];
}

export function useFleetDevices(): FleetDevices {
  const lng = useLanguage();
  const sites = useSites();
  const [devices, setDevices] = useState<FleetDevice[] | null>(null);
  const siteList = sites.status === 'ready' ? sites.data : null;

  useEffect(() => {
    if (!siteList) return;
    const controller = new AbortController();
    Promise.all(
      siteList.map((site) =>
        api<{ id: string; name: string; type: string }[]>(`/api/sites/${encodeURIComponent(site.id)}/devices`, {
          signal: controller.signal,
        }).then(
          (list) => list.map(({ id, name, type }) => ({ id, name, type, siteName: site.name })),
          // A site that fails leaves its devices unnamed (shown by id), not the page broken.
          () => [] as FleetDevice[],
        ),
      ),
    ).then((lists) => {
      if (!controller.signal.aborted) setDevices(lists.flat());
    });
    return () => controller.abort();
  }, [siteList]);

  return useMemo(() => {
    const all = [...(devices ?? [])].sort(
      (a, b) => a.siteName.localeCompare(b.siteName, lng) || a.name.localeCompare(b.name, lng, { numeric: true }),
    );
    const byType = new Map<string, FleetDevice[]>();
    for (const d of all) byType.set(d.type, [...(byType.get(d.type) ?? []), d]);
    return {
      ready: devices !== null || sites.status === 'error',
      byId: new Map(all.map((d) => [d.id, d])),
      ofType: (type: string) => byType.get(type) ?? [],
    };
  }, [devices, sites.status, lng]);
}
