// A wind site's turbines with the ids of the series the wind pages read, fetched once per site.
import type { Device, SeriesEntry } from '@voltscope/shared/fleet';
import { type TurbineMetric, turbineMetrics } from '@voltscope/shared/turbineMetrics';
import { useMemo } from 'react';
import { type Resource, useResource } from '../../data/useResource.ts';
import { noSiteYet } from '../../data/useSiteSeries.ts';
import { call } from '../../session/api.ts';
import type { WindFormat } from './useWindFormat.ts';

export interface SeriesRef {
  id: number;
  periodMs: number;
}

export interface Turbine {
  device: Device;
  series: Partial<Record<TurbineMetric, SeriesRef>>;
}

/** What the parts of a turbine's page are given: the turbine, its site and the reader's formats. */
export interface TurbineProps {
  siteId: string;
  turbine: Turbine;
  format: WindFormat;
}

/** Series rows of one device keyed by metric: what a turbine's tiles read. */
export function seriesByMetric(rows: readonly { id: number; key: string; periodMs: number }[]): Turbine['series'] {
  const out: Turbine['series'] = {};
  for (const row of rows) {
    if ((turbineMetrics as readonly string[]).includes(row.key))
      out[row.key as TurbineMetric] = { id: row.id, periodMs: row.periodMs };
  }
  return out;
}

/** The turbines of a site, in name order, each with its series. */
export function useWindSite(siteId: string | null): Resource<Turbine[]> {
  const params = { id: siteId ?? '' };
  const devices = useResource(siteId ? call('GET /api/sites/:id/devices', { params }) : noSiteYet);
  const series = useResource(siteId ? call('GET /api/sites/:id/series', { params }) : noSiteYet);
  // useResource answers a new object on every render: memoise on the data itself, so that the turbines
  // (and the charts and timers built on them) stay the same until the data changes.
  const deviceList = devices.status === 'ready' ? devices.data : null;
  const seriesList = series.status === 'ready' ? series.data : null;
  const turbines = useMemo(() => {
    if (!deviceList || !seriesList) return null;
    const byDevice = new Map<string, SeriesEntry[]>();
    for (const row of seriesList) byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), row]);
    return deviceList
      .filter((d) => d.type === 'wind_turbine')
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
      .map((device) => ({ device, series: seriesByMetric(byDevice.get(device.id) ?? []) }));
  }, [deviceList, seriesList]);
  if (!siteId || devices.status === 'loading' || series.status === 'loading') return { status: 'loading' };
  if (devices.status === 'error') return { status: 'error', error: devices.error };
  if (series.status === 'error') return { status: 'error', error: series.error };
  return turbines ? { status: 'ready', data: turbines } : { status: 'loading' };
}
