// What the chart and real-time pages need of a site: its devices and the ids and periods of its series,
// fetched once per site.
import type { Device } from '@voltscope/shared/fleet';
import { useMemo } from 'react';
import { type Resource, useResource } from './useResource.ts';

interface SeriesRow {
  id: number;
  deviceId: string;
  key: string;
  /** Expected sampling period in ms. */
  periodMs: number;
}

export interface SiteSeries {
  devices: Device[];
  /** The series id of a device's metric, if the device reports it. */
  seriesId(deviceId: string, key: string): number | undefined;
  /** A series' expected sampling period in ms (a value older than about twice this is stale). */
  periodMs(id: number): number | undefined;
}

export function useSiteSeries(siteId: string | null): Resource<SiteSeries> & { reload: () => void } {
  const base = siteId ? `/api/sites/${encodeURIComponent(siteId)}` : null;
  // With no site yet, both hooks read the site list and the result is ignored.
  const devices = useResource<Device[]>(base ? `${base}/devices` : '/api/sites');
  const series = useResource<SeriesRow[]>(base ? `${base}/series` : '/api/sites');
  const deviceRows = siteId && devices.status === 'ready' ? devices.data : null;
  const seriesRows = siteId && series.status === 'ready' ? series.data : null;
  // One object per fetched pair, so that what is derived from it is derived once.
  const data = useMemo<SiteSeries | null>(() => {
    if (!deviceRows || !seriesRows) return null;
    const index = new Map(seriesRows.map((s) => [`${s.deviceId}/${s.key}`, s.id]));
    const periods = new Map(seriesRows.map((s) => [s.id, s.periodMs]));
    return {
      devices: deviceRows,
      seriesId: (deviceId, key) => index.get(`${deviceId}/${key}`),
      periodMs: (id) => periods.get(id),
    };
  }, [deviceRows, seriesRows]);
  const reload = () => {
    devices.reload();
    series.reload();
  };
  if (devices.status === 'error') return { status: 'error', error: devices.error, reload };
  if (series.status === 'error') return { status: 'error', error: series.error, reload };
  return data ? { status: 'ready', data, reload } : { status: 'loading', reload };
}
