// What the chart and real-time pages need of a site: its devices and the ids and periods of its series,
// fetched once per site.
import type { Device } from '@voltscope/shared/fleet';
import { useMemo } from 'react';
import { type Call, call } from '../session/api.ts';
import { type Resource, useResource } from './useResource.ts';

/**
 * What a hook that needs a site asks while there is none: the list of sites, which every reader may,
 * its answer ignored (typed as an empty list of anything).
 */
export const noSiteYet = call('GET /api/sites') as Call<never[]>;

export interface SiteSeries {
  devices: Device[];
  /** The series id of a device's metric, if the device reports it. */
  seriesId(deviceId: string, key: string): number | undefined;
  /** A series' expected sampling period in ms (a value older than three of these is stale: live/ageWatchdog.ts). */
  periodMs(id: number): number | undefined;
}

export function useSiteSeries(siteId: string | null): Resource<SiteSeries> & { reload: () => void } {
  const params = { id: siteId ?? '' };
  const devices = useResource(siteId ? call('GET /api/sites/:id/devices', { params }) : noSiteYet);
  const series = useResource(siteId ? call('GET /api/sites/:id/series', { params }) : noSiteYet);
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
