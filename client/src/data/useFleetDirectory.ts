// The sites and devices the user may read, by id: names for the log's columns, time zones for its
// times, and the choices of the site and device filters. Loaded once per page (a handful of requests).
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import { useEffect, useMemo, useState } from 'react';
import { fetchSiteDevices } from './siteDevices.ts';
import { sortSites, useSites } from './sites.ts';
import { useLanguage } from '../i18n/useLanguage.ts';

/** What the directory keeps of a device. */
export type DeviceEntry = Pick<Device, 'id' | 'siteId' | 'name' | 'names' | 'type'>;

export interface FleetDirectory {
  status: 'loading' | 'error' | 'ready';
  sites: Site[];
  siteById: ReadonlyMap<string, Site>;
  deviceById: ReadonlyMap<string, DeviceEntry>;
  devicesOf: (siteId: string) => readonly DeviceEntry[];
}

export function useFleetDirectory(): FleetDirectory {
  const lng = useLanguage();
  const sites = useSites();
  const [devices, setDevices] = useState<DeviceEntry[] | null>(null);
  const siteData = sites.status === 'ready' ? sites.data : null;
  const siteList = useMemo(() => (siteData ? sortSites(siteData, lng) : []), [siteData, lng]);
  const siteIds = siteList.map((s) => s.id).join(',');

  useEffect(() => {
    if (!siteIds) return;
    const controller = new AbortController();
    void fetchSiteDevices(siteIds.split(','), controller.signal).then((list) => {
      if (!controller.signal.aborted) setDevices(
          list.map(({ id, siteId, name, names, type }) => ({ id, siteId, name, type, ...(names ? { names } : {}) })),
        );
    });
    return () => controller.abort();
  }, [siteIds]);

  return useMemo(() => {
    const siteById = new Map(siteList.map((s) => [s.id, s]));
    const all = devices ?? [];
    const deviceById = new Map(all.map((d) => [d.id, d]));
    const bySite = new Map<string, DeviceEntry[]>();
    for (const d of all) bySite.set(d.siteId, [...(bySite.get(d.siteId) ?? []), d]);
    for (const list of bySite.values()) list.sort((a, b) => a.name.localeCompare(b.name, lng, { numeric: true }));
    const status =
      sites.status === 'error' ? 'error' : sites.status === 'ready' && (devices || !siteIds) ? 'ready' : 'loading';
    return { status, sites: siteList, siteById, deviceById, devicesOf: (id: string) => bySite.get(id) ?? [] };
  }, [siteList, devices, sites.status, siteIds, lng]);
}
