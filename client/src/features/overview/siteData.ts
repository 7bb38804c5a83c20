// What the overview pages read from the hub, once per site: its devices and series (indexed by device
// and metric), one device with its series, and the site's KPIs refreshed every half minute.
import type { Device, SeriesEntry } from '@voltscope/shared/fleet';
import type { SiteKpis } from '@voltscope/shared/kpis';
import { useMemo } from 'react';
import { useKept } from '../../data/useKept.ts';
import { type Call, call, pathOf } from '../../session/api.ts';

export interface SiteIndex {
  devices: Device[];
  /** The series of a device's metric (`mppt_voltage:2`), if the device reports it. */
  series(deviceId: string, key: string): SeriesEntry | undefined;
  /** The first device of a type (the site's weather station, grid meter, busbar). */
  first(type: Device['type']): Device | undefined;
}

/** A device's series by metric; none at all for a device the site lacks (no weather station, no meter). */
export const seriesOf =
  (index: SiteIndex, device: Device | undefined) =>
  (key: string): SeriesEntry | undefined =>
    device ? index.series(device.id, key) : undefined;

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/** GETs a request (nothing while it is null), again every `refreshMs` if given; keeps the last good answer on a failed refresh. */
export function useApi<T>(request: Call<T> | null, refreshMs = 0): Loaded<T> {
  const kept = useKept(request, refreshMs);
  // An answer for another request (the previous site) is not this one's.
  if (kept.data !== null && kept.path === pathOf(request)) return { status: 'ready', data: kept.data };
  if (kept.error && !kept.loading) return { status: 'error', error: kept.error };
  return { status: 'loading' };
}

/** The devices and series of a site, indexed. */
export function useSiteIndex(siteId: string | null): Loaded<SiteIndex> {
  const devices = useApi(siteId ? call('GET /api/sites/:id/devices', { params: { id: siteId } }) : null);
  const series = useApi(siteId ? call('GET /api/sites/:id/series', { params: { id: siteId } }) : null);
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
  useApi(siteId ? call('GET /api/sites/:id/kpis', { params: { id: siteId } }) : null, KPI_REFRESH_MS);

/** "Inverter 2" before "Inverter 10". */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { numeric: true });
