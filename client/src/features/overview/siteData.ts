// What the overview pages read from the hub, once per site: its devices and series (indexed by device
// and metric), one device with its series, and the site's KPIs refreshed every half minute.
import type { Device } from '@voltscope/shared/fleet';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../session/api.ts';

export interface SeriesInfo {
  id: number;
  deviceId: string;
  key: string;
  unit: string;
  periodMs: number;
}

export interface SiteIndex {
  devices: Device[];
  /** The series of a device's metric (`mppt_voltage:2`), if the device reports it. */
  series(deviceId: string, key: string): SeriesInfo | undefined;
  /** The first device of a type (the site's weather station, grid meter, busbar). */
  first(type: Device['type']): Device | undefined;
}

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/** GETs `path` (nothing while it is null), again every `refreshMs` if given; keeps the last good answer on a failed refresh. */
export function useApi<T>(path: string | null, refreshMs = 0): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { path?: string }>({ status: 'loading' });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = () => {
      api<T>(path, { signal: controller.signal }).then(
        (data) => setState({ status: 'ready', data, path }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState((s) => (s.status === 'ready' && s.path === path ? s : { status: 'error', error, path }));
        },
      );
      if (refreshMs > 0) timer = setTimeout(load, refreshMs);
    };
    load();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [path, refreshMs]);
  // An answer for another path (the previous site) is not this one's.
  return state.status !== 'loading' && state.path !== path ? { status: 'loading' } : state;
}

const sitePath = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}`;

/** The devices and series of a site, indexed. */
export function useSiteIndex(siteId: string | null): Loaded<SiteIndex> {
  const devices = useApi<Device[]>(siteId && `${sitePath(siteId)}/devices`);
  const series = useApi<SeriesInfo[]>(siteId && `${sitePath(siteId)}/series`);
  return useMemo((): Loaded<SiteIndex> => {
    if (devices.status !== 'ready') return devices;
    if (series.status !== 'ready') return series;
    const byKey = new Map(series.data.map((s) => [`${s.deviceId}/${s.key}`, s]));
    return {
      status: 'ready',
      data: {
        devices: devices.data,
        series: (deviceId, key) => byKey.get(`${deviceId}/${key}`),
        first: (type) => devices.data.find((d) => d.type === type),
      },
    };
  }, [devices, series]);
}

/** How often the KPIs (energy today, PR, availability, device states) are asked for again. */
export const KPI_REFRESH_MS = 30_000;

export const useSiteKpis = (siteId: string | null): Loaded<SiteKpis> =>
  useApi<SiteKpis>(siteId && `${sitePath(siteId)}/kpis`, KPI_REFRESH_MS);

/** "Inverter 2" before "Inverter 10". */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { numeric: true });

/**
 * The address of an inverter's page. The dot of a device id is escaped: the hub's SPA fallback takes a
 * path with a dot for a missing file (`/inverter/fr-occitanie.inv01` would answer 404 on a reload).
 */
export const inverterPath = (deviceId: string) =>
  `/overview/solar/inverter/${encodeURIComponent(deviceId).replaceAll('.', '%2E')}`;
